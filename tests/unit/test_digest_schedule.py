"""When the personal digest comes (services/digest/member_choices.next_digest): at the member's hour in
Korea time, daily, on Mondays, on the 1st of the month."""

from __future__ import annotations

import datetime as dt

import pytest

from community_app.services.digest import member_choices
from community_app.services.errors import Invalid

KST = dt.timezone(dt.timedelta(hours=9))


def _korea(value: dt.datetime) -> dt.datetime:
    return value.astimezone(KST)


@pytest.mark.parametrize(("frequency", "after", "expected"), [
    # Monday 2026-12-07 18:30 in Korea: the 09:00 of today has passed.
    ("DAILY", dt.datetime(2026, 12, 7, 18, 30, tzinfo=KST), dt.datetime(2026, 12, 8, 9, 0, tzinfo=KST)),
    ("DAILY", dt.datetime(2026, 12, 7, 8, 59, tzinfo=KST), dt.datetime(2026, 12, 7, 9, 0, tzinfo=KST)),
    ("WEEKLY", dt.datetime(2026, 12, 7, 18, 30, tzinfo=KST), dt.datetime(2026, 12, 14, 9, 0, tzinfo=KST)),
    ("WEEKLY", dt.datetime(2026, 12, 9, 7, 0, tzinfo=KST), dt.datetime(2026, 12, 14, 9, 0, tzinfo=KST)),
    ("MONTHLY", dt.datetime(2026, 12, 7, 18, 30, tzinfo=KST), dt.datetime(2027, 1, 1, 9, 0, tzinfo=KST)),
    ("MONTHLY", dt.datetime(2026, 12, 1, 8, 0, tzinfo=KST), dt.datetime(2026, 12, 1, 9, 0, tzinfo=KST)),
])
def test_the_next_digest_is_at_nine_korea_time_of_the_right_day(frequency, after, expected):
    got = member_choices.next_digest(frequency, 9, after.astimezone(dt.UTC))
    assert got.tzinfo is not None and _korea(got) == expected


def test_the_members_hour_is_korea_time_whatever_the_servers_clock():
    after = dt.datetime(2026, 12, 7, 0, 30, tzinfo=dt.UTC)  # 09:30 in Korea
    assert _korea(member_choices.next_digest("DAILY", 21, after)) == dt.datetime(2026, 12, 7, 21, 0, tzinfo=KST)
    assert _korea(member_choices.next_digest("DAILY", 0, after)) == dt.datetime(2026, 12, 8, 0, 0, tzinfo=KST)


@pytest.mark.parametrize("hour", [-1, 24, "noon", None])
def test_an_hour_outside_the_day_is_refused(hour):
    with pytest.raises(Invalid):
        member_choices.parse_hour(hour)


def test_an_unknown_frequency_is_refused_and_a_known_one_in_any_case_is_taken():
    assert member_choices.parse_frequency("monthly") == "MONTHLY"
    with pytest.raises(Invalid):
        member_choices.parse_frequency("HOURLY")
