"""The API answers in its envelope and documents itself at /api/v1/docs."""

from __future__ import annotations


def test_health_answers_in_the_envelope(client):
    r = client.get("/api/v1/health")
    assert r.status_code == 200
    assert r.json() == {"data": {"database": "up"}, "message": "OK", "status": 200}


def test_openapi_and_docs_are_served(client):
    spec = client.get("/api/v1/openapi.json")
    assert spec.status_code == 200
    assert "/api/v1/health" in spec.json()["paths"]
    docs = client.get("/api/v1/docs")
    assert docs.status_code == 200
    assert "swagger" in docs.text.lower()


def test_unknown_path_answers_404_in_the_envelope(client):
    r = client.get("/api/v1/no-such-thing")
    assert r.status_code == 404
    assert r.json() == {"data": None, "message": "Not found.", "status": 404}
    uz = client.get("/api/v1/no-such-thing", headers={"Accept-Language": "uz"})
    assert uz.json() == {"data": None, "message": "Topilmadi.", "status": 404}


def test_wrong_method_answers_405_in_the_envelope(client):
    r = client.post("/api/v1/health")
    assert r.status_code == 405
    assert r.json() == {"data": None, "message": "Method not allowed.", "status": 405}
    assert r.headers["allow"] == "GET"


def test_every_body_and_answer_of_the_openapi_document_has_a_schema(client):
    doc = client.get("/api/v1/openapi.json").json()
    missing = []
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            bodies = (op.get("requestBody") or {}).get("content", {})
            answers = [c for r in op["responses"].values() for c in (r.get("content") or {}).values()]
            for content in [*bodies.values(), *answers]:
                if not content.get("schema"):
                    missing.append(f"{method.upper()} {path}")
    assert missing == []
