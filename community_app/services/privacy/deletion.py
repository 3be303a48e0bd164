"""Delete my account: confirmed (password or Google), erased after a 7-day grace period.

Asking and cancelling each send the member an email. Until the erasure the member may
sign in (to fetch a data export, say): signing in does not cancel the deletion, the member
cancels it on My Page (or ``DELETE /users/me/deletion``), where its date is shown.
"""

from __future__ import annotations

import datetime as dt
import logging

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_, gettext, normalize_language
from community_app.i18n.dates import date_texts
from community_app.models import (
    AccountToken,
    AuditEntry,
    BlogPost,
    Comment,
    Consent,
    DataExport,
    JobPost,
    LoginCode,
    LoginEvent,
    Meetup,
    MeetupRegistration,
    MeetupReview,
    QueuedMail,
    TelegramMessage,
    RefreshToken,
    RegistrationStatus,
    Role,
    SpeakerApplication,
    User,
    WaitlistEntry,
)
from community_app.services.authors import DELETED_MEMBER
from community_app.services import audit, mail_queue, ratelimit, scheduler
from community_app.services.telegram import queue as telegram_queue
from community_app.services.authors import is_deleted_member  # noqa: F401 - re-exported
from community_app.services.errors import Conflict, Invalid, NotFound
from community_app.services.passwords import verify_password
from community_app.services.privacy.export import delete_export_file, member_images
from community_app.services.uploads import delete_upload
from community_app.services.mail import send_mail_in_language
from community_app.services.users import normalize_email
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
    """The password re-confirming a deletion, limited like a login (same rules, same
    counters: guesses here and at the login form add up)."""
    account = normalize_email(user.email)
    ratelimit.ensure_allowed("login-failures-account", account)
    ratelimit.ensure_allowed("login-failures-address", client)
    if not password or not verify_password(user.password_hash, password):
        ratelimit.record_failure("login-failures-account", account)
        ratelimit.record_failure("login-failures-address", client)
        raise Invalid("password", WRONG_PASSWORD)
    ratelimit.forget("login-failures-account", account)


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
    """Erase the member's personal data: future registrations cancelled through the
    meetup service (seats freed, caches expired), uploads removed, speaker applications
    (and their private photos) deleted, profile blanked, sign-ins, consents and tokens
    deleted; comments and posts kept under "deleted member", or removed with the member's
    job posts, as chosen; every queued or sent email to the member deleted; the audit
    entries about the member blanked. What each column gets is listed in
    ``personal_data.PERSONAL_DATA``. The audit entry of the erasure names no person.

    Retry-safe: every step can run again, and the account is marked erased
    (``deleted_at``) only by the last one, in the caller's commit. The registrations are
    cancelled first (that service commits per seat). False when there is nothing to do
    (already erased, or the deletion was cancelled by a sign-in)."""
    from community_app.services import meetups

    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None or user.deletion_requested_at is None:
        return False
    for reg in session.exec(select(MeetupRegistration).where(
        MeetupRegistration.user_id == user_id,
        col(MeetupRegistration.status).in_([RegistrationStatus.ACCEPTED.value,
                                            RegistrationStatus.PENDING.value]),
    )).all():
        meetup = session.get(Meetup, reg.meetup_id)
        if meetup is not None and meetup.starts_at.replace(tzinfo=meetup.starts_at.tzinfo or dt.UTC) > now:
            # cancel_registration offers the seat to the meetup's waitlist.
            meetups.cancel_registration(session, user_id, reg.meetup_id, now=now)
    meetups.leave_every_waitlist(session, user_id, now)
    mail_queue.forget_member(session, user_id)  # nothing more goes to the old address
    telegram_queue.forget_member(session, user_id)  # nor to the linked chat
    user = session.get(User, user_id)
    for path in member_images(session, user_id):
        delete_upload(path)
    applications = session.exec(select(SpeakerApplication).where(
        SpeakerApplication.email == user.email)).all()
    for application in applications:
        if application.photo_path:
            delete_upload(application.photo_path)
        session.delete(application)
    for export in session.exec(select(DataExport).where(DataExport.user_id == user_id)).all():
        delete_export_file(export)
    old_username = user.username
    if user.deletion_keeps_content:
        session.execute(sa.update(BlogPost).where(BlogPost.author_id == user_id).values(cover_url=None))
        session.execute(sa.update(MeetupReview).where(MeetupReview.user_id == user_id)
                        .values(author_name=DELETED_MEMBER))
    else:
        session.execute(sa.delete(Comment).where(Comment.user_id == user_id))
        session.execute(sa.delete(BlogPost).where(BlogPost.author_id == user_id))
        session.execute(sa.delete(JobPost).where(JobPost.posted_by_id == user_id))
        session.execute(sa.delete(MeetupReview).where(MeetupReview.user_id == user_id))
    _erase_own_contacts(session, user)
    session.execute(sa.update(Comment).where(Comment.replied_username == old_username)
                    .values(replied_username=None))
    for model in (MeetupRegistration, WaitlistEntry):  # the form's own words
        session.execute(sa.update(model).where(model.user_id == user_id).values(expectation=""))
    _erase_from_audit_log(session, user)
    for model in (LoginEvent, LoginCode, AccountToken, Consent, RefreshToken, DataExport, QueuedMail,
                  TelegramMessage):
        session.execute(sa.delete(model).where(model.user_id == user_id))
    user.email = f"deleted-{user_id}@deleted.invalid"
    user.username = f"deleted-{user_id}"
    user.first_name = user.last_name = user.bio = ""
    user.phone = user.image_url = user.password_hash = user.google_sub = user.visa_status = None
    user.telegram_id = user.telegram_username = user.telegram_chat_id = None
    user.is_active = False
    user.role = Role.MEMBER.value
    user.deleted_at = now
    user.deletion_requested_at = None
    session.add(user)
    audit.record(session, None, "account.erased", "user", user_id)
    return True


def _erase_own_contacts(session: Session, user: User) -> None:
    """A kept job ad whose contact is the member's own email or phone loses that contact."""
    session.execute(sa.update(JobPost).where(JobPost.posted_by_id == user.id,
                                             JobPost.contact_email == user.email)
                    .values(contact_email=None))
    if user.phone:
        session.execute(sa.update(JobPost).where(JobPost.posted_by_id == user.id,
                                                 JobPost.contact_phone == user.phone)
                        .values(contact_phone=None))


def _erase_from_audit_log(session: Session, user: User) -> None:
    """Organizers' entries about the member keep what was done, not whom to: their detail
    is blanked. Entries written before ``subject_user_id`` existed and naming the member's
    address anywhere lose the name and address too."""
    session.execute(sa.update(AuditEntry).where(AuditEntry.subject_user_id == user.id)
                    .values(detail=""))
    full = f"{user.first_name} {user.last_name}".strip() or user.username
    named = sa.func.replace(AuditEntry.detail, f"{full} <{user.email}>", DELETED_MEMBER)
    session.execute(sa.update(AuditEntry).where(col(AuditEntry.detail).contains(user.email, autoescape=True))
                    .values(detail=sa.func.replace(named, user.email, DELETED_MEMBER)))


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
