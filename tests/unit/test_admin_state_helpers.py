"""Helpers of the /admin states: every recorded action has a label for people, times
read in Korea time in both languages, and controls that send lists are understood."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from community_app.models import ApplicationStatus
from community_app.state.admin import one, stamp
from community_app.state.admin_settings import ACTION_LABELS

SERVICES = Path(__file__).resolve().parents[2] / "community_app" / "services"


def test_every_recorded_action_has_a_label():
    # Every "thing.action" text in any service (the audit's actions are written so);
    # the dotted texts that are not actions (files, hosts, a table's column) left out.
    not_actions = {"json", "csv", "pdf", "html", "com", "kr", "be", "column", "label_en", "full_name",
                   "title"}
    recorded = set()
    for path in SERVICES.rglob("*.py"):
        recorded |= {found for found in re.findall(r'"([a-z_]+\.[a-z_]+)"', path.read_text())
                     if found.split(".")[1] not in not_actions}
    recorded |= {f"speaker_application.{s.lower()}" for s in ApplicationStatus.values()
                 if s != "NEW"}
    assert recorded and recorded <= set(ACTION_LABELS), recorded - set(ACTION_LABELS)


def test_stamp_is_korea_time_in_both_languages():
    value = dt.datetime(2026, 11, 21, 10, 0, tzinfo=dt.UTC)
    texts = stamp(value)
    assert set(texts) == {"en", "uz"}
    assert "2026" in texts["en"] and "7:00" in texts["en"]
    assert stamp(None) == {"en": "", "uz": ""}


def test_one_value_of_a_control():
    assert one(["past"]) == "past"
    assert one([]) == ""
    assert one("all") == "all"
