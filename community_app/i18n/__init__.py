"""Text in two languages from the Babel gettext catalogs in ``locales/``.

Message ids are the English text itself, so English needs no translation and a reader
of the code sees the real words. ``locales/uz/LC_MESSAGES/messages.po`` holds Uzbek
(Latin alphabet). This module is the server-side helper (emails, API messages); the UI
helper ``t()`` lives in ``community_app.ui.i18n`` and reads the same catalogs.

Workflow (see the README): ``make messages`` extracts new ids and updates the .po files,
``make compile-messages`` (run by ``make run`` and ``make test``) builds the .mo files.
"""

from __future__ import annotations

import gettext as _gettext
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from community_app.core.settings import ROOT

LOCALES_DIR = ROOT / "locales"
DOMAIN = "messages"
LANGUAGES = ("en", "uz")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "uz": "O‘zbekcha"}


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (lists of constants)."""
    return message


class Plural(NamedTuple):
    """A message with a count: the English singular and plural, the catalog's ``msgid`` and
    ``msgid_plural``. The count is the ``{n}`` placeholder; each language's plural rule
    (Babel/CLDR: English and Uzbek both have 'one' for exactly 1, 'other' for the rest)
    picks the form. Pass it wherever a message id goes (``gettext``, ``both``, a domain
    error, the UI's ``t``) with ``n=<count>``."""

    singular: str
    plural: str


def Np_(singular: str, plural: str) -> Plural:  # noqa: N802 - gettext's marker style
    """Mark a message with plural forms for extraction (``msgid``/``msgid_plural``)."""
    return Plural(singular, plural)


def normalize_language(value: str | None) -> str:
    """'uz', 'uz-UZ', 'uz_Latn' -> 'uz'; anything unknown -> the fallback 'en'."""
    if not value:
        return DEFAULT_LANGUAGE
    code = value.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def _po_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _mo_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compile_catalogs(force: bool = False) -> list[Path]:
    """Compile every .po into its .mo when the .mo is missing or older. Returns those built."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    built = []
    for lang in LANGUAGES:
        po, mo = _po_path(lang), _mo_path(lang)
        if not po.exists():
            continue
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
        with mo.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        built.append(mo)
    return built


@lru_cache(maxsize=len(LANGUAGES))
def translations(lang: str) -> _gettext.NullTranslations:
    compile_catalogs()
    try:
        return _gettext.translation(DOMAIN, localedir=str(LOCALES_DIR), languages=[lang])
    except FileNotFoundError:
        return _gettext.NullTranslations()


def gettext(message_id: str | Plural, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """The message in ``lang``, with ``{name}`` placeholders filled from ``params``. A
    ``Plural`` takes the form the language's plural rule gives for ``params['n']``."""
    catalog = translations(normalize_language(lang))
    if isinstance(message_id, Plural):
        text = catalog.ngettext(message_id.singular, message_id.plural, int(params["n"]))
    else:
        text = catalog.gettext(message_id)
    return text.format(**params) if params else text


def ngettext(singular: str, plural: str, n: int, lang: str = DEFAULT_LANGUAGE,
             **params: object) -> str:
    """``gettext(Np_(singular, plural), lang, n=n, **params)``: the form for ``n``."""
    return gettext(Plural(singular, plural), lang, n=n, **params)


def plural_index(lang: str, n: int) -> int:
    """Which of the catalog's plural forms ``lang`` uses for ``n`` (0 is the singular)."""
    catalog = translations(normalize_language(lang))
    rule = getattr(catalog, "plural", None)
    return int(rule(n)) if rule else int(n != 1)


def both(message_id: str | Plural, **params: object) -> dict[str, str]:
    """The message in every language: {'en': ..., 'uz': ...}."""
    return {lang: gettext(message_id, lang, **params) for lang in LANGUAGES}
