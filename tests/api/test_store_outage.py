"""The object store down (issue 40): a data export that could not be written is tried again
by the scheduler and built once the store is back, or given up after its last retry (FAILED:
the member asks again); an existing photo answers 503 while the store is away, never 500.

The store is moto's S3 server of this test alone (the session's one is shared), stopped and
started again on the same port: moto keeps its buckets in the process, so the files written
before the outage are there after it, as with a real store's restart."""

from __future__ import annotations

import datetime as dt
import io
import logging

import pytest
from PIL import Image
from sqlmodel import Session

from community_app.core.db import utcnow
from community_app.services import uploads
from community_app.services.privacy import export as exports
from tests.object_store import new_bucket

ME = "/api/v1/users/me"


class Store:
    """A moto S3 server on a fixed port, stopped and started at will."""

    def __init__(self) -> None:
        from moto.server import ThreadedMotoServer

        self._server_class = ThreadedMotoServer
        self.server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
        self.server.start()
        self.port = self.server.get_host_and_port()[1]
        self.bucket = new_bucket(f"http://127.0.0.1:{self.port}")

    def stop(self) -> None:
        self.server.stop()

    def start(self) -> None:
        self.server = self._server_class(ip_address="127.0.0.1", port=self.port, verbose=False)
        self.server.start()


@pytest.fixture
def store(monkeypatch):
    running = Store()
    monkeypatch.setenv("COMMUNITY_STORAGE_URL", running.bucket.url)
    yield running
    running.stop()


def _build(engine, at: dt.datetime) -> int:
    with Session(engine, expire_on_commit=False) as session:
        return exports.build_waiting_exports(session, at)


def _export(client, headers) -> dict:
    return client.get(f"{ME}/export", headers=headers).json()["data"]


def test_an_export_the_store_could_not_take_is_built_once_it_is_back(client, engine, make_user,
                                                                   store, caplog):
    _, headers = make_user()
    assert client.post(f"{ME}/export", headers=headers).status_code == 202
    store.stop()
    start = utcnow()
    caplog.set_level(logging.WARNING, logger=exports.__name__)
    assert _build(engine, start) == 0
    assert _export(client, headers)["status"] == "PENDING"  # waiting for its retry, not lost
    assert any("tried again" in r.getMessage() for r in caplog.records)
    store.start()
    assert _build(engine, start + dt.timedelta(seconds=30)) == 0  # not due yet: no new try
    assert _build(engine, start + exports.RETRY_AFTER[0]) == 1
    ready = _export(client, headers)
    assert ready["status"] == "READY" and ready["downloadUrl"]
    got = client.get(ready["downloadUrl"])
    assert got.status_code == 200 and got.content[:2] == b"PK"


def test_an_export_is_given_up_after_its_last_retry_and_can_be_asked_again(client, engine, make_user,
                                                                          store):
    _, headers = make_user()
    assert client.post(f"{ME}/export", headers=headers).status_code == 202
    store.stop()
    start = utcnow()
    statuses = []
    for after in (dt.timedelta(0), *exports.RETRY_AFTER):  # the first try, then each retry
        assert _build(engine, start + after) == 0
        statuses.append(_export(client, headers)["status"])
    assert statuses == ["PENDING", "PENDING", "PENDING", "FAILED"]
    assert _build(engine, start + dt.timedelta(hours=1)) == 0  # given up: no more tries
    assert _export(client, headers)["status"] == "FAILED"
    store.start()
    again = client.post(f"{ME}/export", headers=headers)
    assert again.status_code == 202 and again.json()["data"]["status"] == "PENDING"
    assert _build(engine, start + dt.timedelta(hours=1)) == 1
    assert _export(client, headers)["status"] == "READY"


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (30, 20), (10, 150, 90)).save(out, format="PNG")
    return out.getvalue()


def test_a_photo_answers_503_while_the_store_is_down(client, store):
    url = uploads.store_public_image(_png(), "public/news")
    assert client.get(url).status_code == 200
    store.stop()
    away = client.get(url, headers={"Accept-Language": "en"})
    assert away.status_code == 503
    assert away.json()["message"] == "Files cannot be read or saved right now. Please try again in a moment."
    store.start()
    back = client.get(url)
    assert back.status_code == 200 and back.content[8:12] == b"WEBP"
