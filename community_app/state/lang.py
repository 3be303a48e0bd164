"""The interface language: stored in localStorage, else the browser's, else English.

The page load (``state/page_load.py``) picks it in its one event: the stored choice comes
with the websocket's first message, the browser's from its ``Accept-Language`` header."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import LANGUAGES, normalize_language

LANG_STORAGE_KEY = "uzdev_lang"
# The same name as a cookie: the server writes each page's head in the chosen language
# (services/seo.py ``head_language``). Set here and by ``ui/first_paint.py``.
LANG_COOKIE_MAX_AGE = 365 * 24 * 3600


class LangState(rx.State):
    lang: str = rx.LocalStorage("", name=LANG_STORAGE_KEY, sync=True)

    @rx.var
    def current(self) -> str:
        return self.lang if self.lang in LANGUAGES else "en"

    @rx.var
    def is_uz(self) -> bool:
        return self.lang == "uz"

    @rx.event
    def set_lang(self, value: str):
        self.lang = normalize_language(value)
        return html_lang_script(self.lang)


def html_lang_script(lang: str):
    """Set the page's ``lang`` attribute (screen readers, hyphenation, the tests' readiness)
    and the language cookie (the server's page heads on the next full load)."""
    lang = normalize_language(lang)
    return rx.call_script(
        f"document.documentElement.lang = {lang!r};"
        f"document.cookie = '{LANG_STORAGE_KEY}={lang}; path=/; max-age={LANG_COOKIE_MAX_AGE}; samesite=lax'"
    )
