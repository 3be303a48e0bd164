"""The signed-in member (/users/details: read, and the public page switched on or off)
and the member count (/users/count)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field

from community_app.api.routing import Router
from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import from_view, translated, utc
from community_app.models import Role, User
from community_app.services import members
from community_app.services.users import count_active_users, count_users

router = Router(prefix="/users", tags=["users"])


class UserDetails(BaseModel):
    id: int
    username: str
    email: str
    firstName: str
    lastName: str
    phone: str | None
    imageUrl: str | None
    joinedAt: dt.datetime
    createdAt: dt.datetime = Field(description="= joinedAt (the KO'DJ client)")
    role: Literal["user", "admin"] = Field(
        description="The KO'DJ client's role names: admin for organizers, else user"
    )
    memberRole: Literal[tuple(Role.values())] = Field(  # type: ignore[valid-type]
        description="Our role: member or organizer"
    )
    language: str
    bio: str
    region: str | None = Field(description="Not kept: always null")
    oauthProvider: Literal["google", "email"] = Field(
        description="How the account signs in: google when linked to Google, else email"
    )
    provider: Literal["google", "email"] = Field(description="= oauthProvider")
    publicProfile: bool = Field(
        description="Whether the member's public page /members/<username> is on (opt-in, "
                    "off by default; My Page's \"Show my public profile page\")")


class DetailsChange(BaseModel):
    """What the member may change here."""

    model_config = ConfigDict(extra="forbid")

    publicProfile: bool = Field(
        description="Switch the public page /members/<username> on (true) or off (false)")


class UserCount(BaseModel):
    count: int = Field(description="Every account")
    total: int = Field(description="= count (the KO'DJ client)")
    active: int = Field(description="Accounts that are not deactivated")


def _details(user: User) -> UserDetails:
    provider = "google" if user.google_sub else "email"
    return from_view(UserDetails, user, createdAt=utc(user.joined_at),
                     role="admin" if user.is_organizer else "user", memberRole=user.role,
                     region=None, oauthProvider=provider, provider=provider)


@router.get("/details")
def details(user: CurrentUser) -> Envelope[UserDetails]:
    """The signed-in member's details (bearer access token)."""
    return ok(_details(user))


@router.patch("/details", responses={401: {}, 422: {}})
def change_details(body: DetailsChange, user: CurrentUser, session: SessionDep,
                   request: Request) -> Envelope[UserDetails]:
    """Switch the signed-in member's public page /members/<username> on or off (the same
    rule as My Page's switch). Answers with the details as they now are and "Your public
    profile page is on." or "... is off." in the request's language."""
    told = members.set_public_profile(session, user.id, body.publicProfile)
    return ok(_details(user), translated(request, told))


@router.get("/count")
def count(session: SessionDep) -> Envelope[UserCount]:
    """How many members the community has."""
    total = count_users(session)
    return ok(UserCount(count=total, total=total, active=count_active_users(session)))
