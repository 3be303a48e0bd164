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
from sqlmodel import Session, col

from community_app.core.db import utcnow
from community_app.core.settings import telegram_settings
from community_app.i18n import N_
from community_app.models import TelegramLoginSeen
from community_app.services import scheduler
from community_app.services.errors import Unauthorized

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
