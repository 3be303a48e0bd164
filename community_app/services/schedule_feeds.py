"""Meetup programmes in the formats conference apps read (issue 41, item 6): the c3voc
schedule JSON and the frab schedule XML that pretalx and frab publish (Giggity, ConfClerk,
the Fosdem companion). One meetup, or every upcoming one. Valid against voc/schedule's
validators (copies in tests/schedule_validators/, checked by tests/api/test_talks.py).

A meetup is one day; a talk's room is its room or track, else "Main room". Scheduled talks
with a slot are listed; drafts and cancelled talks are not.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.core.korea_time import korea_clock, korea_date_of, to_korea
from community_app.core.settings import get_settings
from community_app.models import Meetup
from community_app.models.enums import TalkStatus
from community_app.services import talks
from community_app.services.lookup import get_or_404
from community_app.services.meetups.views import MEETUP_NOT_FOUND

MAIN_ROOM = "Main room"
TIME_ZONE = "Asia/Seoul"
SITE_TITLE = "Uzbek developers in Korea"
GENERATOR = "uzdev.kr"
_NAMESPACE = uuid.UUID("6f1c3f47-3a0e-4f54-9f1e-6b1b1d6c0a41")  # this site's guids


@dataclasses.dataclass(frozen=True)
class Programme:
    """What both formats are made from."""

    acronym: str
    title: str
    url: str
    meetups: list[Meetup]
    talks: list[talks.TalkView]  # scheduled, with a slot, in time order
    updated_at: dt.datetime


def _site() -> str:
    return get_settings().public_url.rstrip("/")


def guid(kind: str, item_id: int | str) -> str:
    """A stable UUID of a talk, speaker or room of this site."""
    return str(uuid.uuid5(_NAMESPACE, f"{_site()}/{kind}/{item_id}"))


def _listed(views: Sequence[talks.TalkView]) -> list[talks.TalkView]:
    return sorted((t for t in views if t.status == TalkStatus.SCHEDULED.value
                   and t.starts_at is not None and t.ends_at is not None),
                  key=lambda t: (t.starts_at, t.room, t.id))


def meetup_programme(session: Session, meetup_id: int) -> Programme:
    meetup = get_or_404(session, Meetup, meetup_id, MEETUP_NOT_FOUND)
    listed = _listed(talks.meetup_talks(session, meetup.id))
    return Programme(f"uzdev_meetup_{meetup.id}", meetup.title,
                     _site() + routes.event_detail("upcoming" if meetup.starts_at > utcnow()
                                                   else "past", meetup.id),
                     [meetup], listed, max([meetup.updated_at, *(t.updated_at for t in listed)]))


def upcoming_programme(session: Session, now: dt.datetime | None = None) -> Programme:
    now = now or utcnow()
    meetups = list(session.exec(select(Meetup).where(col(Meetup.ends_at) >= now)
                                .order_by(col(Meetup.starts_at), col(Meetup.id))).all())
    listed = _listed(talks.talks_of_meetups(session, [m.id for m in meetups]))
    stamps = [m.updated_at for m in meetups] + [t.updated_at for t in listed]
    return Programme("uzdev_upcoming", f"{SITE_TITLE}: upcoming meetups",
                     _site() + routes.EVENTS, meetups, listed,
                     max(stamps) if stamps else now)


def _duration(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _iso(value: dt.datetime) -> str:
    return to_korea(value).isoformat()


def _days(p: Programme) -> list[tuple[dt.date, list[Meetup], list[talks.TalkView]]]:
    """One day per Korea-time date with a meetup, its meetups and its talks."""
    by_day: dict[dt.date, tuple[list[Meetup], list[talks.TalkView]]] = {}
    for m in p.meetups:
        by_day.setdefault(korea_date_of(m.starts_at), ([], []))[0].append(m)
    for t in p.talks:
        by_day.setdefault(korea_date_of(t.starts_at), ([], []))[1].append(t)
    return [(day, *by_day[day]) for day in sorted(by_day)]


def _room(t: talks.TalkView) -> str:
    return t.room or MAIN_ROOM


def _links(t: talks.TalkView) -> list[tuple[str, str]]:
    """(title, absolute URL) of the talk's page, slides and recording."""
    found = [("Talk page", _site() + t.path)]
    if t.slides_link:
        link = t.slides_link
        found.append(("Slides", _site() + link if link.startswith("/") else link))
    if t.recording_url:
        found.append(("Recording", t.recording_url))
    return found


def _bounds(p: Programme, today: dt.date) -> tuple[dt.date, dt.date]:
    days = [d for d, _, _ in _days(p)]
    return (days[0], days[-1]) if days else (today, today)


def _day_span(day: dt.date, meetups: list[Meetup], day_talks: list[talks.TalkView]
              ) -> tuple[dt.datetime, dt.datetime]:
    starts = [m.starts_at for m in meetups] + [t.starts_at for t in day_talks]
    ends = [m.ends_at for m in meetups] + [t.ends_at for t in day_talks]
    return min(starts), max(ends)


def schedule_json(p: Programme) -> dict:
    """The c3voc schedule JSON (validator/json/schema.json of voc/schedule)."""
    rooms: dict[str, None] = {}
    days = []
    for index, (day, meetups, day_talks) in enumerate(_days(p), start=1):
        start, end = _day_span(day, meetups, day_talks)
        by_room: dict[str, list[dict]] = {}
        for t in day_talks:
            rooms.setdefault(_room(t))
            by_room.setdefault(_room(t), []).append({
                "id": t.id,
                "guid": guid("talk", t.id),
                "date": _iso(t.starts_at),
                "start": _iso(t.starts_at),  # schema.json: a date-time (the XML: HH:MM)
                "duration": _duration(max(1, int((t.ends_at - t.starts_at).total_seconds() // 60))),
                "room": _room(t),
                "slug": f"uzdev-{t.id}-{t.slug}".rstrip("-"),
                "url": _site() + t.path,
                "title": t.title,
                "subtitle": "",
                "track": t.room or None,
                "type": "talk",
                "language": t.language,
                "abstract": t.abstract,
                "description": None,
                "persons": [{"code": f"S{s.id}", "name": s.name} for s in t.speakers],
                "links": [{"title": title, "url": url} for title, url in _links(t)],
                "attachments": [],
            })
        days.append({"index": index, "date": day.isoformat(), "day_start": _iso(start),
                     "day_end": _iso(end), "rooms": by_room})
    first, last = _bounds(p, korea_date_of(utcnow()))
    return {
        "$schema": "https://c3voc.de/schedule/schema.json",
        "generator": {"name": GENERATOR, "version": "1"},
        "schedule": {
            "version": _iso(p.updated_at),
            "base_url": _site() + "/",
            "conference": {
                "acronym": p.acronym,
                "title": p.title,
                "start": first.isoformat(),
                "end": last.isoformat(),
                "daysCount": len(days),
                "timeslot_duration": "00:05",
                "time_zone_name": TIME_ZONE,
                "url": p.url,
                "rooms": [{"name": name, "guid": guid("room", name)}
                          for name in rooms],
                "days": days,
            },
        },
    }


def schedule_xml(p: Programme) -> bytes:
    """The frab schedule XML (validator/xsd/schedule.xml.xsd of voc/schedule)."""
    root = ET.Element("schedule")
    ET.SubElement(root, "version").text = _iso(p.updated_at)
    conference = ET.SubElement(root, "conference")
    days = _days(p)
    first, last = _bounds(p, korea_date_of(utcnow()))
    for name, value in (("title", p.title), ("acronym", p.acronym), ("start", first.isoformat()),
                        ("end", last.isoformat()), ("days", str(len(days))),
                        ("timeslot_duration", "00:05")):
        ET.SubElement(conference, name).text = value
    for index, (day, meetups, day_talks) in enumerate(days, start=1):
        start, end = _day_span(day, meetups, day_talks)
        day_el = ET.SubElement(root, "day", date=day.isoformat(), start=_iso(start),
                               end=_iso(end), index=str(index))
        by_room: dict[str, list[talks.TalkView]] = {}
        for t in day_talks:
            by_room.setdefault(_room(t), []).append(t)
        for room, room_talks in by_room.items():
            room_el = ET.SubElement(day_el, "room", name=room)
            for t in room_talks:
                event = ET.SubElement(room_el, "event", id=str(t.id), guid=guid("talk", t.id))
                minutes = max(1, int((t.ends_at - t.starts_at).total_seconds() // 60))
                for name, value in (
                    ("date", _iso(t.starts_at)), ("start", korea_clock(t.starts_at)),
                    ("duration", _duration(minutes)), ("room", room),
                    ("slug", f"uzdev-{t.id}-{t.slug}".rstrip("-")), ("title", t.title),
                    ("subtitle", ""), ("track", t.room), ("type", "talk"),
                    ("language", t.language), ("abstract", t.abstract), ("description", ""),
                ):
                    ET.SubElement(event, name).text = value
                persons = ET.SubElement(event, "persons")
                for s in t.speakers:
                    ET.SubElement(persons, "person", id=str(s.id)).text = s.name
                links = ET.SubElement(event, "links")
                for title, url in _links(t):
                    ET.SubElement(links, "link", href=url).text = title
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)
