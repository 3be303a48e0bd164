"""Password hashing with Argon2id (argon2-cffi, the reference binding).

Argon2id with 64 MiB and 3 passes (RFC 9106's second recommendation) on one lane: the
library's default of 4 lanes runs 4 threads per hash, so a handful of simultaneous logins
took every core and stalled every other request. Hashes are also taken one at a time per
spare core (``MAX_CONCURRENT_HASHES``): a burst of logins waits its turn while pages and
the API keep a core. Older hashes (4 lanes) still verify and are re-hashed at the next
login (``needs_rehash``).
"""

from __future__ import annotations

import os
import threading

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher(time_cost=3, memory_cost=65536, parallelism=1)

MAX_CONCURRENT_HASHES = max(1, (os.cpu_count() or 2) - 1)
_slots = threading.BoundedSemaphore(MAX_CONCURRENT_HASHES)


def hash_password(password: str) -> str:
    with _slots:
        return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    with _slots:
        if not password_hash:
            # Still spend the time of a verification, so a missing account is not faster.
            try:
                _hasher.verify(_DUMMY_HASH, password)
            except (VerificationError, InvalidHashError):
                pass
            return False
        try:
            return _hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False


def needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)


_DUMMY_HASH = _hasher.hash("not-a-real-password")
