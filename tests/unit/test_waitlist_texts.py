"""What the register page tells a member on a waitlist (state/event_waitlist.py): how
long a freed seat is held for them, from the real claim window, in both languages."""

from __future__ import annotations

import datetime as dt

from community_app.state.event_waitlist import hold_texts


def test_the_hold_names_the_claim_window_of_an_offer_made_now(monkeypatch):
    monkeypatch.delenv("COMMUNITY_WAITLIST_CLAIM_HOURS", raising=False)
    now = dt.datetime(2026, 11, 26, 3, 0, tzinfo=dt.UTC)
    far = hold_texts(now + dt.timedelta(days=10), now)
    assert far["en"] == "If a seat frees up, we email you and hold it for you for 24 hours."
    assert "24 soat" in far["uz"]
    # Eight hours before the start an offer stays open a quarter of the time left.
    assert "for 2 hours." in hold_texts(now + dt.timedelta(hours=8), now)["en"]
    monkeypatch.setenv("COMMUNITY_WAITLIST_CLAIM_HOURS", "12")
    assert "for 12 hours." in hold_texts(now + dt.timedelta(days=10), now)["en"]
