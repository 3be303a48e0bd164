"""A ticket's short code and its QR code (see ``tickets``): ``<registration id>-<6
letters>``, the letters an HMAC of the id with the site's secret; the QR code, drawn on
the server with ``segno`` (a standard QR code), holds ``UZDEV:<code>``."""

from __future__ import annotations

import base64
import hashlib
import hmac
import io

import segno

from community_app.core.settings import get_settings
from community_app.core.signing import same_secret

QR_PREFIX = "UZDEV:"


def _signature(registration_id: int) -> str:
    key = get_settings().secret_key.encode()
    digest = hmac.new(key, f"ticket:{registration_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest)[:6].decode()


def ticket_code(registration_id: int) -> str:
    return f"{registration_id}-{_signature(registration_id)}"


def registration_of_code(text: str) -> int | None:
    """The registration id a scanned or typed code names; None when it is not ours."""
    code = (text or "").strip().upper().removeprefix(QR_PREFIX).replace(" ", "")
    number, _, signature = code.partition("-")
    if not (number.isascii() and number.isdigit()) or len(number) > 18:
        return None
    if not same_secret(signature, _signature(int(number))):
        return None
    return int(number)


def qr_png(code: str) -> bytes:
    """The ticket's QR code as a PNG: always a standard QR code (``segno.make`` would pick a
    Micro QR code for a text this short, which zbar, Android's BarcodeDetector and most
    phone scanner apps cannot read), with the standard quiet zone of 4 modules. Codes of
    tickets sent before hold the same text, so the door reads them alike."""
    out = io.BytesIO()
    segno.make_qr(QR_PREFIX + code, error="m").save(out, kind="png", scale=8, border=4)
    return out.getvalue()


def qr_data_url(code: str) -> str:
    return "data:image/png;base64," + base64.b64encode(qr_png(code)).decode("ascii")
