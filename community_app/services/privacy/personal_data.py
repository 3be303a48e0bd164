"""Every table and every column of the database, and what becomes of it when a member is
erased or asks for their data: the one classification, ``TABLES``.

The table lies in three modules by the member's relation to the rows: the member's account
and activity (``tables_member_activity.py``), the records kept about the member
(``tables_member_records.py``), and the site's own rows (``tables_site.py``); the words
they use (``Table``, ``Col``, ``DELETE``...) are explained in ``classification.py``.

``deletion.erase_account`` and ``export.collect_member_data`` loop over this
classification, and the export's summary page follows it. tests/unit/test_personal_data.py
fails when a table or column of any model is not classified here, or when this names one
that does not exist, and erases a member who left data in every table.
"""

from __future__ import annotations

from collections.abc import Iterator

import sqlalchemy as sa
from sqlmodel import SQLModel

import community_app.models  # noqa: F401 - every table registered
from community_app.services.privacy.classification import (
    CLASSIFIED, CONTENT, DELETE, KEEP, UNCHANGED, Member, Table, sa_table,
)
from community_app.services.privacy.tables_member_activity import MEMBER_ACTIVITY
from community_app.services.privacy.tables_member_records import MEMBER_RECORDS
from community_app.services.privacy.tables_site import SITE_TABLES

# In the order of the export's summary page: the member's own data first. The dict is
# classification.CLASSIFIED itself, where a ``Through`` row finds its parent's owner.
TABLES: dict[str, Table] = CLASSIFIED
TABLES.update({**MEMBER_ACTIVITY, **MEMBER_RECORDS, **SITE_TABLES})

# --- what the loops read -------------------------------------------------------------------


def erasure_steps() -> list[str]:
    """The service steps erasure runs first, in the classification's order."""
    return [step for spec in TABLES.values() for step in spec.steps]


def erasure_order() -> list[tuple[str, Table]]:
    """The tables whose member rows erasure changes, rows that point at others first
    (a saved search's deliveries before the search; the account last)."""
    order = [t.name for t in reversed(SQLModel.metadata.sorted_tables)]
    missing = [name for name in order if name not in TABLES]
    if missing:  # erasing around a table nobody classified could leave the member in it
        raise LookupError(f"tables not classified in personal_data.TABLES: {missing}")
    return [(name, TABLES[name]) for name in order
            if TABLES[name].owner is not None and TABLES[name].erase != KEEP]


def exports() -> Iterator[tuple[str, Table]]:
    """The exported tables, in the order of the export's summary page."""
    return ((name, spec) for name, spec in TABLES.items() if spec.export is not None)


def erased_files(spec: Table, member: Member) -> list[str]:
    """The stored columns of ``spec`` whose files erasure deletes: every one of a deleted
    row, the anonymised ones of a kept row."""
    stored = [name for name, col in spec.columns.items() if col.stored]
    if spec.erase == KEEP:
        return []
    if spec.erase == DELETE or (spec.erase == CONTENT and not member.keeps_content):
        return stored
    return [name for name in stored if spec.columns[name].erase is not UNCHANGED]


def stored_files(session, spec: Table, name: str, member: Member,
                 columns: list[str]) -> list[tuple[str, str]]:
    """(kind, value) of each file the member's rows of table ``name`` name in ``columns``."""
    if not columns or spec.owner is None:
        return []
    table = sa_table(name)
    rows = session.execute(sa.select(*(table.c[c] for c in columns))
                           .where(spec.rows_of(table, member))).all()
    return [(spec.columns[c].stored, value) for row in rows
            for c, value in zip(columns, row) if value]
