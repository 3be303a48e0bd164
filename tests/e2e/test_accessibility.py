"""WCAG 2.2 AA, enforced (issue 14): axe-core runs on every page of the page registry
(tests/e2e/site_pages.py: a new page is scanned with no list edited), each role its own
(a visitor the public pages, a member the members-only ones, an organizer the back office),
in English and Uzbek, at 1280 and 390 px, and on the
states that only show after an action (the phone's side panel open, the cancel-registration
dialog open, forms with their errors shown). Any violation fails the test, listed with its
rule, impact, target and the element's HTML.

One browser context per role x language x width walks all its addresses, so a run shows
every violation at once. axe-core comes from npm into .make/ (`make setup-test`); nothing
is downloaded while the tests run.

Focus: the side panel and the dialogs take focus, keep Tab inside and give it back to
their opener on Escape; posting a comment and closing a success message keep focus on the
page."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, expect

from community_app.core.routes import Sample
from community_app.i18n import gettext
from community_app.state.mypage import SECTIONS as MYPAGE_SECTIONS
from community_app.ui.layouts import frame
from tests.e2e.conftest import OUTPUT, settled, wait_ready
from tests.e2e.radix_styles import missing_radix_rules
from tests.e2e.site_pages import all_addresses, member_with_a_seat
from tests.e2e.test_admin import API, MEMBER, ORGANIZER, PASSWORD
from tests.e2e.test_auth import log_in
from tests.prodserver import ROOT

AXE_JS = ROOT / ".make" / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = {1280: {"width": 1280, "height": 900}, 390: {"width": 390, "height": 844}}
LANGS = ["en", "uz"]
ROLES = ["visitor", "member", "organizer"]


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE_JS.exists():
        pytest.fail(f"{AXE_JS} is missing: run `make setup-test` (installs axe-core from npm)")
    return AXE_JS.read_text(encoding="utf-8")


def _axe(page: Page, source: str, where: str) -> list[dict]:
    """axe's violations on the page as it is now, each with where it was found."""
    # Through the DevTools protocol: the site's Content-Security-Policy does not apply.
    page.evaluate("(src) => { if (!window.axe) { (0, eval)(src); } }", source)
    violations = page.evaluate(
        """async (tags) => {
            const result = await window.axe.run(document, {
                runOnly: {type: 'tag', values: tags}, resultTypes: ['violations'],
                // WCAG 2.5.3 Label in Name: axe marks this rule experimental (off unless
                // asked for); the issue asks for it. Heading levels that skip one (an h3
                // right after the h1) are a best practice axe leaves out of the WCAG tags;
                // Lighthouse counts them.
                rules: {'label-content-name-mismatch': {enabled: true},
                        'heading-order': {enabled: true}},
            });
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '),
                                          html: n.html.slice(0, 300),
                                          summary: (n.failureSummary || '').slice(0, 300)})),
            }));
        }""",
        AXE_TAGS,
    )
    return [{**v, "where": where} for v in violations]


def _report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['where']}] {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:5]:
            lines.append(f"    {node['target']}  {node['html']}")
        if len(v["nodes"]) > 5:
            lines.append(f"    ... and {len(v['nodes']) - 5} more")
    return "\n".join(lines)


# --- the addresses ---------------------------------------------------------------------


def _other_upcoming(site) -> int:
    """An upcoming meetup the demo member has no seat at (its registration form shows)."""
    upcoming = httpx.get(f"{site.url}{API}/public/meetups",
                         params={"type": "upcoming", "size": 50}).json()["data"]["content"]
    return upcoming[-1]["id"]


def _visitor_addresses(samples: dict) -> list[str]:
    """Every public page of the registry at its examples (tests/e2e/site_pages.py), and
    what only its data shows: a past meetup's page (its reviews, no registration)."""
    return all_addresses(frame.VISITOR, samples)


def _member_addresses(samples: dict, other_upcoming: int) -> list[str]:
    """The members-only pages, My Page's tabs, and the public pages that change for a
    signed-in member (forms filled in, a seat held, the comment box)."""
    return [
        *all_addresses(frame.MEMBER, samples),
        *(f"/mypage?tab={section}" for section in MYPAGE_SECTIONS),  # every tab My Page has
        f"/events/upcoming/register/{other_upcoming}",
        f"/events/upcoming/details/{samples[Sample.UPCOMING_MEETUP]}",
        f"/news/{samples[Sample.NEWS]}", f"/blog/{samples[Sample.BLOG_POST]}",
        "/speakers/register", "/",
    ]


def _organizer_addresses(samples: dict) -> list[str]:
    """Every back-office page of the registry, and a meetup's list of registrations."""
    registrations = f"/admin/meetups/{samples[Sample.PAST_MEETUP]}?view=registrations"
    return [*all_addresses(frame.ORGANIZER, samples), registrations]


def _context(browser, base_url: str, width: int) -> BrowserContext:
    phone = width == 390
    context = browser.new_context(base_url=base_url, locale="en-US", viewport=WIDTHS[width],
                                  is_mobile=phone, has_touch=phone)
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"), lambda route: route.abort())
    return context


def _in_language(page: Page, lang: str) -> None:
    page.evaluate(f"localStorage.setItem('uzdev_lang', '{lang}')")


def _open(page: Page, path: str) -> None:
    page.goto(path)
    wait_ready(page)
    # Skeletons and late sections settle before axe looks (colour contrast of fades).
    page.wait_for_load_state("networkidle")
    settled(page)


def _errors_shown(page: Page) -> None:
    """After a form was sent wrong: its errors are on screen (the server's messages, tied
    to the fields with aria-invalid, or the form's alert)."""
    page.wait_for_function("""() => !!document.querySelector(
        'main [aria-invalid="true"], main [role="alert"]')""")
    settled(page)


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("role", ROLES)
def test_no_axe_violations(browser, base_url, site, axe_source, samples, role, lang, width):
    context = _context(browser, base_url, width)
    page = context.new_page()
    found: list[dict] = []
    dropped: list[str] = []

    def check(where: str) -> None:
        found.extend(_axe(page, axe_source, where))
        if lang == "en":  # the build's CSS purge left every Radix rule the page uses
            dropped.extend(f"{where}: {rule}" for rule in missing_radix_rules(page))

    try:
        if role == "visitor":
            _open(page, "/")
            _in_language(page, lang)
            for path in _visitor_addresses(samples):
                _open(page, path)
                check(path)
            # The login form with its errors shown.
            _open(page, "/login")
            page.get_by_role("button", name=gettext("Login", lang), exact=True).click()
            _errors_shown(page)
            check("/login (errors shown)")
            # /completeAccount: a Google sign-up whose profile is not completed yet.
            _open(page, "/login")
            page.get_by_role("button", name=gettext("Sign up", lang), exact=True).click()
            page.wait_for_function("typeof window.__uzdevGoogleCredential === 'function'")
            credential = site.google.token(sub=f"a11y-google-{lang}-{width}",
                                           email=f"a11y.{lang}.{width}@gmail.com",
                                           given_name="Gulnora")
            page.evaluate("(t) => window.__uzdevGoogleCredential(t)", credential)
            expect(page).to_have_url(re.compile(r"/completeAccount"))
            page.wait_for_load_state("networkidle")
            check("/completeAccount")
            # Wrong values (empty ones are completed with defaults: services/sign_up.py).
            page.get_by_label(gettext("Username", lang)).fill("1")
            page.get_by_label(gettext("Phone", lang)).fill("12")
            page.get_by_role("button", name=gettext("Complete registration", lang)).click()
            _errors_shown(page)
            check("/completeAccount (errors shown)")
            if width == 390:  # the side panel open
                _open(page, "/about")
                page.get_by_role("button", name=gettext("Open menu", lang)).click()
                expect(page.get_by_role("dialog", name=gettext("Menu", lang))).to_be_visible()
                settled(page)  # its slide-in done
                check("/about (menu open)")
        else:
            email = MEMBER if role == "member" else ORGANIZER
            _open(page, "/login")
            log_in(page, site, email, PASSWORD)
            _in_language(page, lang)
            other_upcoming = _other_upcoming(site)
            paths = (_member_addresses(samples, other_upcoming) if role == "member"
                     else _organizer_addresses(samples))
            for path in paths:
                _open(page, path)
                check(path)
            if role == "member":
                # The registration form with its errors shown.
                register = f"/events/upcoming/register/{other_upcoming}"
                _open(page, register)
                submit = page.locator("form").get_by_role("button").last
                if submit.count():
                    submit.click()
                    _errors_shown(page)
                    check(f"{register} (errors shown)")
                # The cancel-registration dialog open (the demo member holds a seat).
                _open(page, "/mypage?tab=events")
                page.get_by_role("button", name=gettext("Cancel registration", lang)).first.click()
                expect(page.get_by_role("alertdialog")).to_be_visible()
                settled(page)
                check("/mypage?tab=events (cancel dialog open)")
    finally:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        (OUTPUT / f"axe-{role}-{lang}-{width}.json").write_text(json.dumps(found, indent=1))
        context.close()
    assert not found, f"{len(found)} axe violation(s):\n" + _report(found)
    assert not dropped, "Radix rules the CSS purge dropped that these pages use:\n" + "\n".join(dropped[:40])


# --- focus ------------------------------------------------------------------------------

_ACTIVE_INSIDE = "(selector) => !!document.activeElement?.closest(selector)"


def _tab_stays_inside(page: Page, selector: str, presses: int = 12) -> None:
    """Tab and Shift+Tab, more times than the container has controls: focus never leaves."""
    for key in ["Tab"] * presses + ["Shift+Tab"] * 4:
        page.keyboard.press(key)
        assert page.evaluate(_ACTIVE_INSIDE, selector), (
            f"{key} left {selector}: focus on "
            + page.evaluate("document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing'"))


def test_the_side_panel_takes_traps_and_gives_back_focus(mobile: Page):
    page = mobile
    page.goto("/about")
    wait_ready(page)
    opener = page.get_by_role("button", name="Open menu")
    opener.focus()
    page.keyboard.press("Enter")
    panel = page.get_by_role("dialog", name="Menu")
    expect(panel).to_be_visible()
    page.wait_for_function("!!document.activeElement?.closest('#mobile-menu')")  # taken
    _tab_stays_inside(page, "#mobile-menu")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(opener).to_be_focused()

    # A backdrop covers the page; a tap on it closes the panel.
    opener.click()
    expect(panel).to_be_visible()
    settled(page)  # slid in
    covered = page.evaluate("""() => {
        const e = document.elementFromPoint(20, 400);
        return !!e && !e.closest('#main-content') && !e.closest('#mobile-menu');
    }""")
    assert covered, "the page beside the panel is not covered by a backdrop"
    page.mouse.click(20, 400)
    expect(panel).to_be_hidden()
    expect(opener).to_be_focused()


def test_the_cancel_dialog_takes_traps_and_gives_back_focus(page: Page, site):
    email = "a11y-cancel@example.com"
    member_with_a_seat(site, email, "01088880001")

    page.goto("/login?from=/mypage")
    wait_ready(page)
    log_in(page, site, email, PASSWORD)
    cancel = page.get_by_role("button", name="Cancel registration")
    cancel.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_be_visible()
    page.wait_for_function("!!document.activeElement?.closest('[role=alertdialog]')")  # taken
    _tab_stays_inside(page, "[role=alertdialog]", presses=6)
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(cancel).to_be_focused()  # back to the opener

    cancel.click()
    dialog.get_by_role("button", name="Yes, cancel").click()
    expect(page.get_by_text("Cancelled", exact=True)).to_be_visible()
    # The button went with the registration: focus is on the list's heading, not lost.
    expect(page.get_by_role("heading", name="My events")).to_be_focused()


# --- link hover -------------------------------------------------------------------------

# The contrast (WCAG) of an element's text colour against white, the colour read as the
# browser computes it (rgb(...) or color(srgb|display-p3 ...)).
_CONTRAST_ON_WHITE = """(el) => {
    const text = getComputedStyle(el).color;
    const numbers = text.match(/[\\d.]+/g).map(Number);
    const rgb = text.startsWith('color(') ? numbers.slice(-3).map(v => v * 255) : numbers.slice(0, 3);
    const [r, g, b] = rgb.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    return 1.05 / (lum + 0.05);
}"""


@pytest.mark.parametrize(("path", "name"), [
    ("/jobs", "Which visa lets me work? Read the visa guide"),
    ("/login", "Forgot password?"),
    ("/events/upcoming/details/1", "All events"),
])
def test_a_hovered_link_keeps_its_contrast(page: Page, path: str, name: str):
    """Reflex's links turn a light step of the accent on hover (2.4:1); the site's keep 4.5:1."""
    _open(page, path)
    link = page.get_by_role("main").get_by_role("link", name=name).first
    link.hover()
    settled(page)
    assert link.evaluate(_CONTRAST_ON_WHITE) >= 4.5, link.evaluate("el => getComputedStyle(el).color")


def test_a_focused_text_field_has_one_focus_ring(page: Page):
    """Radix rings the whole field (its search icon too); the bare input inside has none of
    its own, which drew a second ring beside the icon."""
    _open(page, "/jobs")
    box = page.get_by_role("searchbox", name="Search jobs")
    box.focus()
    settled(page)
    assert box.evaluate("el => getComputedStyle(el).outlineStyle") == "none"
    assert box.evaluate("el => getComputedStyle(el.closest('.rt-TextFieldRoot')).outlineStyle") == "solid"
