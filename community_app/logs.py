"""Logging: plain lines in development, one JSON object per line when
``COMMUNITY_LOG_FORMAT=json`` (for a log collector), via python-json-logger.

With ``COMMUNITY_ACCESS_LOG=1`` each request answered is logged by ``community_app.access``
(method, path, status, milliseconds); off by default, as a reverse proxy usually keeps
the access log. Sign-in failures and emails are logged by their services (never secrets).
"""

from __future__ import annotations

import logging
import os

_configured = False


def configure_logging() -> None:
    global _configured
    if _configured:
        return
    _configured = True
    level = os.environ.get("COMMUNITY_LOG_LEVEL", "INFO").upper()
    handler = logging.StreamHandler()
    if os.environ.get("COMMUNITY_LOG_FORMAT", "").strip().lower() == "json":
        from pythonjsonlogger.json import JsonFormatter

        handler.setFormatter(JsonFormatter(
            "%(asctime)s %(levelname)s %(name)s %(message)s",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        ))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    app_log = logging.getLogger("community_app")
    app_log.addHandler(handler)
    app_log.setLevel(level)
    app_log.propagate = False
    access = os.environ.get("COMMUNITY_ACCESS_LOG", "").strip().lower() in {"1", "true", "yes", "on"}
    logging.getLogger("community_app.access").setLevel(logging.INFO if access else logging.WARNING)
