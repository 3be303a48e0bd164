"""POST /speakers/register: the call for speakers as multipart/form-data, with an optional photo."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image
from sqlmodel import Session, select

from community_app.models import SpeakerApplication
from community_app.core.settings import get_settings

URL = "/api/v1/speakers/register"
PHOTO_INVALID = "Photo must be a JPEG, PNG or WebP image of at most 5 MB."

VALID = {
    "email": "  Dilnoza@Example.com ",
    "fullName": "Dilnoza Rahimova",
    "jobPosition": "Backend Engineer",
    "phone": "01012345678",
    "yearsOfExperience": "3-5",
    "expertiseField": "backend",
    "topics": "Running PostgreSQL at scale in Korean fintech",
    "linkedinUrl": "https://www.linkedin.com/in/dilnoza",
    "githubUrl": "https://github.com/dilnoza",
    "portfolioUrl": "https://dilnoza.dev",
}


def _image(fmt: str = "PNG", size=(40, 20), mode: str = "RGB", **save) -> bytes:
    colour = {"L": 128, "RGBA": (255, 0, 0, 100)}.get(mode, "red")  # RGBA: half transparent
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, format=fmt, **save)
    return out.getvalue()


def _png_claiming(width: int, height: int) -> bytes:
    """A small PNG whose header claims other dimensions (a decompression bomb's trick)."""
    data = bytearray(_image("PNG", size=(1, 1)))
    ihdr = 8 + 4  # signature, chunk length
    data[ihdr + 4 : ihdr + 12] = struct.pack(">II", width, height)
    data[ihdr + 17 : ihdr + 21] = struct.pack(">I", zlib.crc32(bytes(data[ihdr : ihdr + 17])))
    return bytes(data)


def _applications(engine) -> list[SpeakerApplication]:
    with Session(engine) as s:
        return list(s.exec(select(SpeakerApplication)))


def _stored(path: str) -> Image.Image:
    full = get_settings().upload_dir / path
    assert full.is_file()
    return Image.open(full)


# ---------------------------------------------------------------- success


def test_an_application_without_a_photo(client, engine):
    r = client.post(URL, data=VALID)
    assert r.status_code == 201
    body = r.json()
    assert body["status"] == 201
    assert body["message"] == (
        "Thank you! Your application has been received. "
        "We will contact you within 5-7 business days."
    )
    [row] = _applications(engine)
    assert body["data"] == {"id": row.id, "status": "NEW"}
    assert row.email == "dilnoza@example.com" and row.full_name == "Dilnoza Rahimova"
    assert (row.years_of_experience, row.expertise_field, row.phone) == (
        "3-5",
        "backend",
        "01012345678",
    )
    assert row.photo_path is None and row.language == "en"


@pytest.mark.parametrize("typed", ["010-1234-5678", "010 1234 5678", "+82 10-1234-5678"])
def test_a_phone_number_typed_with_separators_is_stored_as_digits(client, engine, typed):
    assert client.post(URL, data={**VALID, "phone": typed}).status_code == 201
    assert _applications(engine)[0].phone == "01012345678"


def test_the_language_comes_from_accept_language(client, engine):
    client.post(URL, data=VALID, headers={"Accept-Language": "uz-UZ"})
    assert _applications(engine)[0].language == "uz"


def test_a_jpeg_photo_is_re_encoded_without_metadata_and_kept_privately(client, engine):
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: rotate 90 degrees
    exif[0x010F] = "SecretCam"  # camera make
    photo = _image("JPEG", size=(40, 20), exif=exif.tobytes())
    r = client.post(URL, data=VALID, files={"photo": ("me.jpg", photo, "image/jpeg")})
    assert r.status_code == 201, r.text
    path = _applications(engine)[0].photo_path
    assert path.startswith("private/speakers/") and path.endswith(".webp")
    assert "me" not in path.rsplit("/", 1)[1]
    stored = _stored(path)
    assert stored.format == "WEBP"
    assert stored.size == (20, 40)  # the orientation was applied, then dropped
    assert not stored.getexif() and "exif" not in stored.info and "icc_profile" not in stored.info
    assert b"SecretCam" not in (get_settings().upload_dir / path).read_bytes()


@pytest.mark.parametrize(
    ("fmt", "mode"), [("PNG", "RGBA"), ("WEBP", "RGB"), ("PNG", "P"), ("PNG", "L")]
)
def test_png_and_webp_photos_are_accepted(client, engine, fmt, mode):
    r = client.post(
        URL,
        data=VALID,
        files={"photo": ("x.bin", _image(fmt, mode=mode), "application/octet-stream")},
    )
    assert r.status_code == 201, r.text
    stored = _stored(_applications(engine)[0].photo_path)
    assert stored.mode in ("RGB", "RGBA")
    if mode == "RGBA":
        assert stored.mode == "RGBA"


def test_a_large_photo_is_shrunk(client, engine):
    r = client.post(
        URL, data=VALID, files={"photo": ("big.png", _image("PNG", size=(4000, 1000)), "image/png")}
    )
    assert r.status_code == 201
    assert _stored(_applications(engine)[0].photo_path).size == (2048, 512)


def test_an_empty_photo_part_means_no_photo(client, engine):
    r = client.post(URL, data=VALID, files={"photo": ("", b"", "application/octet-stream")})
    assert r.status_code == 201
    assert _applications(engine)[0].photo_path is None


# ---------------------------------------------------------------- photos are checked by decoding


@pytest.mark.parametrize(
    "photo",
    [
        pytest.param(b"GIF89a not really", id="gif header"),
        pytest.param(_image("GIF"), id="real gif"),
        pytest.param(_image("BMP"), id="bmp"),
        pytest.param(b"<svg xmlns='http://www.w3.org/2000/svg'/>", id="svg"),
        pytest.param(b"#!/bin/sh\necho hacked\n", id="script named .png"),
        pytest.param(_image("JPEG")[:60], id="truncated jpeg"),
        pytest.param(_image("PNG", size=(8000, 6000), mode="L"), id="48 megapixels"),
        pytest.param(_png_claiming(100_000, 100_000), id="header claims 10 gigapixels"),
        pytest.param(_png_claiming(7000, 7000), id="header claims 49 megapixels"),
        pytest.param(b"\xff\xd8\xff" + b"\0" * (5 * 1024 * 1024), id="over 5 MB"),
    ],
)
def test_a_photo_that_is_not_an_allowed_image_is_refused(client, engine, photo):
    folder = get_settings().upload_dir / "private" / "speakers"
    before = set(folder.iterdir()) if folder.exists() else set()
    r = client.post(URL, data=VALID, files={"photo": ("photo.png", photo, "image/png")})
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == {"photo": PHOTO_INVALID}
    assert _applications(engine) == []
    assert (set(folder.iterdir()) if folder.exists() else set()) == before  # nothing stored


# ---------------------------------------------------------------- field rules


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("email", "", "Email address is required"),
        ("email", "   ", "Email address is required"),
        ("email", "not-an-email", "Please enter a valid email address"),
        ("email", "a@b", "Please enter a valid email address"),
        ("fullName", "D", "Full name must be at least 2 characters"),
        ("fullName", "  D  ", "Full name must be at least 2 characters"),
        ("fullName", "D" * 121, "Full name must be at most 120 characters"),
        ("jobPosition", "", "Job position is required"),
        ("jobPosition", "   ", "Job position is required"),
        ("jobPosition", "J" * 121, "Job position must be at most 120 characters"),
        ("phone", "010-1234-567", "Please enter a valid phone number (01012345678)"),
        ("phone", "0101234567", "Please enter a valid phone number (01012345678)"),
        ("phone", "01112345678", "Please enter a valid phone number (01012345678)"),
        ("phone", "", "Please enter a valid phone number (01012345678)"),
        ("yearsOfExperience", "", "Please select your years of experience"),
        ("yearsOfExperience", "100", "Please select your years of experience"),
        ("expertiseField", "", "Please select your field of expertise"),
        ("expertiseField", "cooking", "Please select your field of expertise"),
        (
            "topics",
            "short",
            "Please provide more details about your topics (minimum 10 characters)",
        ),
        (
            "topics",
            "   123456789   ",
            "Please provide more details about your topics (minimum 10 characters)",
        ),
        ("topics", "t" * 5001, "Please keep your topics under 5000 characters"),
        ("linkedinUrl", "", "Please enter a valid LinkedIn URL"),
        ("linkedinUrl", "linkedin.com/in/x", "Please enter a valid LinkedIn URL"),
        ("linkedinUrl", "https://github.com/x", "Please enter a valid LinkedIn URL"),
        ("linkedinUrl", "https://notlinkedin.com/in/x", "Please enter a valid LinkedIn URL"),
        ("linkedinUrl", "https://linkedin.com.evil.io/in/x", "Please enter a valid LinkedIn URL"),
        ("linkedinUrl", "https://linkedin.com@evil.io/in/x", "Please enter a valid LinkedIn URL"),
        (
            "linkedinUrl",
            "javascript://linkedin.com/%0aalert(1)",
            "Please enter a valid LinkedIn URL",
        ),
        ("linkedinUrl", "ftp://linkedin.com/in/x", "Please enter a valid LinkedIn URL"),
        ("githubUrl", "", "Please enter a valid GitHub URL"),
        ("githubUrl", "https://gitlab.com/x", "Please enter a valid GitHub URL"),
        ("githubUrl", "https://github.com.evil.io/x", "Please enter a valid GitHub URL"),
        ("githubUrl", "https://github.com:99999/x", "Please enter a valid GitHub URL"),
        ("portfolioUrl", "", "Please enter a valid portfolio URL"),
        ("portfolioUrl", "dilnoza.dev", "Please enter a valid portfolio URL"),
        ("portfolioUrl", "https://", "Please enter a valid portfolio URL"),
        ("portfolioUrl", "https://localhost", "Please enter a valid portfolio URL"),
        ("portfolioUrl", "https://exa mple.com", "Please enter a valid portfolio URL"),
        ("portfolioUrl", "https://example.com/" + "p" * 500, "Please enter a valid portfolio URL"),
    ],
)
def test_each_field_rule_has_its_message(client, engine, field, value, message):
    r = client.post(URL, data={**VALID, field: value})
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == {field: message}
    assert _applications(engine) == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("linkedinUrl", "https://linkedin.com/in/x"),
        ("linkedinUrl", "http://kr.linkedin.com/in/x"),
        ("linkedinUrl", "HTTPS://WWW.LINKEDIN.COM/in/x"),
        ("githubUrl", "https://www.github.com/x"),
        ("portfolioUrl", "http://203.0.113.5/portfolio"),
        ("yearsOfExperience", "less_than_1"),
        ("yearsOfExperience", "10+"),
        ("expertiseField", "gamedev"),
    ],
)
def test_accepted_values(client, field, value):
    assert client.post(URL, data={**VALID, field: value}).status_code == 201


def test_every_problem_is_reported_at_once_with_the_photo(client, engine):
    r = client.post(URL, data={"fullName": "X"}, files={"photo": ("a.png", b"nope", "image/png")})
    assert r.status_code == 422
    errors = r.json()["data"]["errors"]
    assert set(errors) == {
        "email",
        "fullName",
        "jobPosition",
        "phone",
        "yearsOfExperience",
        "expertiseField",
        "topics",
        "linkedinUrl",
        "githubUrl",
        "portfolioUrl",
        "photo",
    }
    assert errors["email"] == "Email address is required" and errors["photo"] == PHOTO_INVALID


def test_a_json_body_is_treated_as_an_empty_form(client):
    r = client.post(URL, json=VALID)
    assert r.status_code == 422
    assert len(r.json()["data"]["errors"]) == 10


def test_a_text_photo_part_answers_422_not_500(client):
    r = client.post(URL, data={**VALID, "photo": "not a file"})
    assert r.status_code == 422


def test_the_sixth_application_from_one_address_in_an_hour_is_refused(api, engine):
    """SPEAKER_APPLICATIONS_ADDRESS (5/hour by default): every application sent counts,
    invalid ones too (each may carry a 5 MB photo to decode), and the refusal comes before
    any check of the form or the photo."""
    from fastapi.testclient import TestClient

    bad_photo = {"photo": ("a.png", b"nope" * 1000, "image/png")}
    with TestClient(api, client=("198.51.100.7", 5000)) as same, \
            TestClient(api, client=("198.51.100.8", 5000)) as other:
        first = [same.post(URL, data={**VALID, "fullName": "X"}, files=bad_photo).status_code for _ in range(3)]
        first += [same.post(URL, data=VALID).status_code for _ in range(2)]
        assert first == [422, 422, 422, 201, 201]
        refused = same.post(URL, data={**VALID, "fullName": "X"}, files=bad_photo)
        assert refused.status_code == 429  # not 422: the photo was never looked at
        assert 0 < int(refused.headers["Retry-After"]) <= 3600
        assert "Too many attempts" in refused.json()["message"]
        assert same.post(URL, data=VALID).status_code == 429
        assert other.post(URL, data=VALID).status_code == 201  # another address has its own budget
    assert len(_applications(engine)) == 3


def test_a_refused_choice_is_reported_with_the_other_problems(client, engine):
    r = client.post(URL, data={**VALID, "expertiseField": "cooking", "email": "", "topics": "x"})
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == {
        "expertiseField": "Please select your field of expertise",
        "email": "Email address is required",
        "topics": "Please provide more details about your topics (minimum 10 characters)",
    }
    assert _applications(engine) == []


def test_the_form_is_a_typed_model(client):
    doc = client.get("/api/v1/openapi.json").json()
    form = doc["components"]["schemas"]["SpeakerApplicationForm"]["properties"]
    assert form["expertiseField"]["anyOf"][0]["$ref"].endswith("/Expertise")
    assert "gamedev" in doc["components"]["schemas"]["Expertise"]["enum"]
    assert "10+" in doc["components"]["schemas"]["Experience"]["enum"]
