"""Routes of the organizer back office (kept apart from ui/routes.py, which lists the
routes of SPEC section 2)."""

from __future__ import annotations

ADMIN = "/admin"
