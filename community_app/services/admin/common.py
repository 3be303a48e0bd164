"""Pieces the back-office services share: reading form values, images, the end of every
change (written, recorded in the audit log, the public caches expired once it is
committed), and a paged list with its search (Korea time: ``community_app.core.korea_time``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

import sqlalchemy as sa
from sqlmodel import Session

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.services import cache
from community_app.services.audit import record
from community_app.services.errors import Invalid
from community_app.services.uploads import delete_public_image, prepare_image, public_url, save_image
from community_app.services.validation import (
    optional_url_problem,
    whole_number,  # noqa: F401 - the forms' reader
)

T = TypeVar("T")

IMAGE_INVALID = N_("Image must be a JPEG, PNG or WebP picture of at most 5 MB.")
# What the organizer is told once an item's image changed (site and API alike).
IMAGE_SAVED = N_("Image saved.")
IMAGE_REMOVED = N_("Image removed.")

# Meetup kinds of the public caches (every change to a meetup can move it between lists).
MEETUP_CACHES = (cache.UPCOMING_EVENTS, cache.PAST_EVENTS, cache.EVENT_DETAILS)
NEWS_CACHES = (cache.NEWS, cache.NEWS_DETAILS)


def text(data: Mapping[str, object], field: str) -> str:
    """A text value, trimmed; '' when missing or not a string."""
    value = data.get(field)
    return value.strip() if isinstance(value, str) else ""


def flag(data: Mapping[str, object], field: str, default: bool = False) -> bool:
    value = data.get(field, default)
    if isinstance(value, str):
        return value.strip().lower() in {"1", "true", "yes", "on"}
    return bool(value)


def optional_url(value: str, field: str, errors: dict[str, str]) -> str | None:
    """None for an empty value; the URL when it is an http(s) one; an error otherwise."""
    if not value:
        return None
    if message := optional_url_problem(value):
        errors[field] = message
        return None
    return value


def store_public_picture(data: bytes, folder: str, field: str = "image") -> str:
    """Check, re-encode and store an uploaded picture in a public folder; its URL."""
    try:
        prepared = prepare_image(data, field=field)
    except Invalid:
        raise Invalid(field, IMAGE_INVALID) from None
    return public_url(save_image(prepared, folder))


def clean_file_name(name: str | None) -> str | None:
    """The uploaded file's own name, kept only as a label (never used as a path)."""
    if not name:
        return None
    base = re.split(r"[\\/]", name)[-1]
    base = re.sub(r"[^\w.\- ]", "", base).strip()[:255]
    return base or None


def _expire_pending(session: Session) -> None:
    for kind in session.info.pop("expire_cache_kinds", set()):
        cache.expire(kind)


def expire_caches(session: Session, *kinds: str) -> None:
    """Expire public cache kinds now and again once the transaction commits, so no
    reader caches the old rows in between."""
    for kind in kinds:
        cache.expire(kind)
    if not session.info.get("expire_cache_listening"):
        sa.event.listen(session, "after_commit", _expire_pending)
        session.info["expire_cache_listening"] = True
    session.info.setdefault("expire_cache_kinds", set()).update(kinds)


# ---------------------------------------------------------------- lists in a form


def distinct_items(value: object, clean: Callable[[str], str], *, longest: int,
                   most: int) -> list[str] | None:
    """The distinct non-empty items of a list, or of a comma-separated text, each as
    ``clean`` makes it; None when the value is neither, an item is not a text or longer
    than ``longest`` once clean, or there are more than ``most`` of them."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        items: Sequence[object] = value.split(",")
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        return None
    out: list[str] = []
    for item in items:
        if not isinstance(item, str):
            return None
        cleaned = clean(item)
        if len(cleaned) > longest:
            return None
        if cleaned and cleaned not in out:
            out.append(cleaned)
    return out if len(out) <= most else None


# ---------------------------------------------------------------- the end of a change


def logged(session: Session, actor_id: int, action: str, target: tuple[str, int | None],
           detail: str = "", caches: Iterable[str] = (), *,
           subject_user_id: int | None = None) -> None:
    """Record the organizer's ``action`` on ``target`` (type, id) in the audit log (about
    the member ``subject_user_id``, if any) and expire the public ``caches`` it changes."""
    record(session, actor_id, action, *target, detail, subject_user_id=subject_user_id)
    if caches:
        expire_caches(session, *caches)


def _own_id(target: tuple[str, int | None], row: object) -> tuple[str, int | None]:
    kind, target_id = target
    return kind, getattr(row, "id", None) if target_id is None else target_id


def saved(session: Session, actor_id: int, row: T, action: str,
          target: tuple[str, int | None], detail: str = "", caches: Iterable[str] = (), *,
          subject_user_id: int | None = None) -> T:
    """Write ``row`` (flushed: it has its id), then ``logged``; the row. A target id of
    None is the row's own id (known once it is written)."""
    session.add(row)
    session.flush()
    logged(session, actor_id, action, _own_id(target, row), detail, caches,
           subject_user_id=subject_user_id)
    return row


def removed(session: Session, actor_id: int, row: object, action: str,
            target: tuple[str, int | None], detail: str = "", caches: Iterable[str] = ()) -> None:
    """Delete ``row``, then ``logged``."""
    session.delete(row)
    session.flush()
    logged(session, actor_id, action, target, detail, caches)


def saved_with_picture(session: Session, actor_id: int, row: T, url: str | None, action: str,
                       target: tuple[str, int | None], detail: str = "",
                       caches: Iterable[str] = ()) -> T:
    """``saved`` for a row just given the picture stored at ``url``: when the write
    fails, the stored file is removed again."""
    session.add(row)
    try:
        session.flush()
    except Exception:
        delete_public_image(url)
        raise
    logged(session, actor_id, action, _own_id(target, row), detail, caches)
    return row


def picture_changed(session: Session, actor_id: int, row: T, data: bytes | None, folder: str,
                    action: str, target: tuple[str, int | None], detail: str = "",
                    caches: Iterable[str] = (), **fields: object) -> T:
    """Give ``row`` (a meetup, a news item) the uploaded picture ``data`` (checked,
    re-encoded, stored in the public ``folder``), or none when ``data`` is None, with the
    other ``fields`` that go with it; written and logged, then the old file deleted."""
    url = store_public_picture(data, folder) if data is not None else None
    old = row.image_url
    row.image_url = url
    for name, value in fields.items():
        setattr(row, name, value)
    row.updated_at = utcnow()
    saved_with_picture(session, actor_id, row, url, action, target, detail, caches)
    if old != url:
        delete_public_image(old)
    return row


# ---------------------------------------------------------------- a list screen's page

