"""/admin/digest: how many members get the next personal digest (by channel), and a test
of one's own digest sent now to one's own address."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.digest import AdminDigestState as S
from community_app.state.digest import read_audience
from community_app.state.sent_writes import sent
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.mypage_parts import CARD
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def _figure(label: str, value) -> rx.Component:
    return rx.vstack(rx.text(value.to(str), size="7", weight="bold"),
                     rx.text(t(label), size="2", color=COLORS["muted"]), spacing="0")


def _notice(msg, color: str) -> rx.Component:
    return rx.cond(msg.contains("en"),
                   rx.callout(t_var(msg), color_scheme=color, size="1", role="status", width="100%"))


@admin_page(routes.ADMIN_DIGEST, area="digest", title=N_("Digest"), state=S,
            read=read_audience, show=S._show_audience)
def admin_digest() -> rx.Component:
    return rx.vstack(
        rx.text(t("Members who agreed to emails about new meetups, news and jobs get a personal "
                  "digest, weekly unless they chose otherwise, only when something is new for them."),
                size="2", color=COLORS["muted"]),
        rx.cond(
            S.loaded,
            rx.vstack(
                rx.flex(_figure(N_("members get the next digest"), S.members),
                        _figure(N_("by email"), S.by_email),
                        _figure(N_("by Telegram"), S.by_telegram),
                        gap="32px", wrap="wrap", id="digest-audience"),
                rx.text(t("The next one is planned for:"), " ", t_var(S.next_text), size="2"),
                spacing="3",
            ),
        ),
        _notice(S.digest_test_notice, "green"),
        _notice(S.digest_test_error, "red"),
        rx.button(rx.icon("send", size=16), t("Send a test to me"),
                  on_click=sent(S.send_test, what=N_("Send a test to me")), size="2",
                  min_height="44px", cursor="pointer", width="fit-content"),
        rx.text(t("Your own digest as it would be sent now (the last week), to your own address, "
                  "marked as a test. Nobody else gets anything."), size="1", color=COLORS["muted"]),
        spacing="4",
        **CARD,
    )
