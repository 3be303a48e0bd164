"""The check-in page's camera path (assets/check_in_scanner.js): "Scan with the camera"
opens the camera and a QR code it reads (here through BarcodeDetector) checks the member
in exactly as a typed code does; where the browser gives no camera, the page says so and
typing stays. The camera and the detector are stood in for in the page (Chromium on a
desktop has no BarcodeDetector, and the suite has no camera)."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from community_app.services.meetups import tickets
from tests.e2e.conftest import offline, wait_ready
from tests.e2e.test_auth import log_in
from tests.e2e.test_waitlist_journey import API, DEMO_PASSWORD, FORM, _auth, _member, _token

# A camera (a canvas's stream) and a detector that "reads" what the test queues; the
# page's clock can be moved on (``window.__later``, in ms) instead of waiting for it.
FAKE_CAMERA = """
window.__codes = [];
window.__later = 0;
const realNow = Date.now;
Date.now = () => realNow.call(Date) + window.__later;
window.BarcodeDetector = class {
  constructor(options) { this.formats = (options || {}).formats; }
  async detect(source) { return window.__codes.length ? [{rawValue: window.__codes.shift()}] : []; }
};
navigator.mediaDevices.getUserMedia = async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 64;
  canvas.getContext('2d').fillRect(0, 0, 64, 64);
  return canvas.captureStream(5);
};
"""


def _door(browser, site, meetup_id: int, *, camera: bool, script: str = ""):
    context = offline(browser.new_context(base_url=site.url, locale="en-US"))
    if camera:
        context.add_init_script(FAKE_CAMERA)
    if script:
        context.add_init_script(script)
    page = context.new_page()
    path = f"/admin/meetups/{meetup_id}/check-in"
    page.goto(f"/login?from={path}")
    wait_ready(page)
    log_in(page, site, "organizer@uzdev.kr", DEMO_PASSWORD)
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))
    wait_ready(page)
    return page


def test_a_ticket_read_by_the_camera_checks_the_member_in_once(browser, site):
    member = _member(site, "kamola", "en")
    token = _token(site, member)
    listed = httpx.get(f"{site.url}{API}/public/meetups", params={"type": "upcoming", "size": 50})
    meetup = next(m for m in listed.json()["data"]["content"]
                  if m["availableSeats"] > 2 and not m["requiresApproval"])
    r = httpx.post(f"{site.url}{API}/users/meetups/{meetup['id']}/registration",
                   headers=_auth(token), json=FORM, timeout=20)
    assert r.status_code == 201, r.text
    [ticket] = [t for t in httpx.get(f"{site.url}{API}/users/tickets", headers=_auth(token)).json()["data"]
                if t["meetupId"] == meetup["id"]]

    page = _door(browser, site, meetup["id"], camera=True)
    page.get_by_role("button", name="Scan with the camera").click()
    expect(page.locator("#check-in-camera-box")).to_be_visible()
    page.evaluate("code => window.__codes.push(code)", ticket["code"])
    result = page.locator("#check-in-result")
    expect(result).to_contain_text(tickets.OUTCOME_TEXTS["checked_in"])
    expect(page.locator("#check-in-name")).to_have_text("Kamola Test")
    # The same QR code held up again later: refused, with when it was first scanned.
    # The scanner reads one code once per 4 s: the same code 4.5 s later, by the page's clock.
    page.evaluate("code => { window.__later += 4500; window.__codes.push(code); }", ticket["code"])
    expect(result).to_contain_text(tickets.OUTCOME_TEXTS["already"])
    page.get_by_role("button", name="Stop the camera").click()
    expect(page.locator("#check-in-camera-box")).to_be_hidden()
    page.context.close()


def test_without_a_camera_api_the_page_says_to_type_the_code(browser, site):
    """A browser that gives pages no camera (no navigator.mediaDevices: an old browser, or a
    page not served over HTTPS). Without BarcodeDetector the page reads codes itself:
    tests/e2e/test_door_offline.py."""
    listed = httpx.get(f"{site.url}{API}/public/meetups", params={"type": "upcoming", "size": 1})
    page = _door(browser, site, listed.json()["data"]["content"][0]["id"], camera=False,
                 script="Object.defineProperty(Navigator.prototype, 'mediaDevices', "
                        "{get: () => undefined});")
    page.get_by_role("button", name="Scan with the camera").click()
    expect(page.get_by_text("This browser cannot read QR codes with the camera")).to_be_visible()
    expect(page.locator("#check-in-code")).to_be_editable()
    page.context.close()
