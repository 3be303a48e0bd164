"""``t()``: the one helper for every visible text of the interface.

At compile time it looks the message up in both catalogs and returns a value that
switches with ``LangState.lang`` in the browser, so changing language is instant.
``{name}`` placeholders take plain values or Reflex vars. A message with a count is a
``Plural`` (``Np_("{n} result", "{n} results")``) with ``n=`` a number or a Reflex var:
the form follows each language's plural rule from the catalog.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import LANGUAGES, Plural, gettext, plural_index, translations
from community_app.state.lang import LangState


def t(message_id: str | Plural, **params: Any) -> Any:
    if isinstance(message_id, Plural) and isinstance(params.get("n"), rx.Var):
        en, uz = (_plural_var(message_id, lang, **params) for lang in LANGUAGES)
    else:
        en = gettext(message_id, "en", **params)
        uz = gettext(message_id, "uz", **params)
    if isinstance(en, str) and isinstance(uz, str) and en == uz:
        return en
    return rx.cond(LangState.is_uz, uz, en)


def t_pick(en: Any, uz: Any) -> Any:
    """Choose between two values by language (bilingual database columns, say)."""
    return rx.cond(LangState.is_uz, uz, en)


def t_var(message: Any) -> Any:
    """Show a message a state holds as ``{"en": ..., "uz": ...}`` (see ``i18n.both``)."""
    return rx.cond(LangState.is_uz, message["uz"], message["en"])


def _plural_var(message: Plural, lang: str, **params: Any) -> Any:
    """The form for a count known only in the browser. Both languages' rules (CLDR) have
    two forms, 'one' for exactly 1 and 'other': the choice is ``n == 1``. A language
    whose catalog says otherwise fails here at compile time rather than read wrong."""
    if any(plural_index(lang, k) != int(k != 1) for k in range(1001)):
        raise NotImplementedError(f"{lang}: a plural rule other than one/other (n == 1)")
    catalog = translations(lang)
    one = catalog.ngettext(message.singular, message.plural, 1).format(**params)
    other = catalog.ngettext(message.singular, message.plural, 2).format(**params)
    return one if one == other else rx.cond(params["n"] == 1, one, other)
