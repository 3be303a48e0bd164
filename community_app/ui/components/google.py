"""The Sign in with Google button (shown only when a client id is configured)."""

from __future__ import annotations

import reflex as rx
from reflex.vars.base import Var

from community_app.core.settings import get_settings
from community_app.state.google import GoogleState
from community_app.state.lang import LangState
from community_app.ui.components.browser import _SiteComponent
from community_app.ui.i18n import t
from community_app.ui.styles import COLORS


class GoogleSignIn(_SiteComponent):
    tag = "GoogleSignIn"
    client_id: Var[str]
    mode: Var[str]
    locale: Var[str]
    on_credential: rx.EventHandler[rx.event.passthrough_event_spec(str)]


def google_confirm_button(on_credential: rx.EventHandler) -> rx.Component:
    """Google's button where a Google-only member confirms it is them (My Page)."""
    client_id = get_settings().google_client_id
    if not client_id:
        return rx.fragment()
    return GoogleSignIn.create(client_id=client_id, mode="signin", locale=LangState.current,
                               on_credential=on_credential)


def google_button(*, mode: str) -> rx.Component:
    client_id = get_settings().google_client_id
    if not client_id:
        return rx.fragment()
    return rx.vstack(
        rx.hstack(
            rx.separator(size="4"),
            rx.text(t("or"), color=COLORS["muted"], size="2"),
            rx.separator(size="4"),
            align="center",
            width="100%",
        ),
        GoogleSignIn.create(
            client_id=client_id,
            mode=mode,
            locale=LangState.current,
            on_credential=GoogleState.sign_in if mode == "signin" else GoogleState.sign_up,
        ),
        align="center",
        width="100%",
        spacing="3",
    )
