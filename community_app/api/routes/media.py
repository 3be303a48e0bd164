"""Public images: GET /media/public/{folder}/{name}; generated covers and link previews:
GET /media/covers/{kind}/{name}, GET /media/share/{lang}/{kind}/{name} (services/images.py).

Only the public upload folders (meetups, news, avatars, blog) and only names as the
upload service writes them (32 hex digits + .webp) are served, always as image/webp with
``nosniff``; anything else is 404. Private uploads (speaker photos) are never reachable.
"""

from __future__ import annotations

from fastapi.responses import FileResponse, RedirectResponse, Response

from community_app.api.deps import SessionDep
from community_app.api.routing import Router
from community_app.i18n import N_
from community_app.services import images, seo
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


GENERATED_CACHE_CONTROL = "public, max-age=31536000, immutable"  # the address names the content


@router.get(
    "/media/covers/{kind}/{name}",
    response_class=FileResponse,
    responses={
        200: {"content": {"image/webp": {}}, "description": "The item's generated cover"},
        404: {"description": "Not an address the site gave"},
    },
)
def generated_cover(kind: str, name: str) -> FileResponse:
    """The generated cover of a news item or meetup without a picture of its own (the
    address comes from the item's ``coverURL``; its key is signed, so made-up ids are 404)."""
    path = images.cover_file(kind, name)
    if path is None:
        raise NotFound(IMAGE_NOT_FOUND)
    return _generated(path, "image/webp")


@router.get(
    "/media/share/{lang}/{kind}/{name}",
    response_class=FileResponse,
    responses={
        200: {"content": {"image/png": {}}, "description": "The 1200x630 link preview"},
        307: {"description": "The item changed: its current preview"},
        404: {"description": "No such page or item"},
    },
)
def share_picture(lang: str, kind: str, name: str, session: SessionDep) -> Response:
    """The preview picture a shared link of a page or item shows (Open Graph, Twitter):
    title, date and place on the community's card design."""
    parsed = images.parse_name(name)
    card = seo.share_card(session, kind, parsed[0], lang) if parsed else None
    if card is None:
        raise NotFound(IMAGE_NOT_FOUND)
    current = images.share_url(lang, parsed[0], card)
    if not current.endswith(f"/{name}"):
        return RedirectResponse(current, status_code=307)
    return _generated(images.share_file(card), "image/png")


def _generated(path, media_type: str) -> FileResponse:
    return FileResponse(
        path,
        media_type=media_type,
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": GENERATED_CACHE_CONTROL},
    )
