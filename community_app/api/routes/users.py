"""The signed-in member (/users/details) and the member count (/users/count)."""

from __future__ import annotations

import datetime as dt

from fastapi import APIRouter
from pydantic import BaseModel

from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.services.users import count_users

router = APIRouter(prefix="/users", tags=["users"])


class UserDetails(BaseModel):
    id: int
    username: str
    email: str
    firstName: str
    lastName: str
    phone: str | None
    imageUrl: str | None
    joinedAt: dt.datetime
    role: str
    language: str


class UserCount(BaseModel):
    count: int


@router.get("/details", response_model=Envelope[UserDetails])
def details(user: CurrentUser) -> dict:
    """The signed-in member's details (bearer access token)."""
    return ok(
        UserDetails(
            id=user.id,
            username=user.username,
            email=user.email,
            firstName=user.first_name,
            lastName=user.last_name,
            phone=user.phone,
            imageUrl=user.image_url,
            joinedAt=user.joined_at,
            role=user.role,
            language=user.language,
        ).model_dump(mode="json")
    )


@router.get("/count", response_model=Envelope[UserCount])
def count(session: SessionDep) -> dict:
    """How many members the community has."""
    return ok({"count": count_users(session)})
