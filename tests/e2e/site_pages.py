"""Every page of the site at real addresses, read from the page registry (``PAGES``, filled
by ``@page``): the frame (test_frame.py), accessibility (test_accessibility.py) and
sharing (test_sharing.py) checks visit what this gives, so a new page is in all three
with no list edited.

A page's ``[segments]`` take the values its ``@page(examples=...)`` declares (or the
defaults of ``routes.SEGMENT_SAMPLES``); a value only the data can give (a
``routes.Sample``) is read here from the server's demo content, through the public REST
API like a client, or made once (a member with a seat and a public page)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import httpx
import jwt

from community_app.core.routes import Sample
from community_app.ui.layouts.frame import MEMBER, ORGANIZER, VISITOR, Route
from community_app.ui.pages import PAGES
from community_app.ui.pages.not_found import ROUTE as NOT_FOUND_ROUTE
from tests.e2e.accounts import api_register

API = "/api/v1"
NOT_FOUND = "/no/such/page"  # where the 404 page (Reflex's "404" route) is visited
AUDIENCES = (VISITOR, MEMBER, ORGANIZER)


def pages(audience: str) -> list[Route]:
    """The registered pages that ``audience`` may see (each role's own, not the public ones)."""
    assert audience in AUDIENCES, audience
    return [page for page in PAGES if page.audience == audience]


def addresses(route: Route, samples: dict[Sample, str]) -> list[str]:
    if route.path == NOT_FOUND_ROUTE:
        return [NOT_FOUND]
    return route.addresses(samples)


def all_addresses(audience: str, samples: dict[Sample, str]) -> list[str]:
    return [address for page in pages(audience) for address in addresses(page, samples)]


# --- the samples ------------------------------------------------------------------------


def _first_id(site, path: str, **params: str) -> str:
    answer = httpx.get(f"{site.url}{API}{path}", params=params, timeout=30)
    assert answer.status_code == 200, answer.text
    return str(answer.json()["data"]["content"][0]["id"])


def _published_post(site) -> str:
    from tests.e2e.public_site_helpers import scalar

    return str(scalar(site, "SELECT id FROM blog_posts WHERE status = 'PUBLISHED' ORDER BY id LIMIT 1"))


def member_with_a_seat(site, email: str, phone: str) -> tuple[str, dict, dict]:
    """A new member holding a seat at an upcoming meetup (no approval needed): their access
    token, the meetup and the registration, as the REST API gives them."""
    from tests.e2e.test_admin import PASSWORD, _token

    r = httpx.post(f"{site.url}{API}/auth/register", json={
        "email": email, "phone": phone, "password": PASSWORD, "confirmPassword": PASSWORD})
    assert r.status_code == 202, r.text
    token = _token(site, email)
    meetups = httpx.get(f"{site.url}{API}/public/meetups",
                        params={"type": "upcoming", "size": 50}).json()["data"]["content"]
    meetup = next(m for m in meetups if m["availableSeats"] > 3 and not m["requiresApproval"])
    return token, meetup, api_register(site, meetup["id"], token)


def past_talk(site) -> dict[str, str]:
    """The demo's first talk of a past meetup with slides and a recording: its page's
    ``<id>-<slug>`` and its first speaker's, as the REST API gives them."""
    talks = httpx.get(f"{site.url}{API}/public/talks").json()["data"]
    talk = next(t for t in talks if t["slides"] and t["recording"] and t["speakers"]
                and t["startsAt"] < dt.datetime.now(dt.UTC).isoformat())
    speaker = talk["speakers"][0]
    return {"ref": f"{talk['id']}-{talk['slug']}", "speaker_ref": f"{speaker['id']}-{speaker['slug']}",
            "title": talk["title"], "speaker": speaker["name"], "abstract": talk["abstract"]}


_HOLDERS: dict[str, dict[str, str]] = {}  # per server: made once a session


def seat_holder(site) -> dict[str, str]:
    """A member with a seat, their page switched on, and the token of the reminder's
    release link of their seat (signed as services/meetups/release.py signs it, with the
    site's secret): the first visit releases the seat, later ones say it was released."""
    if site.url in _HOLDERS:
        return _HOLDERS[site.url]
    from community_app.services.meetups import release

    token, meetup, registration = member_with_a_seat(site, "a11y-release@example.com",
                                                     "01088880002")
    bearer = {"Authorization": f"Bearer {token}"}
    r = httpx.patch(f"{site.url}{API}/users/details", headers=bearer, json={"publicProfile": True})
    assert r.status_code == 200, r.text
    secret = (Path(site.env["COMMUNITY_VAR_DIR"]) / "secret_key").read_text().strip()
    claims = {"typ": release.KIND, "sub": str(r.json()["data"]["id"]), "reg": registration["id"],
              "exp": dt.datetime.fromisoformat(meetup["startTime"])}
    _HOLDERS[site.url] = {"username": r.json()["data"]["username"],
                          "release": jwt.encode(claims, secret, algorithm=release.ALGORITHM)}
    return _HOLDERS[site.url]


READERS: dict[Sample, Callable[[object], str]] = {
    Sample.NEWS: lambda site: _first_id(site, "/public/news"),
    Sample.UPCOMING_MEETUP: lambda site: _first_id(site, "/public/meetups", type="upcoming"),
    Sample.PAST_MEETUP: lambda site: _first_id(site, "/public/meetups", type="past"),
    Sample.OPEN_JOB: lambda site: _first_id(site, "/public/job-posts"),
    Sample.BLOG_POST: _published_post,
    Sample.PUBLIC_MEMBER: lambda site: seat_holder(site)["username"],
    Sample.SEAT_RELEASE: lambda site: seat_holder(site)["release"],
    Sample.PAST_TALK: lambda site: past_talk(site)["ref"],
    Sample.SPEAKER: lambda site: past_talk(site)["speaker_ref"],
}


def read_samples(site) -> dict[Sample, str]:
    return {sample: READERS[sample](site) for sample in Sample}
