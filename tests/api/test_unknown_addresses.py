"""Every address under /api/v1 that no route has answers the API's JSON envelope (404, or
405 with ``Allow`` for a method the address does not take), whatever the method: never
the site's HTML 404 page, never a 500 (issue 39).

The API runs here as in production: the site is mounted behind it (as
``rx.App(api_transformer=...)`` mounts Reflex's backend) and answers its HTML 404 page as
a file, with ``http.response.pathsend``, to a server that offers it and refuses any
message before the start (granian's "ASGI flow error: Response not started").
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from starlette.responses import FileResponse

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
SITE_404 = b"<!doctype html><title>404</title><p>The site's page"


class PathsendServer:
    """What granian does with an answer: offers ``http.response.pathsend``, sends the
    file, and refuses a body or a file before the start."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope = {**scope, "extensions": {**(scope.get("extensions") or {}),
                                         "http.response.pathsend": {}}}
        started = False

        async def server_send(message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            elif message["type"] in ("http.response.body", "http.response.pathsend"):
                if not started:
                    raise RuntimeError("ASGI flow error: Response not started")
                if message["type"] == "http.response.pathsend":
                    with open(message["path"], "rb") as file:
                        message = {"type": "http.response.body", "body": file.read()}
            await send(message)

        await self.app(scope, receive, server_send)


@pytest.fixture
def site_client(api, tmp_path):
    """The API with the site behind it, served as granian would."""
    page = tmp_path / "404.html"
    page.write_bytes(SITE_404)

    async def site(scope, receive, send):
        await FileResponse(page, status_code=404, media_type="text/html")(scope, receive, send)

    api.mount("", site)
    with TestClient(PathsendServer(api), raise_server_exceptions=False) as c:
        yield c


def _documented_paths(site_client) -> dict[str, set[str]]:
    """The OpenAPI document's paths under /api/v1, each path parameter as "1", with the
    methods each takes."""
    doc = site_client.get("/api/v1/openapi.json").json()
    paths: dict[str, set[str]] = {}
    for path, operations in doc["paths"].items():
        if path.startswith("/api/v1/"):
            concrete = re.sub(r"{[^}]+}", "1", path)
            paths.setdefault(concrete, set()).update(m.upper() for m in operations)
    assert len(paths) > 80
    return paths


def _templates(site_client) -> dict[str, set[str]]:
    """The OpenAPI document's path templates under /api/v1 with the methods each takes."""
    doc = site_client.get("/api/v1/openapi.json").json()
    return {path: {m.upper() for m in operations} for path, operations in doc["paths"].items()
            if path.startswith("/api/v1/")}


def _assert_json_envelope(r, *statuses: int) -> None:
    where = f"{r.request.method} {r.request.url.path}"
    assert r.status_code < 500, (where, r.status_code, r.text[:200])
    assert SITE_404 not in r.content, where
    assert r.headers["content-type"].startswith("application/json"), (where, r.text[:200])
    body = r.json()
    assert set(body) == {"data", "message", "status"}, (where, body)
    assert body["status"] == r.status_code and body["message"], (where, body)
    if statuses:
        assert r.status_code in statuses, (where, r.status_code, body)
    if r.status_code == 405:
        assert r.headers["allow"], where


@pytest.mark.parametrize("path", [
    "/api/v1/public/meetups/1/attendees",
    "/api/v1/public/news/1/x",
    "/api/v1/public/job-posts/1/x",
    "/api/v1/no-such-thing",
    "/api/v1",
])
def test_the_reported_addresses_answer_a_json_404(site_client, path):
    for method in METHODS:
        r = site_client.request(method, path)
        _assert_json_envelope(r, 404)
        assert r.json() == {"data": None, "message": "Not found.", "status": 404}
    uz = site_client.get(path, headers={"Accept-Language": "uz"})
    assert uz.json()["message"] == "Topilmadi."


def test_the_site_still_answers_its_own_addresses(site_client):
    r = site_client.get("/no-such-page")
    assert r.status_code == 404 and r.content == SITE_404


def test_every_route_with_an_extra_segment_answers_json(site_client):
    # (Mostly 404; where the longer address is a route too, that route's own answer:
    # /users/me/consents/x is /users/me/consents/{kind}.)
    for path in _documented_paths(site_client):
        for method in METHODS:
            _assert_json_envelope(site_client.request(method, f"{path}/x"))


def test_every_prefix_of_a_route_answers_json(site_client):
    paths = _documented_paths(site_client)
    prefixes = {"/".join(path.split("/")[:n]) for path in paths
                for n in range(3, path.count("/") + 1)} - set(paths)
    assert "/api/v1/public" in prefixes and "/api/v1/admin/meetups/1/registrations/1" in prefixes
    # A prefix a route with a path parameter also matches (``/public/meetups/upcoming`` of
    # the upcoming schedule feeds, and ``/public/meetups/{meetup_id}``) is that route's
    # address: its methods answer as the route does for a value it refuses (the KO'DJ
    # contract: 422 for an id that is not a number, 404 for one not found).
    templates = {re.compile(re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(path)) + "$"): methods
                 for path, methods in _templates(site_client).items()}
    for prefix in sorted(prefixes):
        taken = set().union(*(m for t, m in templates.items() if t.match(prefix)))
        for method in METHODS:
            if method in taken:
                _assert_json_envelope(site_client.request(method, prefix), 401, 404, 422)
            else:
                _assert_json_envelope(site_client.request(method, prefix), 404, 405)


def test_a_method_a_route_does_not_take_answers_a_json_405(site_client):
    for path, methods in _documented_paths(site_client).items():
        for method in set(METHODS) - methods:
            r = site_client.request(method, path)
            _assert_json_envelope(r, 405)
            allowed = {m.strip() for m in r.headers["allow"].split(",")}
            assert methods <= allowed, (method, path, allowed)


def test_a_final_slash_still_leads_to_the_route(site_client):
    r = site_client.get("/api/v1/health/", follow_redirects=False)
    assert r.status_code == 307
    assert r.headers["location"].endswith("/api/v1/health")
