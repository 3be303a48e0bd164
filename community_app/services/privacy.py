"""Members' control over their data (Korea's Personal Information Protection Act):
consents, sign-in history, retention, export and deletion.

Retention (run by services/scheduler.py in every worker's loop and by the cron command):
- sign-ins older than COMMUNITY_LOGIN_HISTORY_DAYS (default 180) are deleted;
- sign-ups whose email was never confirmed (no code used, no Google) are deleted 7 days
  after they were made;
- accounts whose deletion was asked for are erased 7 days later (a sign-in in between
  cancels it); data exports are built, and their files removed 24 hours after they are
  ready or once downloaded.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.db import utcnow
from community_app.models import (
    Consent,
    ConsentKind,
    LoginEvent,
    LoginMethod,
    Meetup,
    Role,
    User,
)
from community_app.services import scheduler
from community_app.settings import login_history_days

UNVERIFIED_SIGN_UP_DAYS = 7
DELETION_GRACE_DAYS = 7


# --- consents ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ConsentView:
    kind: str
    label: str  # message id
    meetup_title: str | None
    given_at: dt.datetime


def list_consents(session: Session, user_id: int) -> list[ConsentView]:
    rows = session.exec(
        select(Consent, Meetup.title)
        .join(Meetup, col(Meetup.id) == col(Consent.meetup_id), isouter=True)
        .where(Consent.user_id == user_id)
        .order_by(col(Consent.given_at).desc(), col(Consent.id).desc())
    ).all()
    labels = ConsentKind.labels()
    return [ConsentView(c.kind, labels.get(c.kind, c.kind), title, c.given_at) for c, title in rows]


# --- sign-ins ------------------------------------------------------------------------------


def record_sign_in(
    session: Session,
    user: User,
    method: str = LoginMethod.PASSWORD.value,
    *,
    address: str = "",
    user_agent: str = "",
    now: dt.datetime | None = None,
) -> bool:
    """Keep the sign-in in the member's history; a sign-in also confirms the email and
    cancels a pending account deletion. True when it cancelled one."""
    now = now or utcnow()
    session.add(LoginEvent(user_id=user.id, at=now, address=(address or "")[:64],
                           user_agent=(user_agent or "")[:300], method=method))
    cancelled = user.deletion_requested_at is not None
    if user.verified_at is None:
        user.verified_at = now
    user.deletion_requested_at = None
    session.add(user)
    session.flush()
    return cancelled


@dataclasses.dataclass(frozen=True)
class SignInView:
    at: dt.datetime
    address: str
    user_agent: str
    method: str


def list_sign_ins(session: Session, user_id: int, limit: int = 1000) -> list[SignInView]:
    rows = session.exec(
        select(LoginEvent).where(LoginEvent.user_id == user_id)
        .order_by(col(LoginEvent.at).desc()).limit(limit)
    ).all()
    return [SignInView(r.at, r.address, r.user_agent, r.method) for r in rows]


# --- retention -----------------------------------------------------------------------------


def purge_login_history(session: Session, now: dt.datetime, days: int | None = None) -> int:
    """Delete sign-ins older than ``days`` (the setting by default); how many went."""
    cutoff = now - dt.timedelta(days=days or login_history_days())
    result = session.execute(sa.delete(LoginEvent).where(col(LoginEvent.at) < cutoff))
    return result.rowcount or 0


def purge_unverified_sign_ups(session: Session, now: dt.datetime) -> int:
    """Delete accounts never confirmed (no code used, no Google) 7 days after sign-up."""
    cutoff = now - dt.timedelta(days=UNVERIFIED_SIGN_UP_DAYS)
    ids = session.exec(
        select(User.id).where(
            col(User.verified_at).is_(None),
            col(User.google_sub).is_(None),
            col(User.deleted_at).is_(None),
            User.role == Role.MEMBER.value,
            col(User.joined_at) < cutoff,
        )
    ).all()
    if ids:
        session.execute(sa.delete(User).where(col(User.id).in_(ids)))
    return len(ids)


@scheduler.periodic("purge-login-history", every=dt.timedelta(hours=1))
def _purge_login_history_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_login_history(session, now)} sign-ins deleted"


@scheduler.periodic("purge-unverified-sign-ups", every=dt.timedelta(hours=1))
def _purge_unverified_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_unverified_sign_ups(session, now)} unverified sign-ups deleted"


# --- export ("Download my data") ----------------------------------------------------------

import json  # noqa: E402
import os  # noqa: E402
import secrets  # noqa: E402
import zipfile  # noqa: E402
from pathlib import Path  # noqa: E402

import jwt  # noqa: E402

from community_app.i18n import N_  # noqa: E402
from community_app.models import (  # noqa: E402
    AuditEntry,
    BlogPost,
    Comment,
    DataExport,
    ExportStatus,
    JobPost,
    MeetupRegistration,
    News,
    RefreshToken,
    RegistrationStatus,
    SpeakerApplication,
)
from community_app.services.errors import Conflict, NotFound, Unauthorized, Invalid  # noqa: E402
from community_app.services.uploads import delete_upload, public_path_of_url  # noqa: E402
from community_app.settings import VAR_DIR, get_settings  # noqa: E402

EXPORT_LINK_HOURS = 24
EXPORT_LINK_INVALID = N_("This download link is invalid, used or expired. Please ask for a new export.")
EXPORT_NOT_FOUND = N_("No data export is ready.")
STALE_CLAIM = dt.timedelta(minutes=10)  # a RUNNING export whose worker died is taken again


def exports_dir() -> Path:
    folder = Path(os.environ.get("COMMUNITY_VAR_DIR") or VAR_DIR) / "exports"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder


def request_export(session: Session, user_id: int, *, now: dt.datetime | None = None) -> DataExport:
    """Ask for a ZIP of everything held about the member (one at a time)."""
    busy = session.exec(select(DataExport).where(
        DataExport.user_id == user_id,
        col(DataExport.status).in_([ExportStatus.PENDING.value, ExportStatus.RUNNING.value]),
    )).first()
    if busy is not None:
        return busy
    export = DataExport(user_id=user_id, requested_at=now or utcnow())
    session.add(export)
    session.flush()
    return export


def latest_export(session: Session, user_id: int) -> DataExport | None:
    return session.exec(
        select(DataExport).where(DataExport.user_id == user_id)
        .order_by(col(DataExport.requested_at).desc(), col(DataExport.id).desc())
    ).first()


EXPORT_DOWNLOAD_PATH = "/api/v1/users/me/export/download"


def download_link(export: DataExport) -> str | None:
    """The signed one-time link of a READY export (None otherwise)."""
    if export.status != ExportStatus.READY.value:
        return None
    return f"{EXPORT_DOWNLOAD_PATH}?token={download_token(export)}"


def download_token(export: DataExport) -> str:
    """The signed link's token: this export only, until it expires (24 hours)."""
    return jwt.encode(
        {"sub": str(export.id), "typ": "export", "exp": export.expires_at,
         "n": export.file_name},
        get_settings().secret_key, algorithm="HS256",
    )


def _iso(value: dt.datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(dt.UTC).isoformat()


def _rows(session: Session, model, *where) -> list[dict]:
    return [
        {k: (_iso(v) if isinstance(v, dt.datetime) else v) for k, v in row.model_dump().items()}
        for row in session.exec(select(model).where(*where)).all()
    ]


def collect_member_data(session: Session, user_id: int) -> dict[str, object]:
    """Everything held about the member, one JSON document per part."""
    user = session.get(User, user_id)
    profile = {k: (_iso(v) if isinstance(v, dt.datetime) else v)
               for k, v in user.model_dump().items() if k not in ("password_hash",)}
    registrations = []
    for reg, title in session.exec(
        select(MeetupRegistration, Meetup.title)
        .join(Meetup, col(Meetup.id) == col(MeetupRegistration.meetup_id))
        .where(MeetupRegistration.user_id == user_id)
    ).all():
        row = {k: (_iso(v) if isinstance(v, dt.datetime) else v) for k, v in reg.model_dump().items()}
        row["meetup_title"] = title
        registrations.append(row)
    comments = []
    for c, news_title in session.exec(
        select(Comment, News.title).join(News, col(News.id) == col(Comment.news_id))
        .where(Comment.user_id == user_id)
    ).all():
        row = {k: (_iso(v) if isinstance(v, dt.datetime) else v) for k, v in c.model_dump().items()}
        row["news_title"] = news_title
        comments.append(row)
    return {
        "profile.json": profile,
        "registrations.json": registrations,
        "comments.json": comments,
        "blog_posts.json": _rows(session, BlogPost, BlogPost.author_id == user_id),
        "job_posts.json": _rows(session, JobPost, JobPost.posted_by_id == user_id),
        "speaker_applications.json": _rows(session, SpeakerApplication,
                                           SpeakerApplication.email == user.email),
        "consents.json": [
            {"kind": c.kind, "meetup": c.meetup_title, "given_at": _iso(c.given_at)}
            for c in list_consents(session, user_id)
        ],
        "login_history.json": [
            {"at": _iso(e.at), "address": e.address, "user_agent": e.user_agent, "method": e.method}
            for e in list_sign_ins(session, user_id)
        ],
        "audit_entries.json": _rows(
            session, AuditEntry,
            sa.or_(AuditEntry.actor_id == user_id,
                   sa.and_(AuditEntry.target_type == "user", AuditEntry.target_id == user_id)),
        ),
    }


def _member_images(session: Session, user_id: int) -> list[str]:
    user = session.get(User, user_id)
    urls = [user.image_url] + [p.cover_url for p in session.exec(
        select(BlogPost).where(BlogPost.author_id == user_id)).all()]
    return [path for url in urls if (path := public_path_of_url(url))]


def build_export(session: Session, export: DataExport, now: dt.datetime) -> None:
    """Write the ZIP (JSON files, then the member's images) under var/exports with 0600,
    updating the progress as it goes; the export becomes READY for 24 hours."""
    data = collect_member_data(session, export.user_id)
    images = _member_images(session, export.user_id)
    steps = len(data) + len(images)
    name = f"{secrets.token_hex(16)}.zip"
    path = exports_dir() / name
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as raw, zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as zf:
        for done, (file_name, content) in enumerate(data.items(), start=1):
            zf.writestr(file_name, json.dumps(content, ensure_ascii=False, indent=2, default=str))
            _progress(session, export, int(90 * done / steps))
        upload_dir = get_settings().upload_dir
        for relative in images:
            source = upload_dir / relative
            if source.is_file():
                zf.write(source, f"images/{Path(relative).name}")
    export.status = ExportStatus.READY.value
    export.progress = 100
    export.file_name = name
    export.finished_at = now
    export.expires_at = now + dt.timedelta(hours=EXPORT_LINK_HOURS)
    session.add(export)
    session.commit()


def _progress(session: Session, export: DataExport, percent: int) -> None:
    export.progress = percent
    session.add(export)
    session.commit()  # visible to the member's page at once


def claim_export(session: Session, export_id: int, now: dt.datetime) -> bool:
    """One worker takes a waiting export (or one whose worker stopped long ago). Claims
    are stamped and aged by the wall clock, not by ``now`` (which a scheduled run may have
    moved): a live build is never taken over."""
    now = utcnow()
    won = session.execute(
        sa.update(DataExport)
        .where(col(DataExport.id) == export_id, sa.or_(
            DataExport.status == ExportStatus.PENDING.value,
            sa.and_(DataExport.status == ExportStatus.RUNNING.value,
                    col(DataExport.claimed_at) < now - STALE_CLAIM)))
        .values(status=ExportStatus.RUNNING.value, claimed_at=now)
        .execution_options(synchronize_session=False)
    )
    session.commit()
    return won.rowcount == 1


def build_waiting_exports(session: Session, now: dt.datetime) -> int:
    ids = session.exec(select(DataExport.id).where(col(DataExport.status).in_(
        [ExportStatus.PENDING.value, ExportStatus.RUNNING.value]))).all()
    built = 0
    for export_id in ids:
        if not claim_export(session, export_id, now):
            continue
        export = session.get(DataExport, export_id)
        session.refresh(export)
        try:
            build_export(session, export, now)
            built += 1
        except Exception:  # noqa: BLE001 - the member sees 'failed' and can ask again
            session.rollback()
            export = session.get(DataExport, export_id)
            export.status = ExportStatus.FAILED.value
            session.add(export)
            session.commit()
            raise
    return built


def expire_exports(session: Session, now: dt.datetime) -> int:
    """Remove the files of exports past their 24 hours."""
    rows = session.exec(select(DataExport).where(
        DataExport.status == ExportStatus.READY.value, col(DataExport.expires_at) < now)).all()
    for export in rows:
        if export.file_name:
            (exports_dir() / export.file_name).unlink(missing_ok=True)
        export.status = ExportStatus.EXPIRED.value
        session.add(export)
    return len(rows)


def open_download(session: Session, token: str, *, now: dt.datetime | None = None) -> Path:
    """The ZIP behind a signed link, once: the export is marked downloaded here (a second
    use, an expired or a forged link: Unauthorized). The caller streams, then removes it."""
    now = now or utcnow()
    try:
        claims = jwt.decode(token or "", get_settings().secret_key, algorithms=["HS256"],
                            options={"require": ["exp", "sub", "typ"]})
    except jwt.PyJWTError as exc:
        raise Unauthorized(EXPORT_LINK_INVALID) from exc
    if claims.get("typ") != "export":
        raise Unauthorized(EXPORT_LINK_INVALID)
    export = session.get(DataExport, int(claims["sub"]))
    if export is None or export.file_name != claims.get("n"):
        raise Unauthorized(EXPORT_LINK_INVALID)
    taken = session.execute(
        sa.update(DataExport)
        .where(col(DataExport.id) == export.id, DataExport.status == ExportStatus.READY.value)
        .values(status=ExportStatus.DOWNLOADED.value, downloaded_at=now)
        .execution_options(synchronize_session=False)
    )
    session.commit()
    if taken.rowcount != 1:
        raise Unauthorized(EXPORT_LINK_INVALID)
    return exports_dir() / export.file_name


@scheduler.periodic("build-data-exports", every=dt.timedelta(seconds=0))
def _exports_task(session: Session, now: dt.datetime) -> str:
    expired = expire_exports(session, now)
    session.commit()
    return f"{build_waiting_exports(session, now)} exports built, {expired} expired"


# --- account deletion ----------------------------------------------------------------------

from community_app.services import audit  # noqa: E402
from community_app.services.passwords import verify_password  # noqa: E402

LAST_ORGANIZER = N_("You are the last organizer: make another member an organizer before deleting your account.")
WRONG_PASSWORD = N_("The password is not correct.")
CONFIRM_GOOGLE = N_("Please confirm with Google.")
DELETED_MEMBER = N_("Deleted member")


def _other_organizers(session: Session, user_id: int) -> int:
    return session.exec(select(sa.func.count()).select_from(User).where(
        User.role == Role.ORGANIZER.value, User.id != user_id, User.is_active == sa.true(),
        col(User.deleted_at).is_(None), col(User.deletion_requested_at).is_(None),
    )).one()


def request_deletion(
    session: Session, user_id: int, *, password: str | None = None,
    google_credential: str | None = None, keep_content: bool = True,
    now: dt.datetime | None = None,
) -> dt.datetime:
    """Ask for the account's deletion, confirmed with the password (or Google for a Google
    account). Erased 7 days later unless the member signs in before; the day returned.
    Refused for the last organizer."""
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None:
        raise NotFound(N_("Account not found."))
    if user.password_hash:
        if not password or not verify_password(user.password_hash, password):
            raise Invalid("password", WRONG_PASSWORD)
    else:
        from community_app.services.google import verify_google_credential

        if not google_credential:
            raise Invalid("googleCredential", CONFIRM_GOOGLE)
        if verify_google_credential(google_credential).subject != user.google_sub:
            raise Invalid("googleCredential", CONFIRM_GOOGLE)
    if user.is_organizer and _other_organizers(session, user_id) == 0:
        raise Conflict(LAST_ORGANIZER)
    now = now or utcnow()
    user.deletion_requested_at = now
    user.deletion_keeps_content = keep_content
    session.add(user)
    # Signed out everywhere: signing in again is how the member cancels.
    session.execute(sa.update(RefreshToken).where(
        RefreshToken.user_id == user_id, col(RefreshToken.revoked_at).is_(None)).values(revoked_at=now))
    audit.record(session, None, "account.deletion_requested", "user", user_id)
    return now + dt.timedelta(days=DELETION_GRACE_DAYS)


def erase_account(session: Session, user_id: int, now: dt.datetime) -> None:
    """Erase the member's personal data: future registrations cancelled through the
    meetup service (seats freed, caches expired), uploads removed, profile blanked,
    sign-ins, consents and tokens deleted; comments and posts kept under "deleted member"
    or removed, as chosen. The audit entry names no person."""
    from community_app.services import meetups

    user = session.get(User, user_id)
    for reg in session.exec(select(MeetupRegistration).where(
        MeetupRegistration.user_id == user_id,
        col(MeetupRegistration.status).in_([RegistrationStatus.ACCEPTED.value,
                                            RegistrationStatus.PENDING.value]),
    )).all():
        meetup = session.get(Meetup, reg.meetup_id)
        if meetup is not None and meetup.starts_at.replace(tzinfo=meetup.starts_at.tzinfo or dt.UTC) > now:
            meetups.cancel_registration(session, user_id, reg.meetup_id, now=now)
    user = session.get(User, user_id)
    for path in _member_images(session, user_id):
        delete_upload(path)
    for export in session.exec(select(DataExport).where(DataExport.user_id == user_id)).all():
        if export.file_name:
            (exports_dir() / export.file_name).unlink(missing_ok=True)
    old_username = user.username
    if user.deletion_keeps_content:
        session.execute(sa.update(BlogPost).where(BlogPost.author_id == user_id).values(cover_url=None))
    else:
        session.execute(sa.delete(Comment).where(Comment.user_id == user_id))
        session.execute(sa.delete(BlogPost).where(BlogPost.author_id == user_id))
        session.execute(sa.update(JobPost).where(JobPost.posted_by_id == user_id).values(posted_by_id=None))
    session.execute(sa.update(Comment).where(Comment.replied_username == old_username)
                    .values(replied_username=None))
    session.execute(sa.update(MeetupRegistration).where(MeetupRegistration.user_id == user_id)
                    .values(expectation=""))
    for model in (LoginEvent, Consent, RefreshToken, DataExport):
        session.execute(sa.delete(model).where(model.user_id == user_id))
    user.email = f"deleted-{user_id}@deleted.invalid"
    user.username = f"deleted-{user_id}"
    user.first_name = user.last_name = user.bio = ""
    user.phone = user.image_url = user.password_hash = user.google_sub = user.visa_status = None
    user.is_active = False
    user.role = Role.MEMBER.value
    user.deleted_at = now
    user.deletion_requested_at = None
    session.add(user)
    audit.record(session, None, "account.erased", "user", user_id)


def erase_due_accounts(session: Session, now: dt.datetime) -> int:
    due = session.exec(select(User.id).where(
        col(User.deletion_requested_at).is_not(None),
        col(User.deletion_requested_at) <= now - dt.timedelta(days=DELETION_GRACE_DAYS),
        col(User.deleted_at).is_(None),
    )).all()
    for user_id in due:
        # Claimed one by one: the UPDATE that clears the request is the claim.
        won = session.execute(sa.update(User).where(
            col(User.id) == user_id, col(User.deletion_requested_at).is_not(None),
            col(User.deleted_at).is_(None)).values(deleted_at=now))
        session.commit()
        if won.rowcount == 1:
            erase_account(session, user_id, now)
            session.commit()
    return len(due)


def is_deleted_member(user: User | None) -> bool:
    return user is not None and user.deleted_at is not None


@scheduler.periodic("erase-deleted-accounts", every=dt.timedelta(minutes=1))
def _erase_task(session: Session, now: dt.datetime) -> str:
    return f"{erase_due_accounts(session, now)} accounts erased"
