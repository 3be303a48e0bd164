"""The site header (SPEC section 2): logo, links, language, Login or avatar, mobile menu."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.components.icons import glyph

from community_app.i18n import LANGUAGE_NAMES, LANGUAGES, N_
from community_app.core.settings import get_settings
from community_app.state.auth import AuthState
from community_app.state.lang import LangState
from community_app.state.search import SearchState
from community_app.core import routes
from community_app.ui.components.blocks import icon_tile
from community_app.ui.components.buttons import link_button, plain_link
from community_app.ui.i18n import t
from community_app.ui.styles import COLORS, FONT_STACK, STRETCH_COLUMN

NAV_ITEMS = (
    (routes.ABOUT, N_("About us")),
    (routes.NEWS, N_("News")),
    (routes.EVENTS, N_("Events")),
    (routes.JOBS, N_("Jobs")),
    (routes.BLOG, N_("Blog")),
)


# The frame is on every page: native elements drawn by site.css classes (issue 29), no
# Radix layout component or per-element style prop to hydrate.


def logo() -> rx.Component:
    # From 768 px to 1140 px the links share the row with it: the logo alone leaves them
    # room in both languages (the site's name is its label): .uzdev-logo-name.
    return plain_link(
        rx.el.img(src="/logo.svg", alt="", width="36", height="36"),
        rx.el.span(get_settings().site_name, class_name="uzdev-logo-name"),
        href=routes.HOME,
        aria_label=t("{site} home", site=get_settings().site_name),
        class_name="uzdev-logo",
    )


def new_badge() -> rx.Component:
    return rx.el.span(t("NEW"), class_name="uzdev-badge-new")


def _is_active(path: str):
    current = rx.State.router.url.path
    return (current == path) | current.startswith(path + "/")


def nav_link(path: str, label: str, *, in_drawer: bool = False) -> rx.Component:
    """A link of the main navigation; the current page's (``aria-current``) is tinted by
    .uzdev-nav-link (site.css)."""
    link = plain_link(
        rx.el.span(t(label)),
        new_badge() if path == routes.JOBS else rx.fragment(),
        href=path,
        class_name="uzdev-nav-link uzdev-in-drawer" if in_drawer else "uzdev-nav-link",
        aria_current=rx.cond(_is_active(path), "page", "false"),
    )
    return rx.dialog.close(link) if in_drawer else link


def language_menu() -> rx.Component:
    code = rx.cond(LangState.is_uz, "UZ", "EN")
    return rx.menu.root(
        rx.menu.trigger(
            rx.button(
                glyph("globe", size=18, class_name="uzdev-lang-globe"),
                rx.text(code, font_weight="600"),
                glyph("chevron-down", size=14),
                variant="ghost",
                color_scheme="gray",
                # The name holds the visible code (WCAG 2.5.3): "EN, Language".
                aria_label=t("{code}, Language", code=code),
                class_name="uzdev-btn-lang",
            ),
        ),
        rx.menu.content(
            *[
                rx.menu.item(
                    LANGUAGE_NAMES[code],
                    on_click=LangState.set_lang(code),
                    lang=code,
                    font_weight=rx.cond(LangState.current == code, "700", "400"),
                )
                for code in LANGUAGES
            ],
        ),
    )


def account_button() -> rx.Component:
    """A Login button, or the round avatar linking to My Page when signed in."""
    avatar = rx.link(
        rx.cond(
            AuthState.image_url != "",
            rx.image(
                src=AuthState.image_url,
                alt=rx.cond(AuthState.first_name != "", AuthState.first_name, t("User")),
                width="40px",
                height="40px",
                border_radius="50%",
                object_fit="cover",
            ),
            icon_tile(
                rx.icon("user", size=22, color="white"),
                "40px", background=COLORS["primary"],
                role="img",
                aria_label=rx.cond(
                    AuthState.first_name != "", AuthState.first_name, t("User")
                ),
            ),
        ),
        href=routes.MYPAGE,
        aria_label=t("My Page"),
    )
    login = link_button(t("Login"), href=routes.LOGIN, padding_x="20px")
    return rx.cond(AuthState.show_signed_in, avatar, login)


def back_office_link() -> rx.Component:
    """Organizers' way to the back office (issue 42: they could not find it): an icon
    beside the avatar, named "Back office" (its label and its tooltip; the row has no room
    for the words in Uzbek, whose links are long), in words in the phone's menu and on My
    Page."""
    return rx.cond(
        AuthState.is_organizer,
        plain_link(
            glyph("sliders-horizontal", size=20),
            href=routes.ADMIN,
            aria_label=t("Back office"),
            title=t("Back office"),
            class_name="uzdev-back-office-link uzdev-desktop-only",
            id="header-back-office",
        ),
    )


def _menu_button(icon: str, icon_size: int, label: Any, **props: Any) -> rx.Component:
    """The drawer's open and close buttons: a grey icon, named for screen readers."""
    return rx.icon_button(glyph(icon, size=icon_size), variant="ghost", color_scheme="gray", size="3",
                          aria_label=label, **props)


def mobile_menu() -> rx.Component:
    """The phone's side panel: a modal dialog (Radix) slid in from the right. It takes
    focus, keeps Tab inside, has a backdrop, closes on Escape, on a tap outside and on a
    link, and gives focus back to the menu button."""
    return rx.el.div(
        rx.dialog.root(
            rx.dialog.trigger(
                _menu_button("menu", 24, t("Open menu"), class_name="uzdev-pointer", id="mobile-menu-button"),
            ),
            rx.dialog.content(
                rx.vstack(
                    rx.hstack(
                        rx.dialog.title(t("Menu"), font_weight="700", font_size="18px",
                                        margin="0"),
                        rx.spacer(),
                        rx.dialog.close(_menu_button("x", 22, t("Close menu"))),
                        width="100%",
                        align="center",
                    ),
                    rx.dialog.description(
                        get_settings().site_name, color=COLORS["muted"], font_size="14px"
                    ),
                    rx.el.nav(
                        rx.vstack(
                            *[nav_link(path, label, in_drawer=True) for path, label in NAV_ITEMS],
                            nav_link(routes.SEARCH, N_("Search"), in_drawer=True),
                            rx.cond(
                                AuthState.is_organizer,
                                nav_link(routes.ADMIN, N_("Back office"), in_drawer=True),
                            ),
                            rx.cond(
                                AuthState.show_signed_in,
                                nav_link(routes.MYPAGE, N_("My Page"), in_drawer=True),
                                rx.dialog.close(
                                    link_button(t("Login"), href=routes.LOGIN, width="100%")
                                ),
                            ),
                            spacing="2",
                            **STRETCH_COLUMN,
                        ),
                        aria_label=t("Main"),
                        width="100%",
                    ),
                    spacing="2",
                    **STRETCH_COLUMN,
                ),
                class_name="uzdev-side-panel",
                id="mobile-menu",
                font_family=FONT_STACK,  # the dialog lives outside the app's root element
                color=COLORS["text"],
            ),
        ),
        class_name="uzdev-mobile-only",
    )


def search_box() -> rx.Component:
    """The site-wide search, a way in at every width (site.css): a box from 1140 px (the
    logo's name is back and the row has its full width), a button to /search below it
    (phones and tablets; the phone's menu panel has "Search" too)."""
    box = rx.form(
        rx.input(
            rx.input.slot(glyph("search", size=16)),
            name="q",
            type="search",
            placeholder=t("Search"),
            aria_label=t("Search the site"),
            auto_complete="off",
            max_length=200,
            size="2",
            width="170px",
        ),
        on_submit=SearchState.go,
        reset_on_submit=True,
        role="search",
        class_name="uzdev-search-box",
    )
    button = plain_link(
        glyph("search", size=20),
        href=routes.SEARCH,
        aria_label=t("Search the site"),
        class_name="uzdev-search-button",
    )
    return rx.fragment(box, button)


def header() -> rx.Component:
    # In line with the page's column, a little closer to the edges on phones (site.css).
    return rx.el.header(
        rx.el.div(
            logo(),
            rx.el.nav(
                rx.el.div(
                    *[nav_link(path, label) for path, label in NAV_ITEMS],
                    class_name="uzdev-row uzdev-gap-1",
                ),
                aria_label=t("Main"),
                class_name="uzdev-desktop-only",
            ),
            rx.el.div(
                search_box(),
                language_menu(),
                back_office_link(),
                account_button(),
                mobile_menu(),
                class_name="uzdev-row uzdev-gap-2 uzdev-header-actions",
            ),
            class_name="uzdev-header-row",
        ),
        class_name="uzdev-header",
    )
