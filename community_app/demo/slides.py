"""A small generated PDF for the demo talks' slides: one page with the talk's title and its
speaker (ASCII only: the built-in Helvetica has no Uzbek or Korean letters)."""

from __future__ import annotations

import unicodedata


def _ascii(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return plain.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def slides_pdf(title: str, speaker: str) -> bytes:
    """A valid one-page PDF 1.4 (landscape, 720 x 405 points)."""
    lines = [(28, 60, 250, _ascii(title)[:60]), (18, 60, 200, _ascii(speaker)),
             (12, 60, 60, "uzdev.kr - demo slides")]
    stream = "".join(f"BT /F1 {size} Tf {x} {y} Td ({text}) Tj ET\n"
                     for size, x, y, text in lines).encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 720 405] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"endstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)
