"""Every setting of the site, read once from the environment.

Defaults fit the embedded set-up (SQLite under ``var/``, mail to an outbox folder).
In production (``COMMUNITY_ENV=production``) secrets have no default and the app
refuses to start without them. The README lists every variable.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("COMMUNITY_VAR_DIR", ROOT / "var"))


class SettingsError(RuntimeError):
    """A required setting is missing or unsafe."""


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def _bool(name: str, default: bool = False) -> bool:
    raw = _env(name)
    if not raw:
        return default
    return raw.lower() in {"1", "true", "yes", "on"}


def _dev_secret() -> str:
    """A random secret kept under var/ so development tokens survive restarts."""
    path = VAR_DIR / "secret_key"
    if path.exists():
        return path.read_text().strip()
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    value = secrets.token_urlsafe(48)
    path.write_text(value)
    path.chmod(0o600)
    return value


@dataclasses.dataclass(frozen=True)
class Settings:
    env: str
    database_url: str
    secret_key: str
    site_name: str
    default_contact_email: str
    mail_outbox: Path
    smtp_url: str
    mail_from: str
    google_client_id: str
    google_certs_url: str
    upload_dir: Path
    public_url: str

    @property
    def is_production(self) -> bool:
        return self.env == "production"


def load_settings() -> Settings:
    env = _env("COMMUNITY_ENV", "development").lower()
    secret = _env("COMMUNITY_SECRET_KEY")
    if env == "production":
        if len(secret.encode()) < 32:
            raise SettingsError(
                "COMMUNITY_SECRET_KEY must be set to at least 32 bytes in production."
            )
    elif not secret:
        secret = _dev_secret()
    return Settings(
        env=env,
        database_url=_env(
            "COMMUNITY_DATABASE_URL", f"sqlite:///{VAR_DIR / 'community.db'}"
        ),
        secret_key=secret,
        site_name=_env("COMMUNITY_SITE_NAME", "UzDev Korea"),
        default_contact_email=_env("COMMUNITY_CONTACT_EMAIL", "hello@uzdev.kr"),
        mail_outbox=Path(_env("COMMUNITY_MAIL_OUTBOX", str(VAR_DIR / "outbox"))),
        smtp_url=_env("COMMUNITY_SMTP_URL"),
        mail_from=_env("COMMUNITY_MAIL_FROM", "UzDev Korea <no-reply@uzdev.kr>"),
        google_client_id=_env("COMMUNITY_GOOGLE_CLIENT_ID"),
        google_certs_url=_env(
            "COMMUNITY_GOOGLE_CERTS_URL", "https://www.googleapis.com/oauth2/v1/certs"
        ),
        upload_dir=Path(_env("COMMUNITY_UPLOAD_DIR", str(VAR_DIR / "uploads"))),
        public_url=_env("COMMUNITY_PUBLIC_URL", "http://localhost:3000"),
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return load_settings()
