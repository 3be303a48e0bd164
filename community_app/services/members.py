"""Public member pages (/members/<username>, ``GET /public/members/{username}``).

Opt-in: a member's page exists only while they switched it on (My Page, "Show my public
profile page"; ``User.public_profile``, off by default). It shows what others can already
see of them elsewhere on the site: their public name (services/authors.py), their
username (the unique handle), their published blog posts and the meetups they were
checked in at (services/meetups/attendance.py). An unknown member, an erased or
deactivated account and a page switched off are one and the same answer: not found.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.i18n import N_
from community_app.models import BlogPost, BlogStatus, User
from community_app.services import cache
from community_app.services.authors import full_name_or_username, shows_page
from community_app.services.errors import NotFound
from community_app.services.meetups.attendance import meetups_attended

MEMBER_NOT_FOUND = N_("Member not found.")
PROFILE_SHOWN = N_("Your public profile page is on.")
PROFILE_HIDDEN = N_("Your public profile page is off.")


@dataclasses.dataclass(frozen=True)
class MemberPostView:
    id: int
    title: str
    published_at: dt.datetime | None


@dataclasses.dataclass(frozen=True)
class MemberMeetupView:
    id: int
    title: str
    starts_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class PublicMemberView:
    username: str
    name: str  # the public name: first and last name, or the username
    image_url: str | None
    joined_at: dt.datetime
    posts: tuple[MemberPostView, ...]
    meetups: tuple[MemberMeetupView, ...]


def _shown_member(session: Session, username: str) -> User | None:
    """The member called ``username`` when others may open their page, else None."""
    name = (username or "").strip()
    user = session.exec(select(User).where(User.username == name)).first() if name else None
    return user if shows_page(user) else None


def _member(session: Session, username: str) -> User:
    user = _shown_member(session, username)
    if user is None:
        raise NotFound(MEMBER_NOT_FOUND)
    return user


def public_member(session: Session, username: str) -> PublicMemberView:
    """The member's public page; NotFound when unknown, erased, inactive or switched off."""
    user = _member(session, username)
    posts = session.exec(
        select(BlogPost.id, BlogPost.title, BlogPost.published_at)
        .where(BlogPost.author_id == user.id, BlogPost.status == BlogStatus.PUBLISHED.value)
        .order_by(col(BlogPost.published_at).desc(), col(BlogPost.id).desc())
    ).all()
    return PublicMemberView(
        username=user.username,
        name=full_name_or_username(user),
        image_url=user.image_url,
        joined_at=user.joined_at,
        posts=tuple(MemberPostView(i, t, p) for i, t, p in posts),
        meetups=tuple(MemberMeetupView(m.meetup_id, m.title, m.starts_at)
                      for m in meetups_attended(session, user.id or 0)),
    )


def profile_shown(session: Session, user_id: int) -> bool:
    """Whether the member switched their public page on (My Page)."""
    user = session.get(User, user_id)
    return bool(user is not None and user.public_profile)


def set_public_profile(session: Session, user_id: int, shown: bool) -> str:
    """Switch the member's public page on or off (My Page, ``PATCH /users/details``);
    returns what the member is told (a message id)."""
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(MEMBER_NOT_FOUND)
    user.public_profile = bool(shown)
    session.add(user)
    session.commit()
    # The commit expires what shows the member's name; the sitemap lives under the site's
    # content (a few minutes old is fine for news), but a page switched off leaves it now.
    cache.expire(cache.SITE_CONTENT)
    return PROFILE_SHOWN if shown else PROFILE_HIDDEN


def page_title(session: Session, username: str) -> tuple[str, str] | None:
    """(username, public name) of a page others may open, else None; through the shared
    cache (expired by every write to members), for the page's head on a full load."""

    def load() -> tuple[str, str] | None:
        user = _shown_member(session, username)
        return (user.username, full_name_or_username(user)) if user else None

    return cache.cached(cache.MEMBERS, ("page", username), load)


def public_pages(session: Session) -> list[tuple[str, dt.datetime | None]]:
    """The address of every page others may open (``shows_page``: the sitemap lists them)."""
    names = session.exec(
        select(User.username)
        .where(col(User.public_profile).is_(True), col(User.is_active).is_(True),
               col(User.deleted_at).is_(None))
        .order_by(col(User.id))
    ).all()
    return [(routes.member_page(name), None) for name in names]

