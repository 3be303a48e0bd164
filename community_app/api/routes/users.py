"""The signed-in member (/users/details: read; the public page switched on or off and the
name shown on attendee lists changed; /users/me/password: a new password) and the member
count (/users/count)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, model_validator

from community_app.api.routing import Router
from community_app.api.deps import ClientAddress, CurrentUser, SessionDep
from community_app.api.routes.auth import Tokens
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import from_view, translated, utc
from community_app.api.schemas.rules import checked_by
from community_app.i18n import N_
from community_app.models import Role, User
from community_app.services import members, password_reset, profile
from community_app.services.meetups.attendees import (
    ATTENDEE_NAME_MAX, attendee_name_problem, clean_attendee_name,
)
from community_app.services.users import count_active_users, count_users

router = Router(prefix="/users", tags=["users"])

SAVED = N_("Your changes are saved.")
ATTENDEE_NAME = ("The name shown for the member on public attendee lists, as chosen on My "
                 "Page; null: their first name only (what the registration's consent says)")


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
    attendeeName: str | None = Field(description=ATTENDEE_NAME)


def _cleaned(value: object) -> object:
    """A text as stored (spaces collapsed; "" is None); anything else left for the type."""
    return clean_attendee_name(value) if isinstance(value, str) else value


class DetailsChange(BaseModel):
    """What the member may change here; a field left out stays as it is."""

    model_config = ConfigDict(extra="forbid")

    publicProfile: bool = Field(  # left out: unchanged; null is no yes or no
        default=None,
        description="Switch the public page /members/<username> on (true) or off (false)")
    attendeeName: Annotated[
        Annotated[str, Field(max_length=ATTENDEE_NAME_MAX)] | None,
        checked_by(attendee_name_problem, clean=_cleaned),
    ] = Field(default=None, description=ATTENDEE_NAME + ". At most 50 characters, no web "
              "address or email; \"\" or null: back to the first name only")

    @model_validator(mode="after")
    def something_to_change(self) -> DetailsChange:
        if not self.model_fields_set:
            raise ValueError("Send publicProfile, attendeeName or both")
        return self


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
    """Change what the signed-in member may change here, each field only when sent:
    ``publicProfile`` switches their public page /members/<username> on or off (the same
    rule as My Page's switch: "Your public profile page is on." or "... is off.");
    ``attendeeName`` is the name shown on public attendee lists (My Page's field of the
    same rule; "" or null: the first name only). Answers with the details as they now are,
    the message in the request's language."""
    told = SAVED
    if "attendeeName" in body.model_fields_set:
        user = profile.set_attendee_name(session, user.id, body.attendeeName)
    if body.publicProfile is not None:
        told = members.set_public_profile(session, user.id, body.publicProfile)
    return ok(_details(user), translated(request, told))


@router.get("/count")
def count(session: SessionDep) -> Envelope[UserCount]:
    """How many members the community has."""
    total = count_users(session)
    return ok(UserCount(count=total, total=total, active=count_active_users(session)))


class PasswordChange(BaseModel):
    currentPassword: str = Field(default="", max_length=128)
    newPassword: str = Field(default="", max_length=128,
                             description="The sign-up's rules: 8+ characters with an upper-case "
                                         "and a lower-case letter, a digit and a special character")
    confirmPassword: str | None = Field(
        default=None, max_length=128, description="Checked against newPassword when sent")


@router.post("/me/password", responses={400: {}, 401: {}, 422: {}, 429: {}})
def change_password(body: PasswordChange, user: CurrentUser, session: SessionDep,
                    request: Request, client: ClientAddress) -> Envelope[Tokens]:
    """Change the signed-in member's password (My Page's form, the same rule:
    ``services/password_reset.change_password``). The current password is checked like a
    login (a wrong one: 422 on ``currentPassword``, counted with the login failures; past
    the limit 429). Every other sign-in ends, the access token sent here included: the
    answer carries this device's new tokens. Telegram stays linked; the member is emailed.
    An account without a password (Google only): 400, set one by the reset link."""
    pair = password_reset.change_password(
        session, user.id, current_password=body.currentPassword, new_password=body.newPassword,
        confirm_password=body.confirmPassword, client=client)
    return ok(Tokens(access_token=pair.access_token, refresh_token=pair.refresh_token,
                     expires_in=pair.expires_in),
              translated(request, password_reset.PASSWORD_NOW_CHANGED))
