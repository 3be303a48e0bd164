"""/digest/unsubscribe/<token>: the digest email's unsubscribe link (no sign-in): the digest
emails stop, and the page says so."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.digest import DigestUnsubscribeState as S
from community_app.state.digest import read_unsubscribe
from community_app.state.page_load import PageData
from community_app.ui.components.buttons import link_button
from community_app.ui.components.unsubscribe import unsubscribe_screen
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page


@page(routes.DIGEST_UNSUBSCRIBE, title=N_("Digest"),
      on_load=PageData(S, read_unsubscribe, S._apply_load))
def digest_unsubscribe() -> rx.Component:
    return unsubscribe_screen(
        N_("Digest"), loading=S.loading, done=S.done,
        done_texts=[rx.text(t("You will get no more digest emails.")),
                    rx.text(t("Your agreement to emails about new meetups, news and jobs is "
                              "unchanged; a digest by Telegram, if you chose it, goes on. Change "
                              "either on My Page."))],
        invalid=N_("This unsubscribe link is not valid."),
        buttons=[link_button(t("My Page"), href=routes.MYPAGE_DIGEST, variant="outline"),
                 link_button(t("Events"), href=routes.EVENTS)],
    )
