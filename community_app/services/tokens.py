"""Sign-in tokens (PyJWT, HS256).

- The access token lives 15 minutes, the refresh token 30 days; each carries its kind in
  the ``typ`` claim and one is never accepted as the other.
- Refresh tokens rotate: using one answers a new pair and spends the old one. Presenting
  an already-spent refresh token revokes its whole sign-in family (token theft).
- Every token carries the account's ``session_version`` (claim ``ver``) at its issue; a
  password reset or an erasure raises the number (``end_every_token``), and a token of an
  older number is refused on its next use: access tokens end at once, not 15 minutes later.
  ``member_of_access_token`` is the one check every door (the REST API, the site's states)
  makes of an access token.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import secrets

import jwt
import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import RefreshToken, User
from community_app.services.errors import Unauthorized
from community_app.core.settings import get_settings

ALGORITHM = "HS256"
ACCESS_TTL = dt.timedelta(minutes=15)
REFRESH_TTL = dt.timedelta(days=30)
ACCESS = "access"
REFRESH = "refresh"
LOGIN_TICKET = "login-ticket"
LOGIN_TICKET_TTL = dt.timedelta(minutes=10)
ISSUER = "uzdev-korea"

INVALID_TOKEN = N_("Your session has expired. Please log in again.")


@dataclasses.dataclass(frozen=True)
class TokenPair:
    access_token: str
    refresh_token: str
    expires_in: int  # seconds the access token lives


def _encode(claims: dict) -> str:
    return jwt.encode(claims, get_settings().secret_key, algorithm=ALGORITHM)


def _decode(token: str, kind: str) -> dict:
    try:
        claims = jwt.decode(
            token,
            get_settings().secret_key,
            algorithms=[ALGORITHM],
            issuer=ISSUER,
            options={"require": ["exp", "iat", "sub", "typ", "iss"]},
        )
    except jwt.PyJWTError as exc:
        raise Unauthorized(INVALID_TOKEN) from exc
    if claims.get("typ") != kind:
        raise Unauthorized(INVALID_TOKEN)
    return claims


def _issue(user: User, kind: str, now: dt.datetime, ttl: dt.timedelta, **claims: object) -> str:
    """A signed token of ``kind`` for ``user``, issued ``now`` and good for ``ttl``, with
    the ``claims`` its kind adds and the account's session version."""
    return _encode({"iss": ISSUER, "sub": str(user.id), "typ": kind, **claims,
                    "ver": user.session_version or 0, "iat": now, "exp": now + ttl})


def is_current(claims: dict, user) -> bool:
    """Whether a token's claims still open ``user``'s account: the account exists, is
    active and not erased, and no reset or erasure ended its sign-ins since the token was
    issued (``ver``; a token from before versions counts as version 0)."""
    if user is None or not user.is_active or getattr(user, "deleted_at", None) is not None:
        return False
    try:
        version = int(claims.get("ver", 0))
    except (TypeError, ValueError):
        return False
    return version == (getattr(user, "session_version", 0) or 0)


def _user_id(token: str, kind: str) -> int:
    """The user id in a valid token of ``kind``; Unauthorized for anything else."""
    claims = _decode(token, kind)
    try:
        return int(claims["sub"])
    except (TypeError, ValueError) as exc:
        raise Unauthorized(INVALID_TOKEN) from exc


def issue_access_token(user: User, *, now: dt.datetime | None = None) -> str:
    return _issue(user, ACCESS, now or utcnow(), ACCESS_TTL, role=user.role)


def user_id_from_access_token(token: str) -> int:
    """The user id in a validly signed access token (its version is not checked: use
    ``member_of_access_token`` to let someone in); Unauthorized for anything else."""
    return _user_id(token, ACCESS)


def access_claims(token: str) -> dict:
    """The claims of a validly signed, unexpired access token (``is_current`` tells whether
    they still open the account); Unauthorized for anything else."""
    return _decode(token, ACCESS)


def member_of_access_token(session: Session, token: str) -> User:
    """The member an access token lets in: signed, unexpired, of an active account, and
    issued since the account's last reset or erasure; Unauthorized for anything else."""
    claims = _decode(token, ACCESS)
    try:
        user = session.get(User, int(claims["sub"]))
    except (TypeError, ValueError) as exc:
        raise Unauthorized(INVALID_TOKEN) from exc
    if not is_current(claims, user):
        raise Unauthorized(INVALID_TOKEN)
    return user


def end_every_token(session: Session, user_id: int) -> None:
    """Every token issued to the account so far stops working (access tokens included):
    its session version goes up by one."""
    session.execute(sa.update(User).where(User.id == user_id)
                    .values(session_version=User.session_version + 1))
    user = session.get(User, user_id)
    if user is not None:
        session.refresh(user, ["session_version"])


def issue_login_ticket(user: User, *, now: dt.datetime | None = None) -> str:
    """Proof that this user's password was checked a moment ago, so the login page can ask
    for a new code ("Resend code") without keeping the password: the password never leaves
    the request that carried it. Good for one thing (another code) and 10 minutes."""
    return _issue(user, LOGIN_TICKET, now or utcnow(), LOGIN_TICKET_TTL)


def user_id_from_login_ticket(ticket: str) -> int:
    """The user id in a valid login ticket; Unauthorized for anything else."""
    return _user_id(ticket, LOGIN_TICKET)


def access_token_expiry(token: str) -> dt.datetime | None:
    """When an access token expires, read without verifying (the client's check)."""
    try:
        claims = jwt.decode(token, options={"verify_signature": False})
        return dt.datetime.fromtimestamp(int(claims["exp"]), dt.UTC)
    except (jwt.PyJWTError, KeyError, TypeError, ValueError):
        return None


def _new_refresh(session: Session, user: User, family_id: str, now: dt.datetime) -> str:
    jti = secrets.token_urlsafe(24)
    session.add(
        RefreshToken(
            jti=jti, family_id=family_id, user_id=user.id, issued_at=now, expires_at=now + REFRESH_TTL
        )
    )
    return _issue(user, REFRESH, now, REFRESH_TTL, jti=jti, fam=family_id)


def start_session(session: Session, user: User, *, now: dt.datetime | None = None) -> TokenPair:
    """A new sign-in: a fresh token family."""
    now = now or utcnow()
    refresh = _new_refresh(session, user, secrets.token_urlsafe(16), now)
    session.flush()
    return TokenPair(issue_access_token(user, now=now), refresh, int(ACCESS_TTL.total_seconds()))


def rotate_refresh_token(session: Session, token: str, *, now: dt.datetime | None = None) -> TokenPair:
    """Spend a refresh token for a new pair. Reusing a spent one revokes its family."""
    now = now or utcnow()
    claims = _decode(token, REFRESH)
    row = session.exec(select(RefreshToken).where(RefreshToken.jti == claims.get("jti"))).first()
    if row is None or row.revoked_at is not None:
        raise Unauthorized(INVALID_TOKEN)
    # Spend the token atomically: of two concurrent uses only one wins.
    spent = session.execute(
        sa.update(RefreshToken)
        .where(RefreshToken.id == row.id, RefreshToken.used_at.is_(None))
        .values(used_at=now)
    )
    if spent.rowcount != 1:
        revoke_family(session, row.family_id, now=now)
        session.commit()  # the revocation must stick even though the request fails
        raise Unauthorized(INVALID_TOKEN)
    user = session.get(User, row.user_id)
    if not is_current(claims, user):
        raise Unauthorized(INVALID_TOKEN)
    refresh = _new_refresh(session, user, row.family_id, now)
    session.flush()
    return TokenPair(issue_access_token(user, now=now), refresh, int(ACCESS_TTL.total_seconds()))


def revoke_family(session: Session, family_id: str, *, now: dt.datetime | None = None) -> None:
    session.execute(
        sa.update(RefreshToken)
        .where(RefreshToken.family_id == family_id, RefreshToken.revoked_at.is_(None))
        .values(revoked_at=now or utcnow())
    )


def revoke_refresh_token(session: Session, token: str) -> None:
    """Logout: end the sign-in family of this refresh token (unknown tokens are ignored)."""
    try:
        claims = _decode(token, REFRESH)
    except Unauthorized:
        return
    if claims.get("fam"):
        revoke_family(session, str(claims["fam"]))
