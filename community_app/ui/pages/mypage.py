"""/mypage: the member's personal page (behind the auth gate of SPEC section 4).

Its sections (events, job posting, blogs, account) build on this frame."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.auth import AuthState
from community_app.ui import routes
from community_app.ui.components.logout import logout_dialog
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page, protected
from community_app.ui.styles import COLORS

SECTIONS = (
    ("calendar", N_("Events")),
    ("briefcase", N_("Job posting")),
    ("notebook-pen", N_("My Blogs")),
    ("user-cog", N_("My account")),
)


def _profile() -> rx.Component:
    name = (AuthState.user_first_name + " " + AuthState.user_last_name).strip()
    return rx.vstack(
        rx.cond(
            AuthState.image_url != "",
            rx.image(src=AuthState.image_url, alt=AuthState.first_name, width="72px", height="72px",
                     border_radius="50%", object_fit="cover"),
            rx.center(rx.icon("user", size=36, color="white"), width="72px", height="72px",
                      border_radius="50%", background_color=COLORS["primary"]),
        ),
        rx.heading(rx.cond(name != "", name, rx.cond(AuthState.username != "", AuthState.username, t("Anonymous"))),
                   as_="h1", size="5", id="mypage-name"),
        rx.text(rx.cond(AuthState.email != "", AuthState.email, t("No Email Given")),
                color=COLORS["muted"], size="2", id="mypage-email"),
        rx.text(t("Joined"), " ", AuthState.joined_at, color=COLORS["muted"], size="2"),
        spacing="2",
        align="center",
        text_align="center",
        width="100%",
    )


def _sidebar() -> rx.Component:
    return rx.vstack(
        _profile(),
        rx.separator(size="4"),
        rx.el.nav(
            rx.vstack(
                *[
                    rx.hstack(rx.icon(icon, size=18), rx.text(t(label)), align="center",
                              padding="10px 12px", border_radius="8px", width="100%")
                    for icon, label in SECTIONS
                ],
                spacing="1",
                width="100%",
            ),
            aria_label=t("My Page"),
            width="100%",
        ),
        logout_dialog(
            rx.button(rx.icon("log-out", size=18), t("Sign out"), variant="outline", color_scheme="red",
                      width="100%", size="3"),
        ),
        spacing="4",
        padding="20px",
        background_color="white",
        border=f"1px solid {COLORS['border']}",
        border_radius="16px",
        width=["100%", "100%", "100%", "280px"],
        flex_shrink="0",
    )


@page(routes.MYPAGE, title=N_("My Page"), on_load=[AuthState.require_member])
def mypage() -> rx.Component:
    return content_container(
        protected(
            rx.flex(
                _sidebar(),
                rx.box(
                    rx.heading(t("My Page"), as_="h2", size="6"),
                    rx.text(t("Your events, job posts, blogs and account."), color=COLORS["muted"]),
                    flex="1",
                    padding="20px",
                    background_color="white",
                    border=f"1px solid {COLORS['border']}",
                    border_radius="16px",
                    width="100%",
                ),
                flex_direction=["column", "column", "column", "row"],
                gap="20px",
                width="100%",
                align_items="flex-start",
            )
        )
    )
