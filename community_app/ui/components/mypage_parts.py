"""Pieces My Page's tabs share: the card style, the status badge, a list of rows."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.models import BlogStatus, JobStatus, RegistrationStatus
from community_app.models.enums import MEMBER_STATUS_LABELS
from community_app.ui.i18n import t
from community_app.ui.styles import CARD_STYLE

# The statuses of a member's posts, registrations and blogs (labels from models/enums.py,
# with My Page's own wording for a pending post and an accepted registration).
STATUS_LABELS = {
    **JobStatus.labels(), **RegistrationStatus.labels(), **BlogStatus.labels(),
    **MEMBER_STATUS_LABELS,
}
CARD = {
    **CARD_STYLE,
    "padding": ["16px", "20px"],
    "width": "100%",
}


def status_badge(status) -> rx.Component:
    return rx.match(
        status,
        *[(key, rx.badge(t(label), color_scheme=color, variant="soft"))
          for key, label, color in [
              ("PENDING", STATUS_LABELS["PENDING"], "amber"), ("OPEN", STATUS_LABELS["OPEN"], "green"),
              ("CLOSED", STATUS_LABELS["CLOSED"], "gray"), ("FILLED", STATUS_LABELS["FILLED"], "blue"),
              ("ACCEPTED", STATUS_LABELS["ACCEPTED"], "green"), ("REJECTED", STATUS_LABELS["REJECTED"], "red"),
              ("CANCELLED", STATUS_LABELS["CANCELLED"], "gray"), ("DRAFT", STATUS_LABELS["DRAFT"], "gray"),
              ("PUBLISHED", STATUS_LABELS["PUBLISHED"], "green"),
          ]],
        rx.badge(status),
    )


def rows_or(items: Any, row: Any, empty: rx.Component) -> rx.Component:
    """The member's ``items`` drawn by ``row``, one under the other, or ``empty`` when
    there are none."""
    return rx.cond(items.length() > 0, rx.vstack(rx.foreach(items, row), spacing="0", width="100%"), empty)


def form_grid(*children) -> rx.Component:
    """A form's fields in two columns from the small breakpoint, one below it."""
    return rx.grid(*children, columns=rx.breakpoints(initial="1", sm="2"), gap="12px", width="100%")
