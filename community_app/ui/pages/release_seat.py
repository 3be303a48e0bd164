"""/release-seat/<token>: what the reminder email's "release my seat" link did."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.services.meetups import release
from community_app.state.page_load import PageData
from community_app.state.release_seat import ReleaseSeatState as S
from community_app.state.release_seat import read_release
from community_app.ui.components.blocks import button_row
from community_app.ui.components.buttons import link_button
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS

ICONS = {release.RELEASED: "circle-check", release.ALREADY: "info",
         release.EXPIRED: "clock", release.INVALID: "circle-alert"}


def _outcome(name: str) -> tuple[str, rx.Component]:
    return name, rx.hstack(
        rx.icon(ICONS[name], size=28, flex_shrink="0"),
        rx.text(t(release.OUTCOME_TEXTS[name]), size="4"),
        spacing="3", align="start", role="status", id="release-outcome",
    )


@page(routes.RELEASE_SEAT, title=N_("Release my seat"),
      on_load=PageData(S, read_release, S._apply_load),
      examples=[{"token": routes.Sample.SEAT_RELEASE}, {"token": "not-a-token"}])
def release_seat() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.heading(t("Release my seat"), as_="h1", size="7"),
            rx.cond(S.title != "", rx.text(S.title, weight="bold", size="5")),
            rx.cond(
                S.loading,
                rx.text(t("Loading..."), color=COLORS["muted"]),
                rx.match(S.outcome, *(_outcome(n) for n in ICONS), rx.fragment()),
            ),
            button_row(
                link_button(t("My Page"), href=routes.MYPAGE, variant="outline"),
                link_button(t("Events"), href=routes.EVENTS),
            ),
            spacing="5", max_width="640px", min_height="40vh", padding_y="32px",
        )
    )
