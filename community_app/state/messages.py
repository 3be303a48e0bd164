"""How states hold messages from services: in both languages, so a language switch after
an error still shows it in the chosen language."""

from __future__ import annotations

from community_app.i18n import both
from community_app.services.errors import DomainError, InvalidMany

Message = dict[str, str]


def message(message_id: str, **params: object) -> Message:
    return both(message_id, **params)


def from_error(error: DomainError) -> Message:
    return both(error.message_id, **error.params)


def field_messages(error: DomainError) -> dict[str, Message]:
    """{field: message} for field errors; empty for other errors."""
    if isinstance(error, InvalidMany):
        return {field: both(mid) for field, mid in error.errors.items()}
    field = getattr(error, "field", None)
    return {field: from_error(error)} if field else {}
