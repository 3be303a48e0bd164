"""Signing up and signing in (SPEC section 4): password plus an emailed one-time code,
Google, refresh and logout. The REST API and the site's states both call these.

The one-time code: 6 digits from PyOTP, stored only as an HMAC, valid 10 minutes,
single use, at most 5 wrong tries (then a new login is needed). A new login replaces
any earlier code.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re

import pyotp
import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.db import utcnow
from community_app.i18n import N_, gettext, normalize_language
from community_app.models import LoginCode, User
from community_app.services import tokens
from community_app.services.errors import BadRequest, Conflict, InvalidMany, Unauthorized
from community_app.services.google import GoogleIdentity, verify_google_credential
from community_app.services.mail import send_mail
from community_app.services.passwords import hash_password, needs_rehash, verify_password
from community_app.services.users import get_user_by_email, normalize_email
from community_app.services.validation import (
    confirmation_problem,
    email_problem,
    password_problem,
    phone_problem,
    username_problem,
)
from community_app.settings import get_settings

CODE_TTL = dt.timedelta(minutes=10)
MAX_CODE_ATTEMPTS = 5

LOGIN_FAILED = N_("Login failed. Please check your credentials.")
INVALID_CODE = N_("Invalid OTP code. Please check and try again.")
EXPIRED_CODE = N_("OTP has expired. Please request a new one.")
TOO_MANY_ATTEMPTS = N_("Too many wrong codes. Please log in again to get a new code.")
INVALID_SIGN_UP = N_("Invalid information. Please check your details.")
EMAIL_TAKEN = N_("Email already exists. Please use a different email.")
PHONE_TAKEN = N_("Phone number already exists. Please use a different phone number.")
INVALID_COMPLETION = N_("Invalid information.")
IDENTITY_TAKEN = N_("Username or phone already exists.")
GOOGLE_ACCOUNT_MISSING = N_("No account found for this Google account. Please sign up first.")
GOOGLE_ALREADY_REGISTERED = N_("This Google account is already registered. Please log in.")
CODE_SENT = N_("A verification code has been sent to your email.")


# --- sign-up ---------------------------------------------------------------------------


def _username_from(seed: str) -> str:
    base = re.sub(r"[^A-Za-z]", "", seed).lower()[:40] or "member"
    return base


def _unique_username(session: Session, seed: str) -> str:
    base = _username_from(seed)
    candidate, n = base, 1
    while session.exec(select(User.id).where(User.username == candidate)).first() is not None:
        n += 1
        candidate = f"{base}{n}"
    return candidate


def register(
    session: Session,
    *,
    email: str,
    phone: str,
    password: str,
    confirm_password: str,
    language: str = "en",
    first_name: str = "",
    last_name: str = "",
) -> User:
    """Create a member account (signs nothing in: the user logs in next)."""
    problems = {
        field: message
        for field, message in {
            "email": email_problem(email),
            "phone": phone_problem(phone),
            "password": password_problem(password),
            "confirmPassword": confirmation_problem(password, confirm_password),
        }.items()
        if message
    }
    if problems:
        raise InvalidMany(problems, summary=INVALID_SIGN_UP)
    email = normalize_email(email)
    phone = phone.strip()
    if get_user_by_email(session, email) is not None:
        raise Conflict(EMAIL_TAKEN)
    if session.exec(select(User.id).where(User.phone == phone)).first() is not None:
        raise Conflict(PHONE_TAKEN)
    user = User(
        email=email,
        phone=phone,
        username=_unique_username(session, email.split("@")[0]),
        first_name=first_name.strip()[:100],
        last_name=last_name.strip()[:100],
        password_hash=hash_password(password),
        language=normalize_language(language),
    )
    try:
        with session.begin_nested():
            session.add(user)
    except sa.exc.IntegrityError as exc:  # a concurrent sign-up took the email or phone
        raise Conflict(EMAIL_TAKEN) from exc
    return user


# --- password + one-time code ----------------------------------------------------------


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
    session: Session, *, email: str, password: str, language: str | None = None
) -> User:
    """Check the password and email a fresh one-time code. Unknown email and wrong
    password fail the same way."""
    user = get_user_by_email(session, email or "")
    if user is None or not user.is_active or not verify_password(user.password_hash, password or ""):
        if user is None:
            verify_password(None, password or "")  # same time as a real check
        raise Unauthorized(LOGIN_FAILED)
    if needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
    if language:
        user.language = normalize_language(language)
    now = utcnow()
    session.execute(
        sa.update(LoginCode)
        .where(LoginCode.user_id == user.id, LoginCode.used_at.is_(None))
        .values(used_at=now)
    )
    code = pyotp.HOTP(pyotp.random_base32(), digits=6).at(0)
    session.add(
        LoginCode(user_id=user.id, code_hash=_code_hash(user.id, code), expires_at=now + CODE_TTL)
    )
    session.add(user)
    session.flush()
    _send_code(user, code)
    return user


def verify_login_code(
    session: Session, *, email: str, otp: str, now: dt.datetime | None = None
) -> tokens.TokenPair:
    """Exchange the emailed code for tokens (400 wrong, 401 expired or used up)."""
    now = now or utcnow()
    otp = (otp or "").strip()
    user = get_user_by_email(session, email or "")
    if user is None:
        raise BadRequest(INVALID_CODE)
    code = session.exec(
        select(LoginCode)
        .where(LoginCode.user_id == user.id, LoginCode.used_at.is_(None))
        .order_by(LoginCode.created_at.desc())
    ).first()
    if code is None:
        raise Unauthorized(EXPIRED_CODE)
    if code.expires_at <= now:
        raise Unauthorized(EXPIRED_CODE)
    if not hmac.compare_digest(code.code_hash, _code_hash(user.id, otp)):
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
    return tokens.start_session(session, user, now=now)


def refresh(session: Session, refresh_token: str | None) -> tokens.TokenPair:
    if not refresh_token:
        raise Unauthorized(tokens.INVALID_TOKEN)
    return tokens.rotate_refresh_token(session, refresh_token.strip())


def logout(session: Session, refresh_token: str | None) -> None:
    if refresh_token:
        tokens.revoke_refresh_token(session, refresh_token.strip())


# --- Google ------------------------------------------------------------------------------


def _link_or_find(session: Session, identity: GoogleIdentity) -> User | None:
    """The account of this Google subject; an email account is linked only when Google
    says the email is verified."""
    user = session.exec(select(User).where(User.google_sub == identity.subject)).first()
    if user is not None:
        return user
    user = get_user_by_email(session, identity.email)
    if user is not None and identity.email_verified and user.google_sub is None:
        user.google_sub = identity.subject
        if not user.image_url and identity.picture:
            user.image_url = identity.picture
        session.add(user)
        session.flush()
        return user
    return None


def google_sign_in(session: Session, credential: str | None) -> tokens.TokenPair:
    identity = verify_google_credential(credential)
    user = _link_or_find(session, identity)
    if user is None or not user.is_active:
        raise Unauthorized(GOOGLE_ACCOUNT_MISSING)
    return tokens.start_session(session, user)


def google_sign_up(
    session: Session,
    credential: str | None,
    *,
    username: str | None = None,
    phone: str | None = None,
    language: str = "en",
) -> tokens.TokenPair:
    """Create (or link) the account of a Google identity and sign it in. Username
    (letters only) and phone are optional; with the credential alone a username is
    made from the Google name."""
    identity = verify_google_credential(credential)
    problems = {}
    if username is not None and username.strip():
        if message := username_problem(username):
            problems["username"] = message
    if phone is not None and phone.strip():
        if message := phone_problem(phone):
            problems["phone"] = message
    if problems:
        raise InvalidMany(problems, summary=INVALID_COMPLETION)
    if session.exec(select(User.id).where(User.google_sub == identity.subject)).first():
        raise Conflict(GOOGLE_ALREADY_REGISTERED)
    existing = get_user_by_email(session, identity.email)
    if existing is not None:
        if not identity.email_verified or existing.google_sub is not None:
            raise Conflict(EMAIL_TAKEN)
        user = _link_or_find(session, identity)
        assert user is not None
        return tokens.start_session(session, user)

    wanted = (username or "").strip()
    phone = (phone or "").strip() or None
    taken = session.exec(
        select(User.id).where(
            sa.or_(User.username == wanted if wanted else sa.false(), User.phone == phone if phone else sa.false())
        )
    ).first()
    if taken is not None:
        raise Conflict(IDENTITY_TAKEN)
    user = User(
        email=identity.email,
        username=wanted or _unique_username(session, identity.given_name + identity.family_name or identity.email.split("@")[0]),
        phone=phone,
        first_name=identity.given_name[:100],
        last_name=identity.family_name[:100],
        image_url=identity.picture,
        google_sub=identity.subject,
        language=normalize_language(language),
    )
    try:
        with session.begin_nested():
            session.add(user)
    except sa.exc.IntegrityError as exc:
        raise Conflict(IDENTITY_TAKEN) from exc
    return tokens.start_session(session, user)
