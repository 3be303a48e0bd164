"""A forgotten password, reset by an emailed link (issue 27).

- ``request_password_reset``: the same answer for every address, known or not, after the
  same work: the request only queues the address (``password_reset_requests``), and a
  worker of the database queue (services/db_queue.py: claimed once, drained right after
  the commit and every 10 s) looks it up. A known, active account gets a link to
  ``/password-reset/<token>`` that works once, for ``RESET_TTL`` (30 minutes), and only
  the newest link works (services/account_links.py: only an HMAC of the token is stored);
  the queued address is blanked once handled. Requests are limited per account (the
  address typed, known or not, so the limit tells nothing) and per client address
  (``password-resets-account`` and ``password-resets-address`` in services/ratelimit.py).
- ``reset_password``: the link and a new password (the sign-up rules) set the password;
  every way in ends (``end_every_sign_in``: refresh and access tokens, open login codes and
  links, the Telegram account linked for signing in and the bot's chat), and an email
  tells the member the password changed. The link also proves the address
  (``email_proof.prove_email``): a sign-up not yet confirmed counts as confirmed, and what
  its unproven sign-up attached (a handle, a phone, consents, a Telegram account) is gone.
- ``change_password`` (issue 42: My Page and ``POST /users/me/password``): a signed-in
  member who knows the current password sets a new one (the sign-up rules). The current
  password is checked like a login (``current_password_holds``: the same counters, so
  guesses here and at the login form add up). Every other sign-in ends
  (``end_every_session``: tokens, refresh tokens, open codes and links) and the device that
  asked gets a fresh session, so it stays signed in; Telegram stays linked (the member
  proved the password, unlike a reset's holder of the mailbox), and an email tells the
  member. A Google-only account has no password to change: it sets one by the reset link.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, col

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import (
    AccountTokenPurpose, LoginCode, PasswordResetRequest, RefreshToken, User,
)
from community_app.services import account_links, db_queue, email_proof, ratelimit, scheduler, tokens
from community_app.services.errors import BadRequest, InvalidMany, NotFound
from community_app.services.passwords import hash_password, verify_password
from community_app.services.users import get_user_by_email, normalize_email
from community_app.services.validation import (
    confirmation_problem, email_problem, password_problem,
)

RESET_TTL = dt.timedelta(minutes=30)
PURPOSE = AccountTokenPurpose.PASSWORD_RESET.value

RESET_LINK_SENT = N_(
    "If an account uses {email}, we have sent it a link to set a new password. "
    "The link works once, for 30 minutes."
)
RESET_LINK_INVALID = N_(
    "This password reset link has expired or was already used. Please ask for a new one."
)
PASSWORD_CHANGED = N_("Your password has been changed. Please log in with your new password.")
WRONG_PASSWORD = N_("The password is not correct.")
NO_PASSWORD_YET = N_(
    "Your account has no password yet (you sign in with Google). To set one, ask for a "
    "link by email on the \"Forgot password?\" page."
)
SAME_PASSWORD = N_("The new password must differ from the current one.")
PASSWORD_NOW_CHANGED = N_(
    "Your password is changed. Every other device is signed out; this one stays signed in."
)


def _account(user: User | None) -> User | None:
    """``user`` when it is an account that can sign in."""
    if user is None or not user.is_active or user.deleted_at is not None:
        return None
    return user


def request_password_reset(session: Session, *, email: str, client: str = "") -> str:
    """Queue a reset link for the account of ``email``, if there is one (the same work
    whoever the address belongs to); answers the address as typed (normalised)."""
    if problem := email_problem(email):
        raise InvalidMany({"email": problem})
    account = normalize_email(email)
    ratelimit.spend("password-resets-account", account)
    ratelimit.spend("password-resets-address", client)
    session.add(PasswordResetRequest(email=account))
    session.flush()
    QUEUE.send_after_commit(session)
    return account


def _send_reset_link(session: Session, email: str) -> None:
    """Email a reset link to the account of ``email``, if it can sign in."""
    user = _account(get_user_by_email(session, email))
    if user is None:
        return
    token = account_links.issue(session, user, PURPOSE, RESET_TTL)
    session.commit()  # the link works before the email that carries it goes
    account_links.send_account_mail(
        user.email, user.language,
        N_("Reset your {site} password"),
        N_(
            "Someone, probably you, asked to reset the password of your {site} account. "
            "To choose a new password, open this link within 30 minutes:\n\n{link}\n\n"
            "The link works once. If you did not ask for it, ignore this email: your "
            "password stays as it is."
        ),
        link=account_links.password_reset_link(token),
    )


def handle_one(session: Session, row_id: int, now: dt.datetime) -> str | None:
    """Claim and handle one queued request: "sent" (the address is blanked), "retry",
    "failed", or None when another worker has it."""
    row = QUEUE.claimed(session, row_id, now)
    if row is None:
        return None
    try:
        _send_reset_link(session, row.email)
    except Exception as exc:  # noqa: BLE001 - the database or the mail: try again later
        session.rollback()
        return QUEUE.retry_or_fail(session, row, exc, now, f"Password reset request {row_id}")
    return QUEUE.sent(session, row_id, email="")


def drain(engine: sa.Engine | None = None, *, now: dt.datetime | None = None) -> dict[str, int]:
    """Handle every due request this caller wins; counts by outcome."""
    return QUEUE.drain_each(engine, now, handle_one)


QUEUE = db_queue.DbQueue("password-reset-queue", PasswordResetRequest,
                         what="password reset request", send_on_commit=lambda: True, drain=drain)
HANDLED_KEPT = dt.timedelta(days=1)


@scheduler.periodic("password-reset-queue", every=dt.timedelta(seconds=10))
def _scheduled_drain(session: Session, now: dt.datetime) -> str:
    counts = drain(session.get_bind(), now=now)
    # Handled requests (their address already blanked) are kept a day, then go.
    session.execute(sa.delete(PasswordResetRequest).where(
        col(PasswordResetRequest.status).in_([db_queue.SENT, db_queue.FAILED]),
        col(PasswordResetRequest.created_at) < now - HANDLED_KEPT))
    session.commit()
    return db_queue.summary(counts)


def reset_link_is_live(session: Session, token: str) -> bool:
    """Whether the link still works (the page shows the form or says it expired)."""
    row = account_links.find_live(session, token, PURPOSE)
    return row is not None and _account(session.get(User, row.user_id)) is not None


def reset_password(
    session: Session,
    *,
    token: str,
    password: str,
    confirm_password: str | None,
    client: str = "",
    now: dt.datetime | None = None,
) -> User:
    """Set a new password with a live reset link; every sign-in of the account ends.
    ``confirm_password`` None: not checked (a REST client whose form checks it). Wrong
    links count as login failures of the client address."""
    now = now or utcnow()
    problems = {
        field: message
        for field, message in {
            "password": password_problem(password),
            "confirmPassword": (confirmation_problem(password, confirm_password)
                                if confirm_password is not None else None),
        }.items()
        if message
    }
    if problems:
        raise InvalidMany(problems)
    ratelimit.ensure_allowed("login-failures-address", client)
    row = account_links.find_live(session, token, PURPOSE, now=now)
    user = _account(session.get(User, row.user_id)) if row is not None else None
    if row is None or user is None or not account_links.spend(session, row, now=now):
        ratelimit.record_failure("login-failures-address", client)
        raise BadRequest(RESET_LINK_INVALID)
    email_proof.prove_email(session, user, email_proof.RESET_LINK, now=now)
    user.password_hash = hash_password(password)
    session.add(user)
    end_every_sign_in(session, user.id, now=now)
    ratelimit.forget("login-failures-account", user.email)
    session.flush()
    account_links.send_account_mail(
        user.email, user.language,
        N_("Your {site} password was changed"),
        N_(
            "The password of your {site} account was changed just now, and every device "
            "signed in to it was signed out. If it was you, nothing else is needed: log in "
            "at {url}/login with the new password. If it was not you, reset your password "
            "at {url}/password-reset at once and tell the organizers."
        ),
    )
    return user


def end_every_sign_in(session: Session, user_id: int, *, now: dt.datetime | None = None) -> None:
    """End every way into the account: every session (``end_every_session``) and Telegram
    unlinked (the sign-in and the bot's chat: a Telegram account someone else linked opens
    nothing after a reset)."""
    session.execute(sa.update(User).where(User.id == user_id).values(
        telegram_id=None, telegram_username=None, telegram_chat_id=None))
    end_every_session(session, user_id, now=now)


def end_every_session(session: Session, user_id: int, *, now: dt.datetime | None = None) -> None:
    """Every token issued so far stops (access tokens too, by the account's session
    version), its refresh tokens are revoked, its open login codes and emailed links
    spent. Linked accounts (Google, Telegram) stay."""
    now = now or utcnow()
    tokens.end_every_token(session, user_id)
    session.execute(
        sa.update(RefreshToken)
        .where(RefreshToken.user_id == user_id, RefreshToken.revoked_at.is_(None))
        .values(revoked_at=now)
    )
    session.execute(
        sa.update(LoginCode)
        .where(LoginCode.user_id == user_id, LoginCode.used_at.is_(None))
        .values(used_at=now)
    )
    account_links.spend_open(session, user_id, now=now)


def current_password_holds(user: User, password: str, client: str = "") -> bool:
    """Whether ``password`` is the account's, checked like a login: past the login limits
    of the account or of the address ``client`` it is not even looked at
    (TooManyRequests); a wrong one counts as a failed login of both (guesses here and at
    the login form add up); a right one clears the account's count."""
    account = normalize_email(user.email)
    ratelimit.ensure_allowed("login-failures-account", account)
    ratelimit.ensure_allowed("login-failures-address", client)
    if not password or not verify_password(user.password_hash, password):
        ratelimit.record_failure("login-failures-account", account)
        ratelimit.record_failure("login-failures-address", client)
        return False
    ratelimit.forget("login-failures-account", account)
    return True


def change_password(
    session: Session,
    user_id: int,
    *,
    current_password: str,
    new_password: str,
    confirm_password: str | None,
    client: str = "",
    now: dt.datetime | None = None,
) -> tokens.TokenPair:
    """A signed-in member's new password (My Page, ``POST /users/me/password``): the
    current one checked like a login, the new one by the sign-up rules (and different);
    every other sign-in ends, Telegram stays linked, and the member is emailed. Answers
    the fresh session of the device that asked. ``confirm_password`` None: not checked
    (a REST client whose form checks it). Fields: currentPassword, newPassword,
    confirmPassword."""
    now = now or utcnow()
    user = _account(session.get(User, user_id))
    if user is None:
        raise NotFound(N_("Account not found."))
    if not user.password_hash:
        raise BadRequest(NO_PASSWORD_YET)
    problems = {
        field: message
        for field, message in {
            "newPassword": password_problem(new_password),
            "confirmPassword": (confirmation_problem(new_password, confirm_password)
                                if confirm_password is not None else None),
        }.items()
        if message
    }
    if not current_password_holds(user, current_password or "", client):
        problems["currentPassword"] = WRONG_PASSWORD
    elif "newPassword" not in problems and new_password == current_password:
        problems["newPassword"] = SAME_PASSWORD
    if problems:
        raise InvalidMany(problems)
    user.password_hash = hash_password(new_password)
    session.add(user)
    end_every_session(session, user.id, now=now)
    pair = tokens.start_session(session, user, now=now)
    account_links.send_account_mail(
        user.email, user.language,
        N_("Your {site} password was changed"),
        N_(
            "The password of your {site} account was changed on My Page just now. Every "
            "other device signed in to it was signed out. If it was you, nothing else is "
            "needed. If it was not you, reset your password at {url}/password-reset at "
            "once and tell the organizers."
        ),
    )
    return pair
