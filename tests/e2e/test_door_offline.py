"""The door on every phone, even without a network (issue 47), in Chromium with a fake
camera: Chromium reads a Y4M video made here from the QR images of real tickets (the PNG
the member gets, GET /users/tickets/.../qr), and the page has no BarcodeDetector, so the
page's own decoder (zxing-wasm, assets/check_in_scanner.js) reads it.

- Online: the ticket held up to the camera is admitted.
- The context offline: three tickets scanned are admitted from the phone's held list and
  the page says three wait; a forged code is refused; back online they reach the server
  within 10 s with the times they were scanned at.
- A second phone, offline too, admits one of them: after both synced, its check-in is kept
  and flagged as a duplicate, both phones' times shown to the organizer.
- The service worker controls the check-in page only: no other page has one.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from urllib.parse import quote

import httpx
import pytest
from PIL import Image
from playwright.sync_api import expect

from community_app.core.db import utcnow
from community_app.i18n import gettext
from community_app.services.meetups import tickets
from community_app.ui.pages.admin.check_in import KEPT_PAGE_TEXTS
from tests.e2e.conftest import CHROMIUM, offline, wait_ready
from tests.e2e.test_auth import log_in
from tests.e2e.test_waitlist_journey import API, DEMO_PASSWORD, FORM, _auth, _member, _token
from tests.waiting import wait_until

ORGANIZER = "organizer@uzdev.kr"
NO_DETECTOR = "delete window.BarcodeDetector;"
FRAME = (640, 480)


def y4m(path, images, frames_each: int = 15) -> str:
    """A Y4M video (4:2:0, 10 frames a second) showing each QR image in turn, centred on
    white, for Chromium's --use-file-for-fake-video-capture (it plays the file in a loop)."""
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{FRAME[0]} H{FRAME[1]} F10:1 Ip A1:1 C420jpeg\n".encode())
        for png in images:
            qr = Image.open(io.BytesIO(png)).convert("L")
            side = min(FRAME) - 80
            qr = qr.resize((side, side), Image.NEAREST)
            frame = Image.new("L", FRAME, 255)
            frame.paste(qr, ((FRAME[0] - side) // 2, (FRAME[1] - side) // 2))
            y, u, v = frame.convert("RGB").convert("YCbCr").split()
            half = (FRAME[0] // 2, FRAME[1] // 2)
            data = y.tobytes() + u.resize(half).tobytes() + v.resize(half).tobytes()
            for _ in range(frames_each):
                out.write(b"FRAME\n" + data)
    return str(path)


def _camera_browser(playwright, video: str):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ])


def _door(browser, site, meetup_id: int, *, routed: bool = True):
    """The organizer signed in on the meetup's check-in page, BarcodeDetector removed
    (``routed``: outside addresses refused by Playwright's routing, which also stands
    between a service worker and the network: the worker's own test goes without it)."""
    context = browser.new_context(base_url=site.url, locale="en-US",
                                  viewport={"width": 390, "height": 844}, permissions=["camera"])
    if routed:
        offline(context)
    context.add_init_script(NO_DETECTOR)
    page = context.new_page()
    path = f"/admin/meetups/{meetup_id}/check-in"
    page.goto(f"/login?from={path}")
    wait_ready(page)
    log_in(page, site, ORGANIZER, DEMO_PASSWORD)
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))
    wait_ready(page)
    # The list of tickets is on the phone (the page says how many it holds).
    expect(page.locator("#door-status")).to_contain_text("tickets held on this phone")
    return page


def _tickets(site, meetup_id: int, count: int) -> list[dict]:
    """``count`` new members registered for the meetup: each one's ticket and QR PNG."""
    out = []
    for n in range(count):
        member = _member(site, f"door{n}", "en")
        token = _token(site, member)
        r = httpx.post(f"{site.url}{API}/users/meetups/{meetup_id}/registration",
                       headers=_auth(token), json=FORM, timeout=20)
        assert r.status_code == 201, r.text
        [ticket] = [t for t in httpx.get(f"{site.url}{API}/users/tickets",
                                         headers=_auth(token)).json()["data"]
                    if t["meetupId"] == meetup_id]
        png = httpx.get(site.url + ticket["qrUrl"], headers=_auth(token))
        assert png.headers["content-type"] == "image/png"
        out.append({**ticket, "png": png.content})
    return out


def _meetup(site) -> int:
    listed = httpx.get(f"{site.url}{API}/public/meetups", params={"type": "upcoming", "size": 50})
    return next(m["id"] for m in listed.json()["data"]["content"]
                if m["availableSeats"] > 6 and not m["requiresApproval"])


def _door_state(site, organizer_token: str, meetup_id: int) -> dict:
    r = httpx.get(f"{site.url}{API}/admin/meetups/{meetup_id}/door", headers=_auth(organizer_token))
    assert r.status_code == 200, r.text
    return r.json()["data"]


def _at(value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def test_the_door_scans_without_barcode_detector_and_works_offline(playwright, site, tmp_path):
    meetup_id = _meetup(site)
    first, *three = _tickets(site, meetup_id, 4)
    organizer = _token(site, ORGANIZER, DEMO_PASSWORD)
    ids = {t["code"]: int(t["code"].split("-")[0]) for t in (first, *three)}

    # Online: the ticket held up to the camera is admitted (zxing-wasm reads it).
    browser = _camera_browser(playwright, y4m(tmp_path / "one.y4m", [first["png"]]))
    try:
        page = _door(browser, site, meetup_id)
        assert page.evaluate("'BarcodeDetector' in window") is False
        page.get_by_role("button", name="Scan with the camera").click()
        expect(page.locator("#check-in-result")).to_contain_text(
            tickets.OUTCOME_TEXTS[tickets.CHECKED_IN])
        page.get_by_role("button", name="Stop the camera").click()
    finally:
        browser.close()

    # Offline: three tickets scanned and admitted from the held list; a forged code refused.
    video = y4m(tmp_path / "three.y4m", [t["png"] for t in three])
    phone_a = _camera_browser(playwright, video)
    phone_b = _camera_browser(playwright, y4m(tmp_path / "again.y4m", [three[0]["png"]]))
    try:
        page = _door(phone_a, site, meetup_id)
        went_offline = utcnow()
        page.context.set_offline(True)
        page.get_by_role("button", name="Scan with the camera").click()
        status = page.locator("#door-status")
        expect(status).to_have_text("Offline, 3 waiting to sync")
        expect(page.locator("#door-result")).to_be_visible()
        page.get_by_role("button", name="Stop the camera").click()
        forged = f"{ids[three[0]['code']]}-AAAAAA"
        page.locator("#check-in-code").fill(forged)
        page.locator("#check-in-code").press("Enter")
        expect(page.locator("#door-result")).to_contain_text(
            tickets.OUTCOME_TEXTS[tickets.UNKNOWN])
        expect(status).to_have_text("Offline, 3 waiting to sync")

        # A second phone, offline too, admits the first of the three a little later.
        other = _door(phone_b, site, meetup_id)
        other.context.set_offline(True)
        other.get_by_role("button", name="Scan with the camera").click()
        expect(other.locator("#door-status")).to_have_text("Offline, 1 waiting to sync")
        expect(other.locator("#door-name")).to_be_visible()

        came_back = utcnow()
        page.context.set_offline(False)

        def synced():
            held = _door_state(site, organizer, meetup_id)
            mine = [t for t in held["tickets"] if t["registrationId"] in
                    {ids[t["code"]] for t in three}]
            return mine if all(t["checkedInAt"] for t in mine) else None

        arrived = wait_until(synced, timeout_s=10, what="the three offline check-ins on the server")
        for t in arrived:  # the times they were scanned at, not the time they arrived
            assert went_offline <= _at(t["checkedInAt"]) <= came_back, t
        expect(status).to_have_text(re.compile(r"tickets held on this phone"))

        other.context.set_offline(False)
        expect(other.locator("#door-status")).to_have_text(re.compile(r"tickets held on this phone"))
        entries = [e for e in _door_state(site, organizer, meetup_id)["checkIns"]
                   if e["registrationId"] == ids[three[0]["code"]]]
        assert [e["duplicate"] for e in sorted(entries, key=lambda e: e["scannedAt"])] == [
            False, True]
        assert len({e["deviceId"] for e in entries}) == 2
        # The organizer sees both phones' times.
        duplicates = other.locator("#door-duplicates")
        expect(duplicates).to_be_visible()
        for e in entries:
            expect(duplicates).to_contain_text(e["deviceId"])

    finally:
        phone_a.close()
        phone_b.close()


def test_only_the_check_in_page_has_a_service_worker(browser, site):
    """The check-in page's service worker has that page's address as its scope and serves
    the manifest of that meetup's door; no other page of the site has one."""
    meetup_id = _meetup(site)
    page = _door(browser, site, meetup_id, routed=False)
    door = f"/admin/meetups/{meetup_id}/check-in"
    # A service worker controls the pages opened at its scope (the sign-in went there by
    # the router, inside the login page's document): the door opened again, as an
    # organizer does from the home screen or a bookmark, once its worker is installed
    # (it takes the offline page and the decoder first: a reload during that could drop
    # the registration before the worker was fetched).
    wait_until(lambda: page.evaluate(f"navigator.serviceWorker.getRegistration('{door}')"
                                     ".then(r => !!(r && r.active))") or None,
               timeout_s=30, what="the door's service worker installed")
    page.reload()
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    scopes = page.evaluate("navigator.serviceWorker.getRegistrations()"
                           ".then(rs => rs.map(r => new URL(r.scope).pathname))")
    assert scopes == [door]
    page.wait_for_function("document.querySelector('link[rel=manifest]') !== null")
    manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href)"
                             ".then(r => r.json())")
    assert manifest["start_url"] == manifest["scope"] == door
    for path in ("/", "/events", f"/admin/meetups/{meetup_id}"):
        page.goto(path)
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller") is None, path
        assert page.evaluate("navigator.serviceWorker.getRegistration()"
                             ".then(r => r ? r.scope : null)") is None, path
    page.context.close()


@pytest.mark.parametrize("error", ["NotAllowedError"])
def test_a_refused_camera_says_why_and_typing_stays(browser, site, error):
    context = offline(browser.new_context(base_url=site.url, locale="en-US"))
    context.add_init_script(NO_DETECTOR + f"""
navigator.mediaDevices.getUserMedia = async () => {{
  throw new DOMException('refused', '{error}');
}};""")
    page = context.new_page()
    meetup_id = _meetup(site)
    path = f"/admin/meetups/{meetup_id}/check-in"
    page.goto(f"/login?from={path}")
    wait_ready(page)
    log_in(page, site, ORGANIZER, DEMO_PASSWORD)
    wait_ready(page)
    page.get_by_role("button", name="Scan with the camera").click()
    expect(page.get_by_text("The camera is not allowed for this site")).to_be_visible()
    expect(page.locator("#check-in-code")).to_be_editable()
    context.close()


HELD_LISTS = """() => new Promise(done => {
  const open = indexedDB.open('uzdev-door-lists', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('lists', {keyPath: 'key'});
  open.onsuccess = () => {
    const d = open.result, count = d.transaction('lists').objectStore('lists').count();
    count.onsuccess = () => { d.close(); done(count.result); };
  };
})"""
WAITING = HELD_LISTS.replace("uzdev-door-lists", "uzdev-door").replace("'lists'", "'checkins'")
KEPT = ("caches.open('uzdev-door-v2').then(c => c.match('/check_in_offline.html')).then(r => !!r)"
        ".then(kept => kept && navigator.serviceWorker.getRegistration(location.pathname))"
        ".then(r => !!(r && r.active))")


def _server_time(site, organizer: str, meetup_id: int, registration_id: int):
    [ticket] = [t for t in _door_state(site, organizer, meetup_id)["tickets"]
                if t["registrationId"] == registration_id]
    return ticket["checkedInAt"] and _at(ticket["checkedInAt"])


def test_the_door_opens_again_offline_and_sign_out_keeps_what_waits(browser, site):
    """Reached by the back office's link (the site's router, no page load), the door is
    kept on the phone at once: closed, then opened again with the context offline, it
    admits a typed ticket from the held list, and the check-in reaches the server with its
    time once the network is back. At sign-out (My Page's menu) the held list is deleted but
    a check-in still waiting stays, and is sent when the organizer signs in again."""
    meetup_id = _meetup(site)
    one, two = _tickets(site, meetup_id, 2)
    organizer = _token(site, ORGANIZER, DEMO_PASSWORD)
    door = f"/admin/meetups/{meetup_id}/check-in"
    # No routing: Playwright's routing stands between the worker and the network.
    context = browser.new_context(base_url=site.url, locale="en-US",
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    registrations = f"/admin/meetups/{meetup_id}?view=registrations"
    page.goto(f"/login?from={quote(registrations, safe='/')}")
    wait_ready(page)
    log_in(page, site, ORGANIZER, DEMO_PASSWORD)
    wait_ready(page)
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="Check-in at the door").click()
    expect(page).to_have_url(re.compile(re.escape(door) + "$"))
    expect(page.locator("#door-status")).to_contain_text("tickets held on this phone")
    assert page.evaluate("window.__sameDocument") is True  # the router, not a page load
    wait_until(lambda: page.evaluate(KEPT), timeout_s=20, what="the door kept by the worker")
    page.close()

    # Offline, the door opens again (the kept page) and admits a typed ticket.
    context.set_offline(True)
    went_offline = utcnow()
    page = context.new_page()
    page.goto(door)
    expect(page.locator("#door-offline-note")).to_contain_text("No network")
    # In the member's language: the catalog's texts, kept by the online page in both.
    lang = page.evaluate("localStorage.getItem('uzdev_lang')")
    page.evaluate("localStorage.setItem('uzdev_lang', 'uz')")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "uz")
    expect(page.locator("#door-offline-note")).to_have_text(
        gettext(KEPT_PAGE_TEXTS["door-offline-note|text"], "uz"))
    expect(page.locator("#door-submit")).to_have_text(gettext("Check in", "uz"))
    page.evaluate("value => localStorage.setItem('uzdev_lang', value)", lang)
    page.reload()
    expect(page.locator("#door-offline-note")).to_contain_text("No network")
    status = page.locator("#door-status")
    expect(status).to_have_text("Offline, 0 waiting to sync")
    page.locator("#check-in-code").fill(one["code"])
    page.get_by_role("button", name="Check in").click()
    expect(page.locator("#door-result")).to_contain_text(tickets.OUTCOME_TEXTS[tickets.CHECKED_IN])
    expect(status).to_have_text("Offline, 1 waiting to sync")
    page.context.set_offline(False)
    came_back = utcnow()
    first = int(one["code"].split("-")[0])
    at = wait_until(lambda: _server_time(site, organizer, meetup_id, first), timeout_s=10,
                    what="the offline check-in on the server")
    assert went_offline <= at <= came_back
    expect(page.locator("#door-back-online")).to_be_visible()

    # A second ticket admitted offline; the door closed before the network came back.
    context.set_offline(True)
    page.locator("#check-in-code").fill(two["code"])
    page.locator("#check-in-code").press("Enter")
    expect(status).to_have_text("Offline, 1 waiting to sync")
    scanned = utcnow()
    page.close()
    context.set_offline(False)

    # Sign-out from My Page's menu: the list goes, the waiting check-in stays.
    page = context.new_page()
    page.goto("/mypage")
    wait_ready(page)
    assert page.evaluate(HELD_LISTS) == 1
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Yes, log out").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    page.wait_for_function("!localStorage.getItem('uzdev_accessToken')")
    wait_until(lambda: page.evaluate(HELD_LISTS) == 0, timeout_s=10, what="the held list deleted")
    assert page.evaluate(WAITING) == 1
    second = int(two["code"].split("-")[0])
    assert _server_time(site, organizer, meetup_id, second) is None

    # Signed in again, the door sends it, with the time it was scanned at.
    page.goto(f"/login?from={door}")
    wait_ready(page)
    log_in(page, site, ORGANIZER, DEMO_PASSWORD)
    at = wait_until(lambda: _server_time(site, organizer, meetup_id, second), timeout_s=10,
                    what="the check-in kept through the sign-out on the server")
    assert went_offline <= at <= scanned
    context.close()
