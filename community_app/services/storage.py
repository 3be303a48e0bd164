"""Where the site's files live: one interface, a local folder by default, an S3-compatible
object store when ``COMMUNITY_STORAGE_URL`` is set.

Every file the site writes has a key ``<area>/<path>``:

- ``uploads/...``: what members and organizers upload (``services/uploads.py``),
- ``exports/...``: the members' data exports (``services/privacy/export.py``),
- ``images/...``: generated covers and link previews (``services/images.py``).

**Local** (the default, one machine): ``uploads/`` is ``COMMUNITY_UPLOAD_DIR`` (``var/uploads``),
``exports/`` and ``images/`` are folders of ``COMMUNITY_VAR_DIR`` (``var/``), as before.

**Object store** (several app nodes: every node sees every file): set
``COMMUNITY_STORAGE_URL=s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION``. Credentials come
from the standard AWS variables (``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``,
``AWS_PROFILE``, instance roles...) or from the URL (``s3://KEY:SECRET@BUCKET``). Without
``endpoint`` it is AWS S3; with one it is any S3 API (MinIO, Cloudflare R2, Ceph...). The
bucket must exist. Nothing is written to ``var/`` for these files then.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, Protocol
from urllib.parse import parse_qs, unquote, urlsplit

from community_app.core.settings import VAR_DIR, get_settings
from community_app.i18n import N_
from community_app.services.errors import DomainError

AREAS = ("uploads", "exports", "images")
CHUNK = 256 * 1024

STORE_UNAVAILABLE = N_("Files cannot be read or saved right now. Please try again in a moment.")


class StoreUnavailable(DomainError):
    """The object store does not answer (down, unreachable, or failing with a 5xx): the API
    answers 503, the site shows the message, a data export is tried again later."""

    status = 503

    def __init__(self) -> None:
        super().__init__(STORE_UNAVAILABLE)


class Storage(Protocol):
    """What the services need of a file store (keys as ``<area>/<relative path>``)."""

    kind: str

    def write(self, key: str, data: bytes, *, content_type: str = "application/octet-stream",
              private: bool = False) -> None: ...

    def write_file(self, key: str, source: BinaryIO, *, content_type: str = "application/octet-stream",
                   private: bool = False) -> None: ...

    def read(self, key: str) -> bytes | None: ...

    def exists(self, key: str) -> bool: ...

    def delete(self, key: str) -> None: ...

    def open_chunks(self, key: str) -> Iterator[bytes] | None: ...

    def local_path(self, key: str) -> Path | None: ...

    def keys(self, area: str) -> Iterator[str]: ...  # every key under an area or a folder of it

    def listing(self, area: str) -> Iterator[tuple[str, dt.datetime]]: ...  # (key, written at: aware UTC)

    def check(self) -> None: ...  # raises unless the store answers now (the health check)


def check_key(key: str) -> tuple[str, tuple[str, ...]]:
    """``(area, parts)`` of a key; ValueError for anything but ``<area>/<relative path>``."""
    parts = tuple(key.split("/"))  # as written: the same key locally and in the object store
    if (len(parts) < 2 or parts[0] not in AREAS
            or any(p in ("..", ".", "") for p in parts) or "\\" in key):
        raise ValueError(f"not a storage key: {key!r}")
    return parts[0], parts[1:]


# ---------------------------------------------------------------- local folder

class LocalStorage:
    """Files under the node's own folders (read at call time: tests move them)."""

    kind = "local"

    @staticmethod
    def root(area: str) -> Path:
        if area == "uploads":
            return get_settings().upload_dir
        return Path(os.environ.get("COMMUNITY_VAR_DIR") or VAR_DIR) / area

    def path(self, key: str) -> Path:
        area, parts = check_key(key)
        return self.root(area).joinpath(*parts)

    def _replace(self, key, private: bool, fill: Callable[[BinaryIO], object]) -> None:
        """The file of ``key`` with what ``fill`` writes into it: written under a temporary
        name, then renamed, so a reader never sees half a file."""
        path = self.path(key)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700 if private else 0o777)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
        with os.fdopen(fd, "wb") as f:
            fill(f)
        os.replace(temporary, path)

    def write(self, key, data, *, content_type="application/octet-stream", private=False) -> None:
        self._replace(key, private, lambda f: f.write(data))

    def write_file(self, key, source, *, content_type="application/octet-stream", private=False) -> None:
        self._replace(key, private, lambda f: shutil.copyfileobj(source, f, CHUNK))

    def read(self, key) -> bytes | None:
        try:
            return self.path(key).read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None

    def exists(self, key) -> bool:
        return self.path(key).is_file()

    def delete(self, key) -> None:
        self.path(key).unlink(missing_ok=True)

    def open_chunks(self, key) -> Iterator[bytes] | None:
        try:
            handle = self.path(key).open("rb")
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None

        def chunks():
            with handle:
                while block := handle.read(CHUNK):
                    yield block
        return chunks()

    def local_path(self, key) -> Path | None:
        path = self.path(key)
        return path if path.is_file() else None

    def check(self) -> None:
        """The node's own folders: nothing to ask another machine."""

    def keys(self, area: str) -> Iterator[str]:
        top, _, folder = area.partition("/")  # an area, or a folder inside one
        root = self.root(top)
        start = root.joinpath(*folder.split("/")) if folder else root
        if not start.is_dir():
            return
        for path in sorted(start.rglob("*")):
            if path.is_file() and not path.name.endswith(".tmp"):
                yield f"{top}/{path.relative_to(root).as_posix()}"

    def listing(self, area: str) -> Iterator[tuple[str, dt.datetime]]:
        """Every file of an area with the time it was written (aware UTC, as the database's
        times), half-written ``.tmp`` files of a stopped write included."""
        root = self.root(area)
        if not root.is_dir():
            return
        for path in sorted(root.rglob("*")):
            try:
                if path.is_file():
                    written = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)
                    yield f"{area}/{path.relative_to(root).as_posix()}", written
            except FileNotFoundError:  # removed meanwhile (another worker)
                continue


# ---------------------------------------------------------------- S3 API

class S3Storage:
    """Files in one bucket (under an optional prefix) of an S3-compatible object store."""

    kind = "s3"

    def __init__(self, url: str) -> None:
        import boto3  # only when configured: the default set-up never imports it
        from botocore.config import Config

        parts = urlsplit(url)
        if parts.scheme != "s3" or not parts.hostname:
            raise ValueError("COMMUNITY_STORAGE_URL must look like s3://bucket[/prefix]?endpoint=...")
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        self.bucket = parts.hostname
        self.prefix = parts.path.strip("/")
        options = {}
        if query.get("endpoint"):
            options["endpoint_url"] = query["endpoint"]
        if query.get("region"):
            options["region_name"] = query["region"]
        if parts.username:
            options["aws_access_key_id"] = unquote(parts.username)
            options["aws_secret_access_key"] = unquote(parts.password or "")
        addressing = query.get("addressing", "path" if "endpoint_url" in options else "auto")

        def client(attempts: int, connect_timeout: float, read_timeout: float):
            return boto3.session.Session().client("s3", config=Config(
                s3={"addressing_style": addressing},
                retries={"max_attempts": attempts, "mode": "standard"},
                connect_timeout=connect_timeout, read_timeout=read_timeout), **options)

        self.client = client(3, 5, 30)
        self._client_for = client
        self._probe = None

    def check(self) -> None:
        """Raise unless the bucket answers now (``/api/v1/health``): one try, given up
        within a second or two."""
        if self._probe is None:
            self._probe = self._client_for(1, 1, 2)
        self._probe.head_bucket(Bucket=self.bucket)

    def _name(self, key: str) -> str:
        check_key(key)
        return f"{self.prefix}/{key}" if self.prefix else key

    @staticmethod
    @contextlib.contextmanager
    def _answering() -> Iterator[None]:
        """An outage of the store (no connection, a timeout, a 5xx) as ``StoreUnavailable``;
        anything else (a missing key, refused credentials) as it was raised."""
        from botocore.exceptions import ClientError, ConnectionError, HTTPClientError
        try:
            yield
        except (ConnectionError, HTTPClientError) as exc:
            raise StoreUnavailable() from exc
        except ClientError as exc:
            status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0
            if int(status) >= 500:
                raise StoreUnavailable() from exc
            raise

    def _missing(self, exc: Exception) -> bool:
        code = str(getattr(exc, "response", {}).get("Error", {}).get("Code", ""))
        return code in ("404", "NoSuchKey", "NotFound")

    def write(self, key, data, *, content_type="application/octet-stream", private=False) -> None:
        with self._answering():
            self.client.put_object(Bucket=self.bucket, Key=self._name(key), Body=data,
                                   ContentType=content_type)

    def write_file(self, key, source, *, content_type="application/octet-stream", private=False) -> None:
        from boto3.exceptions import S3UploadFailedError
        try:
            with self._answering():
                self.client.upload_fileobj(source, self.bucket, self._name(key),
                                           ExtraArgs={"ContentType": content_type})
        except S3UploadFailedError as exc:  # boto3's transfer wraps the store's own error
            raise StoreUnavailable() from exc

    def read(self, key) -> bytes | None:
        from botocore.exceptions import ClientError
        try:
            with self._answering():
                answer = self.client.get_object(Bucket=self.bucket, Key=self._name(key))
                with answer["Body"] as body:
                    return body.read()
        except ClientError as exc:
            if self._missing(exc):
                return None
            raise

    def exists(self, key) -> bool:
        from botocore.exceptions import ClientError
        try:
            with self._answering():
                self.client.head_object(Bucket=self.bucket, Key=self._name(key))
        except ClientError as exc:
            if self._missing(exc):
                return False
            raise
        return True

    def delete(self, key) -> None:
        with self._answering():
            self.client.delete_object(Bucket=self.bucket, Key=self._name(key))

    def open_chunks(self, key) -> Iterator[bytes] | None:
        from botocore.exceptions import ClientError
        try:
            with self._answering():
                answer = self.client.get_object(Bucket=self.bucket, Key=self._name(key))
        except ClientError as exc:
            if self._missing(exc):
                return None
            raise
        body = answer["Body"]

        def chunks():
            with body:
                yield from body.iter_chunks(CHUNK)
        return chunks()

    def local_path(self, key) -> Path | None:
        return None

    def keys(self, area: str) -> Iterator[str]:
        start = f"{self.prefix}/{area}/" if self.prefix else f"{area}/"
        cut = len(self.prefix) + 1 if self.prefix else 0
        for page in self.client.get_paginator("list_objects_v2").paginate(
                Bucket=self.bucket, Prefix=start):
            for item in page.get("Contents", []):
                yield item["Key"][cut:]

    def listing(self, area: str) -> Iterator[tuple[str, dt.datetime]]:
        start = f"{self.prefix}/{area}/" if self.prefix else f"{area}/"
        cut = len(self.prefix) + 1 if self.prefix else 0
        for page in self.client.get_paginator("list_objects_v2").paginate(
                Bucket=self.bucket, Prefix=start):
            for item in page.get("Contents", []):
                yield item["Key"][cut:], item["LastModified"].astimezone(dt.UTC)


# ---------------------------------------------------------------- the one in use

@functools.lru_cache(maxsize=4)
def _s3(url: str) -> S3Storage:
    return S3Storage(url)


_LOCAL = LocalStorage()


def get_storage() -> Storage:
    """The store ``COMMUNITY_STORAGE_URL`` names (read at call time), else the local folders."""
    url = os.environ.get("COMMUNITY_STORAGE_URL", "").strip()
    return _s3(url) if url else _LOCAL


def spooled_file() -> tempfile.SpooledTemporaryFile:
    """A scratch file for building something before it is stored: in memory up to 16 MB,
    then in the system's temporary folder (never the node's var/)."""
    return tempfile.SpooledTemporaryFile(max_size=16 * 1024 * 1024, mode="w+b")
