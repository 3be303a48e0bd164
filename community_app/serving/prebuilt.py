"""A node started from a copied build serves it (docs/operations.md): ``COMMUNITY_PREBUILT=1``
with ``reflex run --env prod --backend-only``. On with the Reflex extensions on and off: it
sets Reflex's public environment setting, nothing else."""

from __future__ import annotations

import os

PREBUILT = "COMMUNITY_PREBUILT"


def serve_prebuilt_client() -> None:
    """With ``COMMUNITY_PREBUILT=1``, ``reflex run --env prod --backend-only`` also serves
    the client built before (``make build``, then copied to the node) as ``reflex run --env
    prod`` serves the one it has just built: one build for every node, none on a node.
    Called by the app module, which every server worker imports before it serves (Reflex
    reads ``REFLEX_MOUNT_FRONTEND_COMPILED_APP`` when it assembles the server). Builds are
    the same on every machine thanks to ``reflex_ext/identical_build.py``."""
    if os.environ.get(PREBUILT, "").strip() != "1":
        return
    from reflex_base.environment import environment

    environment.REFLEX_MOUNT_FRONTEND_COMPILED_APP.set(True)
