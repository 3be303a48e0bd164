"""Delete my account: confirmed (password or Google), erased after a 7-day grace period.

Asking and cancelling each send the member an email. Until the erasure the member may
sign in (to fetch a data export, say): signing in does not cancel the deletion, the member
cancels it on My Page (or ``DELETE /users/me/deletion``), where its date is shown.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_, gettext, normalize_language
from community_app.i18n.dates import date_texts
from community_app.models import (
    AuditEntry, Comment, Meetup, MeetupRegistration, RefreshToken, RegistrationStatus, Role,
    SpeakerProfile, Talk, TalkSpeaker, User,
)
from community_app.services.authors import DELETED_MEMBER
from community_app.services import audit, mail_queue, scheduler, search_index
from community_app.services.telegram import queue as telegram_queue
from community_app.services.authors import is_deleted_member  # noqa: F401 - re-exported
from community_app.services.errors import Conflict, Invalid, NotFound
from community_app.services.password_reset import current_password_holds
from community_app.services.privacy import classification, personal_data
from community_app.services.privacy.export import export_key
from community_app.services.storage import get_storage
from community_app.services.uploads import delete_upload, public_path_of_url
from community_app.services.mail import send_mail_in_language
from community_app.core.settings import get_settings

log = logging.getLogger(__name__)

DELETION_GRACE_DAYS = 7

LAST_ORGANIZER = N_("You are the last organizer: make another member an organizer before deleting your account.")
WRONG_PASSWORD = N_("The password is not correct.")
CONFIRM_GOOGLE = N_("Please confirm with Google.")
DELETION_ASKED = N_("Your account will be deleted in 7 days. You can cancel until then.")
NO_PENDING_DELETION = N_("No account deletion is pending.")
DELETION_CANCELLED = N_("The deletion is cancelled: your account stays.")
DELETION_ASKED_SUBJECT = N_("Your {site} account will be deleted on {date}")
DELETION_ASKED_TEXT = N_(
    "You asked us to delete your {site} account. Your personal data will be erased on "
    "{date}.\n\nChanged your mind? Open My Page and press \"Cancel the deletion\" before "
    "then: {link}\n\nIf you did not ask for this, cancel the deletion and change your password.")
DELETION_CANCELLED_SUBJECT = N_("Your {site} account will not be deleted")
DELETION_CANCELLED_TEXT = N_(
    "The deletion of your {site} account was cancelled: your account stays as it was.\n\n"
    "My Page: {link}")


def _other_organizers(session: Session, user_id: int) -> int:
    return session.exec(select(sa.func.count()).select_from(User).where(
        User.role == Role.ORGANIZER.value, User.id != user_id, User.is_active == sa.true(),
        col(User.deleted_at).is_(None), col(User.deletion_requested_at).is_(None),
    )).one()


def confirms_with_google(session: Session, user_id: int) -> bool:
    """A Google-only account (no password) re-confirms its deletion with Google."""
    user = session.get(User, user_id)
    return user is not None and not user.password_hash


def _check_password(user: User, password: str, client: str) -> None:
    """The password re-confirming a deletion, limited like a login (the same rule as a
    password change: ``password_reset.current_password_holds``)."""
    if not current_password_holds(user, password, client):
        raise Invalid("password", WRONG_PASSWORD)


def request_deletion(
    session: Session, user_id: int, *, password: str | None = None,
    google_credential: str | None = None, keep_content: bool = True,
    now: dt.datetime | None = None, client: str = "",
) -> dt.datetime:
    """Ask for the account's deletion, confirmed with the password (or Google for a Google
    account). Erased 7 days later unless the member cancels before; the day returned.
    Refused for the last organizer. A wrong password counts with the login failures of
    the account and of the address ``client`` (services/ratelimit.py): past the login
    limit the check is refused (TooManyRequests) before the password is looked at."""
    user = check_deletion(session, user_id, password=password,
                          google_credential=google_credential, client=client)
    now = now or utcnow()
    user.deletion_requested_at = now
    user.deletion_keeps_content = keep_content
    session.add(user)
    # Signed out on every other device (this one's access token lasts its few minutes).
    session.execute(sa.update(RefreshToken).where(
        RefreshToken.user_id == user_id, col(RefreshToken.revoked_at).is_(None)).values(revoked_at=now))
    audit.record(session, None, "account.deletion_requested", "user", user_id)
    erases_at = now + dt.timedelta(days=DELETION_GRACE_DAYS)
    _tell(user, DELETION_ASKED_SUBJECT, DELETION_ASKED_TEXT, erases_at)
    return erases_at


def check_deletion(
    session: Session, user_id: int, *, password: str | None = None,
    google_credential: str | None = None, client: str = "",
) -> User:
    """What a deletion needs before anything is asked: the account's password (or Google
    for a Google account), and another organizer when the member is one. The site checks
    it before its "are you sure?" (a wrong password is said first, issue 42), and
    ``request_deletion`` again when the member says yes."""
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None:
        raise NotFound(N_("Account not found."))
    if not confirms_with_google(session, user_id):
        _check_password(user, password or "", client)
    else:
        from community_app.services.google import verify_google_credential

        if not google_credential:
            raise Invalid("googleCredential", CONFIRM_GOOGLE)
        if verify_google_credential(google_credential).subject != user.google_sub:
            raise Invalid("googleCredential", CONFIRM_GOOGLE)
    if user.is_organizer and _other_organizers(session, user_id) == 0:
        raise Conflict(LAST_ORGANIZER)
    return user


def pending_deletion(session: Session, user_id: int) -> dt.datetime | None:
    """When the member's account will be erased; None when no deletion is pending."""
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None or user.deletion_requested_at is None:
        return None
    return user.deletion_requested_at + dt.timedelta(days=DELETION_GRACE_DAYS)


def cancel_deletion(session: Session, user_id: int) -> bool:
    """Keep the account after all (during the grace period); the member is emailed. False
    when no deletion was pending (nothing changes, no email)."""
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None or user.deletion_requested_at is None:
        return False
    user.deletion_requested_at = None
    session.add(user)
    audit.record(session, None, "account.deletion_cancelled", "user", user_id)
    _tell(user, DELETION_CANCELLED_SUBJECT, DELETION_CANCELLED_TEXT, None)
    return True


def _tell(user: User, subject_id: str, text_id: str, erases_at: dt.datetime | None) -> None:
    """The email of a deletion asked for or cancelled, in the member's language."""
    lang = normalize_language(user.language)
    settings = get_settings()
    params = {
        "site": settings.site_name,
        "date": date_texts(erases_at, "long")[lang] if erases_at else "",
        "link": f"{settings.public_url.rstrip('/')}/mypage?tab=account",
    }
    send_mail_in_language(user.email, gettext(subject_id, lang, **params),
                          gettext(text_id, lang, **params), lang)


def erase_account(session: Session, user_id: int, now: dt.datetime) -> bool:
    """Erase the member's personal data as ``personal_data.TABLES`` classifies every table:
    first the service steps it names (``STEPS``: registrations cancelled through the
    meetup service so seats go to the waitlist, waitlists left, queued emails and bot
    messages forgotten, replies and old audit details unnamed), then the stored files of
    the member's erased rows (profile photo, blog covers, speaker-application photos,
    export ZIPs), then, table by table, the member's rows deleted or anonymised (kept
    content as "Deleted member", or removed, as the member chose). The account row stays,
    naming no one, with Telegram unlinked and ``session_version`` raised: every token
    ends. The audit entry of the erasure names no person.

    Retry-safe: every step can run again, and the account is marked erased
    (``deleted_at``) only by the last one, in the caller's commit. The registrations are
    cancelled first (that service commits per seat). False when there is nothing to do
    (already erased, or the deletion was cancelled)."""
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None or user.deletion_requested_at is None:
        return False
    member = classification.member_of(user, now)
    naming = _search_items_naming(session, member)
    for step in personal_data.erasure_steps():
        STEPS[step](session, member)
    session.flush()
    tables = personal_data.erasure_order()
    for name, spec in tables:
        files = personal_data.erased_files(spec, member)
        for kind, value in personal_data.stored_files(session, spec, name, member, files):
            _delete_stored(kind, value)
    for name, spec in tables:
        _erase_rows(session, name, spec, member)
    session.expire_all()  # the statements above changed rows the session may hold
    for kind, ids in naming.items():  # the statements passed by the index's ORM hooks
        search_index.index_items(session, kind, ids)
    audit.record(session, None, "account.erased", "user", user_id)
    return True


def _search_items_naming(session: Session, member: classification.Member) -> dict[str, set[int]]:
    """The search documents that show the member's name as a speaker (her talks and their
    meetups' programmes), read before the erasure: they are indexed again after it, so the
    index says what the pages say (the name only if the speaker agreed to keep it)."""
    rows = session.exec(
        select(Talk.id, Talk.meetup_id)
        .join(TalkSpeaker, col(TalkSpeaker.talk_id) == col(Talk.id))
        .join(SpeakerProfile, col(SpeakerProfile.id) == col(TalkSpeaker.speaker_id))
        .where(SpeakerProfile.user_id == member.id)).all()
    return {search_index.TALK: {talk for talk, _ in rows},
            search_index.MEETUP: {meetup for _, meetup in rows}}


def _delete_stored(kind: str, value: str) -> None:
    if kind == classification.UPLOAD_URL:
        if path := public_path_of_url(value):
            delete_upload(path)
    elif kind == classification.UPLOAD_PATH:
        delete_upload(value)
    elif kind == classification.EXPORT_FILE:
        get_storage().delete(export_key(value))
    else:  # a kind no rule knows would leave a file behind
        raise ValueError(f"unknown kind of stored file: {kind}")


def _erase_rows(session: Session, name: str, spec: classification.Table,
                member: classification.Member) -> None:
    """The member's rows of one table: deleted, or kept with their columns' erase values."""
    table = classification.sa_table(name)
    mine = spec.rows_of(table, member)
    if spec.erase == classification.DELETE or (
            spec.erase == classification.CONTENT and not member.keeps_content):
        session.execute(sa.delete(table).where(mine))
        return
    values, own = {}, []
    for column, rule in spec.columns.items():
        if rule.erase is classification.UNCHANGED:
            continue
        if rule.when_own:
            own.append((column, rule))
        else:
            values[column] = rule.value(table, column, member)
    if values:
        session.execute(sa.update(table).where(mine).values(values))
    for column, rule in own:  # only where it is the member's own email or phone
        value = getattr(member, rule.when_own)
        if value:
            session.execute(sa.update(table).where(mine, table.c[column] == value)
                            .values({column: rule.value(table, column, member)}))


# --- the service steps the classification names (classification.Table.steps) ------------------


def _cancel_future_registrations(session: Session, member: classification.Member) -> None:
    """Through the meetup service: the seat goes to the first on the waitlist."""
    from community_app.services import meetups

    for reg in session.exec(select(MeetupRegistration).where(
        MeetupRegistration.user_id == member.id,
        col(MeetupRegistration.status).in_([RegistrationStatus.ACCEPTED.value,
                                            RegistrationStatus.PENDING.value]),
    )).all():
        meetup = session.get(Meetup, reg.meetup_id)
        if meetup is not None and meetup.starts_at.replace(tzinfo=meetup.starts_at.tzinfo or dt.UTC) > member.now:
            meetups.cancel_registration(session, member.id, reg.meetup_id, now=member.now)


def _leave_waitlists(session: Session, member: classification.Member) -> None:
    from community_app.services import meetups

    meetups.leave_every_waitlist(session, member.id, member.now)


def _blank_replies_to_username(session: Session, member: classification.Member) -> None:
    """Anyone's reply that names the member's username loses it."""
    session.execute(sa.update(Comment).where(Comment.replied_username == member.username)
                    .values(replied_username=None))


def _unname_in_audit_details(session: Session, member: classification.Member) -> None:
    """Entries written before ``subject_user_id`` existed and naming the member's address
    anywhere lose the name and address (those about the member are blanked by the
    classification's rule)."""
    named = sa.func.replace(AuditEntry.detail, f"{member.full_name} <{member.email}>", DELETED_MEMBER)
    session.execute(sa.update(AuditEntry).where(col(AuditEntry.detail).contains(member.email, autoescape=True))
                    .values(detail=sa.func.replace(named, member.email, DELETED_MEMBER)))


STEPS: dict[str, Callable[[Session, classification.Member], object]] = {
    "cancel_future_registrations": _cancel_future_registrations,
    "leave_waitlists": _leave_waitlists,
    "forget_unsent_mail": lambda session, member: mail_queue.forget_member(session, member.id),
    "forget_unsent_telegram": lambda session, member: telegram_queue.forget_member(session, member.id),
    "blank_replies_to_username": _blank_replies_to_username,
    "unname_in_audit_details": _unname_in_audit_details,
}


def erase_due_accounts(session: Session, now: dt.datetime) -> int:
    """Erase every account whose grace period is over; one that fails midway is rolled
    back, logged and taken again on the next run (it stays due until erased)."""
    due = session.exec(select(User.id).where(
        col(User.deletion_requested_at).is_not(None),
        col(User.deletion_requested_at) <= now - dt.timedelta(days=DELETION_GRACE_DAYS),
        col(User.deleted_at).is_(None),
    )).all()
    erased = 0
    for user_id in due:
        try:
            erased += erase_account(session, user_id, now)
            session.commit()
        except Exception:  # noqa: BLE001 - the next run tries again; the others go on
            session.rollback()
            log.exception("erasing account %s failed; it is retried on the next run", user_id)
    return erased


@scheduler.periodic("erase-deleted-accounts", every=dt.timedelta(minutes=1))
def _erase_task(session: Session, now: dt.datetime) -> str:
    return f"{erase_due_accounts(session, now)} accounts erased"
