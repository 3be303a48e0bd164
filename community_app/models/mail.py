"""The mail queue: one row per email a meetup sends a member (services/mail_queue.py)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlmodel import Field

from community_app.models._base import QueuedRow, check_in
from community_app.models.enums import MailKind, MailStatus


class QueuedMail(QueuedRow, table=True):
    """An email waiting to be sent, being sent, sent or given up.

    ``(kind, user_id, meetup_id, ref_id)`` is unique: a second enqueue of the same email
    (the same registration's confirmation, the same offer, the same reminder) is a no-op,
    so each goes out once per member, meetup and kind (``ref_id``: the registration or
    the waitlist entry it is about). A worker sends a row only after moving it
    PENDING -> SENDING with one conditional UPDATE (``claimed_at``), so two workers never
    send it both."""

    __tablename__ = "mail_queue"
    __table_args__ = (
        check_in("kind", MailKind, "ck_mail_queue_kind"),
        check_in("status", MailStatus, "ck_mail_queue_status"),
        sa.UniqueConstraint("kind", "user_id", "meetup_id", "ref_id", name="uq_mail_queue_once"),
        sa.Index("ix_mail_queue_status_next", "status", "next_attempt_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=20)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    # None for an email about no meetup (a saved job search's digest: ``ref_id`` is the search)
    meetup_id: int | None = Field(default=None, foreign_key="meetups.id", ondelete="CASCADE")
    ref_id: int = Field(default=0)
    to_address: str = Field(max_length=320)
    lang: str = Field(default="en", max_length=5)
    subject: str = Field(max_length=300)
    body: str = Field(sa_type=sa.Text)
    attachments: str = Field(default="[]", sa_type=sa.Text)  # JSON: name, type, base64
    headers: str = Field(default="{}", sa_type=sa.Text)  # JSON: extra headers (List-Unsubscribe)
    html: str = Field(default="", sa_type=sa.Text,  # the HTML part, when the email has one
                      sa_column_kwargs={"server_default": ""})
