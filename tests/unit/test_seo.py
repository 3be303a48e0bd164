"""Page heads (services/seo.py): language, escaping, where the tags go in a document."""

from __future__ import annotations

import json
import re

import pytest

from community_app.serving import page_heads
from community_app.services import seo
from community_app.services.seo_items import item_page, plain_text

DOCUMENT = (
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta content="width=device-width" '
    'name="viewport"/><title>News details | UzDev Korea</title><meta content="favicon.ico" '
    'property="og:image"/><script>/* theme */</script></head><body><p>x</p></body></html>'
)


@pytest.mark.parametrize("cookie, accept, expected", [
    ("", "", "en"),
    ("", "uz-UZ,uz;q=0.9,en;q=0.8", "uz"),
    ("", "en-US,en;q=0.9,uz;q=0.8", "en"),
    ("", "ko-KR,ko;q=0.9,uz;q=0.5", "uz"),
    ("", "ru, en;q=0.1, uz;q=0.7", "uz"),
    ("", "uz;q=0", "en"),
    ("a=1; uzdev_lang=uz", "en", "uz"),
    ("uzdev_lang=de", "uz", "uz"),
    ("uzdev_lang=en", "uz", "en"),
])
def test_the_head_language(cookie, accept, expected):
    assert seo.head_language(cookie, accept) == expected


def test_public_base_is_the_configured_address_else_localhost_on_the_port(monkeypatch):
    monkeypatch.delenv("COMMUNITY_PUBLIC_URL", raising=False)
    monkeypatch.setenv("PORT", "8123")
    assert seo.public_base() == "http://localhost:8123"
    monkeypatch.delenv("PORT")
    assert seo.public_base() == "http://localhost:3000"
    monkeypatch.setenv("COMMUNITY_PUBLIC_URL", "https://uzdev.kr/")
    assert seo.public_base() == "https://uzdev.kr"


def test_item_addresses():
    assert item_page("/news/12").kind == "news" and item_page("/news/12").item_id == 12
    assert item_page("/events/past/details/3").kind == "meetup"
    assert item_page("/events/upcoming/register/3").item_id == 3
    assert item_page("/jobs/7").kind == "job" and item_page("/blog/2").kind == "blog"
    assert item_page("/news/12abc").item_id is None
    assert item_page("/mypage") is None
    assert seo.has_head("/news/12") and seo.has_head("/") and seo.has_head("/jobs/visa-guide/")
    assert not seo.has_head("/mypage") and not seo.has_head("/admin/news/3")


def _head(**changes) -> seo.Head:
    values = dict(lang="en", title='A <b>"quoted"</b> title | UzDev Korea',
                  description="Tom & Jerry </script> <x>", url="https://uzdev.kr/news/1",
                  image="https://uzdev.kr/api/v1/media/share/en/news/1-abc.png", image_alt="alt",
                  json_ld=({"@type": "NewsArticle", "headline": "</script><script>alert(1)</script>"},))
    values.update(changes)
    return seo.Head(**values)


def test_the_head_replaces_reflexs_title_and_keeps_the_charset_first():
    out = page_heads.inject_head(DOCUMENT, seo.head_html(_head()))
    head = out[: out.index("</head>")]
    assert head.count("<title>") == 1 and "News details" not in head
    assert 'content="favicon.ico"' not in head
    assert head.index('<meta charSet="utf-8"/>') < head.index("<title>")
    # The JSON-LD comes after the page's own inline script (React hydrates that one).
    assert head.index("/* theme */") < head.index("application/ld+json")
    assert out.endswith("<body><p>x</p></body></html>")


def test_everything_in_the_head_is_escaped():
    early, late = seo.head_html(_head())
    assert "<b>" not in early and "&lt;b&gt;" in early
    assert 'content="Tom &amp; Jerry &lt;/script&gt; &lt;x&gt;"' in early
    # Nothing can close the JSON-LD script early, and it still parses to the same data.
    body = re.fullmatch(r'<script type="application/ld\+json">(.*)</script>', late, re.S)[1]
    assert "</script>" not in body and "<" not in body
    assert json.loads(body)["headline"] == "</script><script>alert(1)</script>"


def test_an_unknown_item_is_marked_noindex():
    early, _ = seo.head_html(_head(noindex=True, json_ld=()))
    assert '<meta name="robots" content="noindex"/>' in early


def test_descriptions_are_plain_text_cut_at_a_word():
    text = plain_text("# Title\n\nSome **bold** text with a [link](https://x.test) & more. " * 10)
    assert "**" not in text and "[" not in text and "<" not in text and "&amp;" not in text
    assert len(text) <= 160 and text.endswith("…") and not text[:-1].endswith(" ")


def test_every_static_page_has_its_texts_in_both_languages():
    from community_app.i18n import gettext

    for page in seo.STATIC_PAGES:
        for message in (page.title, page.description):
            assert gettext(message, "uz") != message or message == gettext(message, "en")
        assert 50 <= len(gettext(page.description, "uz")) <= 160, page.key
        assert 50 <= len(page.description) <= 160, page.key


@pytest.mark.parametrize("accept, expected", [
    ("gzip, deflate, br, zstd", "br"),
    ("gzip", "gzip"),
    ("br;q=0, gzip", "gzip"),
    ("identity", ""),
    ("", ""),
])
def test_pages_with_a_head_are_compressed_as_the_client_accepts(accept, expected):
    from community_app.serving.page_heads import _encoding

    assert _encoding(accept) == expected


def test_the_page_says_the_head_s_language_in_html_lang():
    built = '<!DOCTYPE html><html lang="en" class="light"><head><meta charset="utf-8"/></head><body lang="en">'
    assert page_heads.with_html_lang(built, "uz").startswith('<!DOCTYPE html><html lang="uz" class="light">')
    assert page_heads.with_html_lang(built, "uz").endswith('<body lang="en">')  # the first one only
    assert page_heads.with_html_lang(built, "en") == built
    assert page_heads.with_html_lang(built, "de") == built


def test_the_first_paint_script_waits_only_for_a_language_or_a_sign_in_to_apply():
    from community_app.state.lang import LANG_STORAGE_KEY, html_lang_script
    from community_app.ui.first_paint import SCRIPT, WAIT_CLASS

    # The cookie the server reads (head_language) is the one the browser writes.
    assert f'"{seo.LANG_COOKIE}=" + stored' in SCRIPT and LANG_STORAGE_KEY == seo.LANG_COOKIE
    assert f"document.cookie = '{seo.LANG_COOKIE}=uz;" in str(html_lang_script("uz"))
    # English and signed out: nothing hidden (returns before the class is added).
    assert SCRIPT.index('=== "en" && !member) return;') < SCRIPT.index(f'classList.add("{WAIT_CLASS}")')
    assert "setTimeout(show, " in SCRIPT  # never a blank page for good
    assert "<" not in SCRIPT  # written as is into the HTML (no "</script" inside)


SHELL = ('<div aria-hidden="true"><h1 class="rt-Heading css-1" data-title-slot="">'
         '</h1><div class="uzdev-title-lines"></div></div><h1 class="rt-Heading">x</h1>')


def test_an_item_s_title_fills_its_placeholder_s_title_slot_escaped():
    out = page_heads.fill_title_slot(SHELL, 'Backend <b>"dev"</b> & co')
    assert '<h1 class="rt-Heading css-1" data-title-slot="">Backend &lt;b&gt;"dev"&lt;/b&gt; &amp; co</h1>' in out
    assert out.endswith('<h1 class="rt-Heading">x</h1>')  # nothing else is touched


def test_a_page_without_a_title_slot_or_an_item_without_a_title_is_unchanged():
    assert page_heads.fill_title_slot(DOCUMENT, "A title") == DOCUMENT
    assert page_heads.fill_title_slot(SHELL, "") == SHELL
