"""Sign in with the Telegram Login Widget: the signed data checked as Telegram documents
it (https://core.telegram.org/widgets/login#checking-authorization).

- the data-check-string is every received field but ``hash``, sorted, as ``key=value``
  lines; its HMAC-SHA-256 keyed with the SHA-256 of the bot token must equal ``hash``;
- ``auth_date`` must be at most ``COMMUNITY_TELEGRAM_LOGIN_MAX_AGE`` seconds old (default
  600) and not in the future (a minute of clock skew allowed);
- a payload is spent (``telegram_login_seen``, kept until it is too old anyway) by the
  first call that uses it: a sign-in, a sign-up (whatever it answers) or a link; the
  same payload again is a replay and is refused. Only a sign-in that found no account
  leaves it unspent, so that the same payload completes the sign-up.

Telegram proves who holds a Telegram account, never an email address
(services/email_proof.py): a Telegram sign-up is a sign-up like any other, answered
"check your email" whoever the address and the phone belong to, and the account signs in
with Telegram only once its owner opened the emailed link.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import hmac
import re
from collections.abc import Mapping

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.core.signing import same_secret
from community_app.core.settings import telegram_settings
from community_app.i18n import N_, normalize_language
from community_app.models import LoginMethod, TelegramLoginSeen, User
from community_app.services import email_proof, privacy, ratelimit, scheduler, tokens
from community_app.services.sign_up import (
    INVALID_COMPLETION,
    SignUp,
    TelegramAccount,
    completion_problems,
    start_sign_up,
)
from community_app.services.errors import Conflict, InvalidMany, Unauthorized
from community_app.services.users import normalize_email
from community_app.services.validation import email_problem, normalize_phone

TELEGRAM_LOGIN_FAILED = N_("Telegram login failed. Please try again.")
FIELDS = ("id", "first_name", "last_name", "username", "photo_url", "auth_date", "hash")
SKEW = dt.timedelta(seconds=60)
# Telegram ids and Unix times: ASCII digits, at most 15 (a time that far is refused as from
# the future; a longer number would overflow the date and the database's BIGINT).
_NUMBER = re.compile(r"[0-9]{1,15}")


@dataclasses.dataclass(frozen=True)
class TelegramIdentity:
    telegram_id: int
    first_name: str
    last_name: str
    username: str
    photo_url: str | None
    digest: str  # what marks this payload used


def data_check_string(data: Mapping[str, object]) -> str:
    return "\n".join(f"{k}={data[k]}" for k in sorted(data) if k != "hash")


def signature(data: Mapping[str, object], bot_token: str) -> str:
    key = hashlib.sha256(bot_token.encode()).digest()
    return hmac.new(key, data_check_string(data).encode(), hashlib.sha256).hexdigest()


def verify(data: Mapping[str, object], *, now: dt.datetime | None = None) -> TelegramIdentity:
    """The identity of a genuine, fresh widget payload; Unauthorized otherwise (Telegram
    login off, a field missing, a wrong hash, too old, from the future)."""
    cfg = telegram_settings()
    if not cfg.login_enabled:
        raise Unauthorized(TELEGRAM_LOGIN_FAILED)
    clean = {k: str(v) for k, v in data.items() if k in FIELDS and v is not None and str(v) != ""}
    received = clean.get("hash", "")
    if (not received or not _NUMBER.fullmatch(clean.get("id", ""))
            or not _NUMBER.fullmatch(clean.get("auth_date", ""))):
        raise Unauthorized(TELEGRAM_LOGIN_FAILED)
    if not same_secret(received.lower(), signature(clean, cfg.bot_token)):
        raise Unauthorized(TELEGRAM_LOGIN_FAILED)
    now = now or utcnow()
    signed_at = dt.datetime.fromtimestamp(int(clean["auth_date"]), tz=dt.UTC)
    if signed_at > now + SKEW or now - signed_at > dt.timedelta(seconds=cfg.login_max_age_seconds):
        raise Unauthorized(TELEGRAM_LOGIN_FAILED)
    return TelegramIdentity(
        telegram_id=int(clean["id"]), first_name=clean.get("first_name", "")[:100],
        last_name=clean.get("last_name", "")[:100], username=clean.get("username", "")[:64],
        photo_url=clean.get("photo_url") or None,
        digest=hashlib.sha256(received.lower().encode()).hexdigest(),
    )


def spend(session: Session, identity: TelegramIdentity, *, now: dt.datetime | None = None) -> None:
    """Mark the payload used; Unauthorized when it was used before (a replay)."""
    try:
        with session.begin_nested():
            session.add(TelegramLoginSeen(digest=identity.digest, seen_at=now or utcnow()))
    except sa.exc.IntegrityError:
        raise Unauthorized(TELEGRAM_LOGIN_FAILED) from None


def purge_seen(session: Session, now: dt.datetime) -> int:
    keep = dt.timedelta(seconds=telegram_settings().login_max_age_seconds) + SKEW
    gone = session.execute(sa.delete(TelegramLoginSeen)
                           .where(col(TelegramLoginSeen.seen_at) < now - keep))
    session.commit()
    return gone.rowcount


@scheduler.periodic("telegram-login-purge", every=dt.timedelta(hours=1))
def _scheduled_purge(session: Session, now: dt.datetime) -> str:
    return f"purged {purge_seen(session, now)}"


# ---------------------------------------------------------------- signing in and up

TELEGRAM_ACCOUNT_MISSING = N_("No account found for this Telegram account. Please complete "
                              "your registration.")
TELEGRAM_ALREADY_REGISTERED = N_("This Telegram account is already registered. Please log in.")
TELEGRAM_TAKEN = N_("This Telegram account is linked to another account.")
TELEGRAM_CONFIRM_EMAIL = N_("Open the link we emailed you to finish signing up, then log in "
                            "with Telegram.")


def _account_of(session: Session, identity: TelegramIdentity) -> User | None:
    return session.exec(select(User).where(col(User.telegram_id) == identity.telegram_id)).first()


def sign_in(session: Session, data: Mapping[str, object], *,
            now: dt.datetime | None = None) -> tokens.TokenPair:
    """Sign in the account linked to this Telegram account. Without one:
    Unauthorized(TELEGRAM_ACCOUNT_MISSING), and the payload stays unused so the same
    payload completes the sign-up (``sign_up``). An account whose email is not proven yet
    (a Telegram sign-up waiting for its link) does not sign in."""
    identity = verify(data, now=now)
    user = _account_of(session, identity)
    if user is None or not user.is_active or user.deleted_at is not None:
        raise Unauthorized(TELEGRAM_ACCOUNT_MISSING)
    spend(session, identity, now=now)
    if not email_proof.is_proven(user):
        session.commit()  # the payload stays spent although the sign-in is refused
        raise Unauthorized(TELEGRAM_CONFIRM_EMAIL)
    user.telegram_username = identity.username or user.telegram_username
    privacy.record_sign_in(session, user, LoginMethod.TELEGRAM.value, now=now)
    return tokens.start_session(session, user, now=now)


def sign_up(
    session: Session,
    data: Mapping[str, object],
    *,
    email: str | None,
    username: str | None = None,
    phone: str | None = None,
    language: str = "en",
    consent: bool | None = None,
    news_emails: bool = False,
    client: str = "",
    now: dt.datetime | None = None,
) -> SignUp:
    """Sign up with a Telegram identity and the email Telegram does not give (username
    letters only and optional, phone optional, the consent box, as a Google sign-up
    completes): like every sign-up that has not proven its address
    (``start_sign_up``), it answers "check your email" whoever the address and the
    phone belong to, and the account, which will sign in with this Telegram account,
    waits for the emailed link. The form is checked first (a typo spends nothing); then
    the payload is spent, whatever the answer, and sign-ups are limited per client
    address and per Telegram account. A Telegram account that already signs in to a
    confirmed account is refused (409: the caller's own)."""
    problems = {}
    if message := email_problem(email or ""):
        problems["email"] = message
    problems.update(completion_problems(username, phone, consent))
    if problems:
        raise InvalidMany(problems, summary=INVALID_COMPLETION)
    identity = verify(data, now=now)
    spend(session, identity, now=now)
    session.commit()  # spent whatever comes next
    ratelimit.spend("telegram-sign-ups-account", str(identity.telegram_id))
    ratelimit.spend("sign-ups-address", client)
    holder = _account_of(session, identity)
    if holder is not None and email_proof.is_proven(holder):
        raise Conflict(TELEGRAM_ALREADY_REGISTERED)
    details = {"phone": normalize_phone(phone) or None, "first_name": identity.first_name,
               "last_name": identity.last_name, "password_hash": None,
               "language": normalize_language(language)}
    return start_sign_up(
        session, email=normalize_email(email), details=details, username=username,
        news_emails=news_emails,
        telegram=TelegramAccount(identity.telegram_id, identity.username,
                                      identity.first_name, identity.last_name,
                                      identity.photo_url))


def link_account(session: Session, user_id: int, data: Mapping[str, object], *,
                 now: dt.datetime | None = None) -> User:
    """My Page: sign in with this Telegram account from now on too."""
    identity = verify(data, now=now)
    spend(session, identity, now=now)
    user = session.get(User, user_id)
    other = _account_of(session, identity)
    if other is not None and other.id != user_id:
        if email_proof.is_proven(other):
            session.commit()  # the payload stays spent although the link is refused
            raise Conflict(TELEGRAM_TAKEN)
        # an unconfirmed sign-up (perhaps someone else's) held it: the holder proved it here
        other.telegram_id = other.telegram_username = None
        session.add(other)
        session.flush()
    user.telegram_id = identity.telegram_id
    user.telegram_username = identity.username or None
    session.add(user)
    session.flush()
    return user


def unlink_account(session: Session, user_id: int) -> User:
    """My Page: no more signing in with Telegram (the emailed code always works)."""
    user = session.get(User, user_id)
    user.telegram_id = None
    user.telegram_username = None
    session.add(user)
    session.flush()
    return user
