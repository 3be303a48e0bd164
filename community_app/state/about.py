"""The About page (/about): the event organizers and the project contributors."""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx

from community_app.core.db import session_scope
from community_app.services import cache
from community_app.models import TeamRole
from community_app.services.content import PersonView, list_team
from community_app.state.links import profile_site, safe_url

log = logging.getLogger(__name__)


def initials(name: str) -> str:
    """'Sardor Tursunov' -> 'ST'; one name -> one letter; nothing usable -> '?'."""
    letters = [next((ch for ch in word if ch.isalpha()), "") for word in name.split()]
    letters = [ch for ch in letters if ch]
    if not letters:
        return "?"
    picked = letters[0] + (letters[-1] if len(letters) > 1 else "")
    return picked.upper()


def person_card(person: PersonView) -> dict[str, Any]:
    profile = safe_url(person.profile_url)
    return {
        "id": person.id,
        "name": person.name,
        "initials": initials(person.name),
        "role_en": person.role_en,
        "role_uz": person.role_uz or person.role_en,
        "image_url": safe_url(person.image_url),
        "profile_url": profile,
        "profile_site": profile_site(profile) if profile else "",
    }


class AboutState(rx.State):
    loading: bool = True
    error: bool = False
    organizers: list[dict[str, Any]] = []
    contributors: list[dict[str, Any]] = []

    def _apply_load(self, data: tuple[list, list] | None) -> None:
        """The page load's update (``state/page_load.py``): what ``read_about`` read."""
        if data is None:
            self.organizers, self.contributors, self.error = [], [], True
        else:
            (self.organizers, self.contributors), self.error = data, False
        self.loading = False


def _load_people() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    with session_scope() as session:
        return (
            [person_card(p) for p in list_team(session, TeamRole.ORGANIZER)],
            [person_card(p) for p in list_team(session, TeamRole.CONTRIBUTOR)],
        )


def read_about(_request: Any) -> tuple[list, list] | None:
    """The About people from the shared cache (no lock held); None when loading failed."""
    try:
        return cache.cached(cache.SITE_CONTENT, "about", _load_people)
    except cache.Miss:
        raise
    except Exception:  # noqa: BLE001 - the page says so instead of breaking
        log.exception("Loading the About people failed")
        return None
