"""Site copy comes back ordered, in both languages."""

from __future__ import annotations

from community_app.demo import load_demo
from community_app.models import TeamRole
from community_app.services.content import list_benefits, list_projects, list_team


def test_site_copy_from_the_demo(session):
    load_demo(session)
    projects = list_projects(session)
    assert len(projects) == 6 and all(p.url.startswith("https://") for p in projects)
    benefits = list_benefits(session)
    assert len(benefits) == 6 and all(b.title_en and b.title_uz for b in benefits)
    organizers = list_team(session, TeamRole.ORGANIZER)
    contributors = list_team(session, TeamRole.CONTRIBUTOR)
    assert organizers and contributors
    assert {p.kind for p in organizers} == {"organizer"}
    assert {p.kind for p in contributors} == {"contributor"}
