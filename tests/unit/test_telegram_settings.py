"""COMMUNITY_TELEGRAM_*: everything off without a token; wrong values stop the start."""

from __future__ import annotations

import pytest

from community_app.core.settings import SettingsError, load_settings, telegram_settings

NAMES = ("COMMUNITY_TELEGRAM_BOT_TOKEN", "COMMUNITY_TELEGRAM_BOT_NAME", "COMMUNITY_TELEGRAM_CHANNEL_ID",
         "COMMUNITY_TELEGRAM_WEBHOOK_SECRET", "COMMUNITY_TELEGRAM_CHANNEL_LANGUAGE",
         "COMMUNITY_TELEGRAM_LOGIN_MAX_AGE")


@pytest.fixture(autouse=True)
def _no_telegram(monkeypatch):
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)


def test_without_a_token_everything_is_off(monkeypatch):
    monkeypatch.setenv("COMMUNITY_TELEGRAM_CHANNEL_ID", "@channel")
    monkeypatch.setenv("COMMUNITY_TELEGRAM_BOT_NAME", "bot")
    cfg = telegram_settings()
    assert not (cfg.enabled or cfg.channel_enabled or cfg.login_enabled or cfg.bot_linking_enabled)


def test_each_part_needs_its_setting(monkeypatch):
    monkeypatch.setenv("COMMUNITY_TELEGRAM_BOT_TOKEN", "1:abc")
    cfg = telegram_settings()
    assert cfg.enabled and not (cfg.channel_enabled or cfg.login_enabled or cfg.bot_linking_enabled)
    monkeypatch.setenv("COMMUNITY_TELEGRAM_BOT_NAME", "@uzdev_bot")
    monkeypatch.setenv("COMMUNITY_TELEGRAM_WEBHOOK_SECRET", "s")
    cfg = telegram_settings()
    assert cfg.bot_name == "uzdev_bot" and cfg.login_enabled and cfg.bot_linking_enabled
    assert cfg.channel_language == "uz" and cfg.login_max_age_seconds == 600


@pytest.mark.parametrize("name,value", [("COMMUNITY_TELEGRAM_CHANNEL_LANGUAGE", "ru"),
                                        ("COMMUNITY_TELEGRAM_LOGIN_MAX_AGE", "5"),
                                        ("COMMUNITY_TELEGRAM_LOGIN_MAX_AGE", "a day")])
def test_a_wrong_value_stops_the_start(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError):
        load_settings()
