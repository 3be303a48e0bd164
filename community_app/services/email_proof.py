"""Owning an email address: the one rule every door keeps (GUIDE "Every door keeps the
same rule").

An address is proven only by something sent to it, or by a provider that proved it the
same way. The doors, and what each proves:

- ``SIGN_UP_LINK``: the link a sign-up (password or Telegram) emailed; it confirms the
  account with what that sign-up typed (the email says which Telegram account, if any).
- ``LOGIN_CODE``: the code emailed after the password was checked: whoever has both set
  the password of the sign-up, so what it typed stays.
- ``RESET_LINK``: a password reset's link, and ``GOOGLE``: Google's verified email. Both
  prove the address but not the unconfirmed sign-up behind it, which anybody may have
  typed (a pre-registration): its handle, phone, names, photo, consents, password and
  Telegram account are dropped before the account counts as confirmed.

Signing in with Telegram proves nothing about an email: a Telegram sign-up waits for its
link like a password sign-up, and an account whose address is unproven cannot sign in.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import AccountToken, Consent, LoginCode, RefreshToken, User
from community_app.services.users import unique_username

SIGN_UP_LINK = "sign-up link"
LOGIN_CODE = "login code"
RESET_LINK = "reset link"
GOOGLE = "google"

# Doors whose proof also stands for what the unconfirmed sign-up typed.
KEEPS_SIGN_UP = frozenset({SIGN_UP_LINK, LOGIN_CODE})


def is_proven(user: User) -> bool:
    return user.verified_at is not None


def prove_email(session: Session, user: User, door: str, *, now: dt.datetime | None = None) -> None:
    """``user`` proved they own ``user.email`` through ``door``. A first proof confirms the
    account; through a door that does not vouch for the sign-up (a reset link, Google),
    what the unconfirmed sign-up attached is dropped first."""
    if is_proven(user):
        return
    if door not in KEEPS_SIGN_UP:
        drop_unproven_sign_up(session, user)
    user.verified_at = now or utcnow()
    session.add(user)
    session.flush()


def drop_unproven_sign_up(session: Session, user: User) -> None:
    """Nothing of an unconfirmed sign-up stays: a new handle made from the address, no
    phone, names, photo, bio, password or Telegram account, no consents, and no link, code
    or token issued for it. For an account whose address is not proven (a new sign-up of
    the same address, or its owner proving it by another door)."""
    assert not is_proven(user), "only an unconfirmed sign-up is dropped"
    user.username = unique_username(session, user.email.split("@")[0], user.id)
    user.phone = user.image_url = user.password_hash = user.attendee_name = None
    user.first_name = user.last_name = user.bio = ""
    user.visa_status = None
    user.telegram_id = user.telegram_username = user.telegram_chat_id = None
    user.session_version = (user.session_version or 0) + 1
    for model in (Consent, LoginCode, AccountToken, RefreshToken):
        session.execute(sa.delete(model).where(model.user_id == user.id))
    session.add(user)
    session.flush()


def unproven_account(session: Session, email: str) -> User | None:
    """The account of ``email`` (normalised) while its address is unproven, if any."""
    user = session.exec(select(User).where(User.email == email)).first()
    if user is None or is_proven(user) or not user.is_active or user.deleted_at is not None:
        return None
    return user
