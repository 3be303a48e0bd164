"""/release-seat/<token>: the reminder email's "I can't come" link releases the seat when
the page loads in a browser (services/meetups/release.py); no sign-in needed."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.core.db import session_scope
from community_app.services import cache
from community_app.services.meetups import release
from community_app.state.page_load import PageRequest


@dataclasses.dataclass(frozen=True)
class ReleaseData:
    outcome: str
    title: str


def read_release(request: PageRequest) -> ReleaseData:
    """Release the seat the address names (a write: never from the cache-only pass)."""
    cache.needs_database()
    token = request.path.rstrip("/").rsplit("/", 1)[-1]
    with session_scope() as session:
        done = release.release_by_token(session, token)
    return ReleaseData(done.outcome, done.meetup_title)


class ReleaseSeatState(rx.State):
    loading: bool = True
    outcome: str = ""
    title: str = ""

    def _apply_load(self, data: ReleaseData):
        self.outcome, self.title, self.loading = data.outcome, data.title, False
