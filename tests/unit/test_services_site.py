"""Site settings, roles and password hashing."""

from __future__ import annotations

import pytest
from sqlmodel import select

from community_app.models import AuditEntry, User
from community_app.services.errors import NotFound
from community_app.services.passwords import hash_password, verify_password
from community_app.services.site import get_site_settings, set_maintenance
from community_app.services.users import make_organizer


def test_site_settings_are_created_with_defaults(session):
    current = get_site_settings(session)
    assert current.maintenance is False
    assert current.contact_email == "hello@uzdev.kr"
    assert (current.target_speakers, current.target_events, current.target_members) == (50, 20, 300)


def test_maintenance_switch(session):
    assert set_maintenance(session, True).maintenance is True
    session.commit()
    assert get_site_settings(session).maintenance is True
    assert set_maintenance(session, False).maintenance is False


def test_make_organizer_is_recorded(session):
    session.add(User(email="lola@example.com", username="lola"))
    session.commit()
    user = make_organizer(session, "  LOLA@example.com ")
    session.commit()
    assert user.role == "organizer"
    entry = session.exec(select(AuditEntry)).one()
    assert (entry.action, entry.target_id) == ("user.make_organizer", user.id)


def test_make_organizer_of_unknown_email(session):
    with pytest.raises(NotFound):
        make_organizer(session, "nobody@example.com")


def test_passwords_are_hashed_with_argon2id():
    hashed = hash_password("Str0ng!pass")
    assert hashed.startswith("$argon2id$")
    assert "Str0ng!pass" not in hashed
    assert verify_password(hashed, "Str0ng!pass")
    assert not verify_password(hashed, "wrong")
    assert not verify_password(None, "anything")


def test_a_settings_change_changes_their_version(session):
    """The settings watcher of a worker without Redis reads only this version."""
    from community_app.services.site import settings_version

    get_site_settings(session)
    before = settings_version(session)
    assert before is not None
    set_maintenance(session, True)
    assert settings_version(session) != before
