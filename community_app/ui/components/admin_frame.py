"""One way to build a back-office screen: ``@admin_page(route, key=..., ...)`` puts a page
body inside the shared frame (the organizer gate, the heading, the maintenance notice,
the messages of the last action and the navigation between areas, each a real address),
and registers it like every other page. Visitors go to /login?from=<the address>;
members see that the page is not for them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin import AdminState, AreaRead, admin_reader
from community_app.state.page_load import PageData
from community_app.state.site import SiteState
from community_app.ui.components.blocks import notice
from community_app.ui.components.admin_common import messages
from community_app.ui.components.browser import loading_screen
from community_app.ui.components.status_screen import status_screen
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import Example, content_container, page
from community_app.ui.styles import COLORS

# key, address, icon, label: the areas, in the order of the navigation.
AREAS = (
    ("overview", routes.ADMIN, "layout-dashboard", N_("Overview")),
    ("meetups", routes.ADMIN_MEETUPS, "calendar-days", N_("Meetups")),
    ("news", routes.ADMIN_NEWS, "newspaper", N_("News")),
    ("jobs", routes.ADMIN_JOBS, "briefcase", N_("Jobs")),
    ("speakers", routes.ADMIN_SPEAKERS, "mic", N_("Speakers")),
    ("comments", routes.ADMIN_COMMENTS, "message-square", N_("Comments")),
    ("digest", routes.ADMIN_DIGEST, "mail", N_("Digest")),
    ("settings", routes.ADMIN_SETTINGS, "settings", N_("Settings")),
    ("audit", routes.ADMIN_AUDIT, "history", N_("Audit log")),
)


def _not_allowed() -> rx.Component:
    return status_screen(rx.icon("shield-x", size=48, color=COLORS["danger"]),
                         t("Not allowed"), t("This page is for organizers only."), size="7",
                         id="admin-not-allowed")


def _nav_link(key: str, href: str, icon: str, label: str, active: str) -> rx.Component:
    current = key == active
    return rx.link(
        rx.hstack(rx.icon(icon, size=16), rx.text(t(label)), spacing="2", align="center"),
        href=href,
        aria_current="page" if current else None,
        padding="8px 12px",
        border_radius="8px",
        white_space="nowrap",
        font_weight="600" if current else "500",
        color=COLORS["primary"] if current else COLORS["text"],
        background_color="#eff6ff" if current else "transparent",
        underline="none",
        class_name="admin-nav-link",
    )


def _nav(active: str) -> rx.Component:
    return rx.box(
        rx.hstack(*[_nav_link(*area, active) for area in AREAS], spacing="1",
                  flex_wrap="nowrap"),
        id="admin-nav",
        role="navigation",
        aria_label=t("Back office"),
        overflow_x="auto",
        width="100%",
        border_bottom=f"1px solid {COLORS['border']}",
        padding_bottom="6px",
    )


def admin_screen(active: str, body: rx.Component) -> rx.Component:
    back_office = rx.vstack(
        rx.vstack(
            rx.heading(t("Organizer back office"), as_="h1",
                       size=rx.breakpoints(initial="6", md="7")),
            rx.text(t("Signed in as {name}.", name=AdminState.email), color=COLORS["muted"],
                    size="2"),
            spacing="1",
        ),
        rx.cond(
            SiteState.maintenance,
            notice("construction", t("Maintenance mode is on: visitors see the maintenance page."), "amber",
                   width="100%"),
        ),
        _nav(active),
        messages(),
        rx.box(body, width="100%", padding_top="8px"),
        spacing="4",
        width="100%",
    )
    return content_container(
        rx.cond(
            AdminState.allowed,
            back_office,
            rx.cond(AdminState.checked, _not_allowed(), loading_screen(label=t("Loading..."))),
        ),
    )


def admin_page(path: str, *, area: str, title: str, state: type[AdminState],
               read: AreaRead, show: Callable[[Any, Any], Any] | None = None,
               examples: Sequence[Example] = ()):
    """Register the decorated body as the back-office page at ``path`` (``area``: the key
    of the navigation entry it belongs to). Its load is a ``PageData``: ``read(request)``
    gives the values of the address and what to read for the organizer (state/admin.py,
    ``admin_reader``), ``show`` (a method of ``state``) puts what was read in its vars.
    ``examples``: as in ``frame.page``."""
    load = PageData(state, admin_reader(area, read, show), state._apply_load)

    def decorator(body: Callable[[], rx.Component]):
        def screen() -> rx.Component:
            return admin_screen(area, body())

        screen.__module__ = body.__module__  # the page's own chunk (see frame.page)
        screen.__qualname__ = body.__qualname__
        page(path, title=title, on_load=load, organizers_only=True, examples=examples)(screen)
        return body

    return decorator
