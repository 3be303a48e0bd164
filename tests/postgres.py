"""A PostgreSQL database of a test module's own, next to the tests' one."""

from __future__ import annotations

import sqlalchemy as sa


def fresh_database(postgres_url: str, suffix: str) -> str:
    """The URL of ``<the database of postgres_url>_<suffix>``, made if missing and emptied
    (its public schema dropped and made again): the other tests empty theirs."""
    base = sa.engine.make_url(postgres_url)
    url = base.set(database=f"{base.database}_{suffix}")
    admin = sa.create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        if not conn.execute(sa.text("SELECT 1 FROM pg_database WHERE datname = :n"),
                            {"n": url.database}).first():
            conn.execute(sa.text(f'CREATE DATABASE "{url.database}"'))
    admin.dispose()
    fresh = sa.create_engine(url)
    with fresh.begin() as conn:
        conn.execute(sa.text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(sa.text("CREATE SCHEMA public"))
    fresh.dispose()
    return url.render_as_string(hide_password=False)
