"""What every area of /admin shares: the documented error answers, the success messages,
the image upload field, and ``ruled`` (a body field checked by its service rule)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from fastapi import File, UploadFile
from pydantic import BeforeValidator

from community_app.api.schemas.rules import checked_by, trimmed
from community_app.i18n import N_
from community_app.services.uploads import MAX_IMAGE_BYTES
from community_app.services.validation import Rule

NOT_ORGANIZER = {401: {"description": "No valid token"}, 403: {"description": "Not an organizer"}}
WITH_404 = {**NOT_ORGANIZER, 404: {"description": "Not found"}}
WITH_422 = {**WITH_404, 422: {"description": "Invalid fields, each with its message"}}
WITH_409 = {**WITH_404, 409: {"description": "Not allowed in the current state"}}

SAVED = N_("Saved.")
DELETED = N_("Deleted.")
IMAGE_SAVED = N_("Image saved.")
IMAGE_REMOVED = N_("Image removed.")

ImageFile = Annotated[UploadFile, File(description="JPEG, PNG or WebP, at most 5 MB")]


def image_bytes(upload: UploadFile) -> bytes:
    return upload.file.read(MAX_IMAGE_BYTES + 1)


def ruled(rules: Mapping[str, Rule], field: str) -> BeforeValidator:
    """The body field ``field`` checked by the service's rule for it (the same translated
    message as the back office's form), then trimmed."""
    return checked_by(rules[field], clean=trimmed)


def upper_or_none(value: object) -> object:
    """A choice as its stored spelling: trimmed, upper case; '' is None (the default)."""
    if isinstance(value, str):
        return value.strip().upper().replace(" ", "_") or None
    return value
