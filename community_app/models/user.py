"""Members and organizers, and what signing in keeps: one-time codes and refresh tokens."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import QueuedRow, check_in
from community_app.models.enums import AccountTokenPurpose, Language, MailStatus, Role


class User(SQLModel, table=True):
    __tablename__ = "users"
    __table_args__ = (
        check_in("role", Role, "ck_users_role"),
        check_in("language", Language, "ck_users_language"),
    )

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, unique=True, index=True)
    username: str = Field(max_length=50, unique=True, index=True)
    first_name: str = Field(default="", max_length=100)
    last_name: str = Field(default="", max_length=100)
    phone: str | None = Field(default=None, max_length=20, unique=True)
    image_url: str | None = Field(default=None, max_length=500)
    bio: str = Field(default="", max_length=2000)
    password_hash: str | None = Field(default=None, max_length=255)
    google_sub: str | None = Field(default=None, max_length=255, unique=True)
    role: str = Field(default=Role.MEMBER.value, max_length=20)
    language: str = Field(default=Language.EN.value, max_length=5)
    is_active: bool = Field(default=True)
    joined_at: dt.datetime = Field(default_factory=utcnow)
    # "My visa" of the jobs filter (a VisaStatus value), remembered for the member.
    visa_status: str | None = Field(default=None, max_length=10)
    # Account deletion: asked for (a sign-in before the grace period ends cancels it),
    # whether comments and posts stay as "deleted member", and when the data was erased.
    deletion_requested_at: dt.datetime | None = None
    deletion_keeps_content: bool = Field(default=True)
    deleted_at: dt.datetime | None = None
    # First proof the member owns the email (an emailed code used, or Google); sign-ups
    # still unverified after 7 days are deleted by the scheduler.
    verified_at: dt.datetime | None = None
    # The private calendar feed's URL is signed with this number: raising it (a new URL)
    # revokes the old one (services/calendar.py).
    calendar_feed_version: int = Field(default=1, sa_column_kwargs={"server_default": "1"})
    # No-shows at meetups before this moment no longer put the member after others on
    # waitlists (an organizer cleared them; services/meetups/waitlist.py).
    no_shows_cleared_at: dt.datetime | None = None
    # The public member page /members/<username> (opt-in, off by default: My Page).
    public_profile: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    # Telegram (services/telegram/): the account signed in with the login widget, and the
    # bot's private chat linked from My Page (messages by bot; None = by email only).
    telegram_id: int | None = Field(default=None, sa_type=sa.BigInteger, unique=True)
    telegram_username: str | None = Field(default=None, max_length=64)
    telegram_chat_id: int | None = Field(default=None, sa_type=sa.BigInteger, index=True)
    # Per kind of meetup message: NotifyBy (email, telegram, both).
    notify_confirmation: str = Field(default="both", max_length=10,
                                     sa_column_kwargs={"server_default": "both"})
    notify_reminder: str = Field(default="both", max_length=10,
                                 sa_column_kwargs={"server_default": "both"})
    notify_offer: str = Field(default="both", max_length=10,
                              sa_column_kwargs={"server_default": "both"})
    # Every token carries the number it was issued under; raising it ends every sign-in
    # at once, access tokens included (services/tokens.py: a password reset, an erasure).
    session_version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # The name shown on public attendee lists, as the member chose on My Page; None: the
    # first name only (what the registration form's consent says).
    attendee_name: str | None = Field(default=None, max_length=50)

    @property
    def is_organizer(self) -> bool:
        return self.role == Role.ORGANIZER.value


class LoginCode(SQLModel, table=True):
    """A one-time sign-in code, stored hashed; single use, limited tries."""

    __tablename__ = "login_codes"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    code_hash: str = Field(max_length=255)
    created_at: dt.datetime = Field(default_factory=utcnow)
    expires_at: dt.datetime
    failed_attempts: int = Field(default=0)
    used_at: dt.datetime | None = None


class RefreshToken(SQLModel, table=True):
    """One issued refresh token. Tokens of one sign-in share a family; reuse revokes it."""

    __tablename__ = "refresh_tokens"

    id: int | None = Field(default=None, primary_key=True)
    jti: str = Field(max_length=64, unique=True, index=True)
    family_id: str = Field(max_length=64, index=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    issued_at: dt.datetime = Field(default_factory=utcnow)
    expires_at: dt.datetime
    used_at: dt.datetime | None = None
    revoked_at: dt.datetime | None = None


class AccountToken(SQLModel, table=True):
    """A single-use link emailed to the member (services/account_links.py): a password
    reset or a sign-up confirmation. Only an HMAC of the token is kept; a link works once,
    until ``expires_at``."""

    __tablename__ = "account_tokens"
    __table_args__ = (check_in("purpose", AccountTokenPurpose, "ck_account_tokens_purpose"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    purpose: str = Field(max_length=20)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    created_at: dt.datetime = Field(default_factory=utcnow)
    expires_at: dt.datetime
    used_at: dt.datetime | None = None


class PasswordResetRequest(QueuedRow, table=True):
    """A "forgot password" request waiting for a worker (services/password_reset.py): the
    request only writes this row, for a known address or not, and a worker of the queue
    (services/db_queue.py) looks the address up and emails the link. The address is
    blanked once handled."""

    __tablename__ = "password_reset_requests"
    __table_args__ = (
        check_in("status", MailStatus, "ck_password_reset_requests_status"),
        sa.Index("ix_password_reset_requests_status_next", "status", "next_attempt_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(default="", max_length=254)


__all__ = ["AccountToken", "Language", "LoginCode", "PasswordResetRequest", "RefreshToken",
           "Role", "User"]
