"""The organizers' side of meetups: create, edit and delete them with their speakers,
keynote sessions and notes; run their registrations (approval, check-in, CSV export).

Every function takes the acting organizer's user id, checks the role, makes the change in
the caller's transaction, records it in the audit log and expires the public caches.

Form values use the API's field names: title, description, meetupDate (YYYY-MM-DD),
startTime and endTime (HH:MM), all in Korea time and stored in UTC; location, maxSeats,
parking, provided, requiresApproval.

Seats: lowering ``maxSeats`` below the live registrations (ACCEPTED and PENDING) is
refused. The meetup row is locked first (SELECT ... FOR UPDATE on PostgreSQL; SQLite
has one writer at a time), then one conditional UPDATE sets ``max_seats`` and recomputes
``available_seats = max_seats - live registrations``; it changes nothing when a
registration arrived in between, so the seat check constraint always holds.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping

from pydantic.alias_generators import to_snake


# SPEC section 3: what a meetup shows when a value is missing.
import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.core.korea_time import (
    korea_clock,
    korea_date,
    korea_to_utc,
    parse_date,
    parse_time,
)
from community_app.models import (
    Meetup,
    MeetupNote,
    MeetupRegistration,
    MeetupReview,
    SpeakerProfile,
    Talk,
    TalkSpeaker,
    WaitlistEntry,
)
from community_app.models.meetup import DEFAULT_SEATS
from community_app.services.admin.common import (
    MEETUP_CACHES,
    clean_file_name,
    flag,
    logged,
    picture_changed,
    removed,
    saved_with_picture,
    store_public_picture,
    text,
    whole_number,
)
from community_app.services.audit import require_organizer
from community_app.services.telegram import announcements
from community_app.services.bulk import delete_where
from community_app.services.errors import Invalid, InvalidMany
from community_app.services.lookup import MAX_ID
from community_app.services.meetups.admin_views import (
    DATE_INVALID,
    DESCRIPTION_TOO_LONG,
    END_BEFORE_START,
    FIELD_TOO_LONG,
    LOCATION_TOO_LONG,
    NOTE_REQUIRED,
    PROVIDED_TOO_LONG,
    ONLINE_SEATS_INVALID,
    SEATS_BELOW_REGISTERED,
    SEATS_INVALID,
    SESSION_SPEAKER_INVALID,
    SPEAKER_NAME_INVALID,
    SUBJECT_REQUIRED,
    TIME_INVALID,
    TITLE_MAX,
    TITLE_REQUIRED,
    AdminMeetupDetails,
    AdminMeetupView,
    AdminNoteView,
    admin_summary,
    meetup_or_404,
    registration_counts,
)
from community_app.services.meetups.offers import offer_free_seats
from community_app.services.meetups import questions
from community_app.services.meetups.reading import (
    normalize_meetup_type,
    read_notes,
    read_program,
)
from community_app.services.meetups.seats import (
    ONLINE,
    live_count,
    lock_meetup,
    set_online_seats,
    set_seats,
)
from community_app.services import talks
from community_app.services.meetups.views import (
    MeetupView,
    meetup_view,
    speaker_view,
)
from community_app.services.paging import Listing, PageResult, fetch_page
from community_app.services.text_search import searched
from community_app.services.uploads import PUBLIC_MEETUPS, delete_public_image
from community_app.services.validation import (
    Rule,
    clock_rule,
    collect,
    date_rule,
    number_rule,
    optional_url_problem,
    text_rule,
)

STREAM_LINK_INVALID = N_("The stream link must be a web address (https://...) of at most 500 "
                         "characters.")


def stream_link_rule(value: object) -> str | None:
    """Empty, or an http(s) address of at most 500 characters."""
    return STREAM_LINK_INVALID if optional_url_problem(value) or len(text({"v": value}, "v")) > 500 else None


stream_link_rule.bounds = {"maximum": 500, "minimum": 0}

MEETUP_RULES: dict[str, Rule] = {
    "title": text_rule(TITLE_REQUIRED, TITLE_MAX, required=True),
    "description": text_rule(DESCRIPTION_TOO_LONG, 20_000),
    "meetupDate": date_rule(DATE_INVALID),
    "startTime": clock_rule(TIME_INVALID),
    "endTime": clock_rule(TIME_INVALID),
    "location": text_rule(LOCATION_TOO_LONG, 300),
    "provided": text_rule(PROVIDED_TOO_LONG, 500),
    "maxSeats": number_rule(SEATS_INVALID, 1, 100_000),
    "onlineMaxSeats": number_rule(ONLINE_SEATS_INVALID, 0, 100_000),
    "streamUrl": stream_link_rule,
}
# The meetup form, described once: the back office's form (ui/components/admin_meetups.py)
# draws these fields in this order, its state (state/admin_meetups.py) fills and keeps them,
# the API's input model (api/routes/admin/meetups.py) is made from them, and
# ``validate_meetup`` reads them. Each is named as the API names it; a text or flag field is
# stored in the column of the same name in snake_case and read from the meetup's view so.
TEXT, LONG_TEXT, DATE, CLOCK, NUMBER, FLAG = "text", "long_text", "date", "clock", "number", "flag"


@dataclasses.dataclass(frozen=True)
class FormField:
    name: str  # the form's and the API's name (camelCase)
    kind: str  # TEXT, LONG_TEXT, DATE, CLOCK, NUMBER or FLAG
    label: str  # a message id
    about: str = ""  # the API's description
    default: str = ""  # a new meetup's value ("on" for a ticked flag)
    placeholder: str = ""  # a message id
    required: bool = False

    @property
    def column(self) -> str:
        return to_snake(self.name)


MEETUP_FORM: tuple[FormField, ...] = (
    FormField("title", TEXT, N_("Title"), required=True),
    FormField("description", LONG_TEXT, N_("Description")),
    FormField("meetupDate", DATE, N_("Date (Korea time)"), about="Korea time, YYYY-MM-DD"),
    FormField("startTime", CLOCK, N_("Starts"), about="Korea time, HH:MM", default="19:00"),
    FormField("endTime", CLOCK, N_("Ends"), about="Korea time, HH:MM", default="21:00"),
    FormField("maxSeats", NUMBER, N_("Seats"), about="Default 50; never below the live registrations",
              default=str(DEFAULT_SEATS)),
    FormField("location", TEXT, N_("Location")),
    FormField("provided", TEXT, N_("What is provided"), about="What is provided (food, ...)",
              placeholder=N_("Pizza, drinks, Wi-Fi")),
    FormField("parking", FLAG, N_("Parking available")),
    FormField("requiresApproval", FLAG, N_("Registrations need approval"),
              about="Registrations wait as PENDING"),
    # Issue 45: a workshop's applications may outnumber its seats (the acceptance takes one).
    FormField("applicationsHoldSeats", FLAG, N_("Applications hold a seat until decided"),
              about="With approval: a PENDING application holds its seat; off: applications "
                    "may outnumber the seats and each acceptance takes one", default="on"),
    FormField("onlineMaxSeats", NUMBER, N_("Online seats"),
              about="0: none; their own limit and waitlist", default="0"),
    FormField("streamUrl", TEXT, N_("Stream link (sent to online attendees before the start)"),
              about="Emailed to accepted online attendees 2 hours before the start; never public"),
)
TEXT_KINDS = (TEXT, LONG_TEXT)
ON = "on"  # a ticked checkbox, as a browser sends it


def new_form() -> dict[str, str]:
    """The form of a new meetup."""
    return {f.name: f.default for f in MEETUP_FORM}


def form_of(m: MeetupView, stream_url: str = "") -> dict[str, str]:
    """The form filled from a meetup (flags: "on" or ""); ``stream_url`` is not public, so
    not in the meetup's view (``AdminMeetupView.stream_url``)."""
    computed = {"meetupDate": korea_date(m.starts_at), "startTime": korea_clock(m.starts_at),
                "endTime": korea_clock(m.ends_at), "maxSeats": str(m.max_seats),
                "onlineMaxSeats": str(m.online_max_seats), "streamUrl": stream_url}
    values = {}
    for f in MEETUP_FORM:
        value = computed[f.name] if f.name in computed else getattr(m, f.column)
        values[f.name] = (ON if value else "") if f.kind == FLAG else str(value or "")
    return values


def submitted(data: Mapping[str, object]) -> dict[str, object]:
    """The posted form as ``validate_meetup`` reads it: every field (a flag as a bool)."""
    return {f.name: flag(data, f.name) if f.kind == FLAG else data.get(f.name, "") for f in MEETUP_FORM}


SPEAKER_RULES: dict[str, Rule] = {
    "fullName": text_rule(SPEAKER_NAME_INVALID, 120, minimum=2),
    "jobPosition": text_rule(FIELD_TOO_LONG, 120),
    "company": text_rule(FIELD_TOO_LONG, 120),
    "profileURL": optional_url_problem,
    "imageURL": optional_url_problem,
}
SESSION_RULES: dict[str, Rule] = {
    "subject": text_rule(SUBJECT_REQUIRED, 200, required=True),
    "startTime": clock_rule(TIME_INVALID),
    "endTime": clock_rule(TIME_INVALID),
    "speakerId": number_rule(SESSION_SPEAKER_INVALID, 0, MAX_ID),  # 0 or empty: none
}
NOTE_RULES: dict[str, Rule] = {"content": text_rule(NOTE_REQUIRED, 5000, required=True)}


def clock_order_problem(data: Mapping[str, object]) -> dict[str, str]:
    """The rule over two fields: endTime is after startTime (when both are clock times)."""
    start, end = parse_time(text(data, "startTime")), parse_time(text(data, "endTime"))
    return {"endTime": END_BEFORE_START} if start and end and end <= start else {}


def validate_meetup(data: Mapping[str, object]) -> tuple[dict[str, object], dict[str, str]]:
    """The cleaned values of the meetup form, and field -> message id of its problems."""
    errors = collect(data, MEETUP_RULES)
    day = parse_date(text(data, "meetupDate"))
    start = parse_time(text(data, "startTime"))
    end = parse_time(text(data, "endTime"))
    values: dict[str, object] = {f.column: text(data, f.name) for f in MEETUP_FORM if f.kind in TEXT_KINDS}
    values.update((f.column, flag(data, f.name)) for f in MEETUP_FORM if f.kind == FLAG)
    errors.update(clock_order_problem(data))
    if day and start and end:
        values["starts_at"] = korea_to_utc(day, start)
        values["ends_at"] = korea_to_utc(day, end)
    raw_seats = data.get("maxSeats")
    values["max_seats"] = DEFAULT_SEATS if raw_seats in (None, "") else whole_number(raw_seats)
    raw_online = data.get("onlineMaxSeats")
    values["online_max_seats"] = 0 if raw_online in (None, "") else whole_number(raw_online)
    if data.get("applicationsHoldSeats") is None:  # a client that does not send the field
        values["applications_hold_seats"] = True
    return values, errors


# ---------------------------------------------------------------- reading


def list_meetups_admin(
    session: Session, actor_id: int, meetup_type: str | None = None, listing: Listing = Listing(),
    *, now: dt.datetime | None = None
) -> PageResult[AdminMeetupView]:
    """Every meetup or the past ones (newest first), or the upcoming ones (soonest first),
    with their registration counts."""
    require_organizer(session, actor_id)
    now = now or utcnow()
    meetup_type = normalize_meetup_type(meetup_type)
    query = select(Meetup)
    if meetup_type == "upcoming":
        query = query.where(Meetup.starts_at >= now)
    elif meetup_type == "past":
        query = query.where(Meetup.starts_at < now)
    query = searched(query, listing.search, (Meetup.title, Meetup.location))
    if meetup_type == "upcoming":  # the next one first
        query = query.order_by(col(Meetup.starts_at).asc(), col(Meetup.id).asc())
    else:
        query = query.order_by(col(Meetup.starts_at).desc(), col(Meetup.id).desc())
    rows, total = fetch_page(session, query, listing.page, listing.size)
    counts = registration_counts(session, [m.id for m in rows])
    items = [
        AdminMeetupView(
            meetup=meetup_view(m, now),
            attended_count=m.attended_count,
            accepted_count=counts.get(m.id, {}).get("accepted", 0),
            pending_count=counts.get(m.id, {}).get("pending", 0),
            checked_in_count=counts.get(m.id, {}).get("checked_in", 0),
        )
        for m in rows
    ]
    return PageResult(items, total, listing.page, listing.size)


def get_meetup_admin(session: Session, actor_id: int, meetup_id: int) -> AdminMeetupDetails:
    """A meetup with every speaker, session and note (archived ones too)."""
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    speakers, sessions = read_program(session, meetup_id, drafts=True)
    # Speaker profiles with no talk yet (just added here) can be chosen for a session.
    unplaced = session.exec(select(SpeakerProfile).where(~sa.exists().where(
        col(TalkSpeaker.speaker_id) == col(SpeakerProfile.id))).order_by(
        col(SpeakerProfile.name), col(SpeakerProfile.id))).all()
    speakers += [speaker_view(talks.speaker_view(p)) for p in unplaced]
    notes = read_notes(session, meetup_id, active_only=False)
    return AdminMeetupDetails(
        summary=admin_summary(session, meetup),
        speakers=speakers,
        sessions=sessions,
        notes=[AdminNoteView(n.id, n.content, n.is_active, n.created_at) for n in notes],
        questions=questions.questions_of(session, meetup_id),
        copy_sources=questions.copy_sources(session, meetup_id),
    )


# ---------------------------------------------------------------- meetups


def create_meetup(
    session: Session,
    actor_id: int,
    data: Mapping[str, object],
    *,
    image: bytes | None = None,
    image_name: str | None = None,
) -> AdminMeetupView:
    """A new meetup with all its seats free (and its image, when one is sent)."""
    require_organizer(session, actor_id)
    values, errors = validate_meetup(data)
    if errors:
        raise InvalidMany(errors)
    image_url = store_public_picture(image, PUBLIC_MEETUPS) if image else None
    announce = data.get("telegramAnnounce")
    meetup = Meetup(
        **values,
        telegram_announce=announce is not False and str(announce).lower() not in ("false", "off", "0"),
        available_seats=values["max_seats"],
        online_available_seats=values["online_max_seats"],
        image_url=image_url,
        image_name=clean_file_name(image_name) if image_url else None,
        organizer_id=actor_id,
        created_at=utcnow(),
        updated_at=utcnow(),
    )
    saved_with_picture(session, actor_id, meetup, image_url, "meetup.create", ("meetup", None),
                       meetup.title, MEETUP_CACHES)
    announcements.meetup_published(session, meetup)
    return admin_summary(session, meetup)


def update_meetup(
    session: Session, actor_id: int, meetup_id: int, data: Mapping[str, object]
) -> AdminMeetupView:
    """Change a meetup's fields. Seats never go below the live registrations."""
    require_organizer(session, actor_id)
    meetup = lock_meetup(session, meetup_id)
    values, errors = validate_meetup(data)
    new_max = values.pop("max_seats")
    new_online = values.pop("online_max_seats")
    if errors:
        raise InvalidMany(errors)
    live = session.exec(select(live_count(meetup_id))).one()
    if new_max < live:
        raise Invalid("maxSeats", SEATS_BELOW_REGISTERED, n=live)
    before = (meetup.starts_at, meetup.location)
    for name, value in values.items():
        setattr(meetup, name, value)
    meetup.updated_at = utcnow()
    session.add(meetup)
    session.flush()
    set_seats(session, meetup_id, new_max)
    offer_free_seats(session, meetup_id)  # seats raised: the waitlist is offered them first
    set_online_seats(session, meetup_id, new_online)
    offer_free_seats(session, meetup_id, kind=ONLINE)
    session.refresh(meetup)
    logged(session, actor_id, "meetup.update", ("meetup", meetup_id), meetup.title, MEETUP_CACHES)
    announcements.meetup_changed(session, meetup, before)
    return admin_summary(session, meetup)


def _picture(session: Session, actor_id: int, meetup_id: int, image: bytes | None,
             name: str | None, action: str, detail: str = "") -> AdminMeetupView:
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    picture_changed(session, actor_id, meetup, image, PUBLIC_MEETUPS, action,
                    ("meetup", meetup_id), detail, MEETUP_CACHES, image_name=name)
    return admin_summary(session, meetup)


def set_meetup_image(
    session: Session, actor_id: int, meetup_id: int, image: bytes, image_name: str | None = None
) -> AdminMeetupView:
    """Replace the meetup's image with a checked, re-encoded upload (public/meetups)."""
    name = clean_file_name(image_name)
    return _picture(session, actor_id, meetup_id, image, name, "meetup.image", name or "")


def remove_meetup_image(session: Session, actor_id: int, meetup_id: int) -> AdminMeetupView:
    return _picture(session, actor_id, meetup_id, None, None, "meetup.image_remove")


def delete_meetup(session: Session, actor_id: int, meetup_id: int) -> None:
    """Delete a meetup with everything hanging off it (speakers, sessions, registrations,
    notes, reviews) and its image."""
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    title, image = meetup.title, meetup.image_url
    announcements.meetup_cancelled(session, meetup)
    # Children first, explicitly: correct even where foreign keys are not enforced.
    talk_ids = list(session.exec(select(Talk.id).where(Talk.meetup_id == meetup_id)).all())
    slides = [k for k in session.exec(select(Talk.slides_key).where(
        Talk.meetup_id == meetup_id, col(Talk.slides_key).is_not(None))).all()]
    delete_where(session, TalkSpeaker, col(TalkSpeaker.talk_id).in_(talk_ids or [0]))
    for model in (Talk, MeetupRegistration, WaitlistEntry, MeetupNote, MeetupReview):
        delete_where(session, model, col(model.meetup_id) == meetup_id)
    removed(session, actor_id, meetup, "meetup.delete", ("meetup", meetup_id), title,
            MEETUP_CACHES)
    delete_public_image(image)
    talks.forget_slides(slides)
