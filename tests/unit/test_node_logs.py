"""Logs an operator reads across nodes (issue 25): every line names its node; the
scheduler logs what it did, not that it found nothing to do."""

from __future__ import annotations

import io
import json
import logging

from community_app.core import logs
from community_app.services import scheduler


def _line(monkeypatch, fmt: str) -> str:
    monkeypatch.setenv("COMMUNITY_NODE_NAME", "node-b")
    monkeypatch.setenv("COMMUNITY_LOG_FORMAT", fmt)
    monkeypatch.setattr(logs, "_configured", False)
    app_log = logging.getLogger("community_app")
    before = list(app_log.handlers)
    logs.configure_logging()
    handler = next(h for h in app_log.handlers if h not in before)
    out = io.StringIO()
    handler.setStream(out)
    try:
        logging.getLogger("community_app.services.scheduler").warning("something happened")
    finally:
        app_log.removeHandler(handler)
    return out.getvalue()


def test_every_line_names_its_node(monkeypatch):
    assert " node-b WARNING community_app.services.scheduler: something happened" in _line(monkeypatch, "")
    record = json.loads(_line(monkeypatch, "json"))
    assert record["node"] == "node-b" and record["message"] == "something happened"


def test_without_a_name_the_host_name(monkeypatch):
    import socket

    monkeypatch.delenv("COMMUNITY_NODE_NAME", raising=False)
    assert logs.node_name() == socket.gethostname()


def test_the_scheduler_logs_only_the_work_it_did():
    quiet = {"mail-queue": "", "build-data-exports": "0 exports built, 0 expired",
             "erase-accounts": "0 accounts erased", "reminders": "queued 0"}
    assert scheduler.work_done(quiet) == {}
    busy = {**quiet, "build-data-exports": "1 exports built, 0 expired", "mail-queue": "sent: 3",
            "erase-accounts": "failed"}
    assert scheduler.work_done(busy) == {
        "build-data-exports": "1 exports built, 0 expired", "mail-queue": "sent: 3",
        "erase-accounts": "failed"}
