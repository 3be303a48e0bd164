"""How states hold messages from services: in both languages, so a language switch after
an error still shows it in the chosen language."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from typing import Any

import reflex as rx

from community_app.i18n import N_, both
from community_app.services.errors import DomainError, InvalidMany

log = logging.getLogger(__name__)

Message = dict[str, str]

# What a page says when a service failed for a reason that is not the visitor's.
SERVER_ERROR = N_("Server error. Please try again later.")


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


class FormMessages(rx.State, mixin=True):
    """What a state with a form shows around it: one message on top (``error``, or a
    ``notice`` of success), messages by field (``errors``), and ``busy`` while sending."""

    busy: bool = False
    error: Message = {}
    notice: Message = {}
    errors: dict[str, Message] = {}

    def _clear_messages(self) -> None:
        self.error, self.notice, self.errors = {}, {}, {}


@dataclasses.dataclass
class Outcome:
    """What a service call made by an event handler came to: its ``result``, or the
    ``refusal`` (a domain error) with its ``error`` message and ``errors`` by field, or
    an unexpected failure with only ``error`` (the handler's own message)."""

    ok: bool
    result: Any = None
    refusal: DomainError | None = None
    error: Message = dataclasses.field(default_factory=dict)
    errors: dict[str, Message] = dataclasses.field(default_factory=dict)


async def attempt(work: Callable[[], Any], failed: str, what: str) -> Outcome:
    """Run ``work()`` (the database, password hashing, mail, image decoding) off the event
    loop. A domain error comes back as its messages; any other error is logged ('<what>
    failed unexpectedly') and comes back as the message ``failed``, so the page says so
    instead of breaking."""
    try:
        result = await asyncio.to_thread(work)
    except DomainError as exc:
        return Outcome(False, refusal=exc, error=from_error(exc), errors=field_messages(exc))
    except Exception:  # noqa: BLE001 - the page says so instead of breaking
        log.exception("%s failed unexpectedly", what)
        return Outcome(False, error=message(failed))
    return Outcome(True, result)


def ticked(form: dict, name: str) -> bool:
    """Whether the checkbox ``name`` of a submitted form was ticked (it sends 'on')."""
    value = form.get(name)
    return value is True or str(value).lower() in ("on", "true", "1")
