"""My Page's "Digest" tab (state/digest.py): how often and how the personal digest comes,
and a preview of the next one as it would be sent now."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.models import DigestFrequency, KoreanLevel
from community_app.state.digest import DIGEST_HEADING_ID
from community_app.state.digest import DigestState as S
from community_app.state.sent_writes import sent
from community_app.ui.components.buttons import link_button
from community_app.ui.components.mypage_parts import CARD
from community_app.ui.components.select import native_select
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import CARD_STYLE, COLORS

FREQUENCY_OPTIONS = list(DigestFrequency.labels().items())
KOREAN_OPTIONS = [("", N_("Any level"))] + list(KoreanLevel.labels().items())
SELECT = {"width": "auto", "min_width": "9.5em", "min_height": "44px"}


def _notice(msg, color: str) -> rx.Component:
    return rx.cond(msg.contains("en"),
                   rx.callout(t_var(msg), color_scheme=color, size="1", role="status", width="100%"))


def _labelled(label: str, control: rx.Component, control_id: str,
              hint: str | None = None) -> rx.Component:
    return rx.vstack(
        rx.el.label(t(label), html_for=control_id, font_weight="500", font_size="14px"),
        control,
        rx.text(t(hint), size="1", color=COLORS["muted"]) if hint else rx.fragment(),
        spacing="1",
    )


def _switch(label: str, checked, on_change, switch_id: str) -> rx.Component:
    return rx.el.label(
        rx.hstack(
            rx.switch(checked=checked, on_change=on_change, id=switch_id),
            rx.text(t(label), size="2"),
            align="center", spacing="3", min_height="44px",
        ),
        cursor="pointer",
    )


def _choices() -> rx.Component:
    return rx.vstack(
        rx.flex(
            _labelled(N_("How often"), native_select(
                "digest-frequency", FREQUENCY_OPTIONS, value=S.frequency,
                on_change=lambda v: sent(S.set_frequency(v), what=N_("How often")), **SELECT),
                "digest-frequency"),
            _labelled(N_("Hour (Korea time)"), rx.el.select(
                *[rx.el.option(f"{h:02d}:00", value=str(h)) for h in range(24)],
                id="digest-hour", class_name="uzdev-select", value=S.hour,
                on_change=lambda v: sent(S.set_hour(v), what=N_("Hour (Korea time)")), **SELECT),
                "digest-hour"),
            _labelled(N_("Jobs needing Korean at most"), native_select(
                "digest-korean", KOREAN_OPTIONS, value=S.korean_level,
                on_change=lambda v: sent(S.set_korean_level(v), what=N_("Jobs needing Korean at most")),
                **SELECT), "digest-korean"),
            gap="16px", wrap="wrap",
        ),
        rx.text(t("Jobs in the digest fit your visa (My account) and this Korean level, or one of "
                  "your job alerts."), size="1", color=COLORS["muted"]),
        _switch(N_("By email"), S.by_email,
                lambda on: sent(S.set_by_email(on), what=N_("By email")), "digest-email"),
        rx.cond(
            S.telegram_linked,
            _switch(N_("By Telegram (a short message with links)"), S.by_telegram,
                    lambda on: sent(S.set_by_telegram(on), what=N_("By Telegram (a short message with links)")),
                    "digest-telegram"),
            rx.text(t("Link the Telegram bot under My account to get it there too."), size="1",
                    color=COLORS["muted"]),
        ),
        _switch(N_("Only when I have not visited since the last digest"), S.only_if_away,
                lambda on: sent(S.set_only_if_away(on),
                                what=N_("Only when I have not visited since the last digest")),
                "digest-away"),
        rx.text(t_var(S.next_text), size="2", color=COLORS["muted"], id="digest-next"),
        spacing="3", width="100%",
    )


def _item(item) -> rx.Component:
    return rx.el.li(
        rx.link(item.title, href=item.href, underline="always"),  # a link among list text (axe)
        rx.cond(item.detail != "", rx.text(item.detail, size="1", color=COLORS["muted"])),
    )


def _section(section) -> rx.Component:
    return rx.vstack(
        rx.heading(t_var(section.heading_texts), as_="h4", size="3"),
        rx.el.ul(rx.foreach(section.rows, _item), margin="0", padding_left="1.25em",
                 list_style_type="disc"),
        spacing="1", width="100%",
    )


def _preview() -> rx.Component:
    return rx.vstack(
        rx.heading(t("Preview of the next digest"), as_="h3", size="4"),
        rx.cond(
            S.subject != "",
            rx.vstack(
                rx.text(S.subject, weight="bold"),
                rx.foreach(S.sections, _section),
                spacing="3", width="100%", padding="12px 16px", **CARD_STYLE,
                id="digest-preview",
            ),
            rx.cond(S.digest_loaded,
                    rx.text(t("Nothing new yet: a digest is sent only when something is new."),
                            size="2", color=COLORS["muted"])),
        ),
        spacing="2", width="100%",
    )


def digest_tab() -> rx.Component:
    return rx.vstack(
        rx.heading(t("Digest"), as_="h2", size="6", id=DIGEST_HEADING_ID, tab_index=-1,
                   outline="none"),
        rx.text(t("What is new since the last digest and what is coming: meetups open for "
                  "registration, talks, news, jobs for you and blog posts."),
                color=COLORS["muted"], size="2"),
        rx.cond(
            S.digest_loaded & ~S.consent,
            rx.callout(t("You get no digest: you have not agreed to emails about new meetups, "
                         "news and jobs. Switch it on under “What you agreed to” to get one."),
                       color_scheme="amber", size="1", width="100%"),
        ),
        _notice(S.digest_notice, "green"),
        _notice(S.digest_error, "red"),
        _choices(),
        rx.cond(~S.consent & S.digest_loaded,
                link_button(t("My account"), href=routes.MYPAGE_ACCOUNT, variant="outline")),
        rx.separator(size="4"),
        _preview(),
        spacing="4",
        on_mount=S.load_digest,
        **CARD,
    )
