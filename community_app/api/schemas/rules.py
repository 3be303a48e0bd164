"""The field rules of ``services.validation`` as Pydantic validators.

``Annotated[T, checked_by(rule)]`` runs ``rule(value)`` before Pydantic reads the value as
``T``: a problem raises a ``field_rule`` error whose text is the rule's message id. The
error handler (``api.errors``) translates it, so an API client gets the message the site's
form shows, in the language it asks for. The type ``T`` is what the OpenAPI document shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal, get_args

from pydantic import BeforeValidator, ValidationError, model_validator
from pydantic_core import PydanticCustomError
from pydantic_core.core_schema import ErrorType

from community_app.models._base import LabelledEnum
from community_app.services.errors import Invalid

FIELD_RULE = "field_rule"
# What a phone field takes (services/validation.py ``phone_problem``; stored normalised).
PHONE_FORMAT = ("010XXXXXXXX (spaces and hyphens allowed; +82 10... is the same number), or "
                "a number from abroad with + and its country code (stored as E.164: "
                "+998901234567)")
_KNOWN_TYPES = set(get_args(ErrorType))


def checked_by(
    problem: Callable[[object], str | None], *, clean: Callable[[object], object] | None = None
) -> BeforeValidator:
    """Validate a value with a rule of ``services.validation``; ``clean`` then shapes it
    (trims, maps an alias to its value) before Pydantic checks its type."""

    def check(value: object) -> object:
        message = problem(value)
        if message:
            raise PydanticCustomError(
                FIELD_RULE,
                str(message),  # placeholders stay: only context keys ("params") are filled
                {"params": getattr(message, "params", {})},  # a Problem's placeholder values
            )
        return clean(value) if clean else value

    return BeforeValidator(check)


def trimmed(value: object) -> object:
    """A text without surrounding spaces (the form's rules measure it so)."""
    return value.strip() if isinstance(value, str) else value


def accepted_values(enum_cls: type[LabelledEnum]) -> type:
    """A ``Literal`` of every spelling the enumeration accepts (documented as an enum)."""
    return Literal[tuple(enum_cls.accepted())]  # type: ignore[valid-type]


def to_value(enum_cls: type[LabelledEnum]) -> Callable[[object], object]:
    """Map an accepted spelling to the enumeration's own value."""

    def clean(value: object) -> object:
        member = enum_cls.parse(value)
        return member.value if member is not None else value

    return clean


def also_checked_by(problems: Callable[[Mapping[str, object]], Mapping[str, str]]):
    """A model validator for the rules that read several fields (an end before its start,
    a minimum above its maximum): when some single field is refused, these problems are
    listed beside it, so one answer still names every invalid field, as the form does."""

    def validate(cls, data: object, handler):  # noqa: ANN001 - pydantic's wrap signature
        try:
            return handler(data)
        except ValidationError as exc:
            if not isinstance(data, Mapping):
                raise
            details = [_detail(e) for e in exc.errors()]
            refused = {str(e["loc"][0]) for e in exc.errors() if e.get("loc")}
            for field, message in problems(data).items():
                if field not in refused:
                    details.append({"type": PydanticCustomError(FIELD_RULE, message),
                                    "loc": (field,), "input": data.get(field)})
            raise ValidationError.from_exception_data(exc.title, details) from None

    return model_validator(mode="wrap")(validate)


def _detail(error: Mapping) -> dict:
    """An error of a ValidationError in the form ``from_exception_data`` takes back."""
    kind = error["type"]
    ctx = error.get("ctx")
    if kind == FIELD_RULE or kind not in _KNOWN_TYPES:
        kind = PydanticCustomError(kind, error["msg"], ctx)
        return {"type": kind, "loc": error["loc"], "input": error.get("input")}
    detail = {"type": kind, "loc": error["loc"], "input": error.get("input")}
    if ctx:
        detail["ctx"] = ctx
    return detail


def parsed_by(parse: Callable[[object], object]) -> BeforeValidator:
    """Read a value with a service's parser (``services.jobs.parse_visa``, ...): its result
    (the stored spelling, or None) is what Pydantic then checks against the field's type,
    and the ``Invalid`` it raises becomes that field's translated message."""

    def check(value: object) -> object:
        try:
            return parse(value)
        except Invalid as exc:
            raise PydanticCustomError(FIELD_RULE, exc.message_id, {"params": exc.params}) from None

    return BeforeValidator(check)
