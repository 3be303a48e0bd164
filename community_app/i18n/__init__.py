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

from community_app.core.settings import ROOT

LOCALES_DIR = ROOT / "locales"
DOMAIN = "messages"
LANGUAGES = ("en", "uz")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "uz": "O‘zbekcha"}


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (lists of constants)."""
    return message


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


def gettext(message_id: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """The message in ``lang``, with ``{name}`` placeholders filled from ``params``."""
    text = translations(normalize_language(lang)).gettext(message_id)
    return text.format(**params) if params else text


def both(message_id: str, **params: object) -> dict[str, str]:
    """The message in every language: {'en': ..., 'uz': ...}."""
    return {lang: gettext(message_id, lang, **params) for lang in LANGUAGES}
