"""Public member pages (opt-in): ``GET /public/members/{username}``, the same service as
the site's /members/<username> (services/members.py)."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, Field

from community_app.core import routes
from community_app.api.deps import SessionDep
from community_app.api.routing import Router
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import utc
from community_app.core.korea_time import to_korea as in_korea
from community_app.services import members as member_service

router = Router(tags=["members"])


class MemberPostOut(BaseModel):
    id: int
    title: str
    publishedAt: dt.datetime | None
    url: str = Field(description="The post's page on the site, e.g. /blog/12")


class MemberMeetupOut(BaseModel):
    id: int
    title: str
    startTime: dt.datetime = Field(description="Korea time, ISO 8601 with +09:00")
    url: str = Field(description="The meetup's page on the site")


class PublicMemberOut(BaseModel):
    username: str = Field(description="The member's unique handle")
    name: str = Field(description="The member's public name: first and last name, or the username")
    imageURL: str | None
    joinedAt: dt.datetime
    url: str = Field(description="The member's page on the site: /members/<username>")
    posts: list[MemberPostOut] = Field(description="Published blog posts, newest first")
    meetupsAttended: list[MemberMeetupOut] = Field(
        description="Meetups the member was checked in at, newest first")

    @classmethod
    def of(cls, m: member_service.PublicMemberView) -> PublicMemberOut:
        return cls(
            username=m.username, name=m.name, imageURL=m.image_url, joinedAt=utc(m.joined_at),
            url=routes.member_page(m.username),
            posts=[MemberPostOut(id=p.id, title=p.title,
                                 publishedAt=utc(p.published_at) if p.published_at else None,
                                 url=routes.blog_post(p.id)) for p in m.posts],
            meetupsAttended=[MemberMeetupOut(id=e.id, title=e.title, startTime=in_korea(e.starts_at),
                                             url=routes.event_detail("past", e.id))
                             for e in m.meetups],
        )


@router.get("/public/members/{username}")
def get_member(username: str, session: SessionDep) -> Envelope[PublicMemberOut]:
    """A member's public page: their public name, published posts and the meetups they
    attended. Opt-in: 404 'Member not found.' for an unknown member or one whose page is
    off (the default)."""
    return ok(PublicMemberOut.of(member_service.public_member(session, username)))
