"""Migrations build the whole schema from nothing; SQLite runs in WAL with a busy timeout."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlmodel import SQLModel

import community_app.models  # noqa: F401
from community_app.models.search import INDEX_OBJECTS
from community_app.core.db import make_engine, migrate


def test_migrations_create_every_table(engine):
    tables = set(sa.inspect(engine).get_table_names())
    assert set(SQLModel.metadata.tables) <= tables
    assert "alembic_version" in tables


def test_models_and_migrations_agree(engine):
    """A model change without a migration fails here: run `alembic revision --autogenerate`."""
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={
            "include_object": lambda obj, name, *_: name not in INDEX_OBJECTS}), SQLModel.metadata)
    # Ignore type-representation noise that is not a schema change.
    significant = [d for d in diff if not (isinstance(d, list) and d and d[0][0] == "modify_type")]
    assert significant == []


def test_migrate_twice_is_harmless(tmp_path):
    url = f"sqlite:///{tmp_path / 'twice.db'}"
    migrate(url)
    migrate(url)
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.execute(sa.text("select count(*) from alembic_version")).scalar() == 1


def test_sqlite_uses_wal_and_waits_when_busy(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'pragmas.db'}")
    with engine.connect() as conn:
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(sa.text("PRAGMA busy_timeout")).scalar() >= 5000
        assert conn.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
