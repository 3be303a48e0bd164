"""What the converted pages read before their update (``state/page_load.py``): the
reader alone decides what a visitor is shown, with no lock held."""

from __future__ import annotations


import pytest

from community_app.core.db import utcnow
from community_app.models import JobPost, User
from community_app.core import db
from community_app.services import cache
from community_app.state import confirm_sign_up, jobs
from community_app.state.page_load import PageRequest


@pytest.fixture
def scope(monkeypatch, engine):
    def session_scope(_engine=None):  # the app's unit of work, always on the test database
        return db.session_scope(engine)

    for module in (jobs, confirm_sign_up):
        monkeypatch.setattr(module, "session_scope", session_scope)
    return session_scope


def _job(title: str, visas: list[str]) -> JobPost:
    return JobPost(title=title, company_name="Acme", location="Seoul", description="...",
                   status="OPEN", visas=visas, created_at=utcnow())


def test_the_jobs_list_follows_the_members_visa_unless_the_address_names_one(scope):
    with scope() as s:
        s.add_all([_job("E7 job", ["E-7"]), _job("F2 job", ["F-2"])])
        member = User(email="lola@example.com", username="lola", first_name="Lola", visa_status="E-7")
        s.add(member)
    visitor = jobs.read_jobs(PageRequest("/jobs", {}, None))
    assert sorted(card.title for card in visitor.jobs) == ["E7 job", "F2 job"]
    assert (visitor.read.visa, visitor.member_visa) == (jobs.ALL, None)

    mine = jobs.read_jobs(PageRequest("/jobs", {}, member))
    assert [card.title for card in mine.jobs] == ["E7 job"]
    assert mine.read.visa == "E-7" and mine.address.visa == jobs.ALL  # the address is left as is

    asked = jobs.read_jobs(PageRequest("/jobs", {"visa": "F-2"}, member))
    assert [card.title for card in asked.jobs] == ["F2 job"]
    assert asked.member_visa is None


def test_the_jobs_list_is_never_read_under_the_lock(scope):
    with cache.only_cached(), pytest.raises(cache.Miss):
        jobs.read_jobs(PageRequest("/jobs", {}, None))


def test_a_used_or_unknown_sign_up_link_says_so_and_signs_nobody_in(scope):
    done = confirm_sign_up.read_confirmation(PageRequest("/signup/confirm/not-a-token", {}, None))
    assert done.pair is None and done.member is None
    assert done.failure.get("en")
    with cache.only_cached(), pytest.raises(cache.Miss):  # a write: never the cache-only pass
        confirm_sign_up.read_confirmation(PageRequest("/signup/confirm/x", {}, None))
