"""/admin/{meetups|news|jobs}/{id}/telegram: an organizer switches the channel announcement of one meetup, news
item or job post on or off (services/telegram/announcements.py)."""

from __future__ import annotations

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field

from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import translated
from community_app.api.routes.admin.common import WITH_404
from community_app.api.routing import Router
from community_app.i18n import N_
from community_app.services.telegram import announcements

router = Router()
SWITCHED = N_("Saved.")


class AnnounceIn(BaseModel):
    announce: bool = Field(description="Post the item to the Telegram channel when it is published")


class AnnounceOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    announce: bool


def _switch(kind: str, item_id: int, body: AnnounceIn, user, session,
            request: Request) -> Envelope[AnnounceOut]:
    on = announcements.set_announce(session, user.id, kind, item_id, body.announce)
    return ok(AnnounceOut(announce=on), translated(request, SWITCHED))


ABOUT = ("Switch the item's Telegram channel announcement; switching on an item already "
         "public announces it now (once).")


@router.post("/meetups/{meetup_id}/telegram", response_model=Envelope[AnnounceOut],
             responses=WITH_404, description=ABOUT)
def switch_meetup_announcement(meetup_id: int, body: AnnounceIn, user: Organizer,
                               session: SessionDep, request: Request) -> Envelope[AnnounceOut]:
    return _switch("meetup", meetup_id, body, user, session, request)


@router.post("/news/{news_id}/telegram", response_model=Envelope[AnnounceOut],
             responses=WITH_404, description=ABOUT)
def switch_news_announcement(news_id: int, body: AnnounceIn, user: Organizer,
                             session: SessionDep, request: Request) -> Envelope[AnnounceOut]:
    return _switch("news", news_id, body, user, session, request)


@router.post("/jobs/{job_id}/telegram", response_model=Envelope[AnnounceOut],
             responses=WITH_404, description=ABOUT)
def switch_job_announcement(job_id: int, body: AnnounceIn, user: Organizer,
                            session: SessionDep, request: Request) -> Envelope[AnnounceOut]:
    return _switch("job", job_id, body, user, session, request)
