"""Download my data: a ZIP of JSON files, a readable summary page (summary.html, in the
member's language) and the member's images, built in the background, downloadable once
from a signed link that expires 24 hours after it is ready. It holds the member's own data
only: an organizer's actions about other people say what was done, not to whom.

The ZIP is kept in the site's file store (``services/storage.py``: ``var/exports`` by
default, the object store when configured, so any node can send it). The link is spent
only when the whole file was sent (a broken download can be tried again until the link
expires), and an expired export's file is removed whether or not it was downloaded."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import logging
import secrets
import zipfile
from collections.abc import Callable, Iterator
from pathlib import PurePosixPath

import jwt
import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_, normalize_language
from community_app.models import AuditEntry, DataExport, ExportStatus, User
from community_app.services import scheduler
from community_app.services.bulk import update_where
from community_app.services.errors import NotFound, Unauthorized
from community_app.services.privacy import classification, personal_data
from community_app.services.privacy.summary import SUMMARY_FILE, summary_html
from community_app.services.storage import get_storage, spooled_file
from community_app.services.uploads import public_path_of_url, read_upload
from community_app.core.settings import get_settings

log = logging.getLogger(__name__)

EXPORT_LINK_HOURS = 24
EXPORT_LINK_INVALID = N_("This download link is invalid, used or expired. Please ask for a new export.")
EXPORT_NOT_FOUND = N_("No data export is ready.")
STALE_CLAIM = dt.timedelta(minutes=10)  # a RUNNING export whose worker died is taken again
# An export file no row names is removed once it is this old: a build writes its file, then
# names it in its row a moment later (never an hour); files of rows that are gone, and
# files left behind before expired exports' files were removed whatever their status.
ORPHAN_AGE = dt.timedelta(hours=1)


def export_key(file_name: str) -> str:
    """The storage key of an export's ZIP."""
    return f"exports/{file_name}"


def delete_export_file(export: DataExport) -> None:
    """Remove the export's ZIP from the file store (nothing when it has none or it is gone)."""
    if export.file_name:
        get_storage().delete(export_key(export.file_name))


def request_export(session: Session, user_id: int, *, lang: str | None = None,
                   now: dt.datetime | None = None) -> DataExport:
    """Ask for a ZIP of everything held about the member (one at a time); its summary page
    in ``lang`` (the member's language by default)."""
    busy = session.exec(select(DataExport).where(
        DataExport.user_id == user_id,
        col(DataExport.status).in_([ExportStatus.PENDING.value, ExportStatus.RUNNING.value]),
    )).first()
    if busy is not None:
        return busy
    if not lang:
        user = session.get(User, user_id)
        lang = user.language if user else None
    export = DataExport(user_id=user_id, requested_at=now or utcnow(),
                        language=normalize_language(lang))
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


def _json(value: object) -> object:
    return _iso(value) if isinstance(value, dt.datetime) else value


def _member(session: Session, user_id: int) -> classification.Member:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(N_("Account not found."))
    return classification.member_of(user)


def table_rows(session: Session, name: str, member: classification.Member) -> list[dict]:
    """The member's rows of table ``name`` as JSON values (times in ISO 8601, UTC): the
    columns the classification exports, and the titles of the rows they point at."""
    spec = personal_data.TABLES[name]
    table = classification.sa_table(name)
    picked = [table.c[c].label(c) for c, rule in spec.columns.items() if rule.export]
    joined = table
    for key, column, target in spec.export.titles:
        other_name, other_column = target.split(".")
        other = classification.sa_table(other_name).alias(f"t_{key}")
        joined = joined.outerjoin(other, other.c.id == table.c[column])
        picked.append(other.c[other_column].label(key))
    query = (sa.select(*picked).select_from(joined).where(spec.rows_of(table, member))
             .order_by(*table.primary_key.columns))
    return [{k: _json(v) for k, v in row.items()} for row in session.execute(query).mappings()]


def collect_member_data(session: Session, user_id: int) -> dict[str, object]:
    """Everything held about the member, one JSON document per exported table of
    ``personal_data.TABLES`` (the profile one object, the others lists of rows)."""
    member = _member(session, user_id)
    data: dict[str, object] = {}
    for name, spec in personal_data.exports():
        if spec.export.builder:
            data[spec.export.file] = BUILDERS[spec.export.builder](session, member)
            continue
        rows = table_rows(session, name, member)
        data[spec.export.file] = (rows[0] if rows else {}) if spec.export.one else rows
    return data


# An organizer's action on one of these targets is about another person (an applicant, a
# comment's author, a member): the member's export says what they did, not to whom.
PERSON_TARGETS = frozenset({"user", "speaker_application", "comment"})


def _audit_entries(session: Session, member: classification.Member) -> list[dict]:
    """The audit entries the member made (as an organizer) or that are about the member;
    an entry about someone else keeps its action, target kind and time only."""
    user_id = member.id
    rows = session.exec(select(AuditEntry).where(sa.or_(
        AuditEntry.actor_id == user_id, AuditEntry.subject_user_id == user_id,
        sa.and_(AuditEntry.target_type == "user", AuditEntry.target_id == user_id),
    )).order_by(col(AuditEntry.created_at), col(AuditEntry.id))).all()
    out = []
    for e in rows:
        about_me = e.subject_user_id == user_id or (e.target_type == "user" and e.target_id == user_id)
        about_other = not about_me and (e.subject_user_id is not None or e.target_type in PERSON_TARGETS)
        out.append({
            "action": e.action,
            "target_type": e.target_type,
            "target_id": None if about_other and e.target_type in PERSON_TARGETS else e.target_id,
            "detail": "" if about_other else e.detail,
            "by_me": e.actor_id == user_id,
            "created_at": _iso(e.created_at),
        })
    return out


# The files the classification makes with a function of their own (classification.Export.builder).
BUILDERS: dict[str, Callable[[Session, classification.Member], object]] = {
    "audit_entries": _audit_entries,
}


def member_images(session: Session, user_id: int) -> list[str]:
    """The stored pictures the member's exported rows name (profile photo, blog covers,
    speaker-application photos): their paths in the file store."""
    member = _member(session, user_id)
    paths = []
    for name, spec in personal_data.exports():
        columns = [c for c, rule in spec.columns.items() if rule.stored in classification.PICTURES]
        for kind, value in personal_data.stored_files(session, spec, name, member, columns):
            path = public_path_of_url(value) if kind == classification.UPLOAD_URL else value
            if path:
                paths.append(path)
    return paths


def build_export(session: Session, export: DataExport, now: dt.datetime) -> None:
    """Write the ZIP (JSON files, then the member's images) to the file store (private:
    0600 in var/exports by default), updating the progress as it goes; the export becomes
    READY for 24 hours."""
    data = collect_member_data(session, export.user_id)
    images = member_images(session, export.user_id)
    summary = summary_html(data, export.language)
    steps = len(data) + len(images)
    name = f"{secrets.token_hex(16)}.zip"
    with spooled_file() as raw:
        with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as zf:
            zf.writestr(SUMMARY_FILE, summary)
            for done, (file_name, content) in enumerate(data.items(), start=1):
                zf.writestr(file_name, json.dumps(content, ensure_ascii=False, indent=2, default=str))
                _progress(session, export, int(90 * done / steps))
            for relative in images:
                picture = read_upload(relative)
                if picture is not None:
                    zf.writestr(f"images/{PurePosixPath(relative).name}", picture)
        raw.seek(0)
        get_storage().write_file(export_key(name), raw, content_type="application/zip", private=True)
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


# A build that failed (the object store could not be written, say) is tried again once each
# of these has passed since its first failure, then given up: FAILED, and My Page offers to
# ask again. Three retries over a quarter of an hour outlast a store's restart.
RETRY_AFTER = (dt.timedelta(minutes=1), dt.timedelta(minutes=5), dt.timedelta(minutes=15))


def _aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def retry_due(first_failure: dt.datetime | None, last_try: dt.datetime | None,
              now: dt.datetime) -> bool:
    """Whether a waiting export may be built now: always when it never failed; after a
    failure, once a step of ``RETRY_AFTER`` has passed since its last try. (A PENDING export
    that failed keeps its first failure in ``finished_at`` and its last try in
    ``claimed_at``.)"""
    if first_failure is None:
        return True
    first, now = _aware(first_failure), _aware(now)
    last = _aware(last_try) if last_try is not None else first
    return any(last - first < step <= now - first for step in RETRY_AFTER)


def _failed(session: Session, export_id: int, now: dt.datetime) -> str:
    """A build raised: wait for the next retry (PENDING) or give up (FAILED). Returns the
    status given."""
    export = session.get(DataExport, export_id)
    first = _aware(export.finished_at) if export.finished_at is not None else _aware(now)
    retrying = any(step > _aware(now) - first for step in RETRY_AFTER)
    export.status = (ExportStatus.PENDING if retrying else ExportStatus.FAILED).value
    export.finished_at, export.claimed_at, export.progress = first, now, 0
    session.add(export)
    session.commit()
    return export.status


def claim_export(session: Session, export_id: int, now: dt.datetime) -> bool:
    """One worker takes a waiting export (or one whose worker stopped long ago). Claims
    are stamped and aged by the wall clock, not by ``now`` (which a scheduled run may have
    moved): a live build is never taken over."""
    now = utcnow()
    won = update_where(
        session, DataExport,
        col(DataExport.id) == export_id,
        sa.or_(DataExport.status == ExportStatus.PENDING.value,
               sa.and_(DataExport.status == ExportStatus.RUNNING.value,
                       col(DataExport.claimed_at) < now - STALE_CLAIM)),
        status=ExportStatus.RUNNING.value, claimed_at=now,
    )
    session.commit()
    return won == 1


def build_waiting_exports(session: Session, now: dt.datetime) -> int:
    """Build every waiting export that is due (``retry_due``), each claimed by one worker.
    A build that fails is tried again later (``RETRY_AFTER``) and then given up; the others
    are built all the same. Returns how many were built."""
    rows = session.exec(select(DataExport.id, DataExport.status, DataExport.finished_at,
                               DataExport.claimed_at).where(col(DataExport.status).in_(
        [ExportStatus.PENDING.value, ExportStatus.RUNNING.value]))).all()
    built = 0
    for export_id, status, first_failure, last_try in rows:
        if status == ExportStatus.PENDING.value and not retry_due(first_failure, last_try, now):
            continue
        if not claim_export(session, export_id, now):
            continue
        export = session.get(DataExport, export_id)
        session.refresh(export)
        try:
            build_export(session, export, now)
            built += 1
        except Exception as exc:  # noqa: BLE001 - tried again later, or the member asks again
            session.rollback()
            if _failed(session, export_id, now) == ExportStatus.FAILED.value:
                log.error("data export %s failed for good", export_id, exc_info=exc)
            else:
                log.warning("data export %s failed (%s); it will be tried again", export_id,
                            exc, exc_info=exc)
    return built


def expire_exports(session: Session, now: dt.datetime) -> int:
    """Remove the files of exports past their 24 hours, downloaded or not (a download that
    broke, or one whose file removal failed, leaves nothing behind); READY ones become
    EXPIRED. Returns how many files were removed."""
    rows = session.exec(select(DataExport).where(
        col(DataExport.status).in_([ExportStatus.READY.value, ExportStatus.DOWNLOADED.value]),
        col(DataExport.file_name).is_not(None), col(DataExport.expires_at) < now)).all()
    for export in rows:
        delete_export_file(export)
        if export.status == ExportStatus.READY.value:
            export.status = ExportStatus.EXPIRED.value
        export.file_name = None  # nothing left to remove: the next run skips it
        session.add(export)
    return len(rows)


def remove_orphan_exports(session: Session, now: dt.datetime) -> int:
    """Remove the export files of the file store (local folder or object store) that no
    export names and that are older than ``ORPHAN_AGE``: written for a row that is gone,
    half-written by a stopped worker, or left by an older version of the site. Returns how
    many were removed."""
    named = {export_key(name) for name in session.exec(
        select(DataExport.file_name).where(col(DataExport.file_name).is_not(None))).all()}
    store = get_storage()
    removed = 0
    for key, written in list(store.listing("exports")):
        if key not in named and written < now - ORPHAN_AGE:
            store.delete(key)
            removed += 1
    return removed


@dataclasses.dataclass
class ExportDownload:
    """An export being sent: its bytes, in blocks; ``finish_download`` spends the link."""

    export_id: int
    file_name: str
    chunks: Iterator[bytes]


def open_download(session: Session, token: str, *, now: dt.datetime | None = None) -> ExportDownload:
    """The ZIP behind a signed link of a READY export (an expired, spent or forged link,
    or a file that is gone: Unauthorized). Nothing is spent here: the caller sends the
    bytes, then calls ``finish_download``; a download that breaks can be tried again."""
    now = now or utcnow()
    try:
        claims = jwt.decode(token or "", get_settings().secret_key, algorithms=["HS256"],
                            options={"require": ["exp", "sub", "typ"]})
    except jwt.PyJWTError as exc:
        raise Unauthorized(EXPORT_LINK_INVALID) from exc
    if claims.get("typ") != "export":
        raise Unauthorized(EXPORT_LINK_INVALID)
    export = session.get(DataExport, int(claims["sub"]))
    if (export is None or not export.file_name or export.file_name != claims.get("n")
            or export.status != ExportStatus.READY.value):
        raise Unauthorized(EXPORT_LINK_INVALID)
    chunks = get_storage().open_chunks(export_key(export.file_name))
    if chunks is None:
        raise Unauthorized(EXPORT_LINK_INVALID)
    return ExportDownload(export.id, export.file_name, chunks)


def finish_download(session: Session, download: ExportDownload, *, now: dt.datetime | None = None) -> bool:
    """Every byte was sent: the export is marked downloaded (once: a second download that
    finished at the same time changes nothing) and its file removed."""
    taken = update_where(
        session, DataExport,
        col(DataExport.id) == download.export_id, DataExport.status == ExportStatus.READY.value,
        status=ExportStatus.DOWNLOADED.value, downloaded_at=now or utcnow(),
    )
    session.commit()
    get_storage().delete(export_key(download.file_name))
    return taken == 1


@scheduler.periodic("build-data-exports", every=dt.timedelta(seconds=0))
def _exports_task(session: Session, now: dt.datetime) -> str:
    expired = expire_exports(session, now)
    session.commit()
    return f"{build_waiting_exports(session, now)} exports built, {expired} expired"


@scheduler.periodic("remove-orphan-exports", every=dt.timedelta(hours=1))
def _orphans_task(session: Session, now: dt.datetime) -> str:
    return f"{remove_orphan_exports(session, now)} orphaned export files removed"
