"""The site footer (SPEC section 2): copyright, legal links, social links."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.core.settings import get_settings
from community_app.core import routes
from community_app.ui.components.buttons import plain_link
from community_app.ui.components.links import SOCIAL_LINKS
from community_app.ui.i18n import t

# The year when the page is shown, not when it was built.
CURRENT_YEAR = rx.Var("new Date().getFullYear()", _var_type=int)


# On every page: native elements drawn by site.css classes (issue 29).


def _legal_link(path: str, label: str) -> rx.Component:
    return plain_link(t(label), href=path, class_name="uzdev-footer-link")


def _social_link(name: str, url: str, icon: str) -> rx.Component:
    return rx.el.a(
        rx.el.img(src=icon, alt="", width="22", height="22"),
        href=url,
        target="_blank",
        rel="noopener noreferrer",
        aria_label=name,
        title=name,
        class_name="uzdev-social",
    )


def footer() -> rx.Component:
    return rx.el.footer(
        rx.el.div(
            rx.el.p(
                "© ",
                CURRENT_YEAR,
                " ",
                get_settings().site_name,
                ". ",
                t("All rights reserved."),
                class_name="uzdev-footer-text",
            ),
            rx.el.div(
                _legal_link(routes.TERMS, N_("Terms of Service")),
                rx.el.span("·", aria_hidden="true"),
                _legal_link(routes.PRIVACY, N_("Privacy Policy")),
                class_name="uzdev-footer-legal",
            ),
            rx.el.nav(
                rx.el.div(
                    *[_social_link(s.name, s.url, s.icon) for s in SOCIAL_LINKS],
                    class_name="uzdev-row uzdev-gap-2",
                ),
                aria_label=t("Social links"),
            ),
            class_name="uzdev-column uzdev-footer-row",
        ),
        class_name="uzdev-footer",
    )
