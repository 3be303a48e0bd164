"""/members/<username>: a member's public page (opt-in on My Page): their public name,
@handle, published blog posts and the meetups they attended."""

from __future__ import annotations

import reflex as rx

from community_app.services import seo
from community_app.core import routes
from community_app.state.member_page import MemberPageState, read_member
from community_app.state.page_load import PageData
from community_app.ui.components.page_skeletons import AT_LEAST_A_SCREEN, BLOG_COLUMN, member_page_skeleton
from community_app.ui.components.status_screen import status_screen
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS


def _avatar() -> rx.Component:
    return rx.cond(
        MemberPageState.image_url != "",
        rx.image(src=MemberPageState.image_url, alt="", width="72px", height="72px",
                 border_radius="50%", object_fit="cover"),
        rx.center(rx.text(MemberPageState.initial, font_size="28px", font_weight="700", color="white"),
                  width="72px", height="72px", border_radius="50%",
                  background_color=COLORS["primary"], aria_hidden="true"),
    )


def _item(item) -> rx.Component:
    return rx.el.li(
        rx.link(item.title, href=item.href, font_weight="600"),
        rx.text(t_var(item.date), size="2", color=COLORS["muted"]),
        padding_y="8px",
        border_bottom=f"1px solid {COLORS['border']}",
    )


def _section(heading, items, empty, section_id: str) -> rx.Component:
    return rx.el.section(
        rx.heading(heading, as_="h2", size="5", margin_bottom="8px"),
        rx.cond(
            items.length() > 0,
            rx.el.ul(rx.foreach(items, _item), list_style="none", padding="0", margin="0"),
            rx.text(empty, color=COLORS["muted"]),
        ),
        id=section_id,
        width="100%",
        padding=["18px", "24px"],
        background_color="white",
        border=f"1px solid {COLORS['border']}",
        border_radius="16px",
    )


def _profile() -> rx.Component:
    return rx.vstack(
        rx.hstack(
            _avatar(),
            rx.vstack(
                rx.heading(MemberPageState.name, as_="h1", size="8", id="member-name"),
                rx.text("@", MemberPageState.username, color=COLORS["muted"], id="member-handle"),
                rx.text(t("Member since"), " ", t_var(MemberPageState.joined),
                        size="2", color=COLORS["muted"]),
                spacing="1",
            ),
            align="center",
            spacing="4",
        ),
        _section(t("Blog posts"), MemberPageState.posts, t("No published posts yet."), "member-posts"),
        _section(t("Meetups attended"), MemberPageState.meetups, t("No meetups attended yet."),
                 "member-meetups"),
        spacing="5",
        width="100%",
        max_width=BLOG_COLUMN,
    )


@page(routes.MEMBER, title=seo.MEMBER_TITLE, on_load=PageData(MemberPageState, read_member, MemberPageState._apply_load))
def member_page() -> rx.Component:
    return content_container(
        rx.match(
            MemberPageState.status,
            ("loading", member_page_skeleton()),
            ("not_found", status_screen(
                rx.text("404", font_size=["64px", "96px"], font_weight="800", color="#c7d2fe"),
                t("Page Not Found"),
                t("The page you're looking for doesn't exist or has been moved."),
            )),
            ("error", status_screen(
                rx.icon("triangle-alert", size=48, color=COLORS["muted"]),
                t("Something went wrong"),
                t("Could not load this page. Please try again."),
            )),
            _profile(),
        ),
        min_height=AT_LEAST_A_SCREEN,
    )
