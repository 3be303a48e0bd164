"""/release-seat/<token>: the reminder email's "I can't come" link releases the seat when
the page loads in a browser (services/meetups/release.py); no sign-in needed."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.services.meetups import release
from community_app.state.page_load import PageRequest, use_link_token


@dataclasses.dataclass(frozen=True)
class ReleaseData:
    outcome: str
    title: str


def read_release(request: PageRequest) -> ReleaseData:
    """Release the seat the address names (a write: never from the cache-only pass)."""
    done = use_link_token(request, release.release_by_token)
    return ReleaseData(done.outcome, done.meetup_title)


class ReleaseSeatState(rx.State):
    loading: bool = True
    outcome: str = ""
    title: str = ""

    def _apply_load(self, data: ReleaseData):
        self.outcome, self.title, self.loading = data.outcome, data.title, False
