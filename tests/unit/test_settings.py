"""Settings come from the environment; production refuses to start without a secret."""

from __future__ import annotations

import secrets

import pytest

from community_app.core.settings import SettingsError, load_settings


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


def test_production_accepts_a_random_secret(monkeypatch):
    monkeypatch.setenv("COMMUNITY_ENV", "production")
    monkeypatch.setenv("COMMUNITY_SECRET_KEY", secrets.token_hex(32))
    monkeypatch.setenv("COMMUNITY_SMTP_URL", "smtp://mail.example.org:587")
    monkeypatch.setenv("COMMUNITY_PUBLIC_URL", "https://uzdev.kr")
    assert load_settings().is_production


@pytest.mark.parametrize("secret", ["x" * 32, "ab" * 24, "password" * 5])
def test_production_refuses_a_long_but_predictable_secret(monkeypatch, secret):
    monkeypatch.setenv("COMMUNITY_ENV", "production")
    monkeypatch.setenv("COMMUNITY_SMTP_URL", "smtp://mail.example.org:587")
    monkeypatch.setenv("COMMUNITY_SECRET_KEY", secret)
    with pytest.raises(SettingsError, match="predictable"):
        load_settings()


def test_production_refuses_to_start_without_smtp(monkeypatch):
    monkeypatch.setenv("COMMUNITY_ENV", "production")
    monkeypatch.setenv("COMMUNITY_SECRET_KEY", secrets.token_urlsafe(48))
    monkeypatch.delenv("COMMUNITY_SMTP_URL", raising=False)
    with pytest.raises(SettingsError, match="SMTP"):
        load_settings()


def test_production_hides_the_api_docs_unless_asked(monkeypatch):
    monkeypatch.setenv("COMMUNITY_ENV", "production")
    monkeypatch.setenv("COMMUNITY_SECRET_KEY", secrets.token_urlsafe(48))
    monkeypatch.setenv("COMMUNITY_SMTP_URL", "smtp://mail.example.org:587")
    monkeypatch.setenv("COMMUNITY_PUBLIC_URL", "https://uzdev.kr")
    monkeypatch.delenv("COMMUNITY_API_DOCS", raising=False)
    assert load_settings().api_docs is False
    monkeypatch.setenv("COMMUNITY_API_DOCS", "1")
    assert load_settings().api_docs is True
    monkeypatch.setenv("COMMUNITY_ENV", "development")
    monkeypatch.delenv("COMMUNITY_API_DOCS")
    assert load_settings().api_docs is True


def test_var_folder_is_readable_by_the_site_user_only(tmp_path):
    import os
    import stat

    from community_app.core.settings import harden_var_dir, write_private

    (tmp_path / "outbox").mkdir(mode=0o755)
    code_mail = tmp_path / "outbox" / "code.eml"
    code_mail.write_text("Your code is 123456")
    code_mail.chmod(0o644)
    old = os.umask(0o022)
    try:
        harden_var_dir(tmp_path)
        assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o700
        assert stat.S_IMODE((tmp_path / "outbox").stat().st_mode) == 0o700
        assert stat.S_IMODE(code_mail.stat().st_mode) == 0o600
        assert os.umask(0o022) == 0o022  # the process's umask is left alone (issue 40)
        later = tmp_path / "outbox" / "later.eml"
        write_private(later, b"new mail")  # what the site writes there later is private too
        assert stat.S_IMODE(later.stat().st_mode) == 0o600
    finally:
        os.umask(old)


# What rxconfig.py puts into the environment (os.environ.setdefault) for the server's workers.
_RXCONFIG_ENV = ("GRANIAN_WORKERS", "REFLEX_REDIS_MAX_CONNECTIONS", "_RJEM_MALLOC_CONF")


def _reload_rxconfig(monkeypatch, **given: str | None) -> None:
    """Run rxconfig.py again with none of its variables set but ``given``; monkeypatch puts
    each back as it was after the test (one rxconfig set is not left to later tests and the
    servers they start)."""
    import importlib

    for name in _RXCONFIG_ENV:
        monkeypatch.setenv(name, "")  # so that its first value is restored afterwards
        monkeypatch.delenv(name)
    for name, value in given.items():
        if value is not None:
            monkeypatch.setenv(name, value)
    import rxconfig  # (its first import runs it too)

    importlib.reload(rxconfig)


@pytest.mark.parametrize("raw, expected", [(None, 32), ("8", 8), ("2", 32), ("many", 32)])
def test_each_workers_redis_clients_have_a_bounded_pool(monkeypatch, raw, expected):
    """A burst must not leave hundreds of idle Redis connections in every worker: the shared
    cache's asyncio client and Reflex's state store (REFLEX_REDIS_MAX_CONNECTIONS, set by
    rxconfig.py unless given) take a blocking pool of COMMUNITY_REDIS_CONNECTIONS."""
    import asyncio
    import os

    import redis.asyncio

    from community_app.services.cache import RedisBackend

    if raw is None:
        monkeypatch.delenv("COMMUNITY_REDIS_CONNECTIONS", raising=False)
    else:
        monkeypatch.setenv("COMMUNITY_REDIS_CONNECTIONS", raw)
    _reload_rxconfig(monkeypatch)
    assert os.environ["REFLEX_REDIS_MAX_CONNECTIONS"] == str(expected)

    async def pool():  # no connection is opened until a command runs
        return RedisBackend("redis://127.0.0.1:6399/0", "t")._async_client().connection_pool

    made = asyncio.run(pool())
    assert isinstance(made, redis.asyncio.BlockingConnectionPool)
    assert made.max_connections == expected


@pytest.mark.parametrize("given", [None, "dirty_decay_ms:5000"])
def test_the_server_allocator_hands_freed_pages_back_unless_told_otherwise(monkeypatch, given):
    """granian's jemalloc reads _RJEM_MALLOC_CONF when a worker first allocates, after
    rxconfig.py ran: without it, each worker kept a burst's freed connection buffers for
    good (60-70 MB; `make bench SECTIONS=load`). An operator's own setting wins."""
    import os

    from community_app.serving.process_memory import SERVER_ALLOCATOR_CONF

    _reload_rxconfig(monkeypatch, _RJEM_MALLOC_CONF=given)
    assert os.environ["_RJEM_MALLOC_CONF"] == (given or SERVER_ALLOCATOR_CONF)
    assert "dirty_decay_ms:0" in SERVER_ALLOCATOR_CONF and "muzzy_decay_ms:0" in SERVER_ALLOCATOR_CONF


def test_the_sites_address_follows_the_port_unless_configured(monkeypatch):
    monkeypatch.delenv("COMMUNITY_PUBLIC_URL", raising=False)
    monkeypatch.setenv("PORT", "8123")
    settings = load_settings()
    assert settings.public_url == "http://localhost:8123"
    assert "http://localhost:8123" in settings.cors_origins
    monkeypatch.setenv("COMMUNITY_PUBLIC_URL", "https://uzdev.kr/")
    assert load_settings().public_url == "https://uzdev.kr"


def test_production_refuses_to_start_without_its_public_address(monkeypatch):
    monkeypatch.setenv("COMMUNITY_ENV", "production")
    monkeypatch.setenv("COMMUNITY_SECRET_KEY", secrets.token_urlsafe(48))
    monkeypatch.setenv("COMMUNITY_SMTP_URL", "smtp://mail.example.org:587")
    monkeypatch.delenv("COMMUNITY_PUBLIC_URL", raising=False)
    with pytest.raises(SettingsError, match="COMMUNITY_PUBLIC_URL"):
        load_settings()


@pytest.mark.parametrize("env, given, expected", [
    ("production", None, "127.0.0.1"),  # issue 40: a node takes requests only through the proxy
    ("production", "10.0.0.12", "10.0.0.12"),  # a proxy on another machine: the private address
    ("development", None, "0.0.0.0"),  # Reflex's default: try the site from a phone
])
def test_nodes_listen_on_the_loopback_in_production_unless_told(monkeypatch, env, given, expected):
    monkeypatch.setenv("COMMUNITY_ENV", env)
    if given is None:
        monkeypatch.delenv("COMMUNITY_BIND_ADDRESS", raising=False)
    else:
        monkeypatch.setenv("COMMUNITY_BIND_ADDRESS", given)
    _reload_rxconfig(monkeypatch)
    import rxconfig

    assert rxconfig.config.backend_host == expected
    monkeypatch.undo()
    _reload_rxconfig(monkeypatch)
