"""A ticket's QR code is read by common decoders (issue 47): zbar (``zbarimg``, from Debian's
zbar-tools, installed by ``make setup-test``) decodes the image the email attaches and the
one My Page shows, where the Micro QR code of before gave nothing."""

from __future__ import annotations

import base64
import shutil
import subprocess

import pytest
import segno

from community_app.services.meetups import ticket_codes

ZBAR = shutil.which("zbarimg")
needs_zbar = pytest.mark.skipif(ZBAR is None, reason="zbarimg (zbar-tools) is not installed: make setup-test")


def zbar_read(png: bytes, tmp_path) -> str | None:
    path = tmp_path / "ticket.png"
    path.write_bytes(png)
    done = subprocess.run([ZBAR, "--quiet", "--raw", str(path)], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else None


@needs_zbar
def test_the_ticket_image_of_the_email_and_of_my_page_decodes_with_zbar(tmp_path):
    code = ticket_codes.ticket_code(12)
    emailed = ticket_codes.qr_png(code)  # the email's attachment and the API's image
    shown = base64.b64decode(ticket_codes.qr_data_url(code).split(",", 1)[1])  # My Page
    for png in (emailed, shown):
        text = zbar_read(png, tmp_path)
        assert text == f"UZDEV:{code}"
        assert ticket_codes.registration_of_code(text) == 12


@needs_zbar
def test_zbar_cannot_read_the_micro_qr_codes_of_before(tmp_path):
    """What the test above guards against (so it can fail): the old drawing."""
    import io

    out = io.BytesIO()
    segno.make("UZDEV:" + ticket_codes.ticket_code(12), error="m").save(out, kind="png", scale=8, border=2)
    assert zbar_read(out.getvalue(), tmp_path) is None


def test_the_ticket_is_a_standard_qr_code():
    code = "UZDEV:" + ticket_codes.ticket_code(123456)
    assert not segno.make_qr(code, error="m").is_micro
