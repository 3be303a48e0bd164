"""Every message has its Uzbek translation; language detection falls back to English."""

from __future__ import annotations

import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

from community_app.i18n import LOCALES_DIR, Np_, both, gettext, ngettext, normalize_language, plural_index
from community_app.i18n.__main__ import KEYWORDS, translated
from community_app.core.settings import ROOT


def _extract(tmp_path):
    pot = tmp_path / "messages.pot"
    cmd = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", str(ROOT / "babel.cfg"),
           "-o", str(pot), "--no-default-keywords", "--omit-header", "--no-location"]
    for k in KEYWORDS:  # Np_ and ngettext give (msgid, msgid_plural)
        cmd += ["-k", k]
    subprocess.run([*cmd, str(ROOT / "community_app")], check=True, capture_output=True, cwd=ROOT)
    with pot.open("rb") as f:
        return {m.id for m in read_po(f) if m.id}


def _catalog(lang):
    with (LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f)


def test_every_message_in_the_code_has_an_uzbek_translation(tmp_path):
    used = _extract(tmp_path)
    assert len(used) > 50
    uz = {m.id: m for m in _catalog("uz") if m.id}
    missing = sorted(map(str, (i for i in used if i not in uz or not translated(uz[i]) or uz[i].fuzzy)))
    assert missing == [], "Run `make messages` and translate these in locales/uz: " + repr(missing)


def test_uzbek_catalog_has_no_untranslated_entry():
    empty = [m.id for m in _catalog("uz") if m.id and not translated(m)]
    assert empty == []


def test_uzbek_translations_keep_their_placeholders():
    import re

    for m in _catalog("uz"):
        ids = m.id if m.pluralizable else (m.id,)
        strings = m.string if m.pluralizable else (m.string,)
        for text in strings if m.id else ():
            if text:  # every form keeps the singular's and the plural's placeholders
                for message_id in ids:
                    assert set(re.findall(r"{\w+}", message_id)) == set(re.findall(r"{\w+}", text)), m.id


def test_uzbek_is_written_in_latin_letters():
    for m in _catalog("uz"):
        strings = m.string if m.pluralizable else (m.string,)
        assert not any("\u0400" <= ch <= "\u04ff" for text in strings for ch in text or ""), m.id


def test_gettext_translates_and_fills_placeholders():
    assert gettext("Page Not Found", "uz") == "Sahifa topilmadi"
    assert gettext("Page Not Found", "en") == "Page Not Found"
    assert gettext("{site} home", "uz", site="UzDev") == "UzDev bosh sahifasi"


@pytest.mark.parametrize(
    ("given", "expected"),
    [("uz", "uz"), ("uz-UZ", "uz"), ("uz_Latn", "uz"), ("en-US", "en"), ("ko-KR", "en"), ("", "en"), (None, "en")],
)
def test_language_detection_falls_back_to_english(given, expected):
    assert normalize_language(given) == expected


def test_uzbek_says_tadbir_for_a_meetup_everywhere():
    """One word for "meetup" in Uzbek (issue 27): tadbir, the catalog's most frequent,
    never uchrashuv or the English meetup (a "Social Gathering" is a do‘stona uchrashuv)."""
    import re

    with (LOCALES_DIR / "uz" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f)
    mixed = [m.string for m in catalog  # (MEETUP, a news type's code, stays as it is)
             if m.id and re.search(r"\b[Mm]eetup", str(m.id)) and "tadbir" not in str(m.string).lower()]
    assert mixed == []
    others = [m.string for m in catalog if m.id and m.id != "Social Gathering"
              and re.search(r"[Uu]chrashuv|[Mm]eetup", str(m.string))]
    assert others == []


def test_both_languages_follow_their_plural_rule():
    """CLDR: English and Uzbek have 'one' for exactly 1 and 'other' for the rest (0 too);
    Uzbek keeps the noun singular after a number, so its two forms read alike (issue 42)."""
    assert [plural_index(lang, n) for lang in ("en", "uz") for n in (0, 1, 2, 21)] == [1, 0, 1, 1] * 2
    minutes = Np_("Too many attempts. Please try again in {n} minute.",
                  "Too many attempts. Please try again in {n} minutes.")
    assert both(minutes, n=1) == {
        "en": "Too many attempts. Please try again in 1 minute.",
        "uz": "Urinishlar juda ko‘p. Iltimos, 1 daqiqadan so‘ng qayta urinib ko‘ring."}
    assert gettext(minutes, "en", n=2) == "Too many attempts. Please try again in 2 minutes."
    assert ngettext("{count} result", "{count} results", 1, "en", count="1") == "1 result"
    assert ngettext("{count} result", "{count} results", 0, "en", count="0") == "0 results"
    assert ngettext("{count} result", "{count} results", 1000, "uz", count="1000+") == "1000+ ta natija"


def test_the_rate_limit_says_one_minute_in_the_singular():
    from community_app.services.ratelimit import TooManyRequests

    for seconds, en in ((30, "1 minute."), (60, "1 minute."), (61, "2 minutes."), (900, "15 minutes.")):
        refusal = TooManyRequests(seconds)
        assert gettext(refusal.message_id, "en", **refusal.params).endswith("try again in " + en)


def test_relative_times_use_the_singular_for_one():
    import datetime as dt

    from community_app.i18n.dates import relative_texts

    now = dt.datetime(2026, 12, 7, 9, 0, tzinfo=dt.UTC)
    assert relative_texts(now - dt.timedelta(minutes=1), now) == {"en": "1 minute ago", "uz": "1 daqiqa oldin"}
    assert relative_texts(now - dt.timedelta(hours=3), now) == {"en": "3 hours ago", "uz": "3 soat oldin"}
    assert relative_texts(now - dt.timedelta(days=1), now)["en"] == "1 day ago"


def test_a_page_count_picks_its_form_in_the_browser():
    """The UI's t() with a Reflex var: 'one' when the count is 1, per language."""
    import reflex as rx

    from community_app.ui.i18n import t

    class Counted(rx.State):
        total: int = 0

    shown = str(t(Np_("{n} event", "{n} events"), n=Counted.total))
    assert "=== 1" in shown or "== 1" in shown
    assert "event" in shown and "events" in shown and "ta tadbir" in shown


def test_uzbek_writes_its_apostrophes_as_the_catalog_does():
    """o‘/g‘ with ‘ and the tutuq belgisi (e’lon) with ’, never a typewriter ' inside a word:
    the back office mixed "Bo'lajak" with "Bo‘lajak" (issue 42, item 7)."""
    import re

    mixed = [m.id for m in _catalog("uz") if m.id
             for text in (m.string if m.pluralizable else (m.string,))
             if text and re.search(r"[A-Za-z]'[A-Za-z]", text)]
    assert mixed == []
