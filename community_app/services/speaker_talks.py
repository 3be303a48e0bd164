"""From an accepted speaker application to a talk (issue 41, item 3).

Accepting an application (``services/admin/speakers.change_status``, one or several at
once) makes it a draft talk of a meetup in the same step: the speaker's profile (the one
linked to the applicant's verified member account, else a new one from the application)
and the talk, its title the first line of the topics and its abstract the topics. The
acceptance email then carries the speaker's page link.

The speaker's page (``/speaker-talk?token=...``) is reached by that link, or from My Page
when signed in with the applicant's verified address (the same signed link). There the
speaker confirms the talk, updates its abstract, uploads slides (before and after the
talk) and chooses whether their name stays on the talks once their member account is
erased (``SpeakerProfile.keep_name_after_erasure``). The link is a JWT (HS256, the site's
secret) naming the application; it lasts a year.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import jwt
from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.core.settings import get_settings
from community_app.i18n import N_
from community_app.models import (
    ApplicationStatus, Meetup, SpeakerApplication, SpeakerProfile, Talk, TalkSpeaker, TalkStatus,
    User,
)
from community_app.services import talks
from community_app.services.admin.common import MEETUP_CACHES, logged
from community_app.services.errors import Invalid, NotFound
from community_app.services.users import get_user_by_email
from community_app.services.validation import text_rule

ALGORITHM = "HS256"
KIND = "speaker-talk"
LINK_DAYS = 365
ABSTRACT_MAX = 20_000

NO_MEETUP = N_("Choose a meetup of the programme for the talk.")
LINK_INVALID = N_("This speaker link is not valid. Open the newest link we emailed you, or "
                  "your talks on My Page.")
TALK_GONE = N_("This talk is no longer in the programme.")
CONFIRMED = N_("Thank you! Your talk is confirmed.")
ABSTRACT_SAVED = N_("Abstract saved.")
SLIDES_SAVED = N_("Slides uploaded.")
SLIDES_REMOVED = N_("Slides removed.")
LINK_PARAGRAPH = N_(
    "Confirm your talk, update its abstract and upload your slides on your speaker page:\n"
    "{link}"
)

ABSTRACT_RULE = text_rule(talks.ABSTRACT_TOO_LONG, ABSTRACT_MAX, required=True)


# --- the signed link -------------------------------------------------------------------------


def speaker_token(application_id: int, now: dt.datetime | None = None) -> str:
    expires = (now or utcnow()) + dt.timedelta(days=LINK_DAYS)
    return jwt.encode({"typ": KIND, "app": application_id, "exp": expires},
                      get_settings().secret_key, algorithm=ALGORITHM)


def speaker_link(application_id: int) -> str:
    return get_settings().public_url.rstrip("/") + routes.speaker_talk(
        speaker_token(application_id))


def application_of_token(session: Session, token: str) -> SpeakerApplication:
    """The accepted application a speaker link names; NotFound otherwise."""
    try:
        claims = jwt.decode(token or "", get_settings().secret_key, algorithms=[ALGORITHM],
                            options={"require": ["exp", "typ", "app"]})
    except jwt.PyJWTError:
        raise NotFound(LINK_INVALID) from None
    if claims.get("typ") != KIND or not isinstance(claims.get("app"), int):
        raise NotFound(LINK_INVALID)
    application = session.get(SpeakerApplication, claims["app"])
    if application is None or application.talk_id is None:
        raise NotFound(LINK_INVALID)
    return application


# --- the accepted application becomes a draft talk -----------------------------------------


def programme_meetup(session: Session, meetup_id: int | None = None,
                     now: dt.datetime | None = None) -> Meetup | None:
    """The meetup a new draft talk goes to: the one named (Invalid when it does not
    exist), else the next upcoming one, else the latest; None when there is no meetup at
    all (the application is accepted without a talk)."""
    if meetup_id is not None:
        meetup = session.get(Meetup, meetup_id)
        if meetup is None:
            raise Invalid("meetupId", NO_MEETUP)
        return meetup
    upcoming = session.exec(select(Meetup).where(Meetup.starts_at > (now or utcnow()))
                            .order_by(col(Meetup.starts_at), col(Meetup.id))).first()
    return upcoming or session.exec(select(Meetup).order_by(
        col(Meetup.starts_at).desc(), col(Meetup.id).desc())).first()


def programme_meetup_choices(session: Session, now: dt.datetime | None = None) -> list[Meetup]:
    """The meetups accepted applications may go to (the review queue's choice beside its
    Accept button): every upcoming one, soonest first, the first being the one
    ``programme_meetup`` takes by default; with none upcoming, the latest one."""
    upcoming = session.exec(select(Meetup).where(Meetup.starts_at > (now or utcnow()))
                            .order_by(col(Meetup.starts_at), col(Meetup.id))).all()
    if upcoming:
        return list(upcoming)
    latest = programme_meetup(session, None, now)
    return [latest] if latest is not None else []


def _profile_for(session: Session, application: SpeakerApplication) -> SpeakerProfile:
    member = get_user_by_email(session, application.email)
    if member is not None and member.verified_at is not None:
        found = session.exec(select(SpeakerProfile)
                             .where(SpeakerProfile.user_id == member.id)).first()
        if found is not None:
            return found
    links = [u for u in (application.linkedin_url, application.github_url,
                         application.portfolio_url) if u]
    profile = SpeakerProfile(
        slug=talks.slug_of(application.full_name, "speaker"), name=application.full_name,
        job_position=application.job_position, links=links,
        user_id=member.id if member is not None and member.verified_at is not None else None)
    session.add(profile)
    session.flush()
    return profile


def application_title(application: SpeakerApplication) -> str:
    """The talk an application proposes: the first line of its topics (200 characters at
    most), else the applicant's name."""
    first_line = next((line.strip() for line in application.topics.splitlines()
                       if line.strip()), application.full_name)
    return first_line if len(first_line) <= 200 else first_line[:199].rstrip() + "…"


def draft_talk_for(session: Session, application: SpeakerApplication,
                   meetup_id: int | None = None) -> Talk | None:
    """The application's draft talk, made now (with its speaker profile) when it has none
    or its talk was deleted; the application then names it. None while the site has no
    meetup at all to put it in."""
    if application.talk_id is not None and (talk := session.get(Talk, application.talk_id)):
        return talk
    meetup = programme_meetup(session, meetup_id)
    if meetup is None:
        return None
    profile = _profile_for(session, application)
    title = application_title(application)
    talk = Talk(meetup_id=meetup.id, slug=talks.slug_of(title), title=title,
                abstract=application.topics, status=TalkStatus.DRAFT.value,
                language=application.language if application.language in ("uz", "en") else "en")
    session.add(talk)
    session.flush()
    session.add(TalkSpeaker(talk_id=talk.id, speaker_id=profile.id, position=0))
    application.talk_id = talk.id
    session.add(application)
    session.flush()
    return talk


# --- the speaker's page --------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SpeakerTalkView:
    application_id: int
    token: str
    speaker_name: str
    talk_id: int
    title: str
    abstract: str
    status: str
    meetup_title: str
    meetup_starts_at: dt.datetime
    confirmed: bool
    keep_name_after_erasure: bool
    has_slides: bool
    slides_url: str
    uploaded_slides: bool = False  # a PDF in the store (the speaker may remove it)


def _talk_of(session: Session, application: SpeakerApplication) -> tuple[Talk, Meetup,
                                                                            SpeakerProfile | None]:
    talk = session.get(Talk, application.talk_id) if application.talk_id else None
    if talk is None or talk.status == TalkStatus.CANCELLED.value:
        raise NotFound(TALK_GONE)
    profile = session.exec(
        select(SpeakerProfile).join(TalkSpeaker, col(TalkSpeaker.speaker_id) == col(SpeakerProfile.id))
        .where(TalkSpeaker.talk_id == talk.id).order_by(col(TalkSpeaker.position))).first()
    return talk, session.get(Meetup, talk.meetup_id), profile


def _view(session: Session, application: SpeakerApplication) -> SpeakerTalkView:
    talk, meetup, profile = _talk_of(session, application)
    return SpeakerTalkView(
        application.id, speaker_token(application.id), application.full_name, talk.id,
        talk.title, talk.abstract, talk.status, meetup.title, meetup.starts_at,
        application.confirmed_at is not None,
        bool(profile and profile.keep_name_after_erasure),
        bool(talk.slides_key or talk.slides_url),
        routes.talk_slides(talk.id) if talk.slides_key else (talk.slides_url or ""),
        bool(talk.slides_key))


def speaker_talk(session: Session, token: str) -> SpeakerTalkView:
    return _view(session, application_of_token(session, token))


def _speaker_actor(session: Session, application: SpeakerApplication) -> int | None:
    """The member account of the speaker (the application's address, verified), the actor
    of their own page's writes in the audit log; None for a speaker without one."""
    user = get_user_by_email(session, application.email)
    return user.id if user is not None and user.verified_at is not None else None


def _by_speaker(application: SpeakerApplication, talk: Talk) -> str:
    """The audit detail of a speaker's own write: the talk and who did it (the speaker may
    have no member account to name as the actor)."""
    return f"{talk.title} · {application.full_name} (speaker page)"


def _audited(session: Session, application: SpeakerApplication, talk: Talk, action: str) -> None:
    actor = _speaker_actor(session, application)
    logged(session, actor, action, ("talk", talk.id), _by_speaker(application, talk),
           MEETUP_CACHES, subject_user_id=actor)


def confirm_talk(session: Session, token: str, keep_name_after_erasure: bool) -> SpeakerTalkView:
    """The speaker confirms the talk, and says whether their name stays on it (and their
    other talks) once their member account is erased. Audited (``talk.speaker_confirm``)."""
    application = application_of_token(session, token)
    talk, _, profile = _talk_of(session, application)
    application.confirmed_at = application.confirmed_at or utcnow()
    session.add(application)
    if profile is not None:
        profile.keep_name_after_erasure = bool(keep_name_after_erasure)
        profile.updated_at = utcnow()
        session.add(profile)
    session.flush()
    _audited(session, application, talk, "talk.speaker_confirm")
    return _view(session, application)


def update_abstract(session: Session, token: str, abstract: object) -> SpeakerTalkView:
    """The speaker's new abstract for the talk. Audited (``talk.speaker_abstract``)."""
    application = application_of_token(session, token)
    talk, _, _ = _talk_of(session, application)
    if message := ABSTRACT_RULE(abstract):
        raise Invalid("abstract", message)
    talk.abstract = abstract.strip()
    talk.updated_at = utcnow()
    session.add(talk)
    session.flush()
    _audited(session, application, talk, "talk.speaker_abstract")
    return _view(session, application)


def upload_speaker_slides(session: Session, token: str, data: bytes) -> SpeakerTalkView:
    """The speaker's slides (a PDF), before or after the talk: stored as the talk's slides
    (services/talks.upload_slides, the old file replaced), audited once
    (``talk.speaker_slides``) with the speaker as the actor."""
    application = application_of_token(session, token)
    talk, _, _ = _talk_of(session, application)
    actor = _speaker_actor(session, application)
    talks.upload_slides(session, actor, talk.id, data, allowed=True,
                        action="talk.speaker_slides", detail=_by_speaker(application, talk),
                        subject_user_id=actor)
    return _view(session, application)


def remove_speaker_slides(session: Session, token: str) -> SpeakerTalkView:
    """The speaker takes their uploaded slides off the talk (the stored file goes), audited
    once (``talk.speaker_slides_remove``)."""
    application = application_of_token(session, token)
    talk, _, _ = _talk_of(session, application)
    actor = _speaker_actor(session, application)
    talks.remove_slides(session, actor, talk.id, allowed=True,
                        action="talk.speaker_slides_remove",
                        detail=_by_speaker(application, talk), subject_user_id=actor)
    return _view(session, application)


# --- "Talks I give" on My Page ----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SpeakingItem:
    """One line of the member's "Talks I give": a talk of theirs (``talk_id`` set; status
    draft, scheduled or cancelled) or an application not yet a talk (``talk_id`` None;
    status NEW, IN_REVIEW or ACCEPTED)."""

    title: str
    status: str
    talk_id: int | None
    talk_page: str  # the public talk page ("" for a draft or an application)
    meetup_id: int | None
    meetup_title: str
    starts_at: dt.datetime  # the talk's slot, else its meetup's start; an application: sent at
    speaker_page: str  # the signed speaker page when an application made the talk, else ""
    confirmed: bool
    application_id: int | None


def speaking(session: Session, user_id: int | None) -> list[SpeakingItem]:
    """The member's talks, newest meetup first: every talk of the speaker profile linked to
    their account (whoever made it: an accepted application or an organizer in the back
    office) and of their accepted applications (their verified address), then the
    applications still waiting to become a talk, newest first."""
    user = session.get(User, user_id) if user_id else None
    if user is None:
        return []
    applications = list(session.exec(
        select(SpeakerApplication)
        .where(col(SpeakerApplication.email) == user.email)
        .order_by(col(SpeakerApplication.created_at).desc())).all()
    ) if user.verified_at is not None else []
    by_talk = {a.talk_id: a for a in reversed(applications) if a.talk_id is not None}
    profile_talks = select(TalkSpeaker.talk_id).join(
        SpeakerProfile, col(SpeakerProfile.id) == col(TalkSpeaker.speaker_id)
    ).where(SpeakerProfile.user_id == user.id)
    rows = session.exec(
        select(Talk, Meetup).join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
        .where(col(Talk.id).in_(profile_talks) | col(Talk.id).in_(list(by_talk)))
        .order_by(col(Meetup.starts_at).desc(), col(Talk.starts_at), col(Talk.id))).all()
    items = []
    for talk, meetup in rows:
        application = by_talk.get(talk.id)
        items.append(SpeakingItem(
            talk.title, talk.status, talk.id,
            "" if talk.status == TalkStatus.DRAFT.value else routes.talk_page(talk.id, talk.slug),
            meetup.id, meetup.title, talk.starts_at or meetup.starts_at,
            routes.speaker_talk(speaker_token(application.id)) if application else "",
            bool(application and application.confirmed_at), application.id if application else None))
    waiting = (ApplicationStatus.NEW.value, ApplicationStatus.IN_REVIEW.value,
               ApplicationStatus.ACCEPTED.value)
    items += [SpeakingItem(application_title(a), a.status, None, "", None, "", a.created_at, "",
                           False, a.id)
              for a in applications if a.talk_id is None and a.status in waiting]
    return items
