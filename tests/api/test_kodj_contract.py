"""The contract of the KO'DJ client (../shared/kodj-frontend, CONTRACT.md), call by call.

For each call the client makes: the query parameters it sends are accepted, the values it
posts are taken, and every field it reads (from its TypeScript types, src/types/*.ts and
src/services/api/**) is there with the JavaScript type it expects. Dates it parses with
``new Date(...)`` must be ISO 8601 date-times with an offset, dates YYYY-MM-DD.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.api.auth_helpers import latest_code
from tests.api.factories import (
    bearer,
    make_comment,
    make_job,
    make_meetup,
    make_member,
    make_news,
    make_note,
    make_registration,
    make_review,
    make_session,
    make_speaker,
)

API = "/api/v1"
ISO_WITH_OFFSET = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _is(kind: str, value: object) -> bool:
    """The JavaScript type the client's TypeScript declares, as JSON sees it."""
    if kind.endswith("?"):  # optional: null allowed
        return value is None or _is(kind[:-1], value)
    return {
        "string": lambda v: isinstance(v, str),
        "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
        "boolean": lambda v: isinstance(v, bool),
        "array": lambda v: isinstance(v, list),
        "object": lambda v: isinstance(v, dict),
        "datetime": lambda v: isinstance(v, str) and bool(ISO_WITH_OFFSET.match(v))
        and not dt.datetime.fromisoformat(v.replace("Z", "+00:00")).tzinfo is None,
        "date": lambda v: isinstance(v, str) and bool(DATE.match(v)),
    }[kind](value)


def assert_reads(obj: dict, fields: dict[str, str], where: str) -> None:
    for name, kind in fields.items():
        assert name in obj, f"{where}: the client reads {name!r}"
        assert _is(kind, obj[name]), f"{where}.{name}: {obj[name]!r} is not {kind}"


# src/types/hook.ts MeetupResponse (+ the list page: PageResponse)
MEETUP = {
    "id": "number", "title": "string", "description": "string", "parking": "boolean",
    "location": "string", "maxSeats": "number", "availableSeats": "number",
    "provided": "string", "meetupDate": "date", "organizerId": "number?",
    "startTime": "datetime", "endTime": "datetime", "imageName": "string?",
    "imageURL": "string?",
}
PAGE = {
    "content": "array", "totalPages": "number", "totalElements": "number", "size": "number",
    "number": "number", "first": "boolean", "last": "boolean", "empty": "boolean",
}
# src/types/event.ts EventDetailsResponse, src/types/api.ts, src/types/speakers.ts
DETAILS = {
    "availableSeats": "number", "speakers": "array", "keynoteSessions": "array",
    "meetupRegistrations": "array", "notes": "array", "reviews": "array",
    "provided": "string", "title": "string", "location": "string", "description": "string",
    "parking": "boolean", "maxSeats": "number", "startTime": "datetime",
    "endTime": "datetime", "imageName": "string?", "imageURL": "string?", "meetupDate": "date",
}
SPEAKER = {
    "id": "number", "firstName": "string", "lastName": "string", "organization": "string",
    "position": "string", "bio": "string", "topic": "string", "linkedinUrl": "string?",
    "imageURL": "string?",
}
SESSION = {
    "id": "number", "speaker": "object?", "subject": "string", "startTime": "datetime",
    "endTime": "datetime",
}
NOTE = {"id": "number", "status": "string", "title": "string", "description": "string",
        "createdAt": "datetime"}
REVIEW = {"id": "number", "username": "string", "avatarURL": "string?",
          "description": "string", "createdAt": "datetime", "media": "array"}
# src/types/event.ts UserRegisteredEventApiResponse
MY_MEETUP = {**MEETUP, "registrationTime": "datetime", "cancelled": "boolean"}
# src/types/news.ts
NEWS = {"id": "number", "title": "string", "content": "string", "type": "string",
        "imageURL": "string?", "createdAt": "datetime", "tags": "array"}
COMMENT = {"id": "number", "repliedUsername": "string?", "username": "string",
           "avatarURL": "string?", "comment": "string", "likes": "number",
           "dislikes": "number", "replies": "number", "createdAt": "datetime"}
VOTE = {"success": "boolean", "message": "string", "likes": "number", "dislikes": "number"}
# src/services/api/types/jobs.ts JobPost and User
JOB = {
    "id": "number", "user": "object?", "category": "string", "title": "string",
    "content": "string", "companyName": "string", "requiredExperience": "string",
    "technologies": "string", "jobOfferStatus": "string", "jobType": "string",
    "jobBenefits": "string", "remote": "boolean", "placeOfWork": "string",
    "salaryRange": "string?", "contactPhone": "string?", "contactEmail": "string?",
    "twitterProfile": "string?", "linkedinProfile": "string?", "facebookProfile": "string?",
    "instagramProfile": "string?", "createdAt": "datetime", "imageURL": "string?",
}
JOB_USER = {"id": "number", "username": "string", "firstName": "string", "lastName": "string",
            "imageUrl": "string?", "bio": "string", "region": "string?"}
# src/services/api/fetchStatsService.ts, src/types/user.ts, src/types/auth.ts
STATS = {"totalSpeakers": "number", "totalEvents": "number", "totalUsers": "number"}
USER_COUNT = {"total": "number", "active": "number"}
USER_DETAILS = {
    "id": "number", "email": "string", "firstName": "string", "lastName": "string",
    "imageUrl": "string?", "bio": "string", "role": "string", "createdAt": "datetime",
    "username": "string", "phone": "string?", "oauthProvider": "string", "provider": "string",
    "region": "string?",
}
TOKENS = {"access_token": "string", "refresh_token": "string"}


def _data(r, status: int = 200):
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"data", "message", "status"} and body["status"] == status
    return body["data"]


@pytest.fixture
def world(engine):
    soon = make_meetup(engine, in_days=5, title="Kotlin night", provided="Pizza")
    speaker = make_speaker(engine, soon, "Aziz Karimov", job_position="Engineer",
                           company="Kakao", profile_url="https://www.linkedin.com/in/aziz")
    make_session(engine, soon, speaker, "Coroutines")
    make_session(engine, soon, None, "Networking")
    make_note(engine, soon, "Doors open at 18:30\nBring your ID")
    past = make_meetup(engine, in_days=-30, title="Past meetup")
    make_review(engine, past, "Dilnoza", content="Useful")
    alice = make_member(engine, username="alice", first_name="Alice", email="alice@uzdev.kr",
                        phone="01011112222")
    make_registration(engine, alice, soon, expectation="Learn coroutines, privately")
    news = make_news(engine, title="Tech item", type="TECH", tags=["ai"])
    comment = make_comment(engine, news, alice, "Great!")
    poster = make_member(engine, username="hr", first_name="Nodira", bio="Recruiter",
                         email="hr@uzdev.kr", phone="01099998888")
    job = make_job(engine, title="Backend", job_type="FULL_TIME", category="BACKEND",
                   technologies=["Kotlin", "Spring"], salary_min=50_000_000,
                   salary_max=70_000_000, contact_website="https://www.linkedin.com/jobs/1",
                   posted_by_id=poster.id)
    return {"soon": soon, "past": past, "alice": alice, "news": news, "comment": comment,
            "job": job}


def test_home_statistics_and_countdown(client, world):
    stats = _data(client.get(f"{API}/public/statistics"))
    assert_reads(stats, STATS, "statistics")
    assert (stats["totalEvents"], stats["totalUsers"]) == (2, 2)
    # TimeFrame: getEvents({type: 'upcoming'}) then new Date(content[0].startTime)
    page = _data(client.get(f"{API}/public/meetups",
                            params={"page": "0", "size": "10", "type": "upcoming"}))
    assert_reads(page, PAGE, "meetups page")
    assert_reads(page["content"][0], MEETUP, "meetup")
    starts = dt.datetime.fromisoformat(page["content"][0]["startTime"])
    assert starts.utcoffset() == dt.timedelta(hours=9) and starts > dt.datetime.now(dt.UTC)
    assert page["content"][0]["meetupDate"] == starts.date().isoformat()


def test_events_list_past(client, world):
    page = _data(client.get(f"{API}/public/meetups", params={"page": "0", "size": "10",
                                                            "type": "past"}))
    assert [m["title"] for m in page["content"]] == ["Past meetup"]


def test_event_details(client, world):
    d = _data(client.get(f"{API}/public/meetups/{world['soon'].id}/details"))
    assert_reads(d, DETAILS, "details")
    assert d["title"] == "Kotlin night" and d["provided"] == "Pizza"
    assert_reads(d["speakers"][0], SPEAKER, "speaker")
    assert (d["speakers"][0]["firstName"], d["speakers"][0]["lastName"]) == ("Aziz", "Karimov")
    for s in d["keynoteSessions"]:
        assert_reads(s, SESSION, "session")
    assert d["keynoteSessions"][0]["speaker"]["firstName"] == "Aziz"
    assert_reads(d["notes"][0], NOTE, "note")
    assert d["notes"][0]["title"] == "Doors open at 18:30" and d["notes"][0]["status"] == "ACTIVE"
    # registrations: the client counts ACCEPTED ones and finds its member by id
    (reg,) = d["meetupRegistrations"]
    assert reg == {"id": world["alice"].id, "firstName": "Alice", "avatarURL": None,
                   "status": "ACCEPTED"}
    for secret in ("alice@uzdev.kr", "01011112222", "privately"):
        assert secret not in str(d)
    past = _data(client.get(f"{API}/public/meetups/{world['past'].id}/details"))
    assert_reads(past["reviews"][0], REVIEW, "review")


# src/pages/Events/EventRegister: what it posts, every value of its two selects
CLIENT_REASONS = ["first-time", "several-times", "networking", "learning",
                  "job-opportunities", "others"]
CLIENT_FIELDS = ["ai", "backend", "frontend", "UI", "mobile", "cloud", "cyber", "data"]
STORED = {"first-time": "first_time", "several-times": "attended_before",
          "job-opportunities": "job_opportunities", "UI": "ui"}


@pytest.mark.parametrize(("reason", "field"), list(zip(CLIENT_REASONS, CLIENT_FIELDS[:6],
                                                       strict=True)) + [("others", "cyber"),
                                                                        ("learning", "data")])
def test_event_registration_takes_the_clients_body(client, engine, reason, field):
    meetup = make_meetup(engine)
    member = make_member(engine)
    body = {"status": "ACCEPTED", "cancelled": False, "attendanceReason": reason,
            "expectation": "Meet other developers", "interestField": field,
            "registrationDate": dt.datetime.now(dt.UTC).isoformat()}
    out = _data(client.post(f"{API}/users/meetups/{meetup.id}/registration", json=body,
                            headers=bearer(member)), 201)
    assert (out["attendanceReason"], out["interestedField"]) == (
        STORED.get(reason, reason), STORED.get(field, field))
    d = _data(client.get(f"{API}/public/meetups/{meetup.id}/details"))
    assert member.id in [r["id"] for r in d["meetupRegistrations"]]  # "already registered"


def test_registration_refuses_consent_false_and_unknown_values(client, engine):
    meetup = make_meetup(engine)
    member = make_member(engine)
    body = {"attendanceReason": "networking", "interestField": "UI",
            "expectation": "Meet other developers"}
    url = f"{API}/users/meetups/{meetup.id}/registration"
    r = client.post(url, json={**body, "consent": False}, headers=bearer(member))
    assert r.status_code == 422 and set(r.json()["data"]["errors"]) == {"consent"}
    r = client.post(url, json={**body, "interestField": "ui/ux"}, headers=bearer(member))
    assert r.status_code == 422 and set(r.json()["data"]["errors"]) == {"interestField"}


def test_my_page_events_and_cancel(client, engine, world):
    alice = world["alice"]
    mine = _data(client.get(f"{API}/users/meetups", headers=bearer(alice)))
    (item,) = mine
    assert_reads(item, MY_MEETUP, "my meetup")
    assert item["id"] == world["soon"].id and item["cancelled"] is False
    _data(client.post(f"{API}/users/meetups/{item['id']}/registration/cancel",
                      headers=bearer(alice)))
    (item,) = _data(client.get(f"{API}/users/meetups", headers=bearer(alice)))
    assert item["cancelled"] is True


def test_news_list_details_and_comments(client, world):
    page = _data(client.get(f"{API}/public/news", params={"type": "TECH"}))
    assert_reads(page, PAGE, "news page")
    assert_reads(page["content"][0], NEWS, "news")
    assert_reads(_data(client.get(f"{API}/public/news/{world['news'].id}")), NEWS, "news item")
    comments = _data(client.get(f"{API}/news/{world['news'].id}/comments"))
    assert_reads(comments[0], COMMENT, "comment")
    assert (comments[0]["username"], comments[0]["comment"]) == ("alice", "Great!")
    replies = _data(client.get(f"{API}/news/{world['news'].id}/comments/{world['comment'].id}"
                               "/replies"))
    assert replies == []
    vote = _data(client.post(f"{API}/news/{world['news'].id}/comments/{world['comment'].id}"
                             "/like", headers=bearer(world["alice"])))
    assert_reads(vote, VOTE, "like")


def test_jobs_list_with_the_clients_query_and_details(client, world):
    params = {"search": "backend", "jobType": "FULL_TIME", "jobOfferStatus": "OPEN",
              "page": "0", "size": "12", "sort": "createdAt,desc"}
    for sort in ("createdAt,desc", "createdAt,asc", "companyName,asc"):
        page = _data(client.get(f"{API}/public/job-posts", params={**params, "sort": sort}))
        assert_reads(page, PAGE, "jobs page")
        assert [j["title"] for j in page["content"]] == ["Backend"]
    job = _data(client.get(f"{API}/public/job-posts/{world['job'].id}"))
    assert_reads(job, JOB, "job")
    assert_reads(job["user"], JOB_USER, "job.user")
    assert job["technologies"].split(",")[1].strip() == "Spring"
    assert job["linkedinProfile"] == "https://www.linkedin.com/jobs/1"
    assert "hr@uzdev.kr" not in str(job) and "01099998888" not in str(job)


def test_sign_up_login_code_refresh_and_details(client, monkeypatch):
    from community_app.settings import get_settings

    monkeypatch.setenv("COMMUNITY_LOGIN_CODE_DIGITS", "5")
    get_settings.cache_clear()
    try:
        # src/pages/Auth/Signup/Signup.tsx
        signup = {"email": "jane.doe-99@uzdev.kr", "password": "Str0ng!pass",
                  "username": "jane.doe-99", "name": "jane.doe-99", "phone": "01012345678"}
        created = _data(client.post(f"{API}/auth/register", json=signup), 201)
        assert created["username"] == "jane.doe-99"
        # the speaker form's quirk: role is ignored, the username taken gets another one
        other = _data(client.post(f"{API}/auth/register", json={
            **signup, "email": "jane@uzdev.kr", "phone": "01012345679", "role": "speaker"}), 201)
        assert other["username"] != "jane.doe-99"
        # src/context/authProvider.tsx
        started = _data(client.post(f"{API}/auth/login", json={
            "email": signup["email"], "password": signup["password"],
            "ipAddress": "localhost", "deviceType": "web"}))
        assert started["codeDigits"] == 5
        code = latest_code(signup["email"])
        assert len(code) == 5  # the client's code screen has 5 boxes
        tokens = _data(client.post(f"{API}/auth/verify-login-otp",
                                   json={"email": signup["email"], "otp": code}))
        assert_reads(tokens, TOKENS, "tokens")
        refreshed = _data(client.get(f"{API}/auth/refresh-token",
                                     headers={"RefreshToken": tokens["refresh_token"]}))
        assert_reads(refreshed, TOKENS, "refresh")
        me = _data(client.get(f"{API}/users/details",
                              headers={"Authorization": f"Bearer {refreshed['access_token']}"}))
        assert_reads(me, USER_DETAILS, "user details")
        assert me["role"] in ("user", "admin", "speaker") and me["firstName"] == "jane.doe-99"
        assert_reads(_data(client.get(f"{API}/users/count")), USER_COUNT, "user count")
    finally:
        get_settings.cache_clear()


def test_openapi_types_every_body_and_response(client):
    """No Any: every request body and every 2xx answer is a named model whose properties
    all have a type."""
    spec = client.get(f"{API}/openapi.json").json()
    schemas = spec["components"]["schemas"]

    def typed(schema: dict) -> bool:
        if "$ref" in schema or "type" in schema or "const" in schema or "enum" in schema:
            return True
        return any(k in schema for k in ("anyOf", "oneOf", "allOf")) and all(
            typed(s) for s in schema.get("anyOf", schema.get("oneOf", schema.get("allOf", [])))
        )

    for name, schema in schemas.items():
        if name in ("ValidationError", "HTTPValidationError"):
            continue  # FastAPI's own, never answered: errors are the envelope
        for prop, sub in schema.get("properties", {}).items():
            assert typed(sub), f"{name}.{prop} has no type"
    for path, item in spec["paths"].items():
        for method, op in item.items():
            for status, response in op["responses"].items():
                if not status.startswith("2") or "application/json" not in response.get(
                    "content", {}
                ):
                    continue
                ref = response["content"]["application/json"]["schema"].get("$ref", "")
                assert ref.split("/")[-1].startswith("Envelope"), (method, path, ref)
            body = op.get("requestBody", {}).get("content", {})
            for media in body.values():
                assert typed(media["schema"]), (method, path)
