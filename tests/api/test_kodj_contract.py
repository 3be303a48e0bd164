"""The contract of the KO'DJ client (../shared/kodj-frontend, CONTRACT.md), call by call.

For each call the client makes: the query parameters it sends are accepted, the values it
posts are taken, and every field it reads (from its TypeScript types, src/types/*.ts and
src/services/api/**) is there with the JavaScript type it expects. Dates it parses with
``new Date(...)`` must be ISO 8601 date-times with an offset, dates YYYY-MM-DD.
"""

from __future__ import annotations

import datetime as dt
import pathlib
import re

import pytest

from tests.api.auth_helpers import latest_code
from community_app.models import RegistrationStatus
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

pytestmark = pytest.mark.stock_reflex  # also run on stock Reflex (make test-stock-reflex)

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
            "imageUrl": "string?", "bio": "string", "region": "string?",
            "createdAt": "datetime"}
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
    from community_app.core.settings import get_settings

    monkeypatch.setenv("COMMUNITY_LOGIN_CODE_DIGITS", "5")
    get_settings.cache_clear()
    try:
        # src/pages/Auth/Signup/Signup.tsx
        signup = {"email": "jane.doe-99@uzdev.kr", "password": "Str0ng!pass",
                  "username": "jane.doe-99", "name": "jane.doe-99", "phone": "01012345678"}
        # 202 "check your email" (issue 27): the client takes any 2xx with data as success
        # and then logs in; that login's emailed code confirms the address too.
        created = _data(client.post(f"{API}/auth/register", json=signup), 202)
        assert created["username"] == "jane.doe-99"
        # the speaker form's quirk: role is ignored, the username taken gets another one
        other = _data(client.post(f"{API}/auth/register", json={
            **signup, "email": "jane@uzdev.kr", "phone": "01012345679", "role": "speaker"}), 202)
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
        if path.endswith("/schedule.json"):
            continue  # the c3voc schedule format, not enveloped: tests/api/test_talks.py validates it
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


def test_event_details_show_pending_registrations_too(client, engine):
    """The client's "already registered" matches any status (EventDetails.tsx,
    isUserRegistered) and its details call sends no token: a PENDING member must be in
    the list, or they see Register again and get 409. It counts only the ACCEPTED ones."""
    meetup = make_meetup(engine, requires_approval=True)
    accepted, rejected, cancelled = (make_member(engine) for _ in range(3))
    make_registration(engine, accepted, meetup)
    make_registration(engine, rejected, meetup, RegistrationStatus.REJECTED.value)
    make_registration(engine, cancelled, meetup, RegistrationStatus.CANCELLED.value)
    member = make_member(engine, first_name="Pending", email="pending@uzdev.kr",
                         phone="01055556666")
    url = f"{API}/users/meetups/{meetup.id}/registration"
    body = {"attendanceReason": "networking", "interestField": "UI",
            "expectation": "Meet other developers, privately"}
    assert _data(client.post(url, json=body, headers=bearer(member)), 201)["status"] == "PENDING"
    d = _data(client.get(f"{API}/public/meetups/{meetup.id}/details"))
    assert [(r["id"], r["status"]) for r in d["meetupRegistrations"]] == [
        (accepted.id, "ACCEPTED"), (member.id, "PENDING")]
    for reg in d["meetupRegistrations"]:
        assert set(reg) == {"id", "firstName", "avatarURL", "status"}
    assert d["registrationsCount"] == 1 and len(d["registrations"]) == 1
    for secret in ("pending@uzdev.kr", "01055556666", "privately"):
        assert secret not in str(d)
    assert client.post(url, json=body, headers=bearer(member)).status_code == 409


# src/constant/jobsPresets.ts JOB_TYPES, sent as value.toUpperCase().replace('-', '_')
CLIENT_JOB_TYPES = ["full-time", "part-time", "contract", "freelance", "internship"]


@pytest.mark.parametrize("job_type", CLIENT_JOB_TYPES)
def test_jobs_list_takes_every_job_type_the_client_sends(client, engine, job_type):
    sent = job_type.upper().replace("-", "_")
    make_job(engine, title=f"{sent} role", job_type=sent, category="BACKEND")
    make_job(engine, title="Other role", job_type="FULL_TIME" if sent != "FULL_TIME"
             else "CONTRACT", category="BACKEND")
    page = _data(client.get(f"{API}/public/job-posts", params={
        "page": "0", "size": "12", "jobOfferStatus": "OPEN", "jobType": sent,
        "sort": "createdAt,desc"}))
    assert [(j["title"], j["jobType"]) for j in page["content"]] == [(f"{sent} role", sent)]


def test_comment_create_body_and_dislike_answer(client, world):
    """src/services/api/fetchCommentsService.ts: sendComment/sendReply post
    {comment, repliedUsername}; dislike answers LikeOrDislikeResponse."""
    news, alice = world["news"], world["alice"]
    base = f"{API}/news/{news.id}/comments"
    made = _data(client.post(base, json={"comment": "Me too", "repliedUsername": None},
                             headers=bearer(alice)), 201)
    assert_reads(made, COMMENT, "new comment")
    assert made["comment"] == "Me too"
    reply = _data(client.post(f"{base}/{world['comment'].id}/replies",
                              json={"comment": "Thanks", "repliedUsername": "alice"},
                              headers=bearer(alice)), 201)
    assert_reads(reply, COMMENT, "reply")
    assert reply["repliedUsername"] == "alice"
    vote = _data(client.post(f"{base}/{world['comment'].id}/dislike", headers=bearer(alice)))
    assert_reads(vote, VOTE, "dislike")
    assert vote["success"] is True and vote["dislikes"] == 1


# ---------------------------------------------------------------- one source of validation

ROUTES = pathlib.Path(__file__).resolve().parents[2] / "community_app" / "api" / "routes"
# Owned by other work in progress; to be brought under the same rule.
NOT_YET = {"admin/jobs.py", "privacy.py"}


def test_no_route_writes_its_own_json_schema():
    """Allowed values and bodies are types (an Enum, a Literal, a model), never schema text
    beside a plain str: what the document shows is what Pydantic checks."""
    for path in sorted(ROUTES.rglob("*.py")):
        name = path.relative_to(ROUTES).as_posix()
        if name in NOT_YET:
            continue
        source = path.read_text(encoding="utf-8")
        assert "openapi_extra" not in source, name
        for extra in re.findall(r"json_schema_extra=\{[^}]*", source):
            assert not re.search(r"[\"'](enum|format)[\"']", extra), (name, extra)


def test_every_request_body_is_a_named_model(client):
    spec = client.get(f"{API}/openapi.json").json()
    for path, item in spec["paths"].items():
        for method, op in item.items():
            for media, content in op.get("requestBody", {}).get("content", {}).items():
                schema = content["schema"]
                assert "$ref" in schema, (method, path, media, schema)


def _enum_of(schema: dict, components: dict) -> list | None:
    if "$ref" in schema:
        return _enum_of(components[schema["$ref"].split("/")[-1]], components)
    if "enum" in schema:
        return schema["enum"]
    for option in schema.get("anyOf", []):
        if (found := _enum_of(option, components)) is not None:
            return found
    return None


def test_every_enumerated_query_parameter_is_checked(client, make_user):
    """A value outside a documented enum is refused (422), for every GET with one."""
    spec = client.get(f"{API}/openapi.json").json()
    components = spec["components"]["schemas"]
    _, organizer = make_user(role="organizer")
    checked = []
    for path, item in spec["paths"].items():
        op = item.get("get")
        if not op:
            continue
        for param in op.get("parameters", []):
            enum = _enum_of(param["schema"], components)
            if param["in"] != "query" or enum is None:
                continue
            url = re.sub(r"\{[^}]+\}", "1", path)
            r = client.get(url, params={param["name"]: "not-a-value"}, headers=organizer)
            assert r.status_code == 422, (path, param["name"], r.status_code)
            assert param["name"] in r.json()["data"]["errors"], (path, param["name"])
            checked.append((path, param["name"]))
    assert (f"{API}/public/job-posts", "jobType") in checked
    assert (f"{API}/public/news", "type") in checked
    assert len(checked) >= 10
