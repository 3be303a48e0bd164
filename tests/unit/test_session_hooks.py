"""What every session does around its writes is installed at start, once, and importing
a module installs nothing (services/session_hooks.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

COUNT = """
from sqlalchemy.orm import Session
import community_app.models, community_app.services.cache, community_app.services.search_index
import community_app.services.privacy, community_app.services.meetups
from community_app.models import MeetupRegistration
from community_app.services import session_hooks

def count():
    return sum(len(getattr(Session().dispatch, e)) for e in ("after_flush", "do_orm_execute",
        "before_commit", "after_commit", "after_rollback")) + len(
        MeetupRegistration.__mapper__.dispatch.after_insert)

before = count()
session_hooks.install()
once = count()
session_hooks.install()
print(before, once, count())
"""


def test_importing_installs_nothing_and_install_adds_one_listener_per_event_once():
    out = subprocess.run([sys.executable, "-c", COUNT], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=120).stdout.split()
    before, once, twice = map(int, out)
    assert before == 0
    # after_flush, do_orm_execute, before_commit, after_commit, after_rollback: one each,
    # and the registration's consent.
    assert once == twice == 6

