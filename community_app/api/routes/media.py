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
from community_app.services.storage import get_storage
from community_app.services.uploads import public_file

router = Router(tags=["media"])

IMAGE_NOT_FOUND = N_("Image not found.")
CACHE_CONTROL = "public, max-age=86400"


def _image_route(path: str, media_type: str, shown: str, missing: str,
                 others: dict[int, dict] | None = None):
    """GET ``path``, documented as a file of ``media_type`` (``shown``: what it is), the
    ``others`` answers by status, and 404 (``missing``: what was not found)."""
    return router.get(path, response_class=FileResponse, responses={
        200: {"content": {media_type: {}}, "description": shown},
        **(others or {}),
        404: {"description": missing},
        503: {"description": "The object store does not answer now: try again in a moment"},
    })


def _image(key: str | None, media_type: str, cache_control: str) -> Response:
    """The stored image ``key`` (404 when None or gone), never type-sniffed, cached as
    ``cache_control`` says: sent from the node's disk, or read from the object store."""
    if key is None:
        raise NotFound(IMAGE_NOT_FOUND)
    headers = {"X-Content-Type-Options": "nosniff", "Cache-Control": cache_control}
    storage = get_storage()
    path = storage.local_path(key)
    if path is not None:
        return FileResponse(path, media_type=media_type, headers=headers)
    data = storage.read(key)  # images are small (uploads at most a few MB)
    if data is None:
        raise NotFound(IMAGE_NOT_FOUND)
    return Response(data, media_type=media_type, headers=headers)


@_image_route("/media/public/{folder}/{name}", "image/webp", "The image", "No such public image")
def public_image(folder: str, name: str) -> FileResponse:
    """A public image (meetup, news, avatar or blog cover), re-encoded as WebP at upload."""
    return _image(public_file(f"public/{folder}", name), "image/webp", CACHE_CONTROL)


GENERATED_CACHE_CONTROL = "public, max-age=31536000, immutable"  # the address names the content


@_image_route("/media/covers/{kind}/{name}", "image/webp", "The item's generated cover",
              "Not an address the site gave")
def generated_cover(kind: str, name: str) -> FileResponse:
    """The generated cover of a news item or meetup without a picture of its own (the
    address comes from the item's ``coverURL``; its key is signed, so made-up ids are 404)."""
    return _image(images.cover_file(kind, name), "image/webp", GENERATED_CACHE_CONTROL)


@_image_route("/media/share/{lang}/{kind}/{name}", "image/png", "The 1200x630 link preview",
              "No such page or item",
              others={307: {"description": "The item changed: its current preview"}})
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
    return _image(images.share_file(lang, card), "image/png", GENERATED_CACHE_CONTROL)
