"""Members made for a test through the REST API, faster than through the sign-up pages
(tests/e2e/test_auth.py drives those)."""

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
