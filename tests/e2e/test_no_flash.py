"""No flash on a full page load (issue 14): the chosen language and the member's header
from the first painted frame, and nothing hidden for a signed-out English visitor.

A script registered before navigation samples the page on every animation frame from the
document's start (and after every DOM change): which of the header's texts are visible
(computed visibility, not display:none, a box with a size). The built pages are English
and signed out; before the fix each full load painted them for a few hundred ms.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_ready

MEMBER = "member@uzdev.kr"
PASSWORD = "Demo-pass-2026!"

# The header's texts (and the home banner's) in each language; "Login" is the signed-out button.
ENGLISH = ["About us", "News", "Events", "Jobs", "Login", "Hurry up and register for the next meetup!"]
UZBEK = ["Biz haqimizda", "Yangiliklar", "Tadbirlar", "Vakansiyalar", "Kirish",
         "Keyingi tadbirga ro‘yxatdan o‘tishga shoshiling!"]

RECORDER = """
(() => {
  const WATCH = new Set(%s);
  const frames = [];
  window.__uzdevFrames = frames;
  function sample(kind) {
    const seen = [];
    const body = document.body;
    if (body) {
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      let node;
      while ((node = walker.nextNode())) {
        const text = node.nodeValue.trim();
        if (!WATCH.has(text)) continue;
        const el = node.parentElement;
        if (!el || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
        const box = el.getBoundingClientRect();
        if (box.width && box.height) seen.push(text);
      }
    }
    // The header counts once the parser is past it (something follows it, or the document
    // is parsed): a slow machine's parser can yield, and a DOM change be sampled, between
    // the header's opening tag and its links.
    const header = document.querySelector('header');
    frames.push({kind, t: performance.now(),
                 header: !!header && (!!header.nextSibling || document.readyState !== 'loading'),
                 seen: [...new Set(seen)], title: document.title});
  }
  function frame() { sample('frame'); requestAnimationFrame(frame); }
  requestAnimationFrame(frame);
  new MutationObserver(() => sample('mutation')).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true});
})();
""" % json.dumps(ENGLISH + UZBEK)


@pytest.fixture(scope="module")
def tokens(site) -> dict:
    """The demo member signed in through the REST API (the emailed code from the outbox)."""
    return site.api_sign_in(MEMBER, PASSWORD)


def _context(browser, base_url, *, lang: str | None, tokens: dict | None = None):
    context = browser.new_context(base_url=base_url, locale="en-US",
                                  viewport={"width": 1280, "height": 900})
    stored = ""
    if lang:
        stored += f"localStorage.setItem('uzdev_lang', {lang!r});"
    if tokens:
        stored += (f"localStorage.setItem('uzdev_accessToken', {tokens['access_token']!r});"
                   f"localStorage.setItem('uzdev_refreshToken', {tokens['refresh_token']!r});"
                   "localStorage.setItem('wasAuthenticated', 'true');")
    if stored:  # only before the first page: the site's own writes win afterwards
        context.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ {stored} "
                                "sessionStorage.setItem('seeded', '1'); }")
    context.add_init_script(RECORDER)
    return context


def _frames(page) -> list[dict]:
    return page.evaluate("window.__uzdevFrames")


def _shown(frames: list[dict], texts: list[str]) -> list[dict]:
    return [f for f in frames if set(f["seen"]) & set(texts)]


def _more_frames(page, n: int = 18) -> list[dict]:
    """The samples, once ``n`` more animation frames were painted (about 300 ms on a
    60 Hz screen, however slow the machine)."""
    count = "window.__uzdevFrames.filter(f => f.kind === 'frame').length"
    page.wait_for_function(f"(n) => {count} >= n", arg=page.evaluate(count) + n)
    return _frames(page)


def _load(page, path: str) -> list[dict]:
    page.goto(path)
    wait_ready(page)
    return _more_frames(page)  # a few more frames after the page settled


@pytest.mark.parametrize("path", ["/", "/events"])
def test_uzbek_member_never_sees_english_or_the_login_button(browser, base_url, tokens, path):
    context = _context(browser, base_url, lang="uz", tokens=tokens)
    page = context.new_page()
    frames = _load(page, path)
    bad = _shown(frames, ENGLISH + ["Kirish"])
    assert not bad, f"{len(bad)} of {len(frames)} samples showed English or Login: {bad[:3]}"
    nav = page.get_by_role("banner")
    expect(nav.get_by_role("link", name="Biz haqimizda")).to_be_visible()
    expect(nav.get_by_role("link", name="Mening sahifam").first).to_be_visible()
    expect(nav.get_by_role("link", name="Kirish")).to_have_count(0)
    # The tab's title follows the language once the page is there, and the next full load
    # gets the Uzbek head from the server (the language cookie).
    expect(page).to_have_title(re.compile(r"^(Bosh sahifa|Tadbirlar) \|"))
    response = page.reload()
    assert '<html lang="uz"' in response.text() or "lang=\"uz\"" in response.text()[:500]
    assert re.search(r"<title>(Bosh sahifa|Tadbirlar) \|", response.text())
    wait_ready(page)
    frames = _more_frames(page)
    assert not _shown(frames, ENGLISH + ["Kirish"])
    context.close()


def test_uzbek_visitor_never_sees_english(browser, base_url):
    context = _context(browser, base_url, lang="uz")
    page = context.new_page()
    frames = _load(page, "/")
    bad = _shown(frames, ENGLISH)
    assert not bad, f"{len(bad)} of {len(frames)} samples showed English: {bad[:3]}"
    expect(page.get_by_role("banner").get_by_role("link", name="Kirish")).to_be_visible()
    expect(page).to_have_title(re.compile(r"^Bosh sahifa \|"))
    context.close()


def test_english_member_never_sees_the_login_button(browser, base_url, tokens):
    context = _context(browser, base_url, lang="en", tokens=tokens)
    page = context.new_page()
    frames = _load(page, "/")
    bad = _shown(frames, ["Login"])
    assert not bad, f"{len(bad)} of {len(frames)} samples showed Login: {bad[:3]}"
    expect(page.get_by_role("banner").get_by_role("link", name="My Page").first).to_be_visible()
    context.close()


@pytest.mark.parametrize("lang", [None, "en"])
def test_english_visitor_is_never_hidden(browser, base_url, lang):
    """The default visitor (what Lighthouse measures) paints the header at once."""
    context = _context(browser, base_url, lang=lang)
    page = context.new_page()
    frames = _load(page, "/")
    with_header = [f for f in frames if f["header"]]
    assert with_header, frames[:5]
    first = with_header[0]
    assert {"About us", "Login"} <= set(first["seen"]), first
    assert not _shown(frames, UZBEK), "Uzbek on an English page"
    hidden = [f for f in with_header if not {"About us", "Login"} <= set(f["seen"])]
    assert not hidden, f"the header was hidden in {len(hidden)} samples: {hidden[:3]}"
    assert page.evaluate("document.documentElement.className").find("uzdev-wait") < 0
    context.close()
