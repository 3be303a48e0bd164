"""Uploaded images: checked by decoding them, re-encoded, stored under a random name.

Nothing is trusted from the upload: not its name, not its declared type. The bytes must
decode with Pillow as JPEG, PNG or WebP of at most 5 MB and 40 megapixels; the pixels are
then written to a fresh WebP file without any metadata (EXIF, GPS, ICC, comments), after
applying the EXIF orientation and shrinking anything larger than 2048 px. Files go to the
site's file store (``services/storage.py``: ``settings.upload_dir / folder`` by default, the
object store when configured) with a name from ``secrets.token_hex``.

Speaker photos use the folder ``private/speakers``: outside anything the site serves.
"""

from __future__ import annotations

import dataclasses
import io
import re
import secrets
import warnings
from pathlib import PurePosixPath

from PIL import Image, ImageOps

from community_app.i18n import N_
from community_app.services.errors import Invalid
from community_app.services.storage import get_storage

MAX_IMAGE_BYTES = 5 * 1024 * 1024
MAX_IMAGE_PIXELS = 40_000_000
MAX_SIDE = 2048
ALLOWED_FORMATS = {"JPEG", "PNG", "WEBP"}

IMAGE_INVALID = N_("Photo must be a JPEG, PNG or WebP image of at most 5 MB.")

# Pillow's own guard against decompression bombs: it refuses (DecompressionBombError) images
# over twice this many pixels before decoding; we refuse anything over it ourselves.
Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS


@dataclasses.dataclass(frozen=True)
class PreparedImage:
    """A checked, re-encoded image, ready to be written."""

    data: bytes
    width: int
    height: int
    extension: str = "webp"


def prepare_image(data: bytes, *, field: str = "image") -> PreparedImage:
    """Decode, check and re-encode an uploaded image; Invalid(field, ...) if it is not one."""
    if not data or len(data) > MAX_IMAGE_BYTES:
        raise Invalid(field, IMAGE_INVALID)
    try:
        with warnings.catch_warnings():
            # A picture past Pillow's bomb limit is refused like any other non-image.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            source = Image.open(io.BytesIO(data))
        with source:
            if source.format not in ALLOWED_FORMATS:
                raise Invalid(field, IMAGE_INVALID)
            width, height = source.size
            if width < 1 or height < 1 or width * height > MAX_IMAGE_PIXELS:
                raise Invalid(field, IMAGE_INVALID)
            source.seek(0)  # the first frame of an animation
            source.load()
            image = _pixels_only(ImageOps.exif_transpose(source))
    except Invalid:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever breaks the decoder, the upload is no image
        raise Invalid(field, IMAGE_INVALID) from exc
    image.thumbnail((MAX_SIDE, MAX_SIDE))
    out = io.BytesIO()
    image.save(out, format="WEBP", quality=85, method=4)
    return PreparedImage(out.getvalue(), image.width, image.height)


def _pixels_only(image: Image.Image) -> Image.Image:
    """A new image holding only the pixels (RGB, or RGBA when there is transparency)."""
    has_alpha = image.mode in ("RGBA", "LA", "PA") or (
        image.mode == "P" and "transparency" in image.info
    )
    converted = image.convert("RGBA" if has_alpha else "RGB")
    clean = Image.new(converted.mode, converted.size)
    clean.paste(converted)
    return clean


def _key(folder: str) -> str:
    """The storage key of a path relative to the uploads (ValueError for anything else)."""
    parts = PurePosixPath(folder).parts
    if not parts or any(p in ("..", "/", "") for p in parts) or PurePosixPath(folder).is_absolute():
        raise ValueError(f"not a relative upload folder: {folder!r}")
    return "uploads/" + "/".join(parts)


def save_image(image: PreparedImage, folder: str) -> str:
    """Write a prepared image under ``folder``; returns its path relative to the uploads."""
    name = f"{secrets.token_hex(16)}.{image.extension}"  # 128 random bits: never overwrites
    get_storage().write(_key(f"{folder}/{name}"), image.data, content_type="image/webp",
                        private=folder.startswith("private"))
    return f"{PurePosixPath(folder)}/{name}"


def read_upload(relative_path: str) -> bytes | None:
    """The bytes of a stored upload (None when it is gone)."""
    return get_storage().read(_key(relative_path))


def store_image(data: bytes, folder: str, *, field: str = "image") -> str:
    """Check, re-encode and store an uploaded image; returns its relative path."""
    return save_image(prepare_image(data, field=field), folder)


def delete_upload(relative_path: str) -> None:
    """Remove a stored upload (no error if it is already gone)."""
    get_storage().delete(_key(relative_path))


# ---------------------------------------------------------------- public images
#
# Images organizers and members publish (meetup and news images, avatars, blog covers) go
# under ``public/<folder>`` and are served by GET /api/v1/media/public/<folder>/<name>
# (api/routes/media.py): only these folders, only names as ``save_image`` writes them.

MEDIA_URL_PREFIX = "/api/v1/media/"
PUBLIC_MEETUPS = "public/meetups"
PUBLIC_NEWS = "public/news"
PUBLIC_AVATARS = "public/avatars"
PUBLIC_BLOG = "public/blog"
PUBLIC_SPEAKERS = "public/speakers"  # speaker profile photos (services/talks/)
PUBLIC_FOLDERS = (PUBLIC_MEETUPS, PUBLIC_NEWS, PUBLIC_AVATARS, PUBLIC_BLOG, PUBLIC_SPEAKERS)
PUBLIC_NAME_RE = re.compile(r"^[0-9a-f]{32}\.webp$")


def public_url(relative_path: str) -> str:
    """The URL the site serves a public upload at: ``/api/v1/media/public/<folder>/<name>``.

    ``relative_path`` is what ``save_image`` returned for one of the public folders;
    anything else is a programming error (ValueError)."""
    folder, _, name = relative_path.rpartition("/")
    if folder not in PUBLIC_FOLDERS or not PUBLIC_NAME_RE.match(name):
        raise ValueError(f"not a public upload: {relative_path!r}")
    return f"{MEDIA_URL_PREFIX}{relative_path}"


def public_path_of_url(url: str | None) -> str | None:
    """The relative upload path behind a ``public_url`` (None for any other URL)."""
    if not url or not url.startswith(MEDIA_URL_PREFIX):
        return None
    relative = url[len(MEDIA_URL_PREFIX):]
    folder, _, name = relative.rpartition("/")
    if folder not in PUBLIC_FOLDERS or not PUBLIC_NAME_RE.match(name):
        return None
    return relative


def public_file(folder: str, name: str) -> str | None:
    """The storage key of a public upload, or None when the folder or name is not one
    (so nothing else under the uploads can ever be reached) or the file is missing."""
    if folder not in PUBLIC_FOLDERS or not PUBLIC_NAME_RE.match(name):
        return None
    key = _key(f"{folder}/{name}")
    return key if get_storage().exists(key) else None


def store_public_image(data: bytes, folder: str, *, field: str = "image") -> str:
    """Check, re-encode and store an image in a public folder; returns its public URL."""
    if folder not in PUBLIC_FOLDERS:
        raise ValueError(f"not a public folder: {folder!r}")
    return public_url(store_image(data, folder, field=field))


def delete_public_image(url: str | None) -> None:
    """Remove the stored file behind a public image URL (other URLs are left alone)."""
    relative = public_path_of_url(url)
    if relative:
        delete_upload(relative)
