"""Pieces the back-office services share: reading form values, images, and expiring the
public caches once a change is committed (Korea time: ``community_app.korea_time``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

import sqlalchemy as sa
from sqlmodel import Session

from community_app.i18n import N_
from community_app.services import cache
from community_app.services.errors import Invalid
from community_app.services.uploads import prepare_image, public_url, save_image
from community_app.services.validation import (
    optional_url_problem,
    whole_number,  # noqa: F401 - the forms' reader
)

IMAGE_INVALID = N_("Image must be a JPEG, PNG or WebP picture of at most 5 MB.")

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
