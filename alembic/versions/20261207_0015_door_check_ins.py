"""check-ins recorded at the door, online and offline, with duplicates kept (issue 47).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
import sqlmodel  # noqa: F401
from alembic import op  # noqa: F401


revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
