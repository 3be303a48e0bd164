"""/job-alerts/unsubscribe/<token>: a job alert digest's one-click unsubscribe (no sign-in)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.job_alerts import UnsubscribeState as S
from community_app.state.job_alerts import read_unsubscribe
from community_app.state.page_load import PageData
from community_app.ui.components.buttons import link_button
from community_app.ui.components.unsubscribe import unsubscribe_screen
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page


@page(routes.JOB_ALERT_UNSUBSCRIBE, title=N_("Job alert"),
      on_load=PageData(S, read_unsubscribe, S._apply_load))
def job_alert_unsubscribe() -> rx.Component:
    return unsubscribe_screen(
        N_("Job alert"), loading=S.loading, done=S.done,
        done_texts=[rx.text(t("No more emails from the job alert “{name}”. You can switch it on again on My Page.",
                              name=S.name))],
        invalid=N_("This unsubscribe link is not valid. Your alerts are on My Page."),
        buttons=[link_button(t("My Page"), href=routes.MYPAGE_ALERTS, variant="outline"),
                 link_button(t("Jobs"), href=routes.JOBS)],
    )
