"""Password hashing: Argon2id on one lane, older hashes verified and upgraded."""

from __future__ import annotations


def test_passwords_hash_on_one_lane_and_old_hashes_still_verify(site_password_cost):
    from argon2 import PasswordHasher

    from community_app.services import passwords

    new = passwords.hash_password("Str0ng!pass")
    assert "$m=65536,t=3,p=1$" in new and passwords.verify_password(new, "Str0ng!pass")
    old = PasswordHasher(parallelism=4).hash("Str0ng!pass")  # made by an earlier version
    assert passwords.verify_password(old, "Str0ng!pass")
    assert passwords.needs_rehash(old) and not passwords.needs_rehash(new)
