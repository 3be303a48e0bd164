"""What the jobs pages show: salary and label texts, the list's address, safe contact
links, free text as paragraphs and lists, and a page of cards from the service."""

from __future__ import annotations

import datetime as dt

import pytest

from community_app.core.db import utcnow
from community_app.state.job_detail import TextBlock, parse_job_id, text_blocks
from community_app.state.job_texts import (
    city_choice,
    initials,
    job_type_texts,
    location_texts,
    phone_href,
    posted_texts,
    safe_email,
    safe_website,
    salary_texts,
)
from community_app.state.jobs import ALL, ListQuery, fetch_cards
from tests.api.factories import make_job


def test_salary_ranges_in_korean_won_with_thousands_separators_and_their_unit():
    assert salary_texts(55_000_000, 80_000_000)["en"] == "₩55,000,000 – ₩80,000,000 a year"
    uz = salary_texts(55_000_000, 80_000_000)["uz"]
    assert "55\xa0000\xa0000" in uz and "80\xa0000\xa0000" in uz and uz.startswith("yiliga ")
    assert salary_texts(30_000_000, 30_000_000)["en"] == "₩30,000,000 a year"
    assert salary_texts(30_000_000, None)["en"] == "From ₩30,000,000 a year"
    assert salary_texts(None, 40_000_000)["en"] == "Up to ₩40,000,000 a year"
    assert salary_texts(None, None)["en"] == "Salary not disclosed"


def test_labels_in_both_languages():
    assert job_type_texts("FULL_TIME")["en"] == "Full-time"
    assert job_type_texts("SOMETHING")["en"] == "SOMETHING"
    assert location_texts("seoul")["en"] == "Seoul"  # a known city, shown translated
    assert location_texts("Jeju")["uz"] == "Jeju"  # any other place as written
    assert city_choice(" BUSAN ") == "Busan"
    assert city_choice("Jeju") is None


def test_posted_is_relative_to_now():
    now = dt.datetime(2026, 11, 21, 12, tzinfo=dt.UTC)
    assert posted_texts(now - dt.timedelta(days=2), now)["en"] == "Posted 2 days ago"


def test_the_address_holds_the_filters_and_never_fails():
    query = ListQuery.from_params(
        {"search": " react ", "location": "busan", "type": "part-time", "status": "closed",
         "sort": "company"}
    )
    assert query == ListQuery("react", "Busan", "PART_TIME", "CLOSED", "company")
    assert query.url() == "/jobs?search=react&location=Busan&type=PART_TIME&status=CLOSED&sort=company"
    assert ListQuery.from_params(query.to_params()) == query
    assert query.has_filters

    odd = ListQuery.from_params({"location": "Mars", "type": "x", "status": "PENDING", "sort": "?"})
    assert odd == ListQuery()  # PENDING is never public: back to the defaults
    assert ListQuery().url() == "/jobs"
    assert not ListQuery(sort="oldest").has_filters  # the sort is not a filter
    assert not ListQuery(search="   ").has_filters
    filters = ListQuery(search="  ", location=ALL).filters()
    assert filters.search is None and filters.location is None and filters.status == "OPEN"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("https://example.com/careers", "https://example.com/careers"),
        ("http://example.com", "http://example.com"),
        ("example.com/jobs", "https://example.com/jobs"),
        ("javascript:alert(1)", ""),
        ("data:text/html,hi", ""),
        ("ftp://example.com", ""),
        ("not a url", ""),
        (None, ""),
    ],
)
def test_only_web_addresses_become_links(value, expected):
    assert safe_website(value) == expected


def test_email_phone_and_initials():
    assert safe_email("jobs@example.com") == "jobs@example.com"
    assert safe_email("jobs@example.com?cc=x y") == ""
    assert safe_email("no-at-sign") == ""
    assert phone_href("02-6952-3108") == "tel:0269523108"
    assert phone_href("") == ""
    assert initials("Sardor", "Aliev", "sardor") == "SA"
    assert initials("", "", "nilufar") == "N"


def test_free_text_becomes_paragraphs_and_lists():
    text = "First line\nsame paragraph.\n\nSecond.\n- one\n- two\n\n* three\nAfter."
    assert text_blocks(text) == [
        TextBlock(text="First line same paragraph."),
        TextBlock(text="Second."),
        TextBlock(bullets=["one", "two", "three"]),
        TextBlock(text="After."),
    ]
    assert text_blocks("") == []
    assert text_blocks("<b>not markup</b>") == [TextBlock(text="<b>not markup</b>")]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("12", 12), ("0", None), ("-1", None), ("abc", None), ("1" * 19, None), ("١٢", None)],
)
def test_job_ids_from_the_address(raw, expected):
    assert parse_job_id(raw) == expected


def test_a_page_of_cards(engine):
    soon = utcnow() + dt.timedelta(days=10)
    for n in range(12):
        make_job(engine, title=f"Job {n}", company_name=f"Co {n:02d}", days_ago=n + 1,
                 expires_at=soon, technologies=["A", "B", "C", "D", "E", "F"])
    make_job(engine, title="Waiting", status="PENDING", days_ago=0.1)
    make_job(engine, title="Busan job", location="Busan", days_ago=20, job_type="CONTRACT")

    cards, total = fetch_cards(ListQuery(), 0, engine)
    assert total == 13 and len(cards) == 10
    assert cards[0].title == "Job 0" and cards[0].href == f"/jobs/{cards[0].id}"
    assert cards[0].technologies == ["A", "B", "C", "D"] and cards[0].more_technologies == 2
    more, _ = fetch_cards(ListQuery(), 1, engine)
    assert [c.title for c in more] == ["Job 10", "Job 11", "Busan job"]

    busan, total = fetch_cards(ListQuery(location="Busan", job_type="CONTRACT"), 0, engine)
    assert total == 1 and busan[0].location["en"] == "Busan" and busan[0].job_type["en"] == "Contract"
    oldest, _ = fetch_cards(ListQuery(sort="oldest"), 0, engine)
    assert oldest[0].title == "Busan job"


def test_the_job_page_shows_the_visa_and_language_facts_its_card_shows(engine):
    from sqlmodel import Session

    from community_app.services import jobs as job_service
    from community_app.state.job_detail import job_page
    from community_app.state.job_texts import job_card

    job = make_job(engine, visas=["E-7", "F-2"], visa_sponsorship=True, korean_level="TOPIK_3",
                   working_languages=["en", "ko"], job_type="PART_TIME",
                   salary_min=20_000_000, salary_max=24_000_000)
    with Session(engine) as session:
        view = job_service.get_job(session, job.id)
    page, card = job_page(view), job_card(view, utcnow())
    for shown in (page, card):
        assert (shown.visas, shown.sponsorship) == (["E-7", "F-2"], True)
        assert shown.korean["en"] == "Korean: TOPIK 3"
        assert shown.languages["en"] == "English, Korean"
        assert shown.salary["en"] == "₩20,000,000 – ₩24,000,000 a year"


def test_a_post_needing_no_korean_says_so_without_korean_twice():
    """Issue 42: the card said "Koreys tili: Koreys tili shart emas" (Korean: No Korean needed)."""
    from community_app.state.job_texts import korean_texts

    assert korean_texts("NONE") == {"en": "No Korean needed", "uz": "Koreys tili shart emas"}
    assert korean_texts("TOPIK_2")["en"] == "Korean: TOPIK 2"
    assert korean_texts(None) == {}
