"""Saved job searches with alerts (services/job_alerts.py): the member's own list, and the
two addresses that need no sign-in, each opened by the alert's own random token: the
one-click unsubscribe of a digest (RFC 8058) and the private Atom feed."""

from __future__ import annotations

import datetime as dt

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import translated, utc
from community_app.api.routing import Router
from community_app.models import AlertFrequency, KoreanLevel, JobType, JobCategory, VisaStatus, WorkingLanguage
from community_app.services import feeds, job_alerts as service, jobs, seo
from community_app.services.errors import NotFound

router = Router(tags=["job alerts"])

ATOM_TYPE = "application/atom+xml; charset=utf-8"


class AlertFilters(BaseModel):
    """The jobs board's filters (GET /public/job-posts) an alert keeps."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    search: str | None = Field(default=None, max_length=200)
    visa: VisaStatus | None = None
    korean_level_max: KoreanLevel | None = None
    working_language: WorkingLanguage | None = None
    location: str | None = Field(default=None, max_length=100)
    job_type: JobType | None = None
    category: JobCategory | None = None
    remote: bool | None = None

    def job_filters(self) -> jobs.JobFilters:
        return jobs.JobFilters(search=self.search, visa=self.visa, korean_max=self.korean_level_max,
                               language=self.working_language, location=self.location,
                               job_type=self.job_type, category=self.category, remote=self.remote)

    @classmethod
    def of(cls, saved: dict) -> AlertFilters:
        return cls(search=saved.get("search"), visa=saved.get("visa"),
                   korean_level_max=saved.get("korean_max"),
                   working_language=saved.get("language"), location=saved.get("location"),
                   job_type=saved.get("job_type"), category=saved.get("category"),
                   remote=saved.get("remote"))


class AlertIn(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    filters: AlertFilters
    frequency: AlertFrequency = AlertFrequency.DAILY
    name: str | None = Field(default=None, max_length=120, description="Default: the filters in words")


class AlertChange(BaseModel):
    frequency: AlertFrequency | None = None
    active: bool | None = None


class AlertOut(BaseModel):
    id: int
    name: str = Field(description="Its own name, or its filters in words in the member's "
                                   "language")
    filters: AlertFilters
    frequency: AlertFrequency
    active: bool
    feedUrl: str = Field(description="The private Atom feed: keep it to yourself")
    createdAt: dt.datetime
    lastDigestAt: dt.datetime | None

    @classmethod
    def of(cls, a: service.AlertView, lang: str = "en") -> AlertOut:
        return cls(id=a.id, name=a.display_name(lang), filters=AlertFilters.of(a.filters), frequency=a.frequency,
                   active=a.active, feedUrl=f"{seo.public_base()}{a.feed_path}",
                   createdAt=utc(a.created_at),
                   lastDigestAt=utc(a.last_digest_at) if a.last_digest_at else None)


def _lang(user) -> str:
    return user.language or "en"


@router.get("/job-alerts", responses={401: {}})
def list_alerts(user: CurrentUser, session: SessionDep) -> Envelope[list[AlertOut]]:
    """The signed-in member's saved job searches."""
    return ok([AlertOut.of(a, _lang(user)) for a in service.list_alerts(session, user.id)])


@router.post("/job-alerts", status_code=201, responses={401: {}, 409: {}, 422: {}})
def save_alert(body: AlertIn, user: CurrentUser, session: SessionDep) -> Envelope[AlertOut]:
    """Save the jobs board's filters as an alert: new posts that fit come in a daily or
    weekly digest by email (each post once), at 09:00 Korea time (weekly: on Mondays).
    The same filters as one of the member's alerts: 409 naming that alert."""
    alert = service.save_alert(session, user.id, body.filters.job_filters(),
                               frequency=body.frequency.value, name=body.name, lang=_lang(user))
    return ok(AlertOut.of(alert, _lang(user)), status=201)


@router.patch("/job-alerts/{alert_id}", responses={401: {}, 404: {}, 422: {}})
def change_alert(alert_id: int, body: AlertChange, user: CurrentUser,
                 session: SessionDep) -> Envelope[AlertOut]:
    """Change an alert's frequency, or switch it off and on."""
    return ok(AlertOut.of(service.update_alert(
        session, user.id, alert_id, frequency=body.frequency.value if body.frequency else None,
        active=body.active), _lang(user)))


@router.delete("/job-alerts/{alert_id}", responses={401: {}, 404: {}})
def delete_alert(alert_id: int, user: CurrentUser, session: SessionDep) -> Envelope[None]:
    service.delete_alert(session, user.id, alert_id)
    return ok(None)


class UnsubscribeOut(BaseModel):
    unsubscribed: bool = Field(description="Always true: the alert sends no more digests")


@router.post("/public/job-alerts/unsubscribe/{token}", responses={404: {}})
def unsubscribe(token: str, request: Request, session: SessionDep) -> Envelope[UnsubscribeOut]:
    """One-click unsubscribe (the digest's ``List-Unsubscribe-Post``): no sign-in, the
    token is the alert's own. Answers the outcome only (never the alert's name, filters or
    feed: whoever holds the link learns nothing). Doing it twice is harmless."""
    if service.unsubscribe(session, token) is None:
        raise NotFound(service.ALERT_NOT_FOUND)
    return ok(UnsubscribeOut(unsubscribed=True),
              translated(request, service.UNSUBSCRIBED))


@router.get("/public/job-alerts/{token}/feed.atom", response_class=Response,
            responses={200: {"content": {"application/atom+xml": {}}}, 404: {}})
def alert_feed(token: str, request: Request, session: SessionDep) -> Response:
    """A saved search's private Atom feed: the newest open posts that fit it."""
    feed = service.feed_jobs(session, token)
    base = seo.public_base()
    body = feeds.job_alert_feed(base, feed.alert.feed_path, feed.title, feed.jobs, feed.lang)
    return Response(body, media_type=ATOM_TYPE,
                    headers={"Cache-Control": "private, max-age=300", "X-Robots-Tag": "noindex"})
