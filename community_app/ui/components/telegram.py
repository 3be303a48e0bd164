"""Telegram on the site: the Login Widget's button (shown only when the site has a bot
with a name) and My Page's Telegram card (shown only when the site has a bot)."""

from __future__ import annotations

import reflex as rx
from reflex.vars.base import Var

from community_app.core.settings import telegram_settings
from community_app.i18n import N_
from community_app.models import NotifyBy
from community_app.state.lang import LangState
from community_app.state.telegram import MyTelegramState, TelegramState
from community_app.ui.components.browser import _SiteComponent
from community_app.ui.components.forms import form_alert
from community_app.ui.components.mypage_parts import CARD
from community_app.ui.i18n import t
from community_app.ui.styles import COLORS

KINDS = (
    ("confirmation", N_("Registration confirmations and tickets")),
    ("reminder", N_("Reminders before an event")),
    ("offer", N_("Seats offered from the waitlist")),
)
CHOICES = tuple(NotifyBy.labels().items())  # email, telegram, both


class TelegramLogin(_SiteComponent):
    tag = "TelegramLogin"
    bot_name: Var[str]
    lang: Var[str]
    on_auth: rx.EventHandler[rx.event.passthrough_event_spec(dict)]


def telegram_login(on_auth) -> rx.Component:
    """The widget (nothing when the site has no bot name)."""
    cfg = telegram_settings()
    if not cfg.login_enabled:
        return rx.fragment()
    return TelegramLogin.create(bot_name=cfg.bot_name, lang=LangState.current, on_auth=on_auth)


def telegram_button(on_auth) -> rx.Component:
    """"Log in with Telegram" under the login and sign-up forms."""
    if not telegram_settings().login_enabled:
        return rx.fragment()
    return rx.vstack(
        rx.text(t("or log in with Telegram"), color=COLORS["muted"], size="2"),
        form_alert(TelegramState.error, visible=TelegramState.error.contains("en")),
        telegram_login(on_auth),
        align="center", width="100%", spacing="2",
    )


def _choice(kind: str, label: str) -> rx.Component:
    select_id = f"telegram-notify-{kind}"
    return rx.hstack(
        rx.el.label(t(label), html_for=select_id, font_size="14px", flex="1"),
        rx.el.select(
            *[rx.el.option(t(text), value=value) for value, text in CHOICES],
            id=select_id,
            value=MyTelegramState.notify.get(kind, "both"),
            on_change=lambda value: MyTelegramState.choose(kind, value),
            disabled=~MyTelegramState.chat_linked,
            height="40px", padding_x="8px", border=f"1px solid {COLORS['border']}",
            border_radius="8px", background_color="white",
        ),
        align="center", width="100%", spacing="3", wrap="wrap",
    )


def telegram_card() -> rx.Component:
    """My Page: link the bot (one-time deep link), choose what comes by Telegram, unlink;
    sign in with Telegram linked or not."""
    if not telegram_settings().enabled:
        return rx.fragment()
    bot = rx.cond(
        MyTelegramState.chat_linked,
        rx.vstack(
            rx.text(t("Telegram is linked: the bot sends your messages as you choose below.")),
            *[_choice(kind, label) for kind, label in KINDS],
            rx.button(t("Unlink Telegram"), variant="soft", color_scheme="gray", type="button",
                      on_click=MyTelegramState.unlink_chat),
            spacing="3", width="100%", align="start",
        ),
        rx.vstack(
            rx.text(t("Get your tickets, reminders and seat offers from our Telegram bot, "
                      "with one-tap buttons."), color=COLORS["muted"], size="2"),
            rx.cond(
                MyTelegramState.link_url != "",
                rx.vstack(
                    rx.link(t("Open Telegram and press Start"), href=MyTelegramState.link_url,
                            is_external=True, id="telegram-deep-link", weight="medium"),
                    rx.text(t("The link works once, for 30 minutes. Then reload this page."),
                            color=COLORS["muted"], size="1"),
                    spacing="1",
                ),
                rx.button(rx.icon("send", size=16), t("Link Telegram"), type="button",
                          on_click=MyTelegramState.make_link),
            ),
            spacing="3", width="100%", align="start",
        ),
    )
    sign_in = rx.cond(
        MyTelegramState.account_linked,
        rx.hstack(
            rx.text(t("You can log in with Telegram.")),
            rx.button(t("Stop logging in with Telegram"), variant="soft", color_scheme="gray",
                      type="button", on_click=MyTelegramState.unlink_account),
            align="center", wrap="wrap", spacing="3",
        ),
        rx.cond(
            MyTelegramState.login_available,
            rx.vstack(
                rx.text(t("Log in with Telegram too:"), size="2", color=COLORS["muted"]),
                telegram_login(MyTelegramState.link_account),
                spacing="2",
            ),
        ),
    )
    return rx.vstack(
        rx.heading(t("Telegram"), as_="h2", size="6"),
        form_alert(MyTelegramState.error, visible=MyTelegramState.error.contains("en")),
        form_alert(MyTelegramState.notice, visible=MyTelegramState.notice.contains("en"),
                   color="green"),
        rx.cond(MyTelegramState.available, bot),
        sign_in,
        spacing="3",
        on_mount=MyTelegramState.load,
        **CARD,
    )
