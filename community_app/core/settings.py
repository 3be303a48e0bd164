"""Every setting of the site, read once from the environment.

Defaults fit the embedded set-up (SQLite under ``var/``, mail to an outbox folder).
In production (``COMMUNITY_ENV=production``) secrets have no default and the app
refuses to start without them. The README lists every variable.
"""

from __future__ import annotations

import dataclasses
import math
import os
import secrets
from collections import Counter
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
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


# A secret must carry at least this many bits by a character-frequency (Shannon) estimate:
# 32 random bytes in hex or base64 give well over 200, "x" * 32 gives 0, a sentence ~130.
MIN_SECRET_BITS = 160


def secret_bits(secret: str) -> float:
    """Shannon estimate of the information in ``secret``: length times the entropy of its
    character frequencies. Repeated letters and short alphabets score low."""
    if not secret:
        return 0.0
    counts = Counter(secret)
    n = len(secret)
    per_char = -sum(c / n * math.log2(c / n) for c in counts.values())
    return per_char * n


def _dev_secret() -> str:
    """A random secret kept under var/ so development tokens survive restarts."""
    path = VAR_DIR / "secret_key"
    if path.exists():
        return path.read_text().strip()
    private_folder(VAR_DIR)
    value = secrets.token_urlsafe(48)
    write_private(path, value.encode())
    return value


LOGIN_CODE_DIGITS_DEFAULT = 6
LOGIN_CODE_DIGITS_RANGE = (4, 10)


def login_code_digits() -> int:
    """``COMMUNITY_LOGIN_CODE_DIGITS``: length of the emailed sign-in code (default 6; the
    KO'DJ client's code screen has 5 boxes, so a deploy serving it sets 5)."""
    raw = _env("COMMUNITY_LOGIN_CODE_DIGITS")
    if not raw:
        return LOGIN_CODE_DIGITS_DEFAULT
    low, high = LOGIN_CODE_DIGITS_RANGE
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise SettingsError(f"COMMUNITY_LOGIN_CODE_DIGITS must be a number from {low} to {high}.")
    return int(raw)


def _origin(url: str) -> str:
    """scheme://host[:port] of a URL, without a path or a trailing slash."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SettingsError(f"Not an http(s) origin: {url!r}")
    return f"{parts.scheme}://{parts.netloc}".lower()


def site_address() -> str:
    """The site's own address for absolute links (emails, the calendar feed, canonical,
    Open Graph, the sitemap and the feeds): ``COMMUNITY_PUBLIC_URL``, else in development
    ``http://localhost:$PORT``. Never taken from a request (a ``Host`` header is the
    client's to choose). Production refuses to start without ``COMMUNITY_PUBLIC_URL``."""
    configured = _env("COMMUNITY_PUBLIC_URL")
    return (configured or f"http://localhost:{_env('PORT') or '3000'}").rstrip("/")


def cors_origins() -> tuple[str, ...]:
    """Origins allowed to call the API and open the websocket with credentials.

    ``COMMUNITY_CORS_ORIGINS`` (comma separated) adds origins, e.g. the KO'DJ client's.
    The site's own origins are always allowed: ``COMMUNITY_PUBLIC_URL`` and the server's
    own address on ``PORT`` (localhost and 127.0.0.1). Never ``*``: with credentials that
    would let every site act for a signed-in visitor.
    """
    port = _env("PORT", "3000")
    own = [
        site_address(),
        f"http://localhost:{port}",
        f"http://127.0.0.1:{port}",
    ]
    extra = [o for o in _env("COMMUNITY_CORS_ORIGINS").split(",") if o.strip()]
    if any(o.strip() == "*" for o in extra):
        raise SettingsError("COMMUNITY_CORS_ORIGINS lists origins; '*' is not allowed.")
    return tuple(dict.fromkeys(_origin(o) for o in [*own, *extra]))


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
    api_docs: bool
    trusted_proxy_hops: int
    login_code_digits: int
    cors_origins: tuple[str, ...]

    @property
    def is_production(self) -> bool:
        return self.env == "production"


def load_settings() -> Settings:
    env = _env("COMMUNITY_ENV", "development").lower()
    secret = _env("COMMUNITY_SECRET_KEY")
    smtp_url = _env("COMMUNITY_SMTP_URL")
    if env == "production":
        if len(secret.encode()) < 32:
            raise SettingsError(
                "COMMUNITY_SECRET_KEY must be set to at least 32 bytes in production."
            )
        if secret_bits(secret) < MIN_SECRET_BITS:
            raise SettingsError(
                "COMMUNITY_SECRET_KEY is too predictable for production: use 32 random bytes, "
                "e.g. `python -c 'import secrets; print(secrets.token_urlsafe(48))'`."
            )
        if not smtp_url:
            raise SettingsError(
                "COMMUNITY_SMTP_URL must be set in production: sign-in codes are sent by email "
                "and must never be written to an outbox folder."
            )
        if not _env("COMMUNITY_PUBLIC_URL"):
            raise SettingsError(
                "COMMUNITY_PUBLIC_URL must be set in production (e.g. https://uzdev.kr): links "
                "in emails, feeds and page heads carry it."
            )
    elif not secret:
        secret = _dev_secret()
    telegram_settings()  # a wrong COMMUNITY_TELEGRAM_* value stops the start, not a request
    return Settings(
        env=env,
        database_url=_env(
            "COMMUNITY_DATABASE_URL", f"sqlite:///{VAR_DIR / 'community.db'}"
        ),
        secret_key=secret,
        site_name=_env("COMMUNITY_SITE_NAME", "UzDev Korea"),
        default_contact_email=_env("COMMUNITY_CONTACT_EMAIL", "hello@uzdev.kr"),
        mail_outbox=Path(_env("COMMUNITY_MAIL_OUTBOX", str(VAR_DIR / "outbox"))),
        smtp_url=smtp_url,
        mail_from=_env("COMMUNITY_MAIL_FROM", "UzDev Korea <no-reply@uzdev.kr>"),
        google_client_id=_env("COMMUNITY_GOOGLE_CLIENT_ID"),
        google_certs_url=_env(
            "COMMUNITY_GOOGLE_CERTS_URL", "https://www.googleapis.com/oauth2/v1/certs"
        ),
        upload_dir=Path(_env("COMMUNITY_UPLOAD_DIR", str(VAR_DIR / "uploads"))),
        public_url=site_address(),
        # The interactive docs and the OpenAPI document: on in development, off in
        # production unless asked for.
        api_docs=_bool("COMMUNITY_API_DOCS", default=env != "production"),
        trusted_proxy_hops=trusted_proxy_hops(),
        login_code_digits=login_code_digits(),
        cors_origins=cors_origins(),
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return load_settings()


def login_history_days() -> int:
    """How long sign-ins are kept (``COMMUNITY_LOGIN_HISTORY_DAYS``, default 180)."""
    raw = _env("COMMUNITY_LOGIN_HISTORY_DAYS", "180")
    return max(1, int(raw)) if raw.isdigit() else 180


def scheduler_interval_seconds() -> int:
    """How often each worker looks for due scheduled work (``COMMUNITY_SCHEDULER_INTERVAL``,
    seconds, default 15; 0 switches the in-app scheduler off, for cron only)."""
    raw = _env("COMMUNITY_SCHEDULER_INTERVAL", "15")
    return int(raw) if raw.isdigit() else 15


def waitlist_claim_hours() -> int:
    """How long a member has to claim a seat offered from a waitlist
    (``COMMUNITY_WAITLIST_CLAIM_HOURS``, hours, default 24; shorter when the meetup starts
    in under 48 hours, see services/meetups/offers.py)."""
    raw = _env("COMMUNITY_WAITLIST_CLAIM_HOURS", "24")
    return int(raw) if raw.isdigit() and int(raw) > 0 else 24


def check_in_opens_hours() -> int:
    """How many hours before a meetup starts its check-in opens
    (``COMMUNITY_CHECK_IN_OPENS_HOURS``, default 3; it closes when the meetup ends, see
    services/meetups/admin_registrations.py)."""
    raw = _env("COMMUNITY_CHECK_IN_OPENS_HOURS", "3")
    return int(raw) if raw.isdigit() else 3


def trusted_proxy_hops() -> int:
    """How many reverse proxies stand in front of the site (``COMMUNITY_TRUSTED_PROXY_HOPS``,
    default 0): the client address is read from their X-Forwarded-For only then."""
    raw = _env("COMMUNITY_TRUSTED_PROXY_HOPS", "0")
    return int(raw) if raw.isdigit() else 0


def backend_workers() -> int:
    """Server worker processes (``COMMUNITY_WORKERS``). Without Redis the sessions live in
    one process: always 1. With ``REFLEX_REDIS_URL`` the default is the number of cores
    this process may run on (page loads are CPU work: more processes than cores only add
    switching; Reflex's own default, 2 x cores + 1, measured slower)."""
    if not _env("REFLEX_REDIS_URL"):
        return 1
    raw = _env("COMMUNITY_WORKERS")
    if raw.isdigit() and int(raw) > 0:
        return int(raw)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def event_concurrency() -> int:
    """Events one worker runs at once (``COMMUNITY_EVENT_CONCURRENCY``, default 8); the
    rest wait before taking their session's lock (community_app/reflex_ext/event_admission.py)."""
    raw = _env("COMMUNITY_EVENT_CONCURRENCY")
    return int(raw) if raw.isdigit() and int(raw) > 0 else 8


def reflex_extensions() -> bool:
    """Whether the site's extensions of Reflex are on (``COMMUNITY_REFLEX_EXTENSIONS``,
    default on; ``off`` runs the site on stock Reflex: nothing patched, no build rewrite,
    no version guard; see docs/reflex-extensions.md). Read at start and at build time: a
    build made with the switch off must be served with it off."""
    return _env("COMMUNITY_REFLEX_EXTENSIONS", "on").lower() not in ("off", "0", "false", "no")


def redis_connections() -> int:
    """Redis connections one worker keeps open at most, per client (``COMMUNITY_REDIS_CONNECTIONS``,
    default 32): Reflex's state store (as ``REFLEX_REDIS_MAX_CONNECTIONS``) and the shared
    cache's reads each take a blocking pool of this size. Unbounded, a burst of 1,000
    sessions connecting and closing left ~300 idle connections (and their buffers) in each
    worker for good; capped, a burst waits milliseconds for a free one."""
    raw = _env("COMMUNITY_REDIS_CONNECTIONS")
    return int(raw) if raw.isdigit() and int(raw) >= 3 else 32


# How long the server keeps the session state of a tab after its last event
# (``COMMUNITY_SESSION_EXPIRY_SECONDS``, default 15 minutes). Members stay signed in: their
# tokens are in the browser and come back with the next page load.
DEFAULT_SESSION_EXPIRY_SECONDS = 900


def session_expiry_seconds() -> int:
    raw = _env("COMMUNITY_SESSION_EXPIRY_SECONDS")
    return int(raw) if raw.isdigit() and int(raw) >= 30 else DEFAULT_SESSION_EXPIRY_SECONDS


# What only the site's own user may read: folders 0700, files 0600. Set on each thing the site
# makes, never through the process's umask: the same process (and the build it starts) also
# writes files that must stay readable by others, e.g. the built client nginx serves.
PRIVATE_FOLDER_MODE = 0o700
PRIVATE_FILE_MODE = 0o600


def private_folder(path: Path) -> Path:
    """``path`` (made with its missing parents when needed) readable by the site's user only."""
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_FOLDER_MODE)
    path.chmod(PRIVATE_FOLDER_MODE)  # mkdir's mode is filtered by the umask; an old folder kept its own
    return path


def write_private(path: Path, data: bytes) -> None:
    """``data`` into a new or existing file that only the site's user may read."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE_MODE)
    with os.fdopen(fd, "wb") as f:
        os.fchmod(f.fileno(), PRIVATE_FILE_MODE)  # an existing file keeps its mode through O_CREAT
        f.write(data)


def harden_var_dir(folder: Path | None = None) -> None:
    """Only the site's own user may read what it keeps: the database, the outbox (live
    sign-in codes), uploads and the development secret. The folder is made 0700 (so nothing
    under it can be reached by others, whatever its own mode), what an older version left
    readable is tightened, and what the site writes there later gets its mode where it is
    written (``private_folder``, ``write_private``, services/storage.py). The process's umask
    is left alone: the client built by the same process must stay readable by the proxy."""
    root = private_folder(folder or VAR_DIR)
    for path in root.rglob("*"):
        try:
            if path.is_symlink():
                continue
            path.chmod(PRIVATE_FOLDER_MODE if path.is_dir() else PRIVATE_FILE_MODE)
        except FileNotFoundError:  # removed meanwhile (an expired session's file, say)
            continue


@dataclasses.dataclass(frozen=True)
class TelegramSettings:
    """The Telegram bot (docs/telegram.md). Everything Telegram is off while
    ``COMMUNITY_TELEGRAM_BOT_TOKEN`` is empty; the channel is off while
    ``COMMUNITY_TELEGRAM_CHANNEL_ID`` is empty; the webhook answers only with
    ``COMMUNITY_TELEGRAM_WEBHOOK_SECRET`` set."""

    bot_token: str
    bot_name: str  # the bot's @username without the @ (deep links, the login widget)
    channel_id: str  # "@uzdevkorea" or "-100..." (announcements); "" = none
    channel_language: str  # "en" or "uz": the language of the channel's posts
    webhook_secret: str  # Telegram sends it as X-Telegram-Bot-Api-Secret-Token
    api_url: str  # the Bot API's address (tests point it at a local stand-in)
    login_max_age_seconds: int  # a login-widget payload older than this is refused

    @property
    def enabled(self) -> bool:
        return bool(self.bot_token)

    @property
    def channel_enabled(self) -> bool:
        return bool(self.bot_token and self.channel_id)

    @property
    def login_enabled(self) -> bool:
        return bool(self.bot_token and self.bot_name)

    @property
    def bot_linking_enabled(self) -> bool:
        return bool(self.bot_token and self.bot_name and self.webhook_secret)


TELEGRAM_LOGIN_MAX_AGE_DEFAULT = 600  # seconds: Telegram's widget signs a fresh auth_date per sign-in


def telegram_settings() -> TelegramSettings:
    """``COMMUNITY_TELEGRAM_*``, read each time (cheap; tests change them)."""
    lang = _env("COMMUNITY_TELEGRAM_CHANNEL_LANGUAGE", "uz").lower()
    if lang not in ("en", "uz"):
        raise SettingsError("COMMUNITY_TELEGRAM_CHANNEL_LANGUAGE is 'en' or 'uz'.")
    raw_age = _env("COMMUNITY_TELEGRAM_LOGIN_MAX_AGE", str(TELEGRAM_LOGIN_MAX_AGE_DEFAULT))
    if not raw_age.isdigit() or not 30 <= int(raw_age) <= 86400:
        raise SettingsError("COMMUNITY_TELEGRAM_LOGIN_MAX_AGE is seconds from 30 to 86400.")
    return TelegramSettings(
        bot_token=_env("COMMUNITY_TELEGRAM_BOT_TOKEN"),
        bot_name=_env("COMMUNITY_TELEGRAM_BOT_NAME").lstrip("@"),
        channel_id=_env("COMMUNITY_TELEGRAM_CHANNEL_ID"),
        channel_language=lang,
        webhook_secret=_env("COMMUNITY_TELEGRAM_WEBHOOK_SECRET"),
        api_url=_env("COMMUNITY_TELEGRAM_API_URL", "https://api.telegram.org").rstrip("/"),
        login_max_age_seconds=int(raw_age),
    )
