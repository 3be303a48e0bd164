"""What the member agreed to, their sign-ins, their data exports, and the scheduler's claims
(Korea's Personal Information Protection Act: consent, access, erasure, retention)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in
from community_app.models.enums import ConsentKind, ExportStatus, LoginMethod  # noqa: F401 - re-exported


class Consent(SQLModel, table=True):
    """One agreement, with when it was given and, for kinds a member may withdraw
    (``ConsentKind.withdrawable``), when it was withdrawn: giving it again is a new row, so
    the rows are the history (sign-up: terms and privacy when the box was ticked, news
    emails when asked for; a meetup registration: the attendee list, with the meetup's id)."""

    __tablename__ = "consents"
    __table_args__ = (check_in("kind", ConsentKind, "ck_consents_kind"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    kind: str = Field(max_length=20)
    meetup_id: int | None = Field(default=None, foreign_key="meetups.id", ondelete="SET NULL")
    given_at: dt.datetime = Field(default_factory=utcnow)
    withdrawn_at: dt.datetime | None = None


class LoginEvent(SQLModel, table=True):
    """A successful sign-in; deleted after COMMUNITY_LOGIN_HISTORY_DAYS (default 180)."""

    __tablename__ = "login_events"
    __table_args__ = (check_in("method", LoginMethod, "ck_login_events_method"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    at: dt.datetime = Field(default_factory=utcnow, index=True)
    address: str = Field(default="", max_length=64)
    user_agent: str = Field(default="", max_length=300)
    method: str = Field(default=LoginMethod.PASSWORD.value, max_length=10)


class DataExport(SQLModel, table=True):
    """A member's "Download my data" request, built in the background by one worker."""

    __tablename__ = "data_exports"
    __table_args__ = (check_in("status", ExportStatus, "ck_data_exports_status"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    status: str = Field(default=ExportStatus.PENDING.value, max_length=12, index=True)
    progress: int = Field(default=0)  # percent
    requested_at: dt.datetime = Field(default_factory=utcnow)
    claimed_at: dt.datetime | None = None
    finished_at: dt.datetime | None = None
    expires_at: dt.datetime | None = None
    downloaded_at: dt.datetime | None = None
    file_name: str | None = Field(default=None, max_length=100)
    # The language of the summary page (the site's language when asked, or the API's
    # Accept-Language; the member's own language otherwise).
    language: str = Field(default="en", max_length=5, sa_column_kwargs={"server_default": "en"})


class ScheduledTask(SQLModel, table=True):
    """One periodic task of services/scheduler.py: the worker that moves ``next_run_at``
    forward (a single conditional UPDATE) is the one that runs it."""

    __tablename__ = "scheduled_tasks"

    name: str = Field(primary_key=True, max_length=60)
    next_run_at: dt.datetime = Field(default_factory=utcnow)
    last_run_at: dt.datetime | None = None
    last_result: str = Field(default="", sa_type=sa.Text)


# --- the attendee-list consent is recorded where the registration is written -------------
# A meetup registration (its form requires the box) agrees to the attendee list; recording
# it on insert means no path can forget to. Sign-up consents are recorded by the sign-up
# service when, and only when, the member gave them (services/privacy/consents.py). The
# listener is installed at start by services/session_hooks.install(), not on import.


def _record_consents(connection, rows: list[dict]) -> None:
    connection.execute(sa.insert(Consent.__table__), rows)


def record_attendee_list_consent(mapper, connection, target) -> None:  # noqa: ARG001
    """``after_insert`` of a meetup registration: its attendee-list consent."""
    _record_consents(connection, [{
        "user_id": target.user_id, "kind": ConsentKind.ATTENDEE_LIST.value,
        "meetup_id": target.meetup_id, "given_at": target.registered_at or utcnow(),
    }])
