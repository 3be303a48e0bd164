"""Verifying Google ID tokens with google-auth: signature, audience, issuer, expiry.

Google's signing certificates are fetched from ``COMMUNITY_GOOGLE_CERTS_URL`` and kept
for an hour. Tests serve certificates of their own locally.
"""

from __future__ import annotations

import dataclasses
import threading
import time

import httpx
from google.auth import exceptions as google_exceptions
from google.auth import jwt as google_jwt

from community_app.i18n import N_
from community_app.services.errors import Unauthorized
from community_app.core.settings import get_settings

ISSUERS = {"accounts.google.com", "https://accounts.google.com"}
CERTS_TTL_S = 3600

GOOGLE_LOGIN_FAILED = N_("Google login failed. Please try again.")
NO_CREDENTIAL = N_(
    "No credential received from Google. Google authentication failed. Please try again."
)


@dataclasses.dataclass(frozen=True)
class GoogleIdentity:
    subject: str
    email: str
    email_verified: bool
    given_name: str
    family_name: str
    picture: str | None


_cache: dict[str, tuple[float, dict[str, str]]] = {}
_lock = threading.Lock()


def _certificates(url: str) -> dict[str, str]:
    with _lock:
        hit = _cache.get(url)
        if hit and hit[0] > time.monotonic():
            return hit[1]
    response = httpx.get(url, timeout=10)
    response.raise_for_status()
    certs = response.json()
    with _lock:
        _cache[url] = (time.monotonic() + CERTS_TTL_S, certs)
    return certs


def clear_certificate_cache() -> None:
    with _lock:
        _cache.clear()


def verify_google_credential(credential: str | None) -> GoogleIdentity:
    """The identity in a valid Google ID token for our client id; Unauthorized otherwise."""
    settings = get_settings()
    credential = (credential or "").strip()
    if not credential:
        raise Unauthorized(NO_CREDENTIAL)
    if not settings.google_client_id:
        raise Unauthorized(GOOGLE_LOGIN_FAILED)
    try:
        certs = _certificates(settings.google_certs_url)
        claims = google_jwt.decode(
            credential, certs=certs, audience=settings.google_client_id, clock_skew_in_seconds=10
        )
    except (google_exceptions.GoogleAuthError, ValueError, httpx.HTTPError) as exc:
        raise Unauthorized(GOOGLE_LOGIN_FAILED) from exc
    if claims.get("iss") not in ISSUERS or not claims.get("sub") or not claims.get("email"):
        raise Unauthorized(GOOGLE_LOGIN_FAILED)
    return GoogleIdentity(
        subject=str(claims["sub"]),
        email=str(claims["email"]).strip().lower(),
        email_verified=claims.get("email_verified") in (True, "true"),
        given_name=str(claims.get("given_name") or ""),
        family_name=str(claims.get("family_name") or ""),
        picture=claims.get("picture"),
    )
