"""/mypage: the member's personal page behind the auth gate of SPEC section 4.

A sidebar (Events, Job posting, My Blogs, My account) with the member's name or
'Anonymous', email or 'No Email Given', join date and Sign out; one section at a time.
"""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.auth import AuthState
from community_app.state.mypage import MyPageState, read_mypage
from community_app.state.page_load import PageData
from community_app.ui.components.buttons import link_button
from community_app.ui.components.job_alerts import alerts_tab
from community_app.ui.components.logout import logout_dialog
from community_app.ui.components.mypage_account import account_tab
from community_app.ui.components.mypage_blogs import blogs_tab
from community_app.ui.components.mypage_digest import digest_tab
from community_app.ui.components.mypage_events import events_tab
from community_app.ui.components.mypage_jobs import jobs_tab
from community_app.ui.components.mypage_meetups import my_meetups_cards
from community_app.ui.components.mypage_parts import CARD
from community_app.ui.components.mypage_talks import talks_tab
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page, protected
from community_app.ui.styles import CENTRED_LINES, COLORS

SECTIONS = (
    ("events", "calendar", N_("Events")),
    ("talks", "star", N_("My talks")),
    ("jobs", "briefcase", N_("Job posting")),
    ("blogs", "notebook-pen", N_("My Blogs")),
    ("alerts", "bell", N_("Job alerts")),
    ("digest", "mail", N_("Digest")),
    ("account", "user-cog", N_("My account")),
)


# --- sidebar -----------------------------------------------------------------------------


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
        rx.heading(rx.cond(name != "", name, t("Anonymous")), as_="h1", size="5", id="mypage-name"),
        rx.text(rx.cond(AuthState.email != "", AuthState.email, t("No Email Given")),
                color=COLORS["muted"], size="2", id="mypage-email"),
        rx.text(t("Member since"), " ", t_var(AuthState.joined_on), color=COLORS["muted"], size="2",
                id="mypage-joined"),
        spacing="2",
        **CENTRED_LINES,
        width="100%",
    )


def _nav_item(key: str, icon: str, label: str) -> rx.Component:
    active = MyPageState.section == key
    return rx.el.button(
        rx.hstack(rx.icon(icon, size=18), rx.text(t(label)), align="center", spacing="2"),
        on_click=MyPageState.show_section(key),
        type="button",
        aria_current=rx.cond(active, "page", "false"),
        width="100%",
        min_height="44px",
        padding="10px 12px",
        border_radius="8px",
        border="none",
        cursor="pointer",
        text_align="left",
        font_size="15px",
        background_color=rx.cond(active, "#eef2ff", "transparent"),
        color=rx.cond(active, COLORS["primary"], COLORS["text"]),
        _hover={"background_color": "#eef2ff"},
    )


def _sidebar() -> rx.Component:
    return rx.vstack(
        _profile(),
        rx.separator(size="4"),
        rx.el.nav(
            rx.vstack(*[_nav_item(*s) for s in SECTIONS], spacing="1", width="100%"),
            aria_label=t("My Page"),
            width="100%",
        ),
        # Organizers: the way to the back office (issue 42), as in the header.
        rx.cond(
            AuthState.is_organizer,
            link_button(rx.icon("sliders-horizontal", size=18), t("Back office"), href=routes.ADMIN,
                        variant="soft", width="100%", id="mypage-back-office"),
        ),
        logout_dialog(
            rx.button(rx.icon("log-out", size=18), t("Sign out"), variant="outline", color_scheme="red",
                      width="100%", size="3"),
        ),
        spacing="4",
        **{**CARD, "width": ["100%", "100%", "100%", "280px"]},
        flex_shrink="0",
    )



@page(routes.MYPAGE, title=N_("My Page"), on_load=PageData(MyPageState, read_mypage, MyPageState._apply_load), members_only=True)
def mypage() -> rx.Component:
    return content_container(
        rx.script(src="/editor.js"),
        protected(
            rx.flex(
                _sidebar(),
                rx.box(
                    rx.match(
                        MyPageState.section,
                        ("jobs", jobs_tab()),
                        ("blogs", blogs_tab()),
                        ("alerts", alerts_tab()),
                        ("digest", digest_tab()),
                        ("talks", talks_tab()),
                        ("account", account_tab()),
                        rx.vstack(events_tab(), my_meetups_cards(), spacing="4", width="100%"),
                    ),
                    flex="1",
                    min_width="0",
                    width="100%",
                ),
                flex_direction=["column", "column", "column", "row"],
                gap="20px",
                width="100%",
                align_items="flex-start",
            )
        ),
    )
