"""Korea-time dates in both languages and the relative-time buckets of SPEC section 9."""

from __future__ import annotations

import datetime as dt

import pytest

from community_app.i18n.dates import date_texts, relative_texts, time_texts

NOW = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)


def test_dates_and_times_are_in_korea_time():
    late = dt.datetime(2026, 11, 21, 16, 30, tzinfo=dt.UTC)  # 01:30 next day in Seoul
    assert date_texts(late)["en"] == "Nov 22, 2026"
    assert date_texts(late)["uz"].startswith("22-")
    times = time_texts(late)
    assert times["uz"] == "01:30"
    assert times["en"].startswith("1:30") and times["en"].endswith("AM")


def test_bad_input_gives_the_spec_texts():
    assert date_texts(None)["en"] == "Invalid date"
    assert time_texts("x")["en"] == "Invalid time"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ago", "en"),
    [
        (dt.timedelta(seconds=59), "just now"),
        (dt.timedelta(seconds=60), "1 minute ago"),
        (dt.timedelta(minutes=59), "59 minutes ago"),
        (dt.timedelta(hours=1), "1 hour ago"),
        (dt.timedelta(hours=23), "23 hours ago"),
        (dt.timedelta(days=1), "1 day ago"),
        (dt.timedelta(days=29), "29 days ago"),
        (dt.timedelta(days=30), "1 month ago"),
        (dt.timedelta(days=359), "11 months ago"),
        (dt.timedelta(days=400), "1 year ago"),
        (dt.timedelta(days=800), "2 years ago"),
    ],
)
def test_relative_time_buckets(ago, en):
    texts = relative_texts(NOW - ago, now=NOW)
    assert texts["en"] == en
    assert texts["uz"] and texts["uz"] != en
