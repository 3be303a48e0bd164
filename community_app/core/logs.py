"""Logging: plain lines in development, one JSON object per line when
``COMMUNITY_LOG_FORMAT=json`` (for a log collector), via python-json-logger.

With ``COMMUNITY_ACCESS_LOG=1`` each request answered is logged by ``community_app.access``
(method, path, status, milliseconds); off by default, as a reverse proxy usually keeps
the access log. Sign-in failures and emails are logged by their services (never secrets).

Every line names the node it comes from (``COMMUNITY_NODE_NAME``, else the host name), so
the logs of several app nodes can be read together (docs/operations.md).
"""

from __future__ import annotations

import logging
import os
import socket

_configured = False


def node_name() -> str:
    """This node's name in the logs: ``COMMUNITY_NODE_NAME``, else the machine's host name."""
    return os.environ.get("COMMUNITY_NODE_NAME", "").strip() or socket.gethostname()


class NodeName(logging.Filter):
    """Puts ``node`` on every record the site's handler writes."""

    def __init__(self, node: str) -> None:
        super().__init__()
        self.node = node

    def filter(self, record: logging.LogRecord) -> bool:
        record.node = self.node
        return True


def configure_logging() -> None:
    global _configured
    if _configured:
        return
    _configured = True
    level = os.environ.get("COMMUNITY_LOG_LEVEL", "INFO").upper()
    handler = logging.StreamHandler()
    handler.addFilter(NodeName(node_name()))
    if os.environ.get("COMMUNITY_LOG_FORMAT", "").strip().lower() == "json":
        from pythonjsonlogger.json import JsonFormatter

        handler.setFormatter(JsonFormatter(
            "%(asctime)s %(node)s %(levelname)s %(name)s %(message)s",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        ))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(node)s %(levelname)s %(name)s: %(message)s"))
    app_log = logging.getLogger("community_app")
    app_log.addHandler(handler)
    app_log.setLevel(level)
    app_log.propagate = False
    access = os.environ.get("COMMUNITY_ACCESS_LOG", "").strip().lower() in {"1", "true", "yes", "on"}
    logging.getLogger("community_app.access").setLevel(logging.INFO if access else logging.WARNING)
