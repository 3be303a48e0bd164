"""Issue 41 in the back office and on the speaker's own page: an organizer accepts two
applications at once into a meetup chosen beside Accept (not the one offered first) and
finds both as draft talks in that meetup's programme editor, not in the other's; a speaker
removes the slides they uploaded, the talk page then has none and the audit log lists the
removal; an organizer uploads a speaker profile's photo in the speaker editor. English at
1280 px and Uzbek at 390 px."""

from __future__ import annotations

import datetime as dt
import re
import uuid

import httpx
import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from community_app.core.db import utcnow
from community_app.core.korea_time import korea_date_of
from community_app.demo.slides import slides_pdf
from tests.e2e.conftest import wait_ready
from tests.e2e.public_site_helpers import query
from tests.e2e.test_talk_people import (
    API, ORGANIZER, PASSWORD, _apply, _card, _context, _meetup_with_talks, _shot, _sign_in,
)

SCREENS = [("en", 1280), ("uz", 390)]
TEXTS = {
    "en": {
        "into": "Into meetup", "accept": "Accept selected", "decided": "2 applications decided",
        "programme": "Programme", "draft": "Draft", "no_talks": "This meetup has no talks yet.",
        "upload_slides": "Upload slides (PDF)", "uploaded": "Slides uploaded.",
        "remove_slides": "Remove my slides", "removed": "Slides removed.",
        "no_slides": "No slides for this talk yet.",
        "removal": "A speaker removed their slides",
        "profiles": "Speaker profiles", "edit": "Edit", "photo": "Photo",
        "upload_image": "Upload image", "image_saved": "Image saved.",
        "photo_address": "Photo address", "save_speaker": "Save speaker",
        "speaker_saved": "Speaker saved.", "remove_photo": "Remove the photo",
        "image_removed": "Image removed.",
    },
    "uz": {
        "into": "Qaysi tadbirga", "accept": "Tanlanganlarni qabul qilish",
        "decided": "2 ta ariza bo‘yicha qaror", "programme": "Dastur", "draft": "Qoralama",
        "no_talks": "Bu tadbirda hali ma’ruzalar yo‘q.",
        "upload_slides": "Slaydlarni yuklash (PDF)", "uploaded": "Slaydlar yuklandi.",
        "remove_slides": "Slaydlarimni olib tashlash", "removed": "Slaydlar olib tashlandi.",
        "no_slides": "Bu ma’ruza uchun hali slaydlar yo‘q.",
        "removal": "Ma’ruzachi slaydlarini olib tashladi",
        "profiles": "Ma’ruzachi profillari", "edit": "Tahrirlash", "photo": "Surat",
        "upload_image": "Rasm yuklash", "image_saved": "Rasm saqlandi.",
        "photo_address": "Surat manzili", "save_speaker": "Ma’ruzachini saqlash",
        "speaker_saved": "Ma’ruzachi saqlandi.", "remove_photo": "Suratni olib tashlash",
        "image_removed": "Rasm olib tashlandi.",
    },
}


def _page(browser, base_url: str, site, path: str, lang: str, width: int,
          email: str = ORGANIZER) -> Page:
    page = _context(browser, base_url, phone=width < 600).new_page()
    _sign_in(page, site, email, path, lang=lang)
    return page


def _organizer_api(site) -> dict[str, str]:
    return {"Authorization": f"Bearer {site.api_sign_in(ORGANIZER, PASSWORD)['access_token']}"}


def _programme(page: Page, meetup_id: int, words: dict):
    """The programme editor of ``meetup_id``, read: its list of talks (None when empty)."""
    page.goto(f"/admin/meetups/{meetup_id}/programme")
    wait_ready(page)
    talks = page.get_by_role("list", name=words["programme"], exact=True)
    expect(talks.or_(page.get_by_text(words["no_talks"]))).to_be_visible()
    return talks


@pytest.mark.parametrize("lang, width", SCREENS)
def test_two_applications_accepted_at_once_into_the_meetup_chosen_beside_accept(
        browser, base_url, site, lang, width):
    run = uuid.uuid4().hex[:6]
    words = TEXTS[lang]
    names = [f"Kamola {run}", f"Rustam {run}"]
    for name in names:
        _apply(site, name, f"{name.split()[0].lower()}.{run}@example.org")
    titles = [f"{name}: a talk on testing" for name in names]
    # A second upcoming meetup, later than the one the queue offers first.
    starts = (utcnow() + dt.timedelta(days=150)).replace(microsecond=0)
    chosen, _ = _meetup_with_talks(site, f"Chosen meetup {run}", starts, [])
    label = f"Chosen meetup {run} · {korea_date_of(starts).isoformat()}"

    page = _page(browser, base_url, site, "/admin/speakers/reviews?status=NEW", lang, width)
    into = page.get_by_label(words["into"], exact=True)
    expect(into.locator("option", has_text=label)).to_have_count(1)
    offered = into.input_value()
    assert offered and offered != str(chosen), offered  # the default is another meetup
    for name in names:
        _card(page, name).get_by_role("checkbox").click()
    into.select_option(label=label)
    expect(into).to_have_value(str(chosen))
    _shot(page, f"accept-into-{lang}-{width}")
    page.get_by_role("button", name=words["accept"]).click()
    expect(page.locator("#admin-notice")).to_contain_text(words["decided"])

    talks = _programme(page, chosen, words)
    for title in titles:
        row = talks.get_by_role("listitem").filter(has_text=title)
        expect(row).to_have_count(1)
        expect(row).to_contain_text(words["draft"])
    _shot(page, f"accepted-programme-{lang}-{width}")
    _programme(page, int(offered), words)
    for title in titles:
        expect(page.get_by_role("main")).not_to_contain_text(title)
    rows = query(site, "SELECT t.meetup_id, t.status FROM talks t JOIN speaker_applications a "
                       "ON a.talk_id = t.id WHERE a.full_name IN (:a, :b)", a=names[0], b=names[1])
    assert sorted(tuple(r) for r in rows) == [(chosen, "draft"), (chosen, "draft")]
    page.context.close()


def _speaker_page_path(site, email: str) -> str:
    """The speaker page's address from the acceptance email to ``email``."""
    [mail] = [m for m in site.emails_to(email) if "accepted" in m["Subject"]]
    body = mail.get_body(preferencelist=("plain",)).get_content()
    return re.search(r"https?://[^/\s]+(/speaker-talk/\S+)", body).group(1)


@pytest.mark.parametrize("lang, width", SCREENS)
def test_a_speaker_removes_their_slides_and_the_talk_and_the_audit_log_say_so(
        browser, base_url, site, lang, width, tmp_path):
    run = uuid.uuid4().hex[:6]
    words = TEXTS[lang]
    name, email = f"Sardor {run}", f"sardor.{run}@example.org"
    application = _apply(site, name, email)
    meetup, _ = _meetup_with_talks(site, f"Slides meetup {run}",
                                   utcnow() + dt.timedelta(days=20), [])
    auth = _organizer_api(site)
    r = httpx.post(f"{site.url}{API}/admin/speaker-applications/decisions", headers=auth,
                   json={"ids": [application], "decision": "accept", "meetupId": meetup}, timeout=20)
    assert r.status_code == 200, r.text
    [[talk_id]] = query(site, "SELECT talk_id FROM speaker_applications WHERE id = :i", i=application)
    r = httpx.put(f"{site.url}{API}/admin/talks/{talk_id}", headers=auth, timeout=20,
                  json={"status": "scheduled", "startTime": "19:30"})  # public from now on
    assert r.status_code == 200, r.text

    context = _context(browser, base_url, phone=width < 600)
    context.add_init_script(f"localStorage.setItem('uzdev_lang', '{lang}')")
    page = context.new_page()
    page.goto(_speaker_page_path(site, email))
    wait_ready(page)
    pdf = tmp_path / "slides.pdf"
    pdf.write_bytes(slides_pdf(f"{name}: a talk on testing", name))
    page.get_by_label(words["upload_slides"], exact=True).set_input_files(pdf)
    expect(page.get_by_text(words["uploaded"])).to_be_visible()
    expect(page.locator("#speaker-slides-link")).to_be_visible()
    public = context.new_page()
    public.goto(f"/talks/{talk_id}")
    wait_ready(public)
    expect(public.locator("#talk-slides")).to_be_visible()  # the talk page has them

    page.get_by_role("button", name=words["remove_slides"]).click()
    expect(page.get_by_text(words["removed"])).to_be_visible()
    expect(page.locator("#speaker-slides-link")).to_have_count(0)
    expect(page.get_by_role("button", name=words["remove_slides"])).to_have_count(0)
    _shot(page, f"speaker-slides-removed-{lang}-{width}")

    public.goto(f"/talks/{talk_id}")
    wait_ready(public)
    expect(public.get_by_text(words["no_slides"])).to_be_visible()
    expect(public.locator("#talk-slides")).to_have_count(0)
    assert httpx.get(f"{site.url}{API}/public/talks/{talk_id}/slides.pdf").status_code == 404
    context.close()

    office = _page(browser, base_url, site, f"/admin/audit?search={run}", lang, width)
    entry = office.get_by_role("row").filter(has_text=words["removal"])
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text(f"{name}: a talk on testing")
    expect(entry).to_contain_text("talk.speaker_slides_remove")
    _shot(office, f"audit-slides-removed-{lang}-{width}")
    office.context.close()


@pytest.mark.parametrize("lang, width", SCREENS)
def test_an_organizer_uploads_a_speakers_photo_in_the_speaker_editor(
        browser, base_url, site, lang, width, tmp_path):
    run = uuid.uuid4().hex[:6]
    words = TEXTS[lang]
    name = f"Photo Speaker {run}"
    r = httpx.post(f"{site.url}{API}/admin/speaker-profiles", headers=_organizer_api(site),
                   json={"name": name, "company": "Kakao"}, timeout=20)
    assert r.status_code == 201, r.text
    speaker_id = r.json()["data"]["id"]

    page = _page(browser, base_url, site, "/admin/speaker-profiles", lang, width)
    row = page.get_by_role("list", name=words["profiles"], exact=True).get_by_role(
        "listitem").filter(has_text=name)
    row.get_by_role("button", name=words["edit"]).click()
    expect(page.get_by_label(words["photo_address"])).to_have_value("")
    photo = tmp_path / "speaker.png"
    Image.new("RGB", (120, 90), (30, 120, 200)).save(photo)
    page.get_by_label(words["photo"], exact=True).set_input_files(photo)
    page.get_by_role("button", name=words["upload_image"]).click()
    expect(page.locator("#admin-notice")).to_contain_text(words["image_saved"])
    shown = page.get_by_role("img", name=name)
    expect(shown).to_have_attribute("src", re.compile(r"^/api/v1/media/public/speakers/.+\.webp$"))
    src = shown.get_attribute("src")
    expect(page.get_by_label(words["photo_address"])).to_have_value(src)
    _shot(page, f"speaker-photo-{lang}-{width}")

    # Saving the profile keeps the uploaded photo (its address is the site's own).
    page.get_by_role("button", name=words["save_speaker"]).click()
    expect(page.locator("#admin-notice")).to_contain_text(words["speaker_saved"])
    speaker = httpx.get(f"{site.url}{API}/public/speakers/{speaker_id}").json()["data"]
    assert speaker["photoURL"] == src
    served = httpx.get(site.url + src)
    assert served.status_code == 200 and served.headers["content-type"] == "image/webp"
    audited = query(site, "SELECT action FROM audit_log WHERE target_id = :i AND action LIKE "
                          "'speaker_profile.photo%'", i=speaker_id)
    assert [tuple(r) for r in audited] == [("speaker_profile.photo",)]

    page.get_by_role("button", name=words["remove_photo"]).click()
    expect(page.locator("#admin-notice")).to_contain_text(words["image_removed"])
    expect(page.get_by_role("img", name=name)).to_have_count(0)
    expect(page.get_by_label(words["photo_address"])).to_have_value("")
    assert httpx.get(f"{site.url}{API}/public/speakers/{speaker_id}").json()["data"]["photoURL"] is None
    assert httpx.get(site.url + src).status_code == 404
    page.context.close()
