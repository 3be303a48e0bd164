"""Members made for a test through the REST API, faster than through the sign-up pages
(tests/e2e/test_auth.py drives those), and their registrations for meetups."""

from __future__ import annotations

import httpx


def api_sign_up(site, address: str, phone: str, password: str, *, lang: str | None = None,
                **choices: object) -> None:
    """A member signed up and confirmed through the REST API (the emailed link read from
    the outbox), the consent given, with ``choices`` (``newsEmails=True``, say); their
    emails in ``lang`` when given (Accept-Language)."""
    headers = {"Accept-Language": lang} if lang else {}
    r = httpx.post(f"{site.url}/api/v1/auth/register", headers=headers, json={
        "email": address, "phone": phone, "password": password, "confirmPassword": password,
        "consent": True, **choices}, timeout=20)
    assert r.status_code == 202, r.text
    token = site.link_path(address, "/signup/confirm").rsplit("/", 1)[-1]
    r = httpx.post(f"{site.url}/api/v1/auth/register/confirm", json={"token": token}, timeout=20)
    assert r.status_code == 200, r.text


# The registration form's answers of a member registered through the REST API.
REGISTRATION_FORM = {"attendanceReason": "learning", "interestedField": "backend",
                     "expectation": "Meet other backend developers.", "consent": True}


def api_register(site, meetup_id: int, token: str) -> dict:
    """The member whose access ``token`` this is, registered for the meetup through the REST
    API (201): the registration, as the API gives it."""
    r = httpx.post(f"{site.url}/api/v1/users/meetups/{meetup_id}/registration",
                   headers={"Authorization": f"Bearer {token}"}, json=REGISTRATION_FORM, timeout=20)
    assert r.status_code == 201, r.text
    return r.json()["data"]
