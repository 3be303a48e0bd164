"""Member journeys of signing up, logging in with the emailed code, Google, the auth gate
and logging out (SPEC sections 2, 4, 5, 8)."""

from __future__ import annotations

import itertools
import re

import pytest
import sqlalchemy as sa
from playwright.sync_api import Page, expect

from tests.e2e.conftest import HOME_URL, WELCOMED_URL, offline, wait_ready
from tests.waiting import wait_until

DEMO_EMAIL = "member@uzdev.kr"
DEMO_PASSWORD = "Demo-pass-2026!"
_numbers = itertools.count(1)


def _unique(prefix: str) -> tuple[str, str]:
    n = next(_numbers)
    return f"{prefix}{n}@example.com", f"0105555{n:04d}"


def _send_password(page: Page, email: str, password: str, labels=("Password", "Login")) -> None:
    """The login form's first step, as a person does it: email and password typed, then
    the button pressed (``labels``: the password field's and the button's, by language)."""
    password_label, button = labels
    page.get_by_label("Email").fill(email)
    page.get_by_label(password_label).fill(password)
    page.get_by_role("button", name=button, exact=True).click()


def log_in(page: Page, site, email: str = DEMO_EMAIL, password: str = DEMO_PASSWORD) -> None:
    """From /login: email and password, then the code read from the outbox."""
    before = len(site.emails_to(email))
    _send_password(page, email, password)
    expect(page.get_by_label("Verification code")).to_be_visible()
    page.get_by_label("Verification code").fill(site.latest_code(email, after=before))
    page.get_by_role("button", name="Verify").click()
    page.wait_for_function("localStorage.getItem('wasAuthenticated') === 'true'")
    page.wait_for_function("!location.pathname.startsWith('/login')")


def _open_sign_up(page: Page) -> None:
    """The login page, switched to its sign-up form."""
    page.goto("/login")
    wait_ready(page)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("button", name="Continue")).to_be_visible()  # the sign-up form is shown


def _sign_up(page: Page, first_name: str, email: str, phone: str, password: str) -> None:
    """Both steps of the sign-up form, filled as a person does (the Terms and Privacy box
    ticked)."""
    _open_sign_up(page)
    page.get_by_label("First name").fill(first_name)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Phone").fill(phone)
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_label("Confirm password")).to_be_visible()
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Confirm password").fill(password)
    page.get_by_role("checkbox", name="I agree to the Terms of Service and the Privacy Policy.").check()
    page.get_by_role("button", name="Sign up").click()


def _check_your_email(page: Page, email: str) -> None:
    """The end of every sign-up: the same words whether or not the address is known."""
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    expect(page.get_by_text(f"Check your email: we sent a message to {email}. Open the link "
                            "in it to finish signing up.")).to_be_visible()
    expect(page.get_by_text(re.compile("created", re.IGNORECASE))).to_have_count(0)


@pytest.mark.stock_reflex
def test_sign_up_then_the_emailed_link_signs_in(page: Page, site):
    email, phone = _unique("signup")
    _open_sign_up(page)
    page.get_by_label("Email").fill("not-an-email")
    page.get_by_label("Phone").fill("123")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("First name is required")).to_be_visible()  # the name others will see
    expect(page.get_by_text("Please enter a valid email address")).to_be_visible()
    expect(page.get_by_text("Please enter a valid phone number (01012345678)")).to_be_visible()
    expect(page.get_by_label("Email")).to_have_value("not-an-email")  # nothing typed is lost

    page.get_by_label("First name").fill("Malika")
    page.get_by_label("Last name").fill("Yusupova")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Phone").fill(f"{phone[:3]}-{phone[3:7]}-{phone[7:]}")  # as people type it
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_label("Confirm password")).to_be_visible()
    expect(page.get_by_text(f"{email} · {phone}")).to_be_visible()  # normalised, not refused
    hint = page.get_by_text("At least 8 characters, with an uppercase letter")
    expect(hint).to_be_visible()
    page.get_by_label("Password", exact=True).fill("weakpass")
    page.get_by_label("Confirm password").fill("weakpass")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("alert").filter(has_text="Password must be at least 8 characters")).to_be_visible()
    # One message per field, under it (none repeated on top), which has a red border; the
    # hint gives way to it. The Terms and Privacy box, not ticked yet, says it is required.
    expect(page.get_by_role("alert")).to_have_text([
        "Password must be at least 8 characters and include an uppercase letter, a lowercase "
        "letter, a number and a special character",
        "You must agree to the Terms of Service and the Privacy Policy"])
    expect(hint).to_have_count(0)
    password = page.get_by_label("Password", exact=True)
    expect(password).to_have_attribute("aria-invalid", "true")
    border = password.evaluate("e => getComputedStyle(e.parentElement).boxShadow + ' ' + getComputedStyle(e).boxShadow")
    assert "rgb(220, 38, 38)" in border, border
    expect(page.get_by_label("Confirm password")).to_have_attribute("aria-invalid", "false")
    page.get_by_label("Password", exact=True).fill("Str0ng!pass")
    page.get_by_label("Confirm password").fill("Str0ng!pas")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("Passwords do not match")).to_be_visible()
    page.get_by_label("Password", exact=True).fill("Str0ng!pass")
    page.get_by_label("Confirm password").fill("Str0ng!pass")
    page.get_by_role("button", name="Sign up").click()
    # The Terms and Privacy box is required; the news emails are not.
    consent = page.get_by_role("checkbox", name="I agree to the Terms of Service and the Privacy Policy.")
    expect(page.get_by_text("You must agree to the Terms of Service and the Privacy Policy")).to_be_visible()
    expect(consent).to_have_attribute("aria-invalid", "true")
    consent.check()
    page.get_by_role("button", name="Sign up").click()
    _check_your_email(page, email)
    expect(page.get_by_role("banner").get_by_role("link", name="My Page")).to_have_count(0)

    page.goto(site.link_path(email, "/signup/confirm"))  # the link in the email
    expect(page).to_have_url(WELCOMED_URL)
    expect(page.get_by_role("banner").get_by_role("link", name="My Page")).to_be_visible()
    # The home page says so (issue 42): it looked as it did before the link was opened.
    expect(page.get_by_role("status").filter(
        has_text="Your email is confirmed and you are signed in. Welcome, Malika!")).to_be_visible()
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    with engine.connect() as conn:
        saved = conn.execute(sa.text("SELECT id, first_name, last_name, phone FROM users WHERE email = :e"),
                             {"e": email}).one()
        kinds = conn.execute(sa.text("SELECT kind FROM consents WHERE user_id = :u"),
                             {"u": saved.id}).scalars().all()
    engine.dispose()
    assert tuple(saved)[1:] == ("Malika", "Yusupova", phone)  # the name as typed, the phone normalised
    assert sorted(kinds) == ["privacy", "terms"]  # what was ticked, and only that


def test_sign_up_with_a_taken_email(page: Page, site):
    before = len(site.emails_to(DEMO_EMAIL))
    _sign_up(page, "Sardor", DEMO_EMAIL, "01077778888", "Str0ng!pass")
    # The same answer as for a new account (no one learns who is a member), never
    # "created"; the owner of the address is told by email, with a login and a reset link.
    _check_your_email(page, DEMO_EMAIL)
    told = wait_until(lambda: (sent := site.emails_to(DEMO_EMAIL)) and len(sent) > before and sent[-1],
                      what="the email to the address's owner")
    assert "tried to sign up" in told["Subject"]
    text = told.get_body(preferencelist=("plain",)).get_content()
    assert "/login" in text and "/password-reset" in text and "/signup/confirm" not in text


def test_wrong_password_and_wrong_or_expired_code(page: Page, site):
    page.goto("/login")
    wait_ready(page)
    _send_password(page, DEMO_EMAIL, "Wrong-pass-1")
    expect(page.get_by_text("Login failed. Please check your credentials.")).to_be_visible()

    before = len(site.emails_to(DEMO_EMAIL))
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Login", exact=True).click()
    code_field = page.get_by_label("Verification code")
    expect(code_field).to_be_visible()
    code = site.latest_code(DEMO_EMAIL, after=before)
    code_field.fill("000000" if code != "000000" else "111111")
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_text("Invalid OTP code. Please check and try again.")).to_be_visible()

    site.sql("UPDATE login_codes SET expires_at = '2000-01-01 00:00:00.000000' WHERE used_at IS NULL")
    code_field.fill(code)
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_text("OTP has expired. Please request a new one.")).to_be_visible()

    page.get_by_role("button", name="Resend code").click()
    expect(page.get_by_text("We sent a new code to your email.")).to_be_visible()
    page.get_by_role("button", name="Back to login").click()
    expect(page.get_by_label("Password")).to_be_visible()


@pytest.mark.stock_reflex
def test_gate_redirects_to_login_and_returns_then_reload_keeps_the_header(page: Page, site):
    page.goto("/mypage")
    expect(page).to_have_url(re.compile(r"/login\?from=/mypage"))
    wait_ready(page)
    log_in(page, site)
    expect(page).to_have_url(re.compile(r"/mypage/?$"))
    expect(page.locator("#mypage-email")).to_have_text(DEMO_EMAIL)
    page.wait_for_function("localStorage.getItem('wasAuthenticated') === 'true'"
                           " && !!localStorage.getItem('uzdev_accessToken')"
                           " && !!localStorage.getItem('uzdev_refreshToken')")

    page.goto("/about")
    expect(page.get_by_role("banner").get_by_role("link", name="My Page")).to_be_visible()
    page.reload()
    expect(page.get_by_role("banner").get_by_role("link", name="My Page")).to_be_visible()
    expect(page.get_by_role("banner").get_by_role("link", name="Login")).to_have_count(0)


def test_a_login_redirect_to_another_site_lands_on_the_home_page(page: Page, site):
    """`from=/<tab>/evil.example` would be read by a browser as //evil.example: the site
    goes home instead, and never shows its error screen."""
    page.goto("/login?from=/%09/evil.example")
    wait_ready(page)
    log_in(page, site)
    expect(page).to_have_url(HOME_URL)
    expect(page.get_by_text("Uncaught Error")).to_have_count(0)
    expect(page.get_by_role("banner").get_by_role("link", name="My Page")).to_be_visible()


EXPIRED_ACCESS = "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjEwfQ.x"  # exp in 1970


def _before_next_page(page: Page, values: dict[str, str]) -> None:
    """Write localStorage once, when the next /mypage document starts."""
    script = "; ".join(f"localStorage.setItem({k!r}, {v!r})" for k, v in values.items())
    page.add_init_script(
        "if (location.pathname.startsWith('/mypage') && !sessionStorage.getItem('uzdev_test_once')) {"
        f" sessionStorage.setItem('uzdev_test_once', '1'); {script}; }}"
    )


@pytest.mark.stock_reflex
def test_expired_access_token_is_refreshed_silently(page: Page, site):
    page.goto("/login")
    wait_ready(page)
    log_in(page, site)
    expect(page).to_have_url(HOME_URL)
    old_refresh = page.evaluate("localStorage.getItem('uzdev_refreshToken')")
    # An access token that expired long ago, written as the next page starts (not while the
    # current page may still be storing the tokens it just received).
    _before_next_page(page, {"uzdev_accessToken": EXPIRED_ACCESS})
    page.goto("/mypage")
    expect(page.locator("#mypage-email")).to_have_text(DEMO_EMAIL)
    page.wait_for_function(f"localStorage.getItem('uzdev_refreshToken') !== {old_refresh!r}")


def test_failed_refresh_clears_everything_and_goes_to_login(page: Page, site):
    page.goto("/login")
    wait_ready(page)
    log_in(page, site)
    expect(page).to_have_url(HOME_URL)
    _before_next_page(page, {"uzdev_accessToken": EXPIRED_ACCESS, "uzdev_refreshToken": "revoked-or-garbage"})
    page.goto("/mypage")
    expect(page).to_have_url(re.compile(r"/login"))
    page.wait_for_function("!localStorage.getItem('uzdev_accessToken') && !localStorage.getItem('wasAuthenticated')")
    expect(page.get_by_role("banner").get_by_role("link", name="Login")).to_be_visible()


def test_logout_asks_for_confirmation(page: Page, site):
    page.goto("/mypage")
    wait_ready(page)
    log_in(page, site)
    expect(page).to_have_url(re.compile(r"/mypage/?$"))
    page.get_by_role("button", name="Sign out").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog.get_by_text("Confirm Logout")).to_be_visible()
    expect(dialog.get_by_text("Are you sure you want to log out?")).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/mypage/?$"))

    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Yes, log out").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_role("banner").get_by_role("link", name="Login")).to_be_visible()
    page.wait_for_function("!localStorage.getItem('uzdev_accessToken')"
                           " && !localStorage.getItem('wasAuthenticated')")


def test_google_sign_up_completes_the_account_then_signs_in(page: Page, site):
    page.goto("/login")
    wait_ready(page)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_function("typeof window.__uzdevGoogleCredential === 'function'")
    token = site.google.token(sub="e2e-google-1", email="gulnora.e2e@gmail.com", given_name="Gulnora")
    page.evaluate("(t) => window.__uzdevGoogleCredential(t)", token)
    expect(page).to_have_url(re.compile(r"/completeAccount"))
    page.get_by_label("Username").fill("gulnora1")
    page.get_by_label("Phone").fill("01066667777")
    page.get_by_role("button", name="Complete registration").click()
    expect(page.get_by_text("Username must contain letters only")).to_be_visible()
    expect(page.get_by_text("You must agree to the Terms of Service and the Privacy Policy")).to_be_visible()
    expect(page.get_by_label("Phone")).to_have_value("01066667777")
    page.get_by_label("Username").fill("Gulnora")
    page.get_by_role("checkbox", name="I agree to the Terms of Service and the Privacy Policy.").check()
    page.get_by_role("button", name="Complete registration").click()
    expect(page).to_have_url(HOME_URL)
    expect(page.get_by_role("banner").get_by_role("link", name="My Page")).to_be_visible()

    # later: Sign in with Google on the login form
    other = page.context.browser.new_context(base_url=site.url)
    other.route(re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"), lambda r: r.abort())
    p2 = other.new_page()
    p2.goto("/login")
    wait_ready(p2)
    p2.wait_for_function("typeof window.__uzdevGoogleCredential === 'function'")
    p2.evaluate("(t) => window.__uzdevGoogleCredential(t)", token)
    expect(p2).to_have_url(HOME_URL)
    expect(p2.get_by_role("banner").get_by_role("link", name="My Page")).to_be_visible()
    other.close()


def test_complete_account_without_google_says_so(page: Page):
    page.goto("/completeAccount")
    wait_ready(page)
    expect(page.get_by_text("Google credential not found. Please try signing up again.")).to_be_visible()


def test_login_messages_in_uzbek(browser, base_url):
    context = offline(browser.new_context(base_url=base_url, locale="uz-UZ"))
    page = context.new_page()
    page.goto("/login")
    wait_ready(page)
    _send_password(page, DEMO_EMAIL, "Wrong-pass-1", labels=("Parol", "Kirish"))
    expect(page.get_by_text("Kirish amalga oshmadi. Iltimos, ma’lumotlaringizni tekshiring.")).to_be_visible()
    context.close()


def test_the_typed_password_is_kept_nowhere_after_a_login(page: Page, site):
    """The login page asks for a new code with a signed ticket, so the password never
    reaches the server's state store (.states/ files, or Redis when configured)."""
    import secrets
    from pathlib import Path

    from tests.e2e.conftest import E2E_REDIS_URL

    email, phone = _unique("nopassword")
    password = f"Unique-{secrets.token_hex(6)}!"
    _sign_up(page, "Nodira", email, phone, password)
    _check_your_email(page, email)
    page.get_by_role("button", name="Login", exact=True).click()  # a first login confirms too
    _send_password(page, email, password)
    expect(page.get_by_label("Verification code")).to_be_visible()
    before = len(site.emails_to(email))
    page.get_by_role("button", name="Resend code").click()  # still works without it
    expect(page.get_by_text("We sent a new code to your email.")).to_be_visible()
    page.get_by_label("Verification code").fill(site.latest_code(email, after=before))
    page.get_by_role("button", name="Verify").click()
    page.wait_for_function("localStorage.getItem('wasAuthenticated') === 'true'")

    needle = password.encode()
    # Without Redis the states live in the worker's memory (rxconfig.py), and nothing may
    # reach a file; with Redis every state is stored there.
    states = Path(__file__).resolve().parents[2] / ".states"
    written = [p for p in states.rglob("*") if p.is_file()] if states.exists() else []
    assert [p.name for p in written if needle in p.read_bytes()] == []
    if E2E_REDIS_URL:
        import redis

        r = redis.Redis.from_url(E2E_REDIS_URL)

        def stored(value: bytes) -> list[bytes]:
            return [k for k in r.scan_iter(count=1000)
                    if r.type(k) == b"string" and value in (r.get(k) or b"")]

        # The login form's state (it holds the address typed) is stored: look there.
        wait_until(lambda: stored(email.encode()), what="the login form's state stored in Redis")
        assert stored(needle) == []


def test_a_login_redirect_opens_the_login_form_even_after_a_sign_up_was_started(page: Page):
    page.goto("/login")
    wait_ready(page)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Create your account")).to_be_visible()
    page.goto("/mypage")  # members only: back to /login?from=/mypage
    page.wait_for_url(re.compile(r"/login\?from="))
    expect(page.get_by_role("heading", name="Welcome back")).to_be_visible()
    expect(page.get_by_role("button", name="Login", exact=True)).to_be_visible()
    page.goto("/login?mode=signup")
    expect(page.get_by_role("heading", name="Create your account")).to_be_visible()
