"""Issue 41 item 2 in the browser: a member whose account is linked to a speaker profile
finds the talk an organizer gave that profile under "Talks I give" (linked to its page, with
its status), uploads a photo and edits the bio on My Page ("My talks", "My speaker
profile") and finds them on their speaker page (English at 1280 px); on a phone in Uzbek a
wrong link is refused beside its field."""

from __future__ import annotations

import datetime as dt
import io
import re
import uuid

from PIL import Image
from playwright.sync_api import expect

from community_app.core.db import utcnow
from tests.e2e.conftest import wait_ready
from tests.e2e.test_talk_people import SPEAKER, _context, _meetup_with_talks, _shot, _sign_in


def test_a_linked_member_edits_the_bio_and_sees_it_on_their_speaker_page(browser, base_url, site):
    run = uuid.uuid4().hex[:6]
    _, (talk_id,) = _meetup_with_talks(site, f"Own profile meetup {run}",
                                       utcnow() + dt.timedelta(days=9),
                                       [(f"Own profile talk {run}", 0)], speaker_email=SPEAKER)

    page = _context(browser, base_url).new_page()
    _sign_in(page, site, SPEAKER, "/mypage?tab=talks")
    # The talk made in the back office (no application) is one of the talks I give.
    giving = page.get_by_role("list", name="Talks I give")
    item = giving.get_by_role("listitem").filter(has_text=f"Own profile talk {run}")
    expect(item.get_by_role("link", name=f"Own profile talk {run}")).to_have_attribute(
        "href", f"/talks/{talk_id}-talk")
    expect(item).to_contain_text(f"Own profile meetup {run}")
    expect(item).to_contain_text("Scheduled")

    out = io.BytesIO()
    Image.new("RGB", (64, 64), (30, 120, 200)).save(out, format="PNG")
    page.get_by_label("Upload a photo").set_input_files(
        {"name": "me.png", "mimeType": "image/png", "buffer": out.getvalue()})
    expect(page.get_by_text("Your speaker photo is saved.")).to_be_visible()
    photo = page.get_by_role("img", name="Your speaker photo")
    expect(photo).to_have_attribute("src", re.compile(r"^/api/v1/media/public/speakers/"))
    form = page.get_by_role("form", name="My speaker profile")
    form.get_by_label("Bio (Markdown)").fill(f"I build **payment systems** in Seoul ({run}).")
    form.get_by_role("button", name="Save speaker profile").click()
    expect(page.get_by_text("Your speaker profile is saved.")).to_be_visible()
    expect(form.get_by_label("Bio (Markdown)")).to_have_value(
        f"I build **payment systems** in Seoul ({run}).")  # what is saved, shown again
    _shot(page, "own-profile-desktop-en")

    page.get_by_role("link", name="Open my speaker page").click()
    page.wait_for_url("**/speakers/*")
    wait_ready(page)
    bio = page.locator(".uzdev-prose")
    expect(bio).to_contain_text(f"I build payment systems in Seoul ({run}).")
    expect(bio.locator("strong")).to_have_text("payment systems")  # the Markdown, rendered

    phone = _context(browser, base_url, phone=True).new_page()
    _sign_in(phone, site, SPEAKER, "/mypage?tab=talks", lang="uz")
    form = phone.get_by_role("form", name="Mening ma’ruzachi profilim")
    links = form.get_by_label("Havolalar (har biri alohida qatorda)")
    links.fill("javascript:alert(1)")
    form.get_by_role("button", name="Ma’ruzachi profilini saqlash").click()
    expect(form.locator("#speaker-links-error")).to_have_text(
        "Har bir havola http(s) manzil bo‘lishi kerak (ko‘pi bilan 5 ta havola).")
    expect(links).to_have_attribute("aria-invalid", "true")
    _shot(phone, "own-profile-phone-uz")
