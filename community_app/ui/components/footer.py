"""The site footer (SPEC section 2): copyright, legal links, social links."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.core.settings import get_settings
from community_app.core import routes
from community_app.ui.components.links import SOCIAL_LINKS
from community_app.ui.i18n import t
from community_app.ui.styles import COLORS, PAGE_COLUMN

# The year when the page is shown, not when it was built.
CURRENT_YEAR = rx.Var("new Date().getFullYear()", _var_type=int)


def _legal_link(path: str, label: str) -> rx.Component:
    return rx.link(
        t(label),
        href=path,
        color=COLORS["footer_text"],
        _hover={"color": "white"},
        padding_y="10px",
        display="inline-block",
    )


def _social_link(name: str, url: str, icon: str) -> rx.Component:
    return rx.link(
        rx.image(src=icon, alt="", width="22px", height="22px"),
        href=url,
        is_external=True,
        rel="noopener noreferrer",
        aria_label=name,
        title=name,
        display="flex",
        align_items="center",
        justify_content="center",
        width="44px",
        height="44px",
        border_radius="50%",
        background_color="rgba(255,255,255,0.06)",
        _hover={"background_color": "rgba(255,255,255,0.16)"},
    )


def footer() -> rx.Component:
    return rx.el.footer(
        rx.flex(
            rx.text(
                "© ",
                CURRENT_YEAR,
                " ",
                get_settings().site_name,
                ". ",
                t("All rights reserved."),
                color=COLORS["footer_text"],
                font_size="14px",
            ),
            rx.hstack(
                _legal_link(routes.TERMS, N_("Terms of Service")),
                rx.text("·", color=COLORS["footer_text"], aria_hidden="true"),
                _legal_link(routes.PRIVACY, N_("Privacy Policy")),
                spacing="3",
                align="center",
                font_size="14px",
            ),
            rx.el.nav(
                rx.hstack(
                    *[_social_link(s.name, s.url, s.icon) for s in SOCIAL_LINKS],
                    spacing="2",
                ),
                aria_label=t("Social links"),
            ),
            flex_direction=["column", "column", "column", "row"],
            justify="between",
            align="center",
            gap="16px",
            padding_y="28px",
            text_align="center",
            **PAGE_COLUMN,
        ),
        background_color=COLORS["footer_bg"],
        width="100%",
    )
