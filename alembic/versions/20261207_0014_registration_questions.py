"""registration questions, approval that suits a workshop, seat kinds (issue 45).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
import sqlmodel  # noqa: F401
from alembic import op  # noqa: F401


revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
