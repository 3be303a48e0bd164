"""Sign in with the Telegram Login Widget: the signed data checked as Telegram documents
it (https://core.telegram.org/widgets/login#checking-authorization).

- the data-check-string is every received field but ``hash``, sorted, as ``key=value``
  lines; its HMAC-SHA-256 keyed with the SHA-256 of the bot token must equal ``hash``;
- ``auth_date`` must be at most ``COMMUNITY_TELEGRAM_LOGIN_MAX_AGE`` seconds old (default
  600) and not in the future (a minute of clock skew allowed);
- a payload that signed someone in is kept (``telegram_login_seen``) until it is too old
  anyway: the same payload again is a replay and is refused.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import hmac
from collections.abc import Mapping

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.core.settings import telegram_settings
from community_app.i18n import N_, normalize_language
from community_app.models import ConsentKind, LoginMethod, TelegramLoginSeen, User
from community_app.services import privacy, scheduler, tokens
from community_app.services.auth import (
    CONSENT_REQUIRED, IDENTITY_TAKEN, INVALID_COMPLETION, PHONE_TAKEN, USERNAME_TAKEN,
    unique_username,
)
from community_app.services.errors import Conflict, InvalidMany, Unauthorized
from community_app.services.users import get_user_by_email, normalize_email
from community_app.services.validation import (
    email_problem, normalize_phone, phone_problem, username_problem,
)

TELEGRAM_LOGIN_FAILED = N_("Telegram login failed. Please try again.")
FIELDS = ("id", "first_name", "last_name", "username", "photo_url", "auth_date", "hash")
SKEW = dt.timedelta(seconds=60)


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
    if not received or not clean.get("id", "").isdigit() or not clean.get("auth_date", "").isdigit():
        raise Unauthorized(TELEGRAM_LOGIN_FAILED)
    if not hmac.compare_digest(signature(clean, cfg.bot_token), received.lower()):
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
TELEGRAM_EMAIL_TAKEN = N_("This email already has an account: log in with it and link "
                          "Telegram on My Page.")


def _account_of(session: Session, identity: TelegramIdentity) -> User | None:
    return session.exec(select(User).where(col(User.telegram_id) == identity.telegram_id)).first()


def sign_in(session: Session, data: Mapping[str, object], *,
            now: dt.datetime | None = None) -> tokens.TokenPair:
    """Sign in the account linked to this Telegram account. Without one:
    Unauthorized(TELEGRAM_ACCOUNT_MISSING), and the payload stays unused so the same
    payload completes the sign-up (``sign_up``)."""
    identity = verify(data, now=now)
    user = _account_of(session, identity)
    if user is None or not user.is_active or user.deleted_at is not None:
        raise Unauthorized(TELEGRAM_ACCOUNT_MISSING)
    spend(session, identity, now=now)
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
    now: dt.datetime | None = None,
) -> tokens.TokenPair:
    """Create the account of a Telegram identity and sign it in, as a Google sign-up
    completes (username letters only and optional, phone optional, the consent box), with
    the email Telegram does not give. An email that has an account is refused: its owner
    signs in and links Telegram on My Page."""
    identity = verify(data, now=now)
    problems = {}
    if message := email_problem(email or ""):
        problems["email"] = message
    if username is not None and username.strip():
        if message := username_problem(username):
            problems["username"] = message
    if phone is not None and phone.strip():
        if message := phone_problem(phone):
            problems["phone"] = message
    if consent is False:
        problems["consent"] = CONSENT_REQUIRED
    if problems:
        raise InvalidMany(problems, summary=INVALID_COMPLETION)
    if _account_of(session, identity) is not None:
        raise Conflict(TELEGRAM_ALREADY_REGISTERED)
    email = normalize_email(email)
    if get_user_by_email(session, email) is not None:
        raise Conflict(TELEGRAM_EMAIL_TAKEN)
    wanted = (username or "").strip()
    phone = normalize_phone(phone) or None
    if wanted and session.exec(select(User.id).where(User.username == wanted)).first():
        raise Conflict(USERNAME_TAKEN)
    if phone and session.exec(select(User.id).where(User.phone == phone)).first():
        raise Conflict(PHONE_TAKEN)
    spend(session, identity, now=now)
    user = User(
        email=email,
        username=wanted or unique_username(
            session, identity.username or identity.first_name + identity.last_name or "member"),
        phone=phone,
        first_name=identity.first_name,
        last_name=identity.last_name,
        image_url=identity.photo_url,
        telegram_id=identity.telegram_id,
        telegram_username=identity.username or None,
        language=normalize_language(language),
    )
    try:
        with session.begin_nested():
            session.add(user)
    except sa.exc.IntegrityError:
        raise Conflict(IDENTITY_TAKEN) from None  # taken at this very moment
    if consent:
        for kind in privacy.SIGN_UP_KINDS:
            privacy.give_consent(session, user.id, kind)
    if news_emails:
        privacy.give_consent(session, user.id, ConsentKind.NEWS_EMAILS.value)
    privacy.record_sign_in(session, user, LoginMethod.TELEGRAM.value, now=now)
    return tokens.start_session(session, user, now=now)


def link_account(session: Session, user_id: int, data: Mapping[str, object], *,
                 now: dt.datetime | None = None) -> User:
    """My Page: sign in with this Telegram account from now on too."""
    identity = verify(data, now=now)
    user = session.get(User, user_id)
    other = _account_of(session, identity)
    if other is not None and other.id != user_id:
        raise Conflict(TELEGRAM_TAKEN)
    spend(session, identity, now=now)
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
