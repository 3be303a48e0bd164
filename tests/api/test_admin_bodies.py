"""The admin request bodies are typed models checked by the back office's own rules: the
OpenAPI document describes every field, and a refused field answers with the form's
message in the asked language (placeholders filled)."""

from __future__ import annotations

import pytest

from community_app.i18n import gettext
from community_app.models import ApplicationStatus
from community_app.services.admin.jobs import CHOICE_INVALID, SALARY_RANGE
from community_app.services.admin.speakers import STATUS_INVALID
from community_app.services.meetups.admin_views import END_BEFORE_START, TITLE_REQUIRED
from community_app.services.site import TARGET_INVALID
from tests.api.factories import bearer, make_job, make_member

ADMIN = "/api/v1/admin"


@pytest.fixture
def org(engine):
    return bearer(make_member(engine, role="organizer"))


def test_every_admin_body_field_is_documented(client):
    spec = client.get("/api/v1/openapi.json").json()
    schemas = spec["components"]["schemas"]
    bodies = set()
    for path, methods in spec["paths"].items():
        for op in methods.values():
            ref = (op.get("requestBody", {}).get("content", {}).get("application/json", {})
                   .get("schema", {}).get("$ref"))
            if path.startswith("/api/v1/admin") and ref:
                bodies.add(ref.rsplit("/", 1)[-1])
    assert {"MeetupIn", "SpeakerIn", "SessionIn", "NoteIn", "NewsIn", "JobIn", "StatusIn",
            "SettingsIn"} <= bodies
    for name in bodies:
        for field, prop in schemas[name]["properties"].items():
            kinds = [prop.get("type")] + [p.get("type") for p in prop.get("anyOf", [])]
            assert any(kinds), f"{name}.{field} has no type"
    assert schemas["JobIn"]["properties"]["jobType"]["anyOf"][0]["enum"] == [
        "FULL_TIME", "PART_TIME", "CONTRACT", "INTERNSHIP", "FREELANCE"]


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_refused_fields_speak_the_asked_language(client, engine, org, lang):
    headers = {**org, "Accept-Language": lang}
    meetup = client.post(f"{ADMIN}/meetups", headers=headers, json={
        "title": " ", "meetupDate": "2030-01-02", "startTime": "20:00", "endTime": "19:00"})
    assert meetup.status_code == 422
    assert meetup.json()["data"]["errors"] == {
        "title": gettext(TITLE_REQUIRED, lang), "endTime": gettext(END_BEFORE_START, lang)}

    job = make_job(engine, status="OPEN")
    edit = client.put(f"{ADMIN}/jobs/{job.id}", headers=headers, json={
        "title": "Go", "companyName": "A", "location": "Seoul", "description": "x",
        "jobType": "forever", "salaryMin": 9, "salaryMax": "1"})
    assert edit.json()["data"]["errors"] == {
        "jobType": gettext(CHOICE_INVALID, lang), "salaryMax": gettext(SALARY_RANGE, lang)}

    settings = client.put(f"{ADMIN}/settings", headers=headers, json={"targetEvents": "many"})
    assert settings.json()["message"] == gettext(TARGET_INVALID, lang)

    status = client.post(f"{ADMIN}/speaker-applications/1/status", headers=headers,
                         json={"status": "LATER"})
    expected = gettext(STATUS_INVALID, lang, values=", ".join(ApplicationStatus.values()))
    assert status.status_code == 422 and status.json()["data"]["errors"]["status"] == expected
    assert "{" not in expected


def test_lower_case_choices_are_stored_upper_case(client, org):
    created = client.post(f"{ADMIN}/news", headers=org, json={
        "title": "T", "content": "C", "type": " social ", "tags": "a, b"})
    assert created.status_code == 201
    assert (created.json()["data"]["type"], created.json()["data"]["tags"]) == ("SOCIAL", ["a", "b"])


def test_a_null_field_of_an_admin_body_is_never_a_server_error(client, engine, org):
    meetup = client.post(f"{ADMIN}/meetups", headers=org, json={
        "title": "Go night", "meetupDate": "2030-01-02", "startTime": "19:00", "endTime": "21:00"})
    assert meetup.status_code == 201
    meetup_id = meetup.json()["data"]["id"]
    for method, path, body in [
        ("put", f"{ADMIN}/meetups/{meetup_id}", {"title": "Go night", "maxSeats": None}),
        ("post", f"{ADMIN}/meetups/{meetup_id}/speakers", {"fullName": "Aziz", "company": None}),
        ("post", f"{ADMIN}/speaker-applications/1/status", {"status": None}),
        ("put", f"{ADMIN}/settings", {"targetEvents": None, "contactEmail": None}),
    ]:
        answer = client.request(method, path, headers=org, json=body)
        assert answer.status_code in (200, 201, 404, 422), (path, answer.status_code, answer.text)
        assert answer.json()["status"] == answer.status_code
