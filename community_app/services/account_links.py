"""Single-use links emailed to a member: a password reset (``/password-reset/<token>``)
and a sign-up confirmation (``/signup/confirm/<token>``).

The token is 32 random bytes (``secrets.token_urlsafe``); only its HMAC (keyed with the
site's secret) is stored, in ``account_tokens``, so a copy of the database opens nothing.
A link works once, until its ``expires_at``; issuing a new link of the same purpose spends
the member's earlier ones, so only the newest email works.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets

import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.i18n import gettext, normalize_language
from community_app.models import AccountToken, User
from community_app.services.mail import send_mail_in_language
from community_app.core.settings import get_settings

MAX_TOKEN_LENGTH = 100  # longer strings are nobody's token


def token_hash(token: str) -> str:
    key = get_settings().secret_key.encode()
    return hmac.new(key, f"account-link:{token}".encode(), hashlib.sha256).hexdigest()


def issue(session: Session, user: User, purpose: str, ttl: dt.timedelta,
          *, now: dt.datetime | None = None) -> str:
    """A new link token of ``purpose`` for ``user``, good for ``ttl``; the member's open
    links of that purpose stop working."""
    now = now or utcnow()
    spend_open(session, user.id, purpose, now=now)
    token = secrets.token_urlsafe(32)
    session.add(AccountToken(user_id=user.id, purpose=purpose, token_hash=token_hash(token),
                             created_at=now, expires_at=now + ttl))
    session.flush()
    return token


def find_live(session: Session, token: str, purpose: str,
              *, now: dt.datetime | None = None) -> AccountToken | None:
    """The unused, unexpired link row of ``token``; None for anything else."""
    token = (token or "").strip()
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    row = session.exec(select(AccountToken).where(AccountToken.token_hash == token_hash(token),
                                                  AccountToken.purpose == purpose)).first()
    if row is None or row.used_at is not None or row.expires_at <= (now or utcnow()):
        return None
    return row


def spend(session: Session, row: AccountToken, *, now: dt.datetime | None = None) -> bool:
    """Use the link once: True for the one request that spent it (of two at the same
    moment, only one wins)."""
    done = session.execute(
        sa.update(AccountToken)
        .where(AccountToken.id == row.id, AccountToken.used_at.is_(None))
        .values(used_at=now or utcnow())
    )
    return done.rowcount == 1


def spend_open(session: Session, user_id: int, purpose: str | None = None,
               *, now: dt.datetime | None = None) -> None:
    """End the member's open links (of one ``purpose``, or all)."""
    query = sa.update(AccountToken).where(AccountToken.user_id == user_id,
                                          AccountToken.used_at.is_(None))
    if purpose is not None:
        query = query.where(AccountToken.purpose == purpose)
    session.execute(query.values(used_at=now or utcnow()))


def site_link(path: str) -> str:
    """``path`` on the site's public address (COMMUNITY_PUBLIC_URL)."""
    return get_settings().public_url.rstrip("/") + path


def password_reset_link(token: str) -> str:
    return site_link(routes.password_reset(token))


def sign_up_link(token: str) -> str:
    return site_link(routes.confirm_sign_up(token))


def send_account_mail(to: str, language: str, subject: str, body: str, **params: object) -> None:
    """Email ``to`` in ``language`` (en or uz): ``subject`` and ``body`` are message ids,
    filled with ``params`` and ``{site}`` (the site's name) and ``{url}`` (its address)."""
    lang = normalize_language(language)
    settings = get_settings()
    texts = {"site": settings.site_name, "url": settings.public_url.rstrip("/"), **params}
    send_mail_in_language(to, gettext(subject, lang, **texts), gettext(body, lang, **texts), lang)
