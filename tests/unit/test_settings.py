"""Settings come from the environment; production refuses to start without a secret."""

from __future__ import annotations

import pytest

from community_app.settings import SettingsError, load_settings


def test_defaults_use_embedded_sqlite_under_var(monkeypatch, tmp_path):
    monkeypatch.delenv("COMMUNITY_DATABASE_URL", raising=False)
    monkeypatch.delenv("COMMUNITY_SECRET_KEY", raising=False)
    s = load_settings()
    assert s.database_url.startswith("sqlite:///") and s.database_url.endswith("community.db")
    assert len(s.secret_key.encode()) >= 32
    assert not s.is_production


def test_development_secret_survives_restarts(monkeypatch):
    monkeypatch.delenv("COMMUNITY_SECRET_KEY", raising=False)
    assert load_settings().secret_key == load_settings().secret_key


def test_database_url_takes_any_sqlalchemy_url(monkeypatch):
    monkeypatch.setenv("COMMUNITY_DATABASE_URL", "postgresql+psycopg2://app@db/community")
    assert load_settings().database_url == "postgresql+psycopg2://app@db/community"


@pytest.mark.parametrize("secret", ["", "too-short"])
def test_production_requires_a_long_secret(monkeypatch, secret):
    monkeypatch.setenv("COMMUNITY_ENV", "production")
    monkeypatch.setenv("COMMUNITY_SECRET_KEY", secret)
    with pytest.raises(SettingsError):
        load_settings()


def test_production_accepts_a_32_byte_secret(monkeypatch):
    monkeypatch.setenv("COMMUNITY_ENV", "production")
    monkeypatch.setenv("COMMUNITY_SECRET_KEY", "x" * 32)
    assert load_settings().is_production
