"""The emails a member gets about a meetup, in their language, queued with the change that
causes them (services/mail_queue.py sends each once, retrying when the server fails):

- ``confirmation``: on registering (ACCEPTED: "you are registered", with the ticket's
  code and QR image; PENDING: "received, the organizers decide"), with the meetup as an
  .ics attachment;
- ``decision``: an organizer accepted (with the ticket) or rejected a PENDING registration;
- ``offer`` (services/meetups/offers.py): a seat held from the waitlist;
- ``reminder``: 48 h before the start (the scheduler task ``meetup-reminders``), with the
  signed "I can't come, release my seat" link (services/meetups/release_links.py) and the
  talks the member starred (services/talk_stars.py);
- ``waitlisted``: an organizer accepted an application when the seats were full and put it
  on the waitlist (services/meetups/decisions.py; sent as that application's acceptance);
- ``stream``: the stream link, to each accepted online attendee ``STREAM_AHEAD`` before the
  start (the scheduler task ``meetup-stream-links``).

An organizer's note with a decision follows the message's text (``note``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.i18n import N_, gettext, normalize_language
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import (
    MailKind,
    Meetup,
    MeetupRegistration,
    QueuedMail,
    RegistrationStatus,
    SeatKind,
    User,
)
from community_app.services import calendar, mail_queue, scheduler, talk_stars
from community_app.services.mail_queue import Attachment, Rendered
from community_app.services.meetups.release_links import release_link
from community_app.services.telegram import linking, notify
from community_app.services.telegram import queue as telegram_queue
from community_app.services.meetups.ticket_codes import qr_png, ticket_code
from community_app.core.settings import get_settings

MY_PAGE_EVENTS = "/mypage?tab=events"  # the member's registrations and waitlist (My Page)
REMINDER_AHEAD = dt.timedelta(hours=48)

CONFIRMED_SUBJECT = N_("You are registered: {title}")
CONFIRMED_BODY = N_(
    "Hello {name},\n\n"
    "You are registered for {title} on {date} at {time} (Korea time), {location}.\n\n"
    "Your ticket: {ticket}. Show the attached QR code (or this code) at the door.\n\n"
    "The event is attached as a calendar file (.ics): open it to add it to your calendar.\n\n"
    "Event page: {event}\n"
    "Your registrations: {mypage}\n\n"
    "{site}"
)
RECEIVED_SUBJECT = N_("Registration received: {title}")
RECEIVED_BODY = N_(
    "Hello {name},\n\n"
    "We received your registration for {title} on {date} at {time} (Korea time), "
    "{location}. The organizers review the registrations for this event: you will get "
    "an email when they decide.\n\n"
    "The event is attached as a calendar file (.ics).\n\n"
    "Your registrations: {mypage}\n\n"
    "{site}"
)
ACCEPTED_SUBJECT = N_("Your registration is accepted: {title}")
ACCEPTED_BODY = N_(
    "Hello {name},\n\n"
    "Good news: the organizers accepted your registration for {title} on {date} at "
    "{time} (Korea time), {location}.\n\n"
    "Your ticket: {ticket}. Show the attached QR code (or this code) at the door.\n\n"
    "Your registrations: {mypage}\n\n"
    "{site}"
)
REJECTED_SUBJECT = N_("Your registration was not accepted: {title}")
REJECTED_BODY = N_(
    "Hello {name},\n\n"
    "We are sorry: the organizers could not accept your registration for {title} on "
    "{date}. Thank you for your interest, and we hope to see you at another meetup.\n\n"
    "Upcoming events: {events}\n\n"
    "{site}"
)
REMINDER_SUBJECT = N_("Reminder: {title} on {date}")
REMINDER_BODY = N_(
    "Hello {name},\n\n"
    "{title} starts on {date} at {time} (Korea time), {location}.\n\n"
    "Can't come? Release your seat with one tap, so the next person on the waitlist "
    "gets it (the link works once, until the event starts):\n{release}\n\n"
    "Event page: {event}\n\n"
    "{site}"
)

WAITLISTED_SUBJECT = N_("You are on the waitlist: {title}")
WAITLISTED_BODY = N_(
    "Hello {name},\n\n"
    "The organizers would like you at {title} on {date} at {time} (Korea time), but its "
    "seats are full: you are on the waitlist. If a seat becomes free it is offered to you "
    "by email, and you can claim it on My Page.\n\n"
    "Your registrations: {mypage}\n\n"
    "{site}"
)
# Issue 41: the talks the member starred, under the reminder (one line each, Korea time).
STARRED_TALKS = N_("Your starred talks:")
STARRED_TALK_LINE = N_("{time} {title}")
STREAM_SUBJECT = N_("The stream link for {title}")
STREAM_BODY = N_(
    "Hello {name},\n\n"
    "{title} starts on {date} at {time} (Korea time). You have an online seat: join the "
    "stream here:\n{stream}\n\n"
    "Please do not share this link.\n\n"
    "{site}"
)
NOTE_FROM_ORGANIZERS = N_("A note from the organizers: {note}")
STREAM_AHEAD = dt.timedelta(hours=2)

# The buttons of the bot's messages (services/telegram/webhook.py answers their taps).
CANT_COME_BUTTON = N_("I can't come: release my seat")
CLAIM_SEAT_BUTTON = N_("Claim the seat")


def base_url() -> str:
    return get_settings().public_url.rstrip("/")


def values_for(user: User, meetup: Meetup, **more: object) -> tuple[str, dict[str, object]]:
    """(language, the values every meetup email fills in) for this member."""
    lang = normalize_language(user.language)
    return lang, dict(
        title=meetup.title,
        name=user.first_name or user.username,
        date=date_texts(meetup.starts_at, "long")[lang],
        time=time_texts(meetup.starts_at)[lang],
        location=meetup.location,
        event=base_url() + routes.event_detail("upcoming", meetup.id),
        events=base_url() + routes.EVENTS,
        mypage=base_url() + MY_PAGE_EVENTS,
        site=get_settings().site_name,
        **more,
    )


def queue(
    session: Session,
    kind: MailKind,
    user: User | None,
    meetup: Meetup,
    subject: str,
    body: str,
    *,
    ref_id: int,
    attachments: tuple[Attachment | Rendered, ...] = (),
    telegram_buttons: tuple[tuple[str, str], ...] = (),
    telegram_photo: Rendered | None = None,
    note: str = "",
    starred: Sequence[talk_stars.StarredTalk] = (),
    **more: object,
) -> bool:
    """Render ``subject``/``body`` in the member's language and queue the message: by
    email, by the member's linked Telegram chat, or both, as the member chose for this
    kind (services/telegram/linking.py). On Telegram it carries ``telegram_buttons``
    (label message id, callback data) and ``telegram_photo``; if the chat is gone when it
    is sent and the member chose Telegram alone, the email goes instead."""
    if user is None:
        return False
    lang, values = values_for(user, meetup, **more)
    subject_text, body_text = gettext(subject, lang, **values), gettext(body, lang, **values)
    if note:
        body_text += "\n\n" + gettext(NOTE_FROM_ORGANIZERS, lang, note=note)
    if starred:
        body_text += "\n\n" + "\n".join(
            [gettext(STARRED_TALKS, lang)]
            + ["- " + gettext(STARRED_TALK_LINE, lang, time=time_texts(t.starts_at)[lang],
                              title=t.title + (f" ({t.room})" if t.room else ""))
               for t in starred])
    by_email, by_telegram = linking.channels_for(user, kind.value)
    if by_telegram:
        fallback = None if by_email else dict(
            kind=kind.value, meetup_id=meetup.id, subject=subject_text, body=body_text,
            lang=lang, ref_id=ref_id, attachments=[mail_queue.stored(a) for a in attachments])
        notify.send_to_member(
            session, user, f"{subject_text}\n\n{body_text}", key=f"{kind.value}:{meetup.id}:{ref_id}",
            buttons=[(gettext(label, lang), data) for label, data in telegram_buttons],
            photo=telegram_photo, fallback_mail=fallback)
    if not by_email:
        return True
    return mail_queue.enqueue(
        session, kind.value, user, meetup.id, subject_text, body_text, lang,
        ref_id=ref_id, attachments=attachments,
    )


def confirmation(session: Session, registration: MeetupRegistration) -> None:
    """The member registered (or claimed a seat): confirmation with the .ics (and, once
    accepted, the ticket); the attachments are made when it is sent."""
    meetup = session.get(Meetup, registration.meetup_id)
    pending = registration.status == RegistrationStatus.PENDING.value
    ics = Rendered("meetup_ics", {"meetup_id": meetup.id, "tentative": pending})
    subject, body = (RECEIVED_SUBJECT, RECEIVED_BODY) if pending else (CONFIRMED_SUBJECT, CONFIRMED_BODY)
    attachments = (ics,) if pending else (ics, ticket_attachment(registration.id))
    queue(session, MailKind.CONFIRMATION, session.get(User, registration.user_id), meetup,
          subject, body, ref_id=registration.id, attachments=attachments,
          telegram_photo=None if pending else ticket_attachment(registration.id),
          ticket=ticket_code(registration.id))


def ticket_attachment(registration_id: int) -> Rendered:
    """The ticket's QR code as a PNG attachment."""
    return Rendered("ticket_qr", {"registration_id": registration_id})


@mail_queue.renderer("meetup_ics")
def _meetup_ics(session: Session, meetup_id: int, tentative: bool) -> Attachment | None:
    meetup = session.get(Meetup, meetup_id)
    if meetup is None:
        return None
    return Attachment(calendar.ics_filename(meetup_id), "text/calendar",
                      calendar.event_ics(meetup, tentative=tentative))


@mail_queue.renderer("ticket_qr")
def _ticket_qr(session: Session, registration_id: int) -> Attachment:
    code = ticket_code(registration_id)
    return Attachment(f"ticket-{code}.png", "image/png", qr_png(code))


def decision(session: Session, registration_id: int, accepted: bool, note: str = "") -> None:
    """An organizer decided on a PENDING registration (with their ``note``, if any)."""
    registration = session.get(MeetupRegistration, registration_id)
    meetup = session.get(Meetup, registration.meetup_id)
    kind, subject, body = (
        (MailKind.ACCEPTED, ACCEPTED_SUBJECT, ACCEPTED_BODY) if accepted
        else (MailKind.REJECTED, REJECTED_SUBJECT, REJECTED_BODY)
    )
    queue(session, kind, session.get(User, registration.user_id), meetup, subject, body,
          ref_id=registration.id, ticket=ticket_code(registration.id),
          attachments=(ticket_attachment(registration.id),) if accepted else (),
          telegram_photo=ticket_attachment(registration.id) if accepted else None, note=note)


def waitlisted(session: Session, registration_id: int, user_id: int, meetup_id: int,
               note: str = "") -> None:
    """An organizer accepted an application when its seats were full: it waits in line.
    Queued as the application's acceptance (kind ``accepted``, the closed registration's
    id): the one decision message this application gets."""
    queue(session, MailKind.ACCEPTED, session.get(User, user_id), session.get(Meetup, meetup_id),
          WAITLISTED_SUBJECT, WAITLISTED_BODY, ref_id=registration_id, note=note)


def _accepted(session: Session, *conditions: Any) -> Sequence[tuple[MeetupRegistration, Meetup, User]]:
    """The ACCEPTED registrations that meet ``conditions``, each with its meetup and member,
    in the order they were made."""
    return session.exec(
        select(MeetupRegistration, Meetup, User)
        .join(Meetup, col(Meetup.id) == col(MeetupRegistration.meetup_id))
        .join(User, col(User.id) == col(MeetupRegistration.user_id))
        .where(col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value, *conditions)
        .order_by(col(MeetupRegistration.id))
    ).all()


def queue_stream_links(session: Session, now: dt.datetime) -> int:
    """Queue the stream link of every ACCEPTED online registration of a meetup with a
    stream link that starts within STREAM_AHEAD; each once (the queue's key). How many."""
    rows = _accepted(
        session,
        col(MeetupRegistration.seat_kind) == SeatKind.ONLINE.value,
        col(Meetup.stream_url) != "",
        col(Meetup.starts_at) > now,
        col(Meetup.starts_at) <= now + STREAM_AHEAD,
    )
    queued = 0
    for registration, meetup, user in rows:
        sent = session.exec(select(QueuedMail.id).where(
            QueuedMail.kind == MailKind.STREAM.value, QueuedMail.ref_id == registration.id)).first()
        if sent is not None or telegram_queue.queued(session, notify.member_key(
                user.id, f"{MailKind.STREAM.value}:{meetup.id}:{registration.id}")):
            continue
        queued += queue(session, MailKind.STREAM, user, meetup, STREAM_SUBJECT, STREAM_BODY,
                        ref_id=registration.id, stream=meetup.stream_url)
    session.commit()
    return queued


@scheduler.periodic("meetup-stream-links", every=dt.timedelta(minutes=5))
def _scheduled_stream_links(session: Session, now: dt.datetime) -> str:
    return f"queued {queue_stream_links(session, now or utcnow())}"


def queue_reminders(session: Session, now: dt.datetime) -> int:
    """Queue the reminder of every ACCEPTED registration of a meetup that starts within
    48 h and has none yet; how many were queued."""
    reminded = (
        select(QueuedMail.id)
        .where(
            col(QueuedMail.kind) == MailKind.REMINDER.value,
            col(QueuedMail.ref_id) == col(MeetupRegistration.id),
        )
        .exists()
    )
    rows = _accepted(
        session,
        col(Meetup.starts_at) > now,
        col(Meetup.starts_at) <= now + REMINDER_AHEAD,
        ~reminded,
    )
    queued = 0
    for registration, meetup, user in rows:
        if telegram_queue.queued(session, notify.member_key(
                user.id, f"{MailKind.REMINDER.value}:{meetup.id}:{registration.id}")):
            continue  # reminded on Telegram alone (no email row)
        queued += queue(session, MailKind.REMINDER, user, meetup, REMINDER_SUBJECT,
                        REMINDER_BODY, ref_id=registration.id,
                        telegram_buttons=((CANT_COME_BUTTON, f"release:{registration.id}"),),
                        starred=talk_stars.starred_talks(session, user.id, meetup_id=meetup.id),
                        release=release_link(registration, meetup))
    session.commit()
    return queued


@scheduler.periodic("meetup-reminders", every=dt.timedelta(minutes=5))
def _scheduled_reminders(session: Session, now: dt.datetime) -> str:
    return f"queued {queue_reminders(session, now or utcnow())}"
