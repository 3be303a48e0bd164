"""/admin/telegram: an organizer switches the channel announcement of one meetup, news
item or job post on or off (services/telegram/announcements.py)."""

from __future__ import annotations

from typing import Literal

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


@router.post("/telegram/{kind}/{item_id}", response_model=Envelope[AnnounceOut], responses=WITH_404)
def switch_announcement(kind: Literal["meetup", "news", "job"], item_id: int, body: AnnounceIn,
                        user: Organizer, session: SessionDep,
                        request: Request) -> Envelope[AnnounceOut]:
    """Switch the item's Telegram channel announcement; switching on an item already public
    announces it now (once)."""
    on = announcements.set_announce(session, user.id, kind, item_id, body.announce)
    return ok(AnnounceOut(announce=on), translated(request, SWITCHED))
