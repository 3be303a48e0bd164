"""Every address under ``/api/v1`` that no route has is answered by the API, in JSON.

The site mounts Reflex's backend (the built pages, the static 404 page) behind the API
(``rx.App(api_transformer=...)`` mounts it at "" after the API's routes), so without this
an unknown API address fell through to the site: the HTML 404 page, sent as a file
(``http.response.pathsend``), which the public cache could not capture (a 500, issue 39).

``UnknownApiAddress`` is the API's last route: it takes every request under the prefix
that reached it and answers as the API's own router would have without the site behind
it: 405 when a route has the path but not the method (``Allow`` names every method of
the path), a redirect when the address with or without its final slash is a route, else
404, each in the envelope (``api/errors.py``).
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute, Match, NoMatchFound, Router
from starlette.types import Receive, Scope, Send


class UnknownApiAddress(BaseRoute):
    def __init__(self, prefix: str, router: Router) -> None:
        self.prefix = prefix.rstrip("/")
        self.router = router  # the app's router this route is the last (API) route of

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        path = scope.get("path", "")
        if scope["type"] == "http" and (path == self.prefix or path.startswith(self.prefix + "/")):
            return Match.FULL, {}
        return Match.NONE, {}

    def url_path_for(self, name: str, /, **path_params: object):
        raise NoMatchFound(name, path_params)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        routes = self.router.routes
        # The API's routes: those before this one (the site's mount comes after it). None
        # of them took the request whole, else it would not be here.
        api_routes = routes[: routes.index(self)] if self in routes else []
        allowed = [method for method in _METHODS if method != scope["method"]
                   and any(_takes(route, scope, method) for route in api_routes)]
        if allowed:  # every method of the address (the router's own 405 names one route's)
            raise HTTPException(status_code=405, headers={"Allow": ", ".join(allowed)})
        # A final slash too many or too few: redirected as FastAPI does; else 404.
        await Router(routes=api_routes, default=_not_found)(scope, receive, send)


_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def _takes(route: BaseRoute, scope: Scope, method: str) -> bool:
    """Whether ``route`` answers ``method`` at the scope's address (asked with a copy of
    the scope: FastAPI's included routers keep their matching state in it)."""
    probe = {k: v for k, v in scope.items() if k != "fastapi"}
    probe["method"] = method
    return route.matches(probe)[0] is Match.FULL


async def _not_found(scope: Scope, receive: Receive, send: Send) -> None:
    raise HTTPException(status_code=404)
