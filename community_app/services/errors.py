"""Domain errors. The REST API and the Reflex states each map these to their own output."""

from __future__ import annotations

from community_app.i18n import Plural


class DomainError(Exception):
    """Base of every rule violation. ``message_id`` is a catalog message id (English text),
    or a ``Plural`` (``Np_``) whose count is the ``n`` param."""

    status = 400

    def __init__(self, message_id: str | Plural, **params: object) -> None:
        super().__init__(message_id)
        self.message_id = message_id
        self.params = params


class BadRequest(DomainError):
    """A request that cannot be honoured as sent (a wrong one-time code, say)."""

    status = 400


class NotFound(DomainError):
    status = 404


class Conflict(DomainError):
    status = 409


class Forbidden(DomainError):
    status = 403


class Unauthorized(DomainError):
    status = 401


class Invalid(DomainError):
    """Input that breaks a validation rule, tied to the field it concerns."""

    status = 422

    def __init__(self, field: str, message_id: str, **params: object) -> None:
        super().__init__(message_id, **params)
        self.field = field


class InvalidMany(DomainError):
    """Several invalid fields at once: ``errors`` maps field -> message id."""

    status = 422

    def __init__(self, errors: dict[str, str], summary: str | None = None) -> None:
        """``summary`` is the overall message; by default the first field's message."""
        super().__init__(summary or (next(iter(errors.values())) if errors else "Invalid input"))
        self.errors = errors
