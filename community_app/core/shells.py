"""The prerendered shells of the pages with an id in their address: which routes have one
and at which address (``/news/[news_id]`` -> ``/news/_``). The build prerenders them
(``reflex_ext/first_paint_build.py``) and the server answers ``/news/12`` with that HTML
(``serving/web.py``); both read this one list.

Routes (as registered, see routes.py) whose loading state is prerendered once, at the
address with ``_`` for each parameter: every public page with an id in its address (the
back office's are for organizers, who come through the site). Their placeholders are in
ui/components/page_skeletons.py. A static page under the same prefix (/jobs/visa-guide)
is still served itself: serving/web.py looks for a built page first.
"""

from __future__ import annotations

import re

from community_app.core import routes

SHELL_ROUTES = (routes.NEWS_DETAIL, routes.EVENT_DETAIL, routes.EVENT_REGISTER, routes.JOB_DETAIL,
                routes.BLOG_POST, routes.MEMBER, routes.TALK, routes.SPEAKER)
_PARAM = re.compile(r"\[[^/\]]+\]")


def shell_address(route: str) -> str:
    """``/news/[news_id]`` -> ``/news/_``."""
    return _PARAM.sub("_", route)


def _route_pattern(route: str) -> re.Pattern[str]:
    """``/news/[news_id]`` -> a pattern matching ``/news/12`` (and ``/news/12/``)."""
    parts = _PARAM.split(route)
    return re.compile("^" + "[^/]+".join(re.escape(part) for part in parts) + "/?$")


_SHELL_PATTERNS = tuple((_route_pattern(route), shell_address(route)) for route in SHELL_ROUTES)


def shell_for(path: str) -> str | None:
    """The prerendered shell's address for a request path of a ``SHELL_ROUTES`` route."""
    for pattern, shell in _SHELL_PATTERNS:
        if pattern.match(path):
            return shell
    return None
