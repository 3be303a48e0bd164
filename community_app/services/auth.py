"""Signing in (SPEC section 4): password plus an emailed one-time code, Google, refresh
and logout. The REST API and the site's states both call these; signing up is
``services/sign_up.py``.

The one-time code: ``COMMUNITY_LOGIN_CODE_DIGITS`` digits (default 6) from ``secrets``, stored only as an HMAC, valid 10 minutes,
single use, at most 5 wrong tries (then a new login is needed). A new login replaces
any earlier code.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets

import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.core import metrics
from community_app.core.db import utcnow
from community_app.core.settings import get_settings
from community_app.core.signing import same_secret
from community_app.i18n import N_, gettext, normalize_language
from community_app.models import LoginCode, LoginMethod, User
from community_app.services import email_proof, privacy, ratelimit, tokens
from community_app.services.errors import BadRequest, Unauthorized
from community_app.services.google import GoogleIdentity, verify_google_credential
from community_app.services.mail import send_mail
from community_app.services.passwords import hash_password, needs_rehash, verify_password
from community_app.services.users import get_user_by_email, normalize_email

CODE_TTL = dt.timedelta(minutes=10)
MAX_CODE_ATTEMPTS = 5

LOGIN_FAILED = N_("Login failed. Please check your credentials.")
INVALID_CODE = N_("Invalid OTP code. Please check and try again.")
EXPIRED_CODE = N_("OTP has expired. Please request a new one.")
TOO_MANY_ATTEMPTS = N_("Too many wrong codes. Please log in again to get a new code.")
GOOGLE_ACCOUNT_MISSING = N_("No account found for this Google account. Please sign up first.")
CODE_SENT = N_("A verification code has been sent to your email.")


# --- password + one-time code ----------------------------------------------------------


def login_code_digits() -> int:
    """How many digits the emailed code has (``COMMUNITY_LOGIN_CODE_DIGITS``)."""
    return get_settings().login_code_digits


def _code_hash(user_id: int, code: str) -> str:
    key = get_settings().secret_key.encode()
    return hmac.new(key, f"login-code:{user_id}:{code}".encode(), hashlib.sha256).hexdigest()


def _send_code(user: User, code: str) -> None:
    lang = normalize_language(user.language)
    subject = gettext("Your {site} sign-in code", lang, site=get_settings().site_name)
    text = gettext(
        "Your sign-in code is {code}. It is valid for 10 minutes. "
        "If you did not try to log in, ignore this email.",
        lang,
        code=code,
    )
    send_mail(user.email, subject, text)


def start_login(
    session: Session, *, email: str, password: str, language: str | None = None, client: str = ""
) -> User:
    """Check the password and email a fresh one-time code. Unknown email and wrong
    password fail the same way. Failures are limited per account and per address
    (``services.ratelimit``; NIST 800-63B: at most 100 in a row per account); a success
    forgets the account's failures."""
    account = normalize_email(email or "")
    ratelimit.ensure_allowed("login-failures-account", account)
    ratelimit.ensure_allowed("login-failures-address", client)
    user = get_user_by_email(session, email or "")
    if user is None or not user.is_active or not verify_password(user.password_hash, password or ""):
        if user is None:
            verify_password(None, password or "")  # same time as a real check
        ratelimit.record_failure("login-failures-account", account)
        ratelimit.record_failure("login-failures-address", client)
        metrics.inc("uzdev_login_failures", reason="password")
        raise Unauthorized(LOGIN_FAILED)
    ratelimit.forget("login-failures-account", account)
    if needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
    _issue_code(session, user, language, client)
    return user


def resend_login_code(
    session: Session, *, ticket: str, language: str | None = None, client: str = ""
) -> User:
    """Email a fresh code to the user of a login ticket (``tokens.issue_login_ticket``),
    given after their password was checked; an expired or forged ticket fails like a
    wrong password."""
    try:
        user = session.get(User, tokens.user_id_from_login_ticket(ticket or ""))
    except Unauthorized:
        user = None
    if user is None or not user.is_active:
        raise Unauthorized(LOGIN_FAILED)
    _issue_code(session, user, language, client)
    return user


def _issue_code(session: Session, user: User, language: str | None, client: str = "") -> None:
    """Spend the user's open codes and email a new one (code sends are limited per
    account and per address)."""
    ratelimit.spend("code-sends-account", user.email)
    ratelimit.spend("code-sends-address", client)
    if language:
        user.language = normalize_language(language)
    now = utcnow()
    session.execute(
        sa.update(LoginCode)
        .where(LoginCode.user_id == user.id, LoginCode.used_at.is_(None))
        .values(used_at=now)
    )
    digits = login_code_digits()
    code = f"{secrets.randbelow(10**digits):0{digits}d}"
    session.add(
        LoginCode(user_id=user.id, code_hash=_code_hash(user.id, code), expires_at=now + CODE_TTL)
    )
    session.add(user)
    session.flush()
    _send_code(user, code)


def verify_login_code(
    session: Session, *, email: str, otp: str, now: dt.datetime | None = None, client: str = "",
    user_agent: str = "",
) -> tokens.TokenPair:
    """Exchange the emailed code for tokens (400 wrong, 401 expired or used up). An
    unknown email answers like a known one without a live code (401 expired), so the
    answer never tells who is a member. Wrong codes count as login failures of the
    address."""
    now = now or utcnow()
    otp = (otp or "").strip()
    ratelimit.ensure_allowed("login-failures-address", client)
    user = get_user_by_email(session, email or "")
    if user is None:
        metrics.inc("uzdev_login_failures", reason="code")
        raise Unauthorized(EXPIRED_CODE)
    code = session.exec(
        select(LoginCode)
        .where(LoginCode.user_id == user.id, LoginCode.used_at.is_(None))
        .order_by(LoginCode.created_at.desc())
    ).first()
    if code is None:
        raise Unauthorized(EXPIRED_CODE)
    if code.expires_at <= now:
        raise Unauthorized(EXPIRED_CODE)
    if not same_secret(_code_hash(user.id, otp), code.code_hash):
        # Count the wrong try atomically; the fifth one spends the code.
        session.execute(
            sa.update(LoginCode)
            .where(LoginCode.id == code.id)
            .values(
                failed_attempts=LoginCode.failed_attempts + 1,
                used_at=sa.case(
                    (LoginCode.failed_attempts + 1 >= MAX_CODE_ATTEMPTS, now), else_=None
                ),
            )
        )
        session.commit()  # the count must stick although the request fails
        session.refresh(code)
        ratelimit.record_failure("login-failures-address", client)
        metrics.inc("uzdev_login_failures", reason="code")
        if code.used_at is not None:
            raise Unauthorized(TOO_MANY_ATTEMPTS)
        raise BadRequest(INVALID_CODE)
    spent = session.execute(
        sa.update(LoginCode)
        .where(LoginCode.id == code.id, LoginCode.used_at.is_(None))
        .values(used_at=now)
    )
    if spent.rowcount != 1:  # spent by a concurrent request
        raise Unauthorized(EXPIRED_CODE)
    email_proof.prove_email(session, user, email_proof.LOGIN_CODE, now=now)
    privacy.record_sign_in(session, user, LoginMethod.PASSWORD.value, address=client,
                           user_agent=user_agent, now=now)
    return tokens.start_session(session, user, now=now)


def refresh(session: Session, refresh_token: str | None) -> tokens.TokenPair:
    if not refresh_token:
        raise Unauthorized(tokens.INVALID_TOKEN)
    return tokens.rotate_refresh_token(session, refresh_token.strip())


def logout(session: Session, refresh_token: str | None) -> None:
    if refresh_token:
        tokens.revoke_refresh_token(session, refresh_token.strip())


# --- Google ------------------------------------------------------------------------------


def link_google_or_find(session: Session, identity: GoogleIdentity) -> User | None:
    """The account of this Google subject; an account of the same email is linked only
    when Google says the email is verified and the account's own address is proven (an
    unconfirmed sign-up of that address is finished by ``google_sign_up`` instead, which
    drops what it typed)."""
    user = session.exec(select(User).where(User.google_sub == identity.subject)).first()
    if user is not None:
        return user
    user = get_user_by_email(session, identity.email)
    if (user is not None and identity.email_verified and user.google_sub is None
            and email_proof.is_proven(user)):
        user.google_sub = identity.subject
        if not user.image_url and identity.picture:
            user.image_url = identity.picture
        session.add(user)
        session.flush()
        return user
    return None


def google_sign_in(session: Session, credential: str | None) -> tokens.TokenPair:
    identity = verify_google_credential(credential)
    user = link_google_or_find(session, identity)
    if user is None or not user.is_active or user.deleted_at is not None:
        raise Unauthorized(GOOGLE_ACCOUNT_MISSING)
    privacy.record_sign_in(session, user, LoginMethod.GOOGLE.value)
    return tokens.start_session(session, user)
