"""Add to calendar (services/calendar.py): a meetup's .ics, the member's private feed, and
the feed's address (read, or replaced by a new one that revokes the old)."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from community_app.api.routing import Router
from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import translated
from community_app.i18n import N_
from community_app.services import calendar as service

router = Router(tags=["calendar"])

FEED_RENEWED = N_("Your calendar address has been renewed; the old one no longer works.")


class CalendarResponse(Response):
    media_type = "text/calendar; charset=utf-8"


class CalendarFeedOut(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    url: str = Field(description="The private feed's address (subscribe to it in a calendar)")
    version: int = Field(description="Raised each time the address is renewed")


def _ics(body: bytes, filename: str | None = None, *, private: bool = False) -> Response:
    headers = {}
    if filename:
        headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    if private:
        headers["Cache-Control"] = "private, no-store"
    return CalendarResponse(body, headers=headers)


@router.get(
    "/public/meetups/{meetup_id}/calendar.ics",
    response_class=CalendarResponse,
    responses={200: {"description": "iCalendar (RFC 5545), Asia/Seoul"}, 404: {}},
)
def meetup_calendar(meetup_id: int, session: SessionDep) -> Response:
    """One meetup as an iCalendar file to add to a calendar."""
    return _ics(service.meetup_ics(session, meetup_id), service.ics_filename(meetup_id))


@router.get(
    "/calendar/{token}.ics",
    response_class=CalendarResponse,
    responses={200: {"description": "iCalendar (RFC 5545), Asia/Seoul"},
               404: {"description": "Unknown or renewed address"}},
)
def member_feed(token: str, session: SessionDep) -> Response:
    """A member's private calendar feed: the meetups they are registered for (pending
    ones as tentative). The address is the credential; renewing it revokes the old one."""
    return _ics(service.feed_ics(session, token), private=True)


@router.get("/users/me/calendar-feed", responses={401: {}})
def my_calendar_feed(user: CurrentUser, session: SessionDep) -> Envelope[CalendarFeedOut]:
    """The address of the member's private calendar feed."""
    feed = service.calendar_feed(session, user.id)
    return ok(CalendarFeedOut(url=feed.url, version=feed.version))


@router.post("/users/me/calendar-feed", responses={401: {}})
def renew_calendar_feed(
    user: CurrentUser, session: SessionDep, request: Request
) -> Envelope[CalendarFeedOut]:
    """A new private feed address; the old one stops working at once (404)."""
    feed = service.rotate_calendar_feed(session, user.id)
    return ok(CalendarFeedOut(url=feed.url, version=feed.version), translated(request, FEED_RENEWED))
