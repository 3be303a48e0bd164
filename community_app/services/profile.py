"""A member's own account: name, phone, photo and the name shown on public attendee lists
(My Page, My account; the REST API's PATCH /users/details)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.i18n import N_
from community_app.models import User
from community_app.services.errors import Conflict, InvalidMany, NotFound
from community_app.services.uploads import (
    delete_upload,
    public_url,
    public_path_of_url,
    store_image,
)
from community_app.services.meetups.attendees import attendee_name_problem, clean_attendee_name
from community_app.services.validation import name_problems, normalize_phone, phone_problem

AVATAR_FOLDER = "public/avatars"
PHONE_TAKEN = N_("Phone number already exists. Please use a different phone number.")
USER_NOT_FOUND = N_("User not found.")
KEEP = object()  # update_profile: leave the name on attendee lists as it is


def _user(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    return user


def update_profile(
    session: Session, user_id: int, *, first_name: str, last_name: str, phone: str,
    attendee_name: object = KEEP,
) -> User:
    """Save My Page's personal info. ``attendee_name``: the name shown on public attendee
    lists (empty: the first name only; ``KEEP``: unchanged), checked like every field."""
    user = _user(session, user_id)
    first_name, last_name, phone = first_name.strip(), last_name.strip(), normalize_phone(phone)
    problems = name_problems(first_name, last_name)
    if phone and (message := phone_problem(phone)):
        problems["phone"] = message
    if attendee_name is not KEEP and (message := attendee_name_problem(attendee_name)):
        problems["attendeeName"] = message
    if problems:
        raise InvalidMany(problems)
    if phone and session.exec(select(User.id).where(User.phone == phone, User.id != user_id)).first():
        raise InvalidMany({"phone": PHONE_TAKEN})
    user.first_name, user.last_name, user.phone = first_name, last_name, phone or None
    if attendee_name is not KEEP:
        user.attendee_name = clean_attendee_name(attendee_name)
    try:
        with session.begin_nested():
            session.add(user)
    except sa.exc.IntegrityError as exc:
        raise Conflict(PHONE_TAKEN) from exc
    return user


def attendee_name_of(session: Session, user_id: int) -> str:
    """The name the member chose for attendee lists; "" when none (their first name shows)."""
    return session.exec(select(User.attendee_name).where(User.id == user_id)).first() or ""


def set_attendee_name(session: Session, user_id: int, value: object) -> User:
    """The name shown for the member on public attendee lists (services/meetups/attendees.py):
    at most 50 characters, no web address or email; empty or None: their first name only."""
    user = _user(session, user_id)
    if message := attendee_name_problem(value):
        raise InvalidMany({"attendeeName": message})
    user.attendee_name = clean_attendee_name(value)
    session.add(user)
    session.flush()
    return user


def set_photo(session: Session, user_id: int, data: bytes) -> User:
    """Check, re-encode and store a new photo (JPEG/PNG/WebP, at most 5 MB)."""
    user = _user(session, user_id)
    stored = store_image(data, AVATAR_FOLDER, field="photo")
    old = public_path_of_url(user.image_url)
    user.image_url = public_url(stored)
    session.add(user)
    session.flush()
    if old:
        delete_upload(old)
    return user


def delete_photo(session: Session, user_id: int) -> User:
    user = _user(session, user_id)
    old = public_path_of_url(user.image_url)
    user.image_url = None
    session.add(user)
    session.flush()
    if old:
        delete_upload(old)
    return user
