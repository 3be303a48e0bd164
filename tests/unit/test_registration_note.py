"""The browser's note of a registration it sent and never had the answer to
(state/event_register.py, issue 40): which notes the page reads."""

from __future__ import annotations

import json

from community_app.state.event_register import REMEMBER_SENT, SENT_KEY, unanswered_sent_form

PATH = "/events/upcoming/register/7"
NOW_MS = 1_800_000_000_000
ANSWERS = {"attendanceReason": "networking", "interestedField": "mobile",
           "expectation": "Meet other mobile developers.", "consent": "on"}


def note(path: str = PATH, age_s: float = 5, form=ANSWERS) -> str:
    return json.dumps({"path": path, "at": NOW_MS - age_s * 1000, "form": form})


def test_a_recent_note_of_this_page_gives_the_answers_sent():
    assert unanswered_sent_form(note(), PATH, now_ms=NOW_MS) == ANSWERS
    assert unanswered_sent_form(note(path=PATH + "/"), PATH, now_ms=NOW_MS) == ANSWERS


def test_no_note_another_pages_an_old_or_an_unreadable_one_gives_nothing():
    assert unanswered_sent_form("", PATH, now_ms=NOW_MS) is None
    assert unanswered_sent_form(note(path="/events/upcoming/register/8"), PATH, now_ms=NOW_MS) is None
    assert unanswered_sent_form(note(age_s=31 * 60), PATH, now_ms=NOW_MS) is None
    for broken in ("{", "[]", '"text"', json.dumps({"path": PATH}), note(form="answers"),
                   json.dumps({"path": PATH, "at": "soon", "form": ANSWERS})):
        assert unanswered_sent_form(broken, PATH, now_ms=NOW_MS) is None, broken


def test_the_script_writes_the_note_the_page_reads():
    assert f"localStorage.setItem('{SENT_KEY}'" in REMEMBER_SENT
    for field in ("path: window.location.pathname", "at: Date.now()", "form: answers"):
        assert field in REMEMBER_SENT
