"""What every area of /admin shares: the documented error answers, the success messages,
the image upload field, ``ruled`` (a body field checked by its service rule),
``item_list`` (an area's paged, searched list) and ``item_actions`` (the endpoints that
change one item and answer with it)."""

from __future__ import annotations

import datetime as dt
import inspect
import re
from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, File, Request, UploadFile
from pydantic import BaseModel, BeforeValidator, Field, create_model

from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, Page, ok, paged
from community_app.api.formatting import translated
from community_app.api.listing import listing_query
from community_app.api.schemas.rules import checked_by, trimmed
from community_app.i18n import N_
from community_app.services.paging import Listing
from community_app.services.uploads import MAX_IMAGE_BYTES
from community_app.services.validation import Rule, bounds

NOT_ORGANIZER = {401: {"description": "No valid token"}, 403: {"description": "Not an organizer"}}
WITH_404 = {**NOT_ORGANIZER, 404: {"description": "Not found"}}
WITH_422 = {**WITH_404, 422: {"description": "Invalid fields, each with its message"}}
WITH_409 = {**WITH_404, 409: {"description": "Not allowed in the current state"}}

SAVED = N_("Saved.")
DELETED = N_("Deleted.")

ImageFile = Annotated[UploadFile, File(description="JPEG, PNG or WebP, at most 5 MB")]


def image_bytes(upload: UploadFile) -> bytes:
    return upload.file.read(MAX_IMAGE_BYTES + 1)


def picture(upload: UploadFile) -> tuple[bytes]:
    """An uploaded image as its step takes it: the bytes (checked by the service)."""
    return (image_bytes(upload),)


def picture_and_name(upload: UploadFile) -> tuple[bytes, str | None]:
    """The bytes and the file's own name (kept as a caption)."""
    return image_bytes(upload), upload.filename


def ruled(rules: Mapping[str, Rule], field: str) -> BeforeValidator:
    """The body field ``field`` checked by the service's rule for it (the same translated
    message as the back office's form), then trimmed."""
    return checked_by(rules[field], clean=trimmed)


def ruled_optional(rules: Mapping[str, Rule], field: str, kind: Any, *,
                   about: Mapping[str, Any] | None = None, **constraints: Any) -> Any:
    """An optional body field of type ``kind``: the service's rule for it, then the
    ``constraints`` (``ge``, ``max_length``, ``pattern``, ...) on a value that is not null.
    The constraints sit on ``kind`` inside the optional: beside the rule's validator they
    would be applied to null too, and a TypeError there is a 500, not a 422. ``about``
    holds the field's documentation (``description``, ``json_schema_extra``)."""
    return Annotated[Annotated[kind, Field(**constraints)] | None, ruled(rules, field),
                     Field(**(about or {}))]


def ruled_text(rules: Mapping[str, Rule], field: str) -> Any:
    """An optional text field of a body: the service's rule for it, with the rule's length
    limits in the OpenAPI schema."""
    limits = bounds(rules[field])
    return ruled_optional(rules, field, str, min_length=limits.get("minimum") or None,
                          max_length=limits["maximum"])


CLOCK_PATTERN = r"^\d{2}:\d{2}$"


def form_model(name: str, form: Any, rules: Mapping[str, Rule]) -> type[BaseModel]:
    """The input model of a back-office form described by ``form`` (``FormField``s, e.g.
    ``admin_edits.MEETUP_FORM``): every field optional, checked by its rule in ``rules``,
    typed by its kind (a text with the rule's length limits, a date, an HH:MM clock, a
    whole number within the rule's bounds, a flag) and described by its ``about``."""

    def typed(f: Any) -> Any:
        if f.kind in ("text", "long_text"):
            return ruled_text(rules, f.name)
        if f.kind == "date":
            return Annotated[dt.date | None, ruled(rules, f.name)]
        if f.kind == "clock":
            return ruled_optional(rules, f.name, str, pattern=CLOCK_PATTERN)
        if f.kind == "number":
            limits = bounds(rules[f.name])
            return ruled_optional(rules, f.name, int, ge=limits["low"], le=limits["high"])
        if f.kind == "flag":
            return bool | None
        raise ValueError(f"{name}.{f.name}: no input for a {f.kind!r} field")

    fields = {f.name: (Annotated[typed(f), Field(description=f.about or None)], None) for f in form}
    return create_model(name, **fields)


def upper_or_none(value: object) -> object:
    """A choice as its stored spelling: trimmed, upper case; '' is None (the default)."""
    if isinstance(value, str):
        return value.strip().upper().replace(" ", "_") or None
    return value


def item_list(router: APIRouter, path: str, name: str, out: Any, step: Callable[..., Any],
              search_matches: str | None, doc: str, *, answer: Callable[[Any], Any] | None = None,
              **filters: Any) -> None:
    """The endpoint ``name`` (GET ``path``) of an area's list: a page of
    ``step(session, organizer_id, listing=..., **filters)`` (``search``, ``page`` and
    ``size`` read by ``listing_query(search_matches)``), each row answered with
    ``answer(row)`` (default ``out.of``). ``filters`` are the list's own optional query
    parameters, each name with its annotated type (None when not sent)."""
    answer = answer or out.of

    def endpoint(user, session, listing: Listing, **values: Any):
        return paged(step(session, user.id, listing=listing, **values), answer)

    keyword = inspect.Parameter.KEYWORD_ONLY
    endpoint.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter("user", keyword, annotation=Organizer),
        inspect.Parameter("session", keyword, annotation=SessionDep),
        inspect.Parameter("listing", keyword,
                          annotation=Annotated[Listing, listing_query(search_matches)]),
        *[inspect.Parameter(filter_name, keyword, annotation=annotation, default=None)
          for filter_name, annotation in filters.items()],
    ])
    endpoint.__name__ = endpoint.__qualname__ = name
    endpoint.__doc__ = doc
    router.get(path, response_model=Envelope[Page[out]], responses=NOT_ORGANIZER)(endpoint)


def item_actions(router: APIRouter, out: Any, responses: dict,
                 *actions: tuple[str, str, Callable[..., Any], str, str],
                 answer: Callable[[Any], Any] | None = None,
                 image: Callable[[UploadFile], tuple] | None = None) -> None:
    """Endpoints that change one item, each ``(method, path, step, message, what it does)``:
    ``step(session, organizer_id, *the path's ids)`` (its name names the endpoint), answered
    with ``answer(result)`` (default ``out.of``; ``out`` None: no data) and the translated
    ``message``. With ``image`` (``picture``, ``picture_and_name``) the endpoint takes an
    uploaded ``image`` file and the step gets what ``image`` makes of it after the ids."""
    for action in actions:
        _item_action(router, *action, out=out, responses=responses, answer=answer, image=image)


def item_edits(router: APIRouter, out: Any, body: type[BaseModel], responses: dict,
               *actions: tuple[str, str, Callable[..., Any], str, str],
               dump: dict[str, Any] | None = None, answer: Callable[[Any], Any] | None = None,
               status_code: int = 200) -> None:
    """Like ``item_actions`` for endpoints with a ``body``: the step receives
    ``body.model_dump(**dump)`` after the path's ids; ``answer`` (default ``out.of``) makes
    the answer; ``status_code`` 201 for the endpoints that add."""
    for action in actions:
        _item_action(router, *action, out=out, responses=responses, body=body,
                     dump=dump or {}, answer=answer, status_code=status_code)


def _item_action(router: APIRouter, method: str, path: str, step: Callable[..., Any],
                 message: str, doc: str, *, out: Any, responses: dict,
                 body: type[BaseModel] | None = None, dump: dict[str, Any] | None = None,
                 answer: Callable[[Any], Any] | None = None, status_code: int = 200,
                 image: Callable[[UploadFile], tuple] | None = None) -> None:
    ids = re.findall(r"\{(\w+)\}", path)
    answer = answer or (None if out is None else out.of)

    def endpoint(user, session, request: Request, **params: Any):
        values = [params[name] for name in ids]
        if body is not None:
            values.append(params["body"].model_dump(**(dump or {})))
        if image is not None:
            values.extend(image(params["image"]))
        result = step(session, user.id, *values)
        return ok(None if answer is None else answer(result), translated(request, message),
                  status_code)

    keyword = inspect.Parameter.KEYWORD_ONLY
    endpoint.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        *[inspect.Parameter(name, keyword, annotation=int) for name in ids],
        *([inspect.Parameter("body", keyword, annotation=body)] if body is not None else []),
        *([inspect.Parameter("image", keyword, annotation=ImageFile)] if image is not None else []),
        inspect.Parameter("user", keyword, annotation=Organizer),
        inspect.Parameter("session", keyword, annotation=SessionDep),
        inspect.Parameter("request", keyword, annotation=Request),
    ])
    endpoint.__name__ = endpoint.__qualname__ = step.__name__
    endpoint.__doc__ = doc or None
    model = Envelope[None] if out is None else Envelope[out]
    router.api_route(path, methods=[method.upper()], response_model=model,
                     status_code=status_code, responses=responses)(endpoint)
