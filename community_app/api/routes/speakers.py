"""The call for speakers: POST /speakers/register as multipart/form-data (SPEC section 7).

The form's fields are text parts with the names of SPEC section 3; an optional ``photo``
file part (JPEG, PNG or WebP, at most 5 MB) is checked by decoding it, re-encoded and kept
privately. Every invalid field is reported at once.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import File, Form, Request, UploadFile
from pydantic import BaseModel, ConfigDict, Field

from community_app.api.routing import Router
from community_app.api.deps import SessionDep, client_address
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.api.formatting import translated
from community_app.api.schemas.rules import PHONE_FORMAT, also_checked_by, checked_by
from community_app.i18n import N_
from community_app.models import ApplicationStatus, Experience, Expertise
from community_app.services.speakers import (
    submit_speaker_application,
    validate_speaker_application,
)
from community_app.services.uploads import MAX_IMAGE_BYTES

router = Router(tags=["speakers"])

APPLICATION_RECEIVED = N_(
    "Thank you! Your application has been received. We will contact you within 5-7 business days."
)


def _rule(field: str):
    """The form's rule for one field (``services.speakers``), as a field validator."""
    return checked_by(lambda value: validate_speaker_application({field: value}).get(field))


class SpeakerApplicationForm(BaseModel):
    """The multipart form's text parts (SPEC section 3). The choices are typed; every field
    is checked by the form's rules, and every invalid field is reported at once."""

    model_config = ConfigDict(extra="ignore")

    email: str | None = None
    fullName: str | None = None
    jobPosition: str | None = None
    phone: str | None = Field(default=None, description=PHONE_FORMAT)
    yearsOfExperience: Annotated[Experience | None, _rule("yearsOfExperience")] = None
    expertiseField: Annotated[Expertise | None, _rule("expertiseField")] = None
    topics: str | None = None
    linkedinUrl: str | None = None
    githubUrl: str | None = None
    portfolioUrl: str | None = None

    _every_problem = also_checked_by(validate_speaker_application)


class ApplicationOut(BaseModel):
    id: int
    status: ApplicationStatus


@router.post(
    "/speakers/register",
    status_code=201,
    responses={413: {"description": "Request is too large."}, 422: {}, 429: {}},
)
def register_speaker(
    request: Request,
    session: SessionDep,
    form: Annotated[SpeakerApplicationForm, Form()],
    photo: Annotated[UploadFile | None, File(description="JPEG, PNG or WebP, at most 5 MB")] = None,
) -> Envelope[ApplicationOut]:
    """Apply to speak at a meetup."""
    data = form.model_dump(mode="json")
    image = photo.file.read(MAX_IMAGE_BYTES + 1) if photo is not None else None
    application = submit_speaker_application(
        session, data, image, request_language(request), client=client_address(request)
    )
    return ok(
        ApplicationOut(id=application.id, status=application.status),
        translated(request, APPLICATION_RECEIVED),
        201,
    )
