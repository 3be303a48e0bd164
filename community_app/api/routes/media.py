"""Public images (meetup images, news images, member photos, blog covers).

Only re-encoded WebP files with random names in the public folders are served, always
as image/webp with nosniff: nothing uploaded is served with a guessed content type."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from community_app.i18n import N_
from community_app.services.errors import NotFound
from community_app.services.uploads import public_file

router = APIRouter(prefix="/media", tags=["media"])


@router.get("/public/{folder}/{name}", response_class=FileResponse, responses={404: {}})
def public_image(folder: str, name: str) -> FileResponse:
    """A stored public image."""
    path = public_file(folder, name)
    if path is None:
        raise NotFound(N_("Image not found."))
    return FileResponse(
        path,
        media_type="image/webp",
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=86400"},
    )
