"""Alembic environment: migrates the database named by the app's settings."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import community_app.models  # noqa: F401  (registers every table)
from community_app.models.search import INDEX_OBJECTS
from community_app.core.db import make_engine
from community_app.core.settings import get_settings

config = context.config
target_metadata = SQLModel.metadata


def _url() -> str:
    return config.get_main_option("sqlalchemy.url") or get_settings().database_url


def run_migrations_offline() -> None:
    context.configure(
        url=_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = make_engine(_url())
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=True,
            compare_type=True,
            # The full-text index is made by hand per database (models/search.py).
            include_object=lambda obj, name, *_: name not in INDEX_OBJECTS,
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
