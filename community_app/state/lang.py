"""The interface language: stored in localStorage, else the browser's, else English."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import LANGUAGES, normalize_language

LANG_STORAGE_KEY = "uzdev_lang"


class LangState(rx.State):
    lang: str = rx.LocalStorage("", name=LANG_STORAGE_KEY, sync=True)

    @rx.var
    def current(self) -> str:
        return self.lang if self.lang in LANGUAGES else "en"

    @rx.var
    def is_uz(self) -> bool:
        return self.lang == "uz"

    @rx.event
    def detect(self):
        """On every page load: keep a stored choice, else ask the browser once."""
        if self.lang in LANGUAGES:
            return _set_html_lang(self.lang)
        return rx.call_script(
            "navigator.language || (navigator.languages || [''])[0] || ''",
            callback=LangState.set_from_browser,
        )

    @rx.event
    def set_from_browser(self, value: str):
        self.lang = normalize_language(value if isinstance(value, str) else "")
        return _set_html_lang(self.lang)

    @rx.event
    def set_lang(self, value: str):
        self.lang = normalize_language(value)
        return _set_html_lang(self.lang)


def _set_html_lang(lang: str):
    return rx.call_script(f"document.documentElement.lang = {lang!r}")
