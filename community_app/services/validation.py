"""Field rules shared by every form and API call (SPEC section 5). One rule, one place."""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from community_app.i18n import N_

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
PHONE_RE = re.compile(r"^010\d{8}$")
USERNAME_RE = re.compile(r"^[^\W\d_]+$")  # letters only (any alphabet)
PASSWORD_SPECIAL_RE = re.compile(r"[^A-Za-z0-9]")

EMAIL_REQUIRED = N_("Email address is required")
EMAIL_INVALID = N_("Please enter a valid email address")
PHONE_INVALID = N_("Please enter a valid phone number (01012345678)")
PASSWORD_WEAK = N_(
    "Password must be at least 8 characters and include an uppercase letter, "
    "a lowercase letter, a number and a special character"
)
PASSWORDS_DIFFER = N_("Passwords do not match")
USERNAME_INVALID = N_("Username must contain letters only")

PASSWORD_MIN_LENGTH = 8
URL_MAX = 500
MAX_EMAIL_LENGTH = 254


def email_problem(value: str | None) -> str | None:
    value = (value or "").strip()
    if not value:
        return EMAIL_REQUIRED
    if len(value) > MAX_EMAIL_LENGTH or not EMAIL_RE.match(value):
        return EMAIL_INVALID
    return None


def phone_problem(value: str | None) -> str | None:
    return None if PHONE_RE.match((value or "").strip()) else PHONE_INVALID


def password_problem(value: str | None) -> str | None:
    value = value or ""
    ok = (
        len(value) >= PASSWORD_MIN_LENGTH
        and len(value) <= 128
        and any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
        and PASSWORD_SPECIAL_RE.search(value) is not None
    )
    return None if ok else PASSWORD_WEAK


def confirmation_problem(password: str | None, confirmation: str | None) -> str | None:
    return None if (password or "") == (confirmation or "") else PASSWORDS_DIFFER


def username_problem(value: str | None) -> str | None:
    value = (value or "").strip()
    return None if 2 <= len(value) <= 50 and USERNAME_RE.match(value) else USERNAME_INVALID


def web_url_host(value: str) -> str | None:
    """The host name of an http(s) URL (lower case), or None when it is not such a URL."""
    if not value or len(value) > URL_MAX or any(ch.isspace() for ch in value):
        return None
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError:
        return None
    host = (parts.hostname or "").rstrip(".")
    if parts.scheme.lower() not in ("http", "https") or not host:
        return None
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.split(".")
    if len(labels) < 2 or not all(labels):
        return None
    return host
