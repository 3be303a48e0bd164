"""``t()``: the one helper for every visible text of the interface.

At compile time it looks the message up in both catalogs and returns a value that
switches with ``LangState.lang`` in the browser, so changing language is instant.
``{name}`` placeholders take plain values or Reflex vars.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import gettext
from community_app.state.lang import LangState


def t(message_id: str, **params: Any) -> Any:
    en = gettext(message_id, "en", **params)
    uz = gettext(message_id, "uz", **params)
    if en == uz:
        return en
    return rx.cond(LangState.is_uz, uz, en)


def t_pick(en: Any, uz: Any) -> Any:
    """Choose between two values by language (bilingual database columns, say)."""
    return rx.cond(LangState.is_uz, uz, en)


def t_var(message: Any) -> Any:
    """Show a message a state holds as ``{"en": ..., "uz": ...}`` (see ``i18n.both``)."""
    return rx.cond(LangState.is_uz, message["uz"], message["en"])
