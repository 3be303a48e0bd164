"""The personal digest (services/digest/): the member's choices and preview, the
one-click unsubscribe of the digest email (RFC 8058; no sign-in, the member's own random
token), and for organizers the next digest's audience and a test sent to themselves."""

from __future__ import annotations

import datetime as dt

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import translated, utc
from community_app.api.routing import Router
from community_app.models import DigestFrequency, KoreanLevel
from community_app.services.digest import member_choices, opting_out, previews
from community_app.services.errors import NotFound

router = Router(tags=["digest"])


def _utc(value: dt.datetime | None) -> dt.datetime | None:
    return utc(value) if value is not None else None


class _Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class DigestChoicesOut(_Camel):
    frequency: DigestFrequency
    hour: int = Field(description="Hour of the day, Korea time (0-23)")
    by_email: bool
    by_telegram: bool = Field(description="Sent by the bot when it is linked")
    only_if_away: bool = Field(description="Only when the member has not visited since the last")
    korean_level: KoreanLevel | None = Field(description="Jobs needing at most this Korean")
    consent: bool = Field(description="The news-emails consent is in force (no digest without)")
    telegram_linked: bool
    next_digest_at: dt.datetime | None = Field(description="None: never, or no consent")

    @classmethod
    def of(cls, c: member_choices.Choices) -> DigestChoicesOut:
        return cls(frequency=c.frequency, hour=c.hour, by_email=c.by_email,
                   by_telegram=c.by_telegram, only_if_away=c.only_if_away,
                   korean_level=c.korean_level, consent=c.consent,
                   telegram_linked=c.telegram_linked, next_digest_at=_utc(c.next_at))


class DigestChoicesIn(_Camel):
    frequency: DigestFrequency | None = None
    hour: int | None = Field(default=None, ge=0, le=23)
    by_email: bool | None = None
    by_telegram: bool | None = None
    only_if_away: bool | None = None
    korean_level: KoreanLevel | None = None
    clear_korean_level: bool = False


class PreviewItemOut(_Camel):
    title: str
    detail: str
    url: str
    new: bool


class PreviewSectionOut(_Camel):
    heading: str
    items: list[PreviewItemOut]


class DigestPreviewOut(_Camel):
    next_digest_at: dt.datetime | None
    channels: list[str]
    subject: str | None = Field(description="None: nothing new, nothing would be sent now")
    text: str | None
    sections: list[PreviewSectionOut]


@router.get("/users/me/digest", responses={401: {}})
def my_digest(user: CurrentUser, session: SessionDep) -> Envelope[DigestChoicesOut]:
    """The member's digest choices (the defaults until changed: weekly, 09:00, email)."""
    return ok(DigestChoicesOut.of(member_choices.choices(session, user.id)))


@router.put("/users/me/digest", responses={401: {}, 422: {}})
def change_my_digest(body: DigestChoicesIn, user: CurrentUser,
                     session: SessionDep) -> Envelope[DigestChoicesOut]:
    """Change how often (daily, weekly, monthly, never), at what hour and by which channels
    the digest comes; the next one is planned from now."""
    return ok(DigestChoicesOut.of(member_choices.save_choices(
        session, user.id, frequency=body.frequency.value if body.frequency else None,
        hour=body.hour, by_email=body.by_email, by_telegram=body.by_telegram,
        only_if_away=body.only_if_away,
        korean_level=body.korean_level.value if body.korean_level else None,
        clear_korean_level=body.clear_korean_level)))


@router.get("/users/me/digest/preview", responses={401: {}})
def preview_my_digest(user: CurrentUser, session: SessionDep) -> Envelope[DigestPreviewOut]:
    """The next digest as it would be sent now (its text in the member's language)."""
    found = previews.preview(session, user.id)
    d = found.digest
    return ok(DigestPreviewOut(
        next_digest_at=_utc(found.next_at), channels=found.channels,
        subject=d.subject if d else None, text=d.text if d else None,
        sections=[PreviewSectionOut(heading=s.heading, items=[
            PreviewItemOut(title=i.title, detail=i.detail, url=i.url, new=i.new)
            for i in s.items]) for s in (d.content.sections if d else [])]))


class DigestUnsubscribeOut(BaseModel):
    unsubscribed: bool = Field(description="Always true: no more digest emails")


@router.post("/public/digest/unsubscribe/{token}", responses={404: {}})
def unsubscribe(token: str, request: Request, session: SessionDep) -> Envelope[DigestUnsubscribeOut]:
    """One-click unsubscribe (the digest email's ``List-Unsubscribe-Post``): no sign-in and
    no cookie, the token is the member's own; only the digest emails stop. Twice is
    harmless."""
    if opting_out.unsubscribe(session, token) is None:
        raise NotFound(opting_out.UNSUBSCRIBE_NOT_FOUND)
    return ok(DigestUnsubscribeOut(unsubscribed=True), translated(request, opting_out.UNSUBSCRIBED))


class AudienceOut(_Camel):
    members: int = Field(description="Members who will get the next digest (if it has news)")
    by_email: int
    by_telegram: int
    next_digest_at: dt.datetime | None


@router.get("/admin/digest", responses={401: {}, 403: {}})
def digest_audience(user: CurrentUser, session: SessionDep) -> Envelope[AudienceOut]:
    """Organizers: how many members will get the next digest, by channel."""
    found = previews.audience(session, user.id)
    return ok(AudienceOut(members=found.members, by_email=found.by_email,
                          by_telegram=found.by_telegram, next_digest_at=_utc(found.next_at)))


@router.post("/admin/digest/test", responses={401: {}, 403: {}})
def send_test_digest(user: CurrentUser, request: Request, session: SessionDep) -> Envelope[None]:
    """Organizers: their own digest, now, by email to themselves (marked as a test)."""
    previews.send_test(session, user.id)
    return ok(None, translated(request, previews.TEST_SENT))
