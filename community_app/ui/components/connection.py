"""The notice every page shows while the server cannot answer (issue 40).

Reflex's own overlay (an English toast "Cannot connect to server: ..." and a pulsing icon)
is switched off (``community_app.py``) and every page's frame carries ``connection_notice``
(``ui/layouts/frame.py``): one live region at the bottom of the window (never over the
sticky header's controls), translated, that shows

- while the websocket cannot connect (Reflex's public ``has_connection_errors``),
- while a page has waited ``ANSWER_WAIT_S`` for its data (``rx.State.is_hydrated``),
- while a write the page sent has had no answer for ``ANSWER_WAIT_S`` (the websocket is up
  but the server does not answer, as while Redis is away: ``state/sent_writes.py``),

and clears by itself when the answer comes; and, until closed, names a write that will not
be answered any more. The behaviour is ``ConnectionNotice`` in ``assets/site.jsx``.
"""

from __future__ import annotations

import reflex as rx
from reflex.components.core.banner import has_connection_errors
from reflex.vars.base import Var

from community_app.i18n import N_
from community_app.state.lang import LangState
from community_app.state.sent_writes import ANSWER_WAIT_S, LOST_AFTER_S, NOTE_KEPT_S, NOTES_KEY
from community_app.ui.i18n import t

NOT_ANSWERING = N_("The site is not answering right now. This page will catch up by itself "
                   "as soon as it answers again.")
NOT_CONFIRMED = N_("“{what}” was not confirmed: the connection to the site was lost. The page "
                   "now shows what is saved; if your change is missing, please do it again.")


class ConnectionNotice(rx.Component):
    library = "$/public/site.jsx"
    tag = "ConnectionNotice"
    offline: Var[bool]
    loading: Var[bool]
    text: Var[str]
    lost_text: Var[str]
    close_label: Var[str]
    notes_key: Var[str]
    wait_ms: Var[int]
    lost_ms: Var[int]
    keep_ms: Var[int]
    lang: Var[str]


def connection_notice() -> rx.Component:
    # In a fragment: Reflex nests the app's lower wraps and every page inside this wrap
    # (App._app_root appends them as its children), and ConnectionNotice renders none.
    return rx.fragment(ConnectionNotice.create(
        offline=has_connection_errors,
        loading=~rx.State.is_hydrated,
        text=t(NOT_ANSWERING),
        lost_text=t(NOT_CONFIRMED, what="{what}"),
        close_label=t("Close"),
        notes_key=NOTES_KEY,
        wait_ms=ANSWER_WAIT_S * 1000,
        lost_ms=LOST_AFTER_S * 1000,
        keep_ms=NOTE_KEPT_S * 1000,
        lang=LangState.current,
    ))
