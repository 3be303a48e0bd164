"""API tests call the FastAPI app in-process (Starlette's TestClient, an httpx client)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from community_app.api import create_api


@pytest.fixture
def api():
    return create_api()


@pytest.fixture
def client(api):
    with TestClient(api, raise_server_exceptions=False) as c:
        yield c
