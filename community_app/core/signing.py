"""Comparing secrets: signatures, tokens and codes a caller sent against the expected one.

``hmac.compare_digest`` takes two ``str`` only when both are ASCII and raises TypeError
otherwise, so a caller who sends "é" as a signature would get a 500: every comparison of
something a caller sent goes through ``same_secret``, which compares the UTF-8 bytes in
constant time and answers False for anything that is not a string.
"""

from __future__ import annotations

import hmac


def _bytes(value: object) -> bytes | None:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    return None


def same_secret(given: object, expected: str | bytes) -> bool:
    """Whether ``given`` (what a caller sent: any value) equals ``expected``, compared as
    bytes in constant time; never raises."""
    left, right = _bytes(given), _bytes(expected)
    if left is None or right is None:
        return False
    return hmac.compare_digest(left, right)
