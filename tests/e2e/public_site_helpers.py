"""Helpers for the Home, About and call-for-speakers tests: reading the test server's
database, switching the language like a user, breaking a table for an error state."""

from __future__ import annotations

import contextlib

import sqlalchemy as sa
from playwright.sync_api import Page


def query(site, statement: str, **params) -> list[sa.Row]:
    """Rows from the test server's database."""
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.text(statement), params))
    finally:
        engine.dispose()


def scalar(site, statement: str, **params):
    return query(site, statement, **params)[0][0]


def switch_to_uzbek(page: Page) -> None:
    """Through the header's language dropdown."""
    page.get_by_role("button", name="Language").click()
    page.get_by_role("menuitem", name="O‘zbekcha").click()
    page.wait_for_function("document.documentElement.lang === 'uz'")


@contextlib.contextmanager
def table_renamed(site, table: str):
    """Make reads of ``table`` fail until the block ends (for error states)."""
    site.sql(f'ALTER TABLE "{table}" RENAME TO "{table}_hidden"')
    try:
        yield
    finally:
        site.sql(f'ALTER TABLE "{table}_hidden" RENAME TO "{table}"')


def no_horizontal_scroll(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
