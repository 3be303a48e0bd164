"""The call for speakers: POST /speakers/register as multipart/form-data (SPEC section 7).

The form's fields are text parts with the names of SPEC section 3; an optional ``photo``
file part (JPEG, PNG or WebP, at most 5 MB) is checked by decoding it, re-encoded and kept
privately. Every invalid field is reported at once.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, File, Form, Request, UploadFile
from pydantic import BaseModel

from community_app.api.deps import SessionDep, client_address
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.api.formatting import translated
from community_app.i18n import N_
from community_app.models import ApplicationStatus, Experience, Expertise
from community_app.services.speakers import submit_speaker_application
from community_app.services.uploads import MAX_IMAGE_BYTES

router = APIRouter(tags=["speakers"])

APPLICATION_RECEIVED = N_(
    "Thank you! Your application has been received. We will contact you within 5-7 business days."
)

TextPart = Annotated[str | None, Form()]


class ApplicationOut(BaseModel):
    id: int
    status: Literal[tuple(ApplicationStatus.values())]  # type: ignore[valid-type]


@router.post(
    "/speakers/register",
    status_code=201,
    responses={413: {"description": "Request is too large."}, 422: {}, 429: {}},
)
def register_speaker(
    request: Request,
    session: SessionDep,
    email: TextPart = None,
    fullName: TextPart = None,  # noqa: N803 - the form's field names
    jobPosition: TextPart = None,  # noqa: N803
    phone: TextPart = None,
    yearsOfExperience: Annotated[  # noqa: N803
        str | None, Form(json_schema_extra={"enum": Experience.values()})
    ] = None,
    expertiseField: Annotated[  # noqa: N803
        str | None, Form(json_schema_extra={"enum": Expertise.values()})
    ] = None,
    topics: TextPart = None,
    linkedinUrl: TextPart = None,  # noqa: N803
    githubUrl: TextPart = None,  # noqa: N803
    portfolioUrl: TextPart = None,  # noqa: N803
    photo: Annotated[UploadFile | None, File(description="JPEG, PNG or WebP, at most 5 MB")] = None,
) -> Envelope[ApplicationOut]:
    """Apply to speak at a meetup."""
    data = {
        "email": email,
        "fullName": fullName,
        "jobPosition": jobPosition,
        "phone": phone,
        "yearsOfExperience": yearsOfExperience,
        "expertiseField": expertiseField,
        "topics": topics,
        "linkedinUrl": linkedinUrl,
        "githubUrl": githubUrl,
        "portfolioUrl": portfolioUrl,
    }
    image = photo.file.read(MAX_IMAGE_BYTES + 1) if photo is not None else None
    application = submit_speaker_application(
        session, data, image, request_language(request), client=client_address(request)
    )
    return ok(
        ApplicationOut(id=application.id, status=application.status),
        translated(request, APPLICATION_RECEIVED),
        201,
    )
