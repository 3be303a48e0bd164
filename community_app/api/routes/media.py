"""Public images: GET /media/public/{folder}/{name}.

Only the public upload folders (meetups, news, avatars, blog) and only names as the
upload service writes them (32 hex digits + .webp) are served, always as image/webp with
``nosniff``; anything else is 404. Private uploads (speaker photos) are never reachable.
"""

from __future__ import annotations

from fastapi.responses import FileResponse

from community_app.api.routing import Router
from community_app.i18n import N_
from community_app.services.errors import NotFound
from community_app.services.uploads import public_file

router = Router(tags=["media"])

IMAGE_NOT_FOUND = N_("Image not found.")
CACHE_CONTROL = "public, max-age=86400"


@router.get(
    "/media/public/{folder}/{name}",
    response_class=FileResponse,
    responses={
        200: {"content": {"image/webp": {}}, "description": "The image"},
        404: {"description": "No such public image"},
    },
)
def public_image(folder: str, name: str) -> FileResponse:
    """A public image (meetup, news, avatar or blog cover), re-encoded as WebP at upload."""
    path = public_file(f"public/{folder}", name)
    if path is None:
        raise NotFound(IMAGE_NOT_FOUND)
    return FileResponse(
        path,
        media_type="image/webp",
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": CACHE_CONTROL},
    )
