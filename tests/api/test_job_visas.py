"""Visa and language on job posts: the list's filters, the post's fields, and what a
member's post form accepts (issue 16)."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from community_app.services.errors import InvalidMany
from community_app.services.job_submissions import submit_job_post
from tests.api.factories import make_job, make_member

URL = "/api/v1/public/job-posts"


def _titles(response) -> set[str]:
    assert response.status_code == 200, response.text
    return {j["title"] for j in response.json()["data"]["content"]}


@pytest.fixture
def board(engine):
    return {
        "f2_topik3": make_job(engine, title="F-2 TOPIK 3", visas=["E-7", "F-2"],
                              visa_sponsorship=True, korean_level="TOPIK_3",
                              working_languages=["en", "ko"]),
        "f2_none": make_job(engine, title="F-2 no Korean", visas=["F-2", "F-5"],
                            korean_level="NONE", working_languages=["en"], remote=True),
        "f2_topik5": make_job(engine, title="F-2 TOPIK 5", visas=["F-2"], korean_level="TOPIK_5",
                              working_languages=["ko"]),
        "e7_only": make_job(engine, title="E-7 only", visas=["E-7"], korean_level="TOPIK_1",
                            working_languages=["en"]),
        "unstated": make_job(engine, title="Nothing stated"),
    }


def test_posts_state_visas_sponsorship_korean_and_languages(client, board):
    jobs = {j["title"]: j for j in client.get(URL).json()["data"]["content"]}
    assert jobs["F-2 TOPIK 3"]["visas"] == ["E-7", "F-2"]
    assert jobs["F-2 TOPIK 3"]["visaSponsorship"] is True
    assert jobs["F-2 TOPIK 3"]["koreanLevel"] == "TOPIK_3"
    assert jobs["F-2 TOPIK 3"]["workingLanguages"] == ["en", "ko"]
    assert jobs["Nothing stated"]["visas"] == []
    assert jobs["Nothing stated"]["koreanLevel"] is None


def test_filter_by_visa_and_korean_level_at_most(client, board):
    assert _titles(client.get(URL, params={"visa": "F-2", "koreanLevelMax": "TOPIK_3"})) == {
        "F-2 TOPIK 3", "F-2 no Korean"
    }
    # F-2-R, the regional visa, counts as F-2
    assert _titles(client.get(URL, params={"visa": "F-2-R"})) == {
        "F-2 TOPIK 3", "F-2 no Korean", "F-2 TOPIK 5"
    }
    # posts that state no level are left out of "at most"
    assert "Nothing stated" not in _titles(client.get(URL, params={"koreanLevelMax": "BUSINESS"}))


def test_filter_by_working_language_and_remote(client, board):
    assert _titles(client.get(URL, params={"workingLanguage": "ko"})) == {
        "F-2 TOPIK 3", "F-2 TOPIK 5"
    }
    assert _titles(client.get(URL, params={"remote": "true"})) == {"F-2 no Korean"}
    assert len(_titles(client.get(URL, params={"remote": "false"}))) == 5


def test_the_kodj_call_without_the_new_parameters_is_unchanged(client, board):
    r = client.get(URL, params={"jobType": "FULL_TIME", "page": 0, "size": 10})
    assert len(_titles(r)) == 5


@pytest.mark.parametrize(
    ("param", "value", "field"),
    [("visa", "Z-9", "visa"), ("koreanLevelMax", "TOPIK_9", "koreanLevelMax"),
     ("workingLanguage", "fr", "workingLanguage")],
)
def test_unknown_filter_values_are_refused(client, board, param, value, field):
    r = client.get(URL, params={param: value})
    assert r.status_code == 422, r.text  # like an unknown category or job type
    assert field in r.json()["data"]["errors"]


def test_openapi_documents_the_fields_and_parameters(client):
    doc = client.get("/api/v1/openapi.json").json()
    params = {p["name"]: p for p in doc["paths"][URL]["get"]["parameters"]}
    assert params["visa"]["required"] is False
    (visa, _null) = params["visa"]["schema"]["anyOf"]
    assert "F-2" in doc["components"]["schemas"][visa["$ref"].split("/")[-1]]["enum"]
    for name in ("koreanLevelMax", "workingLanguage", "remote"):
        assert params[name]["required"] is False
    job = doc["components"]["schemas"]["JobOut"]["properties"]
    assert {"visas", "visaSponsorship", "koreanLevel", "workingLanguages"} <= set(job)


def _form(**extra):
    return {"title": "Go developer", "companyName": "Songdo Cloud", "location": "Incheon",
            "description": "Build APIs.", "jobType": "FULL_TIME", "category": "BACKEND", **extra}


def test_a_member_posts_visa_fields_from_the_form(engine):
    member = make_member(engine)
    with Session(engine) as session:
        job = submit_job_post(session, member.id, _form(
            **{"visa_F-2": "on", "visa_E-7": "on", "visaSponsorship": "on",
               "koreanLevel": "TOPIK_2", "lang_en": "on", "lang_uz": "on"}))
        session.commit()
        assert job.visas == ["E-7", "F-2"]
        assert job.visa_sponsorship is True
        assert job.korean_level == "TOPIK_2"
        assert job.working_languages == ["en", "uz"]


def test_unknown_visa_or_level_is_a_field_error(engine):
    member = make_member(engine)
    with Session(engine) as session, pytest.raises(InvalidMany) as caught:
        submit_job_post(session, member.id, _form(visas="F-2, Q-1", koreanLevel="fluent"))
    assert set(caught.value.errors) >= {"visas", "koreanLevel"}


# ---------------------------------------------------------------- the back office's form


def test_an_organizer_saves_and_reads_visa_fields(client, engine, make_user):
    _, headers = make_user(role="organizer")
    job = make_job(engine, title="Back-office post")
    r = client.put(f"/api/v1/admin/jobs/{job.id}", headers=headers, json=_form(
        visas=["F-2", "E-7"], visaSponsorship=True, koreanLevel="TOPIK_4",
        workingLanguages=["ru", "en"]))
    assert r.status_code == 200, r.text
    saved = r.json()["data"]["job"]
    assert saved["visas"] == ["E-7", "F-2"]  # the enum's order, as the member form stores
    assert saved["visaSponsorship"] is True
    assert saved["koreanLevel"] == "TOPIK_4"
    assert set(saved["workingLanguages"]) == {"en", "ru"}
    got = client.get(f"/api/v1/admin/jobs/{job.id}", headers=headers).json()["data"]["job"]
    assert (got["visas"], got["koreanLevel"]) == (["E-7", "F-2"], "TOPIK_4")
    public = {j["title"]: j for j in client.get(URL).json()["data"]["content"]}
    assert public["Go developer"]["visaSponsorship"] is True


def test_the_back_office_refuses_unknown_visa_values_with_the_member_forms_messages(
        client, engine, make_user):
    _, headers = make_user(role="organizer")
    job = make_job(engine)
    r = client.put(f"/api/v1/admin/jobs/{job.id}", headers=headers,
                   json=_form(visas=["Q-1"], koreanLevel="fluent", workingLanguages=["fr"]))
    assert r.status_code == 422, r.text
    assert {"visas", "koreanLevel", "workingLanguages"} <= set(r.json()["data"]["errors"])


def test_the_admin_job_body_documents_the_visa_fields(client):
    body = client.get("/api/v1/openapi.json").json()["components"]["schemas"]["JobIn"]["properties"]
    assert {"visas", "visaSponsorship", "koreanLevel", "workingLanguages"} <= set(body)


def test_the_back_office_service_uses_the_member_forms_rules(engine):
    from community_app.services.admin.jobs import validate_job

    values = validate_job(_form(**{"visa_F-4": "on", "lang_ko": "on", "koreanLevel": "BUSINESS",
                                   "visaSponsorship": "on"}))
    assert values["visas"] == ["F-4"] and values["working_languages"] == ["ko"]
    assert values["korean_level"] == "BUSINESS" and values["visa_sponsorship"] is True
