"""GET /public/job-posts (filters, search, sort, paging) and GET /public/job-posts/{id}."""

from __future__ import annotations

import datetime as dt

import pytest

from community_app.core.db import utcnow
from tests.api.factories import make_job, make_member

URL = "/api/v1/public/job-posts"
NOT_FOUND = "Job Not Found: The job you are looking for does not exist or has been removed."


def _titles(response) -> list[str]:
    assert response.status_code == 200, response.text
    return [j["title"] for j in response.json()["data"]["content"]]


@pytest.fixture
def board(engine):
    poster = make_member(
        engine,
        username="hr",
        first_name="Nodira",
        last_name="Yusupova",
        bio="Recruiter",
        email="hr@example.com",
        phone="01099998888",
    )
    soon = utcnow() + dt.timedelta(days=10)
    return {
        "kotlin": make_job(
            engine,
            title="Kotlin Backend",
            company_name="Hanriver Logistics",
            location="Seoul",
            category="BACKEND",
            job_type="FULL_TIME",
            keywords=["spring", "kafka"],
            technologies=["Kotlin", "PostgreSQL"],
            days_ago=1,
            posted_by_id=poster.id,
            expires_at=soon,
            salary_min=50_000_000,
            salary_max=70_000_000,
            contact_email="jobs@hanriver.example",
        ),
        "react": make_job(
            engine,
            title="React Developer",
            company_name="busan Mobility",
            location="Busan",
            category="FRONTEND",
            job_type="CONTRACT",
            technologies=["React", "TypeScript"],
            days_ago=3,
        ),
        "ml": make_job(
            engine,
            title="ML Engineer",
            company_name="Arirang AI",
            location="seoul",
            category="AI",
            job_type="FULL_TIME",
            keywords=["pytorch", "O‘zbek"],
            days_ago=2,
        ),
        "intern": make_job(
            engine,
            title="QA Intern",
            company_name="Zeta Games",
            location="Daegu",
            category="QA",
            job_type="INTERNSHIP",
            days_ago=5,
        ),
        "pending": make_job(
            engine, title="Pending Kotlin role", status="PENDING", category="BACKEND", days_ago=0.5
        ),
        "closed": make_job(
            engine, title="Closed Go role", status="CLOSED", category="BACKEND", days_ago=4
        ),
        "filled": make_job(
            engine, title="Filled Java role", status="FILLED", category="BACKEND", days_ago=6
        ),
        "expired": make_job(
            engine,
            title="Expired Kotlin role",
            status="OPEN",
            category="BACKEND",
            days_ago=40,
            expires_at=utcnow() - dt.timedelta(days=10),
        ),
    }


def test_the_list_shows_open_jobs_newest_first(client, board):
    r = client.get(URL)
    assert _titles(r) == ["Kotlin Backend", "ML Engineer", "React Developer", "QA Intern"]
    assert r.json()["data"]["size"] == 10


def test_job_shape_with_its_poster(client, board):
    job = client.get(URL).json()["data"]["content"][0]
    assert set(job) == {
        "id",
        "title",
        "companyName",
        "companyDescription",
        "location",
        "remote",
        "jobType",
        "category",
        "description",
        "requirements",
        "experience",
        "technologies",
        "benefits",
        "keywords",
        "salaryMin",
        "salaryMax",
        "salaryCurrency",
        "contactPhone",
        "contactEmail",
        "contactWebsite",
        "status",
        "visas",
        "visaSponsorship",
        "koreanLevel",
        "workingLanguages",
        "postedBy",
        "createdAt",
        "expiresAt",
        # the KO'DJ client's names (tests/api/test_kodj_contract.py checks their types)
        "technologyList",
        "content",
        "requiredExperience",
        "jobBenefits",
        "placeOfWork",
        "salaryRange",
        "jobOfferStatus",
        "user",
        "linkedinProfile",
        "twitterProfile",
        "facebookProfile",
        "instagramProfile",
        "imageURL",
    }
    assert job["postedBy"] == job["user"] == {
        "id": job["postedBy"]["id"],
        "username": "hr",
        "firstName": "Nodira",
        "lastName": "Yusupova",
        "bio": "Recruiter",
        "imageURL": None,
        "imageUrl": None,
        "region": None,
        "createdAt": job["postedBy"]["createdAt"],
    }
    assert job["postedBy"]["createdAt"].endswith("Z")
    assert job["salaryRange"] == "₩50,000,000 – ₩70,000,000"
    assert (job["salaryMin"], job["salaryMax"], job["salaryCurrency"]) == (
        50_000_000,
        70_000_000,
        "KRW",
    )
    assert job["technologies"] == "Kotlin, PostgreSQL"
    assert job["technologyList"] == ["Kotlin", "PostgreSQL"] and job["keywords"] == [
        "spring",
        "kafka",
    ]
    assert job["status"] == "OPEN" and job["expiresAt"].endswith("Z")
    assert "hr@example.com" not in str(job) and "01099998888" not in str(job)
    other = client.get(URL, params={"search": "react"}).json()["data"]["content"][0]
    assert other["postedBy"] is None and other["expiresAt"] is None


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ("OPEN", ["Kotlin Backend", "ML Engineer", "React Developer", "QA Intern"]),
        (
            "closed",
            ["Closed Go role", "Expired Kotlin role"],
        ),  # an expired open post counts as closed
        ("FILLED", ["Filled Java role"]),
    ],
)
def test_status_filter(client, board, status, expected):
    r = client.get(URL, params={"jobOfferStatus": status})
    assert _titles(r) == expected
    if status == "closed":
        assert {j["status"] for j in r.json()["data"]["content"]} == {"CLOSED"}


def test_pending_posts_are_never_public(client, board):
    r = client.get(URL, params={"jobOfferStatus": "PENDING"})
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == {
        "jobOfferStatus": "Unknown job status. Use one of: OPEN, CLOSED, FILLED."
    }
    for status in ("OPEN", "CLOSED", "FILLED"):
        assert "Pending Kotlin role" not in _titles(
            client.get(URL, params={"jobOfferStatus": status, "size": 100})
        )


def test_category_and_job_type_filters(client, board):
    assert _titles(client.get(URL, params={"category": "backend"})) == ["Kotlin Backend"]
    assert _titles(client.get(URL, params={"jobType": "FULL_TIME"})) == [
        "Kotlin Backend",
        "ML Engineer",
    ]
    assert _titles(client.get(URL, params={"jobType": "INTERNSHIP", "category": "QA"})) == [
        "QA Intern"
    ]
    assert _titles(client.get(URL, params={"jobType": "FREELANCE"})) == []


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        (
            {"category": "COOKING"},
            "category",
            "Unknown job category. Use one of: BACKEND, FRONTEND, FULLSTACK, MOBILE, DEVOPS, DATA,"
            " AI, QA, DESIGN, OTHER.",
        ),
        (
            {"jobType": "SOMETIMES"},
            "jobType",
            "Unknown job type. Use one of: FULL_TIME, PART_TIME, CONTRACT, INTERNSHIP, FREELANCE.",
        ),
        (
            {"jobOfferStatus": "MAYBE"},
            "jobOfferStatus",
            "Unknown job status. Use one of: OPEN, CLOSED, FILLED.",
        ),
        (
            {"sort": "salary,desc"},
            "sort",
            "Unknown sort order. Use one of: createdAt,desc; createdAt,asc; companyName,asc.",
        ),
    ],
)
def test_invalid_filters_are_refused_with_a_clear_message(client, params, field, message):
    r = client.get(URL, params=params)
    assert r.status_code == 422
    assert r.json()["message"] == message
    assert r.json()["data"]["errors"] == {field: message}


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("kotlin", ["Kotlin Backend"]),  # title (the pending and expired ones stay out)
        ("HANRIVER", ["Kotlin Backend"]),  # company
        ("kafka", ["Kotlin Backend"]),  # keyword
        ("typescript", ["React Developer"]),  # technology
        ("postgres", ["Kotlin Backend"]),  # part of a technology
        ("o‘zbek", ["ML Engineer"]),  # non-ASCII keyword
        ('", "', []),  # JSON punctuation is not searchable
        ("engineer", ["ML Engineer"]),
        ("nothing", []),
    ],
)
def test_search_title_company_keywords_and_technologies(client, board, search, expected):
    assert _titles(client.get(URL, params={"search": search})) == expected


def test_location_filter_ignores_case(client, board):
    assert _titles(client.get(URL, params={"location": "SEOUL"})) == [
        "Kotlin Backend",
        "ML Engineer",
    ]
    assert _titles(client.get(URL, params={"location": "Busan"})) == ["React Developer"]
    assert _titles(client.get(URL, params={"location": "Seo"})) == []


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("createdAt,desc", ["Kotlin Backend", "ML Engineer", "React Developer", "QA Intern"]),
        ("createdAt,asc", ["QA Intern", "React Developer", "ML Engineer", "Kotlin Backend"]),
        (
            "companyName,asc",
            ["ML Engineer", "React Developer", "Kotlin Backend", "QA Intern"],
        ),  # A-Z, any case
        ("createdAt, asc", ["QA Intern", "React Developer", "ML Engineer", "Kotlin Backend"]),
    ],
)
def test_sorts(client, board, sort, expected):
    assert _titles(client.get(URL, params={"sort": sort})) == expected


def test_paging(client, engine):
    for i in range(23):
        make_job(engine, title=f"Job {i:02}", days_ago=30 - i)
    data = client.get(URL, params={"page": 2, "size": 10}).json()["data"]
    assert data["totalElements"] == 23 and data["totalPages"] == 3 and data["numberOfElements"] == 3
    assert [j["title"] for j in data["content"]] == ["Job 02", "Job 01", "Job 00"]
    assert client.get(URL, params={"size": 101}).status_code == 422
    assert client.get(URL, params={"page": -1}).status_code == 422


def test_one_job(client, board):
    r = client.get(f"{URL}/{board['kotlin'].id}")
    assert r.status_code == 200
    assert r.json()["data"]["title"] == "Kotlin Backend"
    assert r.json()["data"]["contactEmail"] == "jobs@hanriver.example"


def test_closed_filled_and_expired_jobs_stay_readable(client, board):
    for key, status in (("closed", "CLOSED"), ("filled", "FILLED"), ("expired", "CLOSED")):
        r = client.get(f"{URL}/{board[key].id}")
        assert r.status_code == 200 and r.json()["data"]["status"] == status


@pytest.mark.parametrize("which", ["pending", "unknown", "zero", "huge"])
def test_unknown_or_pending_job_answers_404(client, board, which):
    job_id = {"pending": board["pending"].id, "unknown": 99999, "zero": 0, "huge": 10**30}[which]
    r = client.get(f"{URL}/{job_id}")
    assert r.status_code == 404
    assert r.json() == {"data": None, "message": NOT_FOUND, "status": 404}
