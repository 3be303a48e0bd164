"""The page registry (``ui/pages``: ``PAGES``, filled by ``@page``) is the one list of the
site's pages: the end-to-end frame, accessibility and sharing checks visit every page it
holds (tests/e2e/site_pages.py). That works only while every page can be given an
address: each ``[segment]`` has a value in every example of the page, and each value the
data must give (a ``routes.Sample``) is one the end-to-end checks know how to read."""

from __future__ import annotations

import dataclasses

import pytest

from community_app.core import routes
from community_app.ui.layouts import frame
from community_app.ui.pages import PAGES
from tests.e2e import site_pages


def missing_examples(pages) -> list[str]:
    """Each page and example whose values do not match the path's segments."""
    problems = []
    for page in pages:
        if not page.examples:
            problems.append(f"{page.path}: no example")
        for example in page.examples:
            if set(example) != set(page.segments):
                problems.append(f"{page.path}: example {dict(example)} for segments {page.segments}")
            for name, value in example.items():
                if not isinstance(value, routes.Sample) and (not value or "/" in value):
                    problems.append(f"{page.path}: {name}={value!r} is not one segment")
    return problems


def test_every_page_has_an_example_for_each_segment():
    assert missing_examples(PAGES) == []


def test_a_page_without_an_example_for_its_segment_is_named():
    """A new page at ``/things/[thing_id]``: no default in routes.SEGMENT_SAMPLES, no
    ``examples=`` in its ``@page``."""
    def body():  # pragma: no cover - never rendered
        raise AssertionError

    start = len(PAGES)
    try:
        frame.page("/things/[thing_id]", title="Things")(body)
        added = PAGES[start:]
    finally:
        del PAGES[start:]
        frame.PAGE_LOADS.pop("/things/[thing_id]", None)
    assert [p.path for p in added] == ["/things/[thing_id]"]
    assert missing_examples(added) == ["/things/[thing_id]: example {} for segments ('thing_id',)"]
    declared = dataclasses.replace(added[0], examples=({"thing_id": routes.Sample.NEWS},))
    assert missing_examples([declared]) == []
    assert declared.addresses({routes.Sample.NEWS: "7"}) == ["/things/7"]


def test_every_sample_is_read_by_the_end_to_end_checks():
    used = {value for page in PAGES for example in page.examples for value in example.values()
            if isinstance(value, routes.Sample)}
    assert used <= set(site_pages.READERS)
    assert set(site_pages.READERS) == set(routes.Sample)


def test_who_sees_each_page():
    by_path = {page.path: page for page in PAGES}
    assert len(by_path) == len(PAGES)  # one registration per address
    assert by_path[routes.MYPAGE].audience == frame.MEMBER
    assert {p.path for p in PAGES if p.audience == frame.ORGANIZER} == {
        getattr(routes, name) for name in dir(routes) if name.startswith("ADMIN")}
    public = {p.path for p in PAGES if p.audience == frame.VISITOR}
    assert {routes.SEARCH, routes.COMPLETE_TELEGRAM_ACCOUNT, routes.JOB_ALERT_UNSUBSCRIBE} <= public


@pytest.mark.parametrize("path, shared", [
    (routes.ABOUT, True), (routes.NEWS_DETAIL, True), (routes.MEMBER, True),
    (routes.SEARCH, False), (routes.RELEASE_SEAT, False), (routes.COMPLETE_ACCOUNT, False),
])
def test_a_shared_page_is_one_with_a_head_of_its_own(path, shared):
    assert next(p for p in PAGES if p.path == path).shared is shared


def test_addresses_fill_every_segment():
    page = next(p for p in PAGES if p.path == routes.ADMIN_MEETUP)
    samples = {routes.Sample.PAST_MEETUP: "3"}
    assert page.addresses(samples) == ["/admin/meetups/3", "/admin/meetups/new"]
    detail = next(p for p in PAGES if p.path == routes.EVENT_DETAIL)
    assert detail.addresses({routes.Sample.UPCOMING_MEETUP: "5", routes.Sample.PAST_MEETUP: "2"}) == [
        "/events/upcoming/details/5", "/events/past/details/2"]
