"""The page frame every route shares, and the ``@page`` decorator that registers a route.

A page module writes::

    @page(routes.NEWS, title="News")
    def news() -> rx.Component:
        return ...

and the frame adds the header, the footer (except on /login and /auth paths), the home
banner on ``/``, the maintenance screen, the uncaught-error screen, the page-loading
indicator and the scroll-to-top on route change. ``community_app.py`` adds every
registered page in one loop.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import reflex as rx

from community_app.ui.components.icons import glyph

from community_app.i18n import gettext
from community_app.core.settings import get_settings
from community_app.services import seo
from community_app.state.auth import AuthState
from community_app.state.lang import LangState
from community_app.state.page_load import MEMBER_ONLY, PAGE_LOADS, PageData, PageLoadState
from community_app.state.site import SiteState
from community_app.core import routes
from community_app.ui.components.browser import (
    dismissible_banner,
    loading_screen,
    page_loading_indicator,
    scroll_to_top,
    uncaught_error_screen,
)
from community_app.ui.components.dialogs import MAIN_ID  # the <main>, focused by dialogs
from community_app.ui.components.buttons import with_class
from community_app.ui.components.footer import footer
from community_app.ui.components.header import header
from community_app.ui.components.connection import connection_notice
from community_app.ui.first_paint import READY_ID
from community_app.ui.i18n import t
from community_app.ui.styles import CENTRED_LINES, COLORS


# Who may see a page: anyone, a signed-in member, an organizer (the back office).
VISITOR, MEMBER, ORGANIZER = "visitor", "member", "organizer"
SEGMENT = re.compile(r"\[([^/\]]+)\]")  # an address's [segment]

Example = Mapping[str, str | routes.Sample]


@dataclasses.dataclass(frozen=True)
class Route:
    """A registered page: what Reflex needs to add it, and what the checks that visit every
    page read (tests/e2e/site_pages.py): who may see it, an example of each of its
    addresses, and whether it is shared (a head of its own: services/seo)."""

    path: str
    component: Callable[[], rx.Component]
    title: Any
    on_load: Sequence[Any]
    audience: str = VISITOR
    # A value for each [segment] of the path, per example address: a literal or a
    # ``routes.Sample`` read from the data.
    examples: tuple[Example, ...] = ({},)

    @property
    def segments(self) -> tuple[str, ...]:
        return tuple(SEGMENT.findall(self.path))

    @property
    def shared(self) -> bool:
        """Whether the page has its own title, description and share card in its head."""
        return seo.has_head(self.path)

    def addresses(self, samples: Mapping[routes.Sample, str]) -> list[str]:
        """The page's address at each example, a ``Sample`` taken from ``samples``."""
        def value(given: str | routes.Sample) -> str:
            return samples[given] if isinstance(given, routes.Sample) else given

        return [SEGMENT.sub(lambda m, e=example: value(e[m[1]]), self.path)
                for example in self.examples]


PAGES: list[Route] = []


def page(
    path: str,
    *,
    title: str | None = None,
    on_load: PageData | None = None,
    members_only: bool = False,
    organizers_only: bool = False,
    examples: Sequence[Example] = (),
):
    """Register ``fn`` as the page at ``path`` inside the shared frame.

    ``title``: the page's title (a message id), written once. A public page of
    ``services/seo.STATIC_PAGES`` has its title there (the head, the share card and the
    sitemap read it too) and gives none here; any other page gives its own.

    Every page load is one event, ``PageLoadState.load`` (``state/page_load.py``): it picks
    the language, reads the site settings (maintenance switch), checks the sign-in
    (refreshing an expired access token silently) and loads the page's own data, given
    here as ``PageData`` (read without the lock, applied under it; plain event handlers are
    refused). ``members_only``
    sends anonymous visitors to /login?from=…; ``organizers_only`` marks a back-office page
(``ui/components/admin_frame.admin_page`` gives it, its load keeps the gate).

``examples``: for a path with ``[segments]``, the values of each address the checks visit
(``{"token": "not-a-token"}``, ``{"meetup_id": routes.Sample.PAST_MEETUP}``); without it,
each segment takes its default from ``routes.SEGMENT_SAMPLES``. The frame, accessibility
and sharing checks (tests/e2e) visit every registered page at these addresses; a segment
with no example fails tests/unit/test_page_registry.py."""

    title = _title_of(path, title)

    def decorator(fn: Callable[[], rx.Component]):
        def render() -> rx.Component:
            return page_frame(fn(), path=path)

        # Reflex writes a page's memoized components to a module named after the page
        # function's module: keep it the page's (not this one), so every page gets a
        # chunk of its own instead of one chunk with every page's components, loaded by all.
        render.__module__ = fn.__module__
        render.__qualname__ = fn.__qualname__

        if on_load is not None and not isinstance(on_load, PageData):
            raise TypeError(f"{path}: on_load is a PageData (state/page_load.py), not {on_load!r}")
        PAGE_LOADS[path] = on_load
        if members_only:
            MEMBER_ONLY.add(path)
        PAGES.append(
            Route(
                path=path,
                component=render,
                title=page_title(title),
                on_load=[PageLoadState.load(path)],
                audience=ORGANIZER if organizers_only else MEMBER if members_only else VISITOR,
                examples=tuple(examples) or (_default_example(path),),
            )
        )
        return fn

    return decorator


def import_pages(package: str, folder: Sequence[str]) -> None:
    """Import every module of a package of pages (each registers its own with ``@page``),
    in name order, then its sub-packages: a new page module needs no list edited."""
    found = sorted(pkgutil.iter_modules(folder), key=lambda m: (m.ispkg, m.name))
    for module in found:
        importlib.import_module(f"{package}.{module.name}")


def _default_example(path: str) -> Example:
    """Each segment's value from ``routes.SEGMENT_SAMPLES`` (an unknown one is left out:
    tests/unit/test_page_registry.py names it)."""
    return {name: routes.SEGMENT_SAMPLES[name] for name in SEGMENT.findall(path)
            if name in routes.SEGMENT_SAMPLES}


def _title_of(path: str, title: str | None) -> str:
    known = seo.PAGES_BY_PATH.get(path)
    if known is not None and title is not None:
        raise ValueError(f"{path}: its title is services/seo.STATIC_PAGES' ({known.title!r}); "
                         "give none in @page")
    if known is None and title is None:
        raise ValueError(f"{path}: a page outside services/seo.STATIC_PAGES needs a title")
    return known.title if known is not None else title


def page_title(title: str):
    site = get_settings().site_name
    return rx.cond(
        LangState.is_uz,
        f"{gettext(title, 'uz')} | {site}",
        f"{gettext(title, 'en')} | {site}",
    )


def skip_link() -> rx.Component:
    return rx.el.a(t("Skip to content"), href=f"#{MAIN_ID}", class_name="uzdev-skip-link")


def home_banner() -> rx.Component:
    return dismissible_banner(
        rx.link(
            rx.hstack(
                glyph("calendar-clock", size=18),
                rx.text(t("Hurry up and register for the next meetup!"), font_weight="600"),
                glyph("arrow-right", size=16),
                align="center",
                justify="center",
                spacing="2",
            ),
            href=routes.EVENTS,
            color="white",
            _hover={"color": "white"},  # on the banner's blue, not the links' hover colour
            underline="hover",
            display="block",
            padding="10px 48px 10px 16px",
            width="100%",
        ),
        close_label=t("Close banner"),
        threshold=50,
    )


def maintenance_screen() -> rx.Component:
    """Full screen, in Uzbek and English at once, with the contact address."""

    def block(lang: str) -> rx.Component:
        return rx.vstack(
            rx.heading(gettext("We are doing maintenance", lang), size="6", as_="h2"),
            rx.text(
                gettext(
                    "The site is being improved and will be back soon. Thank you for your patience.",
                    lang,
                ),
                color=COLORS["muted"],
            ),
            rx.text(
                gettext("Questions? Write to us at", lang),
                " ",
                rx.link(
                    SiteState.contact_email,
                    href="mailto:" + SiteState.contact_email,
                    font_weight="600",
                ),
                color=COLORS["muted"],
            ),
            lang=lang,
            spacing="2",
            **CENTRED_LINES,
        )

    return rx.center(
        rx.vstack(
            rx.image(src="/logo.svg", alt="", width="64px", height="64px"),
            rx.heading(get_settings().site_name, size="8", as_="h1"),
            block("uz"),
            rx.separator(size="4"),
            block("en"),
            spacing="5",
            align="center",
            max_width="560px",
            padding="32px",
            background_color="white",
            border_radius="16px",
            box_shadow="0 10px 30px rgba(15,23,42,0.08)",
        ),
        min_height="100vh",
        width="100%",
        padding="16px",
        background_color=COLORS["background"],
        role="main",
        id="maintenance",
    )


def page_frame(content: rx.Component, *, path: str) -> rx.Component:
    with_footer = routes.shows_footer(path)
    body = rx.el.div(
        skip_link(),
        header(),
        home_banner() if path == routes.HOME else rx.fragment(),
        rx.el.main(content, id=MAIN_ID, tab_index=-1, class_name="uzdev-main"),
        footer() if with_footer else rx.fragment(),
        class_name="uzdev-frame",
    )
    return rx.fragment(
        # "true" once the server has sent the page's state (its load done): browser tests
        # wait for it before they type or click, and a full load in Uzbek or signed in is
        # painted from then on (ui/first_paint.py).
        rx.el.span(id=READY_ID, hidden=True,
                   data_ready=(rx.State.is_hydrated & ~PageLoadState.page_reading).to_string()),
        scroll_to_top(),
        page_loading_indicator(label=t("Loading a page")),
        connection_notice(),  # the server away or not answering (issue 40)
        uncaught_error_screen(
            # Organizers must still sign in and reach /admin/... to switch maintenance off.
            body if path == routes.LOGIN or path.split("/")[1:2] == ["admin"]
            else rx.cond(SiteState.maintenance, maintenance_screen(), body),
            title=t("Uncaught Error"),
            fallback_message=t("An unexpected error occurred"),
            try_again_label=t("Try Again"),
            report_label=t("Report Issue"),
        ),
    )


def content_container(*children: rx.Component, **props: Any) -> rx.Component:
    """The centred column every page body sits in."""
    if "padding_y" in props:
        return rx.el.div(*children, **with_class(props, "uzdev-column"))
    return rx.el.div(*children, **with_class(props, "uzdev-column", "uzdev-page-body"))


def protected(content: rx.Component) -> rx.Component:
    """The auth gate of SPEC section 4 around a member-only page body. The page is
    registered with ``members_only=True``: anonymous visitors go to /login with ``from``
    set to this path."""
    return rx.cond(
        AuthState.show_signed_in,
        content,
        rx.cond(
            AuthState.is_loading,
            loading_screen(label=t("Loading...")),
            rx.box(min_height="50vh"),
        ),
    )
