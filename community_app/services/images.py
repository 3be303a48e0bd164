"""Generated pictures: their addresses and their files on disk.

- **Covers** (``cover_url``): every news item and meetup without an uploaded picture has a
  cover of its own (``artwork.draw_cover``), chosen by its kind and id, so it stays the same
  when the title is edited. The address carries a key signed with the site's secret
  (``/api/v1/media/covers/news/12-tech-<key>.webp``): only covers of items the site named can be
  asked for, so nobody can fill the disk with covers of made-up ids.
- **Previews** (``share_url``): the 1200x630 picture of a shared link
  (``artwork.draw_share_card``). The address carries a hash of what the picture shows (title,
  date, place, language): a changed item gets a new address, so link previewers that cache
  by address pick up the change, and an address never shows another picture.

Files are drawn once, on first request, and kept in the site's file store under
``images/`` (``services/storage.py``: ``COMMUNITY_VAR_DIR/images/`` by default, written to a
temporary name and renamed, so workers racing to draw the same picture never serve half a
file; the object store when configured, where every node finds what one node drew).
``DESIGN`` is part of every key: bump it when the drawing changes. A preview is kept in a
folder of its own item and language: drawing a new version (the item was edited) deletes
the older ones there, so edits never pile up pictures.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable

from community_app.services import artwork
from community_app.services.artwork import ShareCard
from community_app.services.storage import get_storage
from community_app.core.settings import get_settings
from community_app.core.signing import same_secret

DESIGN = "3"
COVER_KINDS = ("news", "meetup")
MOTIFS = ("tech", "meetup", "social")  # a news item's type, as its cover's emblem
MEDIA_PREFIX = "/api/v1/media"
_NAME = re.compile(r"^(?P<ident>[a-z0-9-]{1,40})-(?P<key>[0-9a-f]{20})\.(?P<ext>png|webp)$")


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join((DESIGN, *parts)).encode()).hexdigest()[:20]


def _signed(*parts: str) -> str:
    secret = get_settings().secret_key.encode()
    return hmac.new(secret, "\x1f".join((DESIGN, *parts)).encode(), hashlib.sha256).hexdigest()[:20]


def parse_name(name: str, ext: str = "png") -> tuple[str, str] | None:
    """``12-<key>.png`` -> ("12", key); None for any other name (or extension)."""
    match = _NAME.match(name)
    return (match["ident"], match["key"]) if match and match["ext"] == ext else None


# ---------------------------------------------------------------- covers


def cover_seed(kind: str, item_id: int) -> str:
    return f"{kind}:{item_id}"


def cover_key(kind: str, item_id: int, motif: str = "") -> str:
    return _signed("cover", kind, str(item_id), motif)


def cover_url(kind: str, item_id: int | None, motif: str = "") -> str:
    """The address of the generated cover of item ``item_id`` of ``kind`` ("" without an
    id); ``motif`` (one of ``MOTIFS``) picks its emblem, e.g. a news item's type."""
    if not item_id:
        return ""
    motif = motif.lower() if motif.lower() in MOTIFS else ""
    ident = f"{item_id}-{motif}" if motif else str(item_id)
    return f"{MEDIA_PREFIX}/covers/{kind}/{ident}-{cover_key(kind, item_id, motif)}.webp"


def cover_file(kind: str, name: str) -> str | None:
    """The storage key of the cover named ``name`` (drawn now if it is not stored yet);
    None when the name is not one ``cover_url`` gives."""
    parsed = parse_name(name, "webp")
    if kind not in COVER_KINDS or parsed is None:
        return None
    ident, key = parsed
    raw_id, _, motif = ident.partition("-")
    item_id = int(raw_id) if raw_id.isdigit() else 0
    if not item_id or motif not in ("", *MOTIFS):
        return None
    if not same_secret(key, cover_key(kind, item_id, motif)):
        return None
    return _stored(f"covers/{kind}", f"{key}.webp", "image/webp",
                   lambda: artwork.draw_cover(kind, cover_seed(kind, item_id), motif))


# ---------------------------------------------------------------- previews


def share_key(card: ShareCard) -> str:
    return _digest("share", card.kind, card.seed, card.kicker, card.title,
                   *(f"{icon}:{text}" for icon, text in card.details), card.site_name)


def share_url(lang: str, ident: str, card: ShareCard) -> str:
    """``/api/v1/media/share/<lang>/<kind>/<ident>-<hash>.png``."""
    return f"{MEDIA_PREFIX}/share/{lang}/{card.kind}/{ident}-{share_key(card)}.png"


def share_folder(lang: str, card: ShareCard) -> str:
    """``share/<kind>/<item>-<lang>``: every version of one item's preview in one language."""
    item = re.sub(r"[^a-z0-9-]", "-", card.seed.partition(":")[2].lower())[:40] or "-"
    return f"share/{card.kind}/{item}-{lang}"


def share_file(lang: str, card: ShareCard) -> str:
    """The storage key of the card's preview picture (drawn now if it is not stored yet;
    the item's older versions in this language are then deleted)."""
    return _stored(share_folder(lang, card), f"{share_key(card)}.png", "image/png",
                   lambda: artwork.draw_share_card(card), replaces_others=True)


# ---------------------------------------------------------------- files

def _stored(folder: str, name: str, content_type: str, draw: Callable[[], bytes], *,
            replaces_others: bool = False) -> str:
    """The key of ``images/folder/name``, drawn and written when it is missing; with
    ``replaces_others`` the folder's other pictures (older versions) are then deleted."""
    key = f"images/{folder}/{name}"
    storage = get_storage()
    if not storage.exists(key):
        storage.write(key, draw(), content_type=content_type)  # whole or not at all
        if replaces_others:
            for old in storage.keys(f"images/{folder}"):
                if old != key:
                    storage.delete(old)
    return key
