"""/job-alerts/unsubscribe/<token>: a job alert digest's one-click unsubscribe (no sign-in)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.job_alerts import UnsubscribeState as S
from community_app.state.job_alerts import read_unsubscribe
from community_app.state.page_load import PageData
from community_app.ui.components.blocks import button_row
from community_app.ui.components.buttons import link_button
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS


@page(routes.JOB_ALERT_UNSUBSCRIBE, title=N_("Job alert"),
      on_load=PageData(S, read_unsubscribe, S._apply_load))
def job_alert_unsubscribe() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.heading(t("Job alert"), as_="h1", size="7"),
            rx.cond(
                S.loading,
                rx.text(t("Loading..."), color=COLORS["muted"]),
                rx.cond(
                    S.done,
                    rx.vstack(
                        rx.text(t("You are unsubscribed."), size="5", weight="bold", role="status",
                                id="unsubscribe-outcome"),
                        rx.text(t("No more emails from the job alert “{name}”. You can switch it on again on My Page.",
                                  name=S.name)),
                        spacing="2",
                    ),
                    rx.text(t("This unsubscribe link is not valid. Your alerts are on My Page."),
                            role="status", id="unsubscribe-outcome"),
                ),
            ),
            button_row(
                link_button(t("My Page"), href=routes.MYPAGE_ALERTS, variant="outline"),
                link_button(t("Jobs"), href=routes.JOBS),
            ),
            spacing="5", max_width="640px", min_height="40vh", padding_y="32px",
        )
    )
