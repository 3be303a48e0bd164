"""The home page's helpers: statistics rows, the next-meetup card, seats alert, icons."""

from __future__ import annotations

import datetime as dt

from reflex_components_lucide.icon import LUCIDE_ICON_LIST

from community_app.demo.site_copy import AFFILIATED_PROJECTS, BENEFITS
from community_app.services.content import BenefitView, ProjectView
from community_app.services.meetups import MeetupView
from community_app.services.statistics import Measure, Statistics
from community_app.state.home import (
    FEW_SEATS,
    benefit_item,
    iso_utc,
    next_meetup_card,
    project_item,
    safe_icon,
    seats_alert,
    statistics_rows,
)


def _meetup(available: int = 30, max_seats: int = 50, starts_at=None) -> MeetupView:
    starts = starts_at or dt.datetime(2026, 3, 7, 5, 0, tzinfo=dt.UTC)  # 14:00 in Seoul
    return MeetupView(
        id=7, title="Seoul Tech Night", description="d", location="Gangnam, Seoul",
        starts_at=starts, ends_at=starts + dt.timedelta(hours=3), max_seats=max_seats,
        available_seats=available, registered_count=max_seats - available, image_url=None,
        image_name=None, parking=False, provided="", requires_approval=False,
        organizer_id=None, is_past=False,
    )


def test_statistics_rows_keep_order_counts_progress_and_both_languages():
    stats = Statistics(
        speakers=Measure(12, 50, "Active"),
        meetups=Measure(10, 20, "Growing"),
        members=Measure(400, 300, "Expanding"),
    )
    rows = statistics_rows(stats)
    assert [r["key"] for r in rows] == ["speakers", "meetups", "members"]
    assert [(r["current"], r["target"], r["percent"]) for r in rows] == [
        (12, 50, 24), (10, 20, 50), (400, 300, 100),
    ]
    assert [r["badge_en"] for r in rows] == ["Active", "Growing", "Expanding"]
    assert rows[0]["label_en"] == "Expert speakers"
    assert all(r["badge_uz"] and r["label_uz"] for r in rows)
    assert all(r["icon"].replace("-", "_") in LUCIDE_ICON_LIST for r in rows)


def test_seats_alert_wording_by_seats_left():
    assert seats_alert(0, 50)["en"] == "All seats are taken: this meetup is full."
    assert seats_alert(1, 50)["en"] == "Hurry: only 1 seat left!"
    assert seats_alert(FEW_SEATS, 50)["en"] == f"Hurry: only {FEW_SEATS} seats left!"
    assert seats_alert(FEW_SEATS + 1, 50)["en"] == f"{FEW_SEATS + 1} of 50 seats still available"
    assert set(seats_alert(3, 50)) == {"en", "uz"}


def test_iso_utc_treats_naive_values_as_utc():
    assert iso_utc(dt.datetime(2026, 3, 7, 5, 0)) == "2026-03-07T05:00:00+00:00"
    seoul = dt.timezone(dt.timedelta(hours=9))
    assert iso_utc(dt.datetime(2026, 3, 7, 14, 0, tzinfo=seoul)) == "2026-03-07T05:00:00+00:00"


def test_next_meetup_card_links_korea_time_and_flags():
    card = next_meetup_card(_meetup(available=4))
    assert card["register_url"] == "/events/upcoming/register/7"
    assert card["details_url"] == "/events/upcoming/details/7"
    assert card["starts_at"] == "2026-03-07T05:00:00+00:00"
    assert "Saturday" in card["date_en"] and "2026" in card["date_en"]
    assert card["time_en"] == "2:00\u202fPM" or card["time_en"].startswith("2:00")
    assert card["time_uz"] == "14:00"
    assert card["few"] is True and card["full"] is False
    assert card["seats_en"] == "Hurry: only 4 seats left!"
    full = next_meetup_card(_meetup(available=0))
    assert full["full"] is True and full["few"] is False


def test_safe_icon_accepts_stored_snake_case_and_falls_back():
    assert safe_icon("graduation_cap") == "graduation_cap"
    assert safe_icon("graduation-cap") == "graduation_cap"
    assert safe_icon("no-such-icon") == "star"
    assert safe_icon("") == "star"


def test_every_demo_benefit_icon_exists_in_lucide():
    for benefit in BENEFITS:
        assert benefit["icon"] in LUCIDE_ICON_LIST, benefit["icon"]
    assert len(BENEFITS) == 6 and len(AFFILIATED_PROJECTS) == 6


def test_items_fall_back_to_english_and_drop_unsafe_links():
    project = project_item(ProjectView(1, "X", "javascript:alert(1)", "English", ""))
    assert project["url"] == "" and project["description_uz"] == "English"
    assert project_item(ProjectView(2, "Y", "https://github.com/x", "e", "u"))["url"] == "https://github.com/x"
    benefit = benefit_item(BenefitView(1, "nope", "Title", "", "Text", ""))
    assert benefit["icon"] == "star"
    assert benefit["title_uz"] == "Title" and benefit["description_uz"] == "Text"
