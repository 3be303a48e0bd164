"""Load the demo content into an empty database.

``load_demo(session)`` adds every demo row in one session, and only when the ``users``
table is empty, so running it twice is harmless. Meetup dates, news dates and job dates
are relative to ``now``: upcoming meetups stay upcoming whenever the seed runs.

Every seeded account, not only the two demo accounts, signs in with ``DEMO_PASSWORD``.
"""

from __future__ import annotations

import datetime as dt
import re

from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.demo import extras, jobs, meetups, news, people, site_copy
from community_app.models import (
    AffiliatedProject, Benefit, BlogPost, BlogStatus, Comment, CommentVote, JobPost, JobStatus,
    Meetup, MeetupNote, MeetupRegistration, MeetupReview, News, RegistrationStatus,
    SpeakerApplication, SpeakerProfile, Talk, TalkSpeaker, TeamMember, User,
)
from community_app.demo.slides import slides_pdf
from community_app.services import talks as talk_service
from community_app.services.storage import get_storage
from community_app.models.job import JOB_LIFETIME_DAYS
from community_app.services import privacy
from community_app.services.passwords import hash_password
from community_app.services.site import ensure_site_settings

DEMO_MEMBER_EMAIL = "member@uzdev.kr"
DEMO_ORGANIZER_EMAIL = "organizer@uzdev.kr"
DEMO_PASSWORD = "Demo-pass-2026!"
DEMO_CONTACT_EMAIL = "hello@uzdev.kr"

KST = dt.timezone(dt.timedelta(hours=9), "KST")
LIVE_STATUSES = {RegistrationStatus.ACCEPTED.value, RegistrationStatus.PENDING.value}


def load_demo(session: Session, *, now: dt.datetime | None = None) -> bool:
    """Insert all demo content if there is no user yet. True when it loaded, False when skipped."""
    if session.exec(select(User.id).limit(1)).first() is not None:
        return False
    now = now or utcnow()
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware (UTC)")

    ensure_site_settings(session, DEMO_CONTACT_EMAIL)
    users = _add_users(session, now)
    _add_site_copy(session)
    pool = _attendee_pool(users)
    for index, seed in enumerate(meetups.MEETUPS):
        _add_meetup(session, seed, index, users, pool, now)
    items = _add_news(session, users, now)
    _add_comments(session, items, users, now)
    _add_jobs(session, users, now)
    _add_speaker_applications(session, now)
    _add_blog_posts(session, users, now)
    session.flush()
    return True


# ---------------------------------------------------------------- helpers


def _ago(now: dt.datetime, age: dict) -> dt.datetime:
    return now - dt.timedelta(**age)


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def _attendee_pool(users: dict[str, User]) -> list[User]:
    """Who fills meetup seats: the named members first, then the crowd; never the demo accounts."""
    named = [users[m["username"]] for m in people.MEMBERS]
    demo = {people.DEMO_MEMBER_USERNAME, people.DEMO_ORGANIZER_USERNAME}
    return named + [u for u in users.values() if u not in named and u.username not in demo]


# ---------------------------------------------------------------- users


def _add_users(session: Session, now: dt.datetime) -> dict[str, User]:
    """All accounts, keyed by username. One password hash is shared by every account."""
    password_hash = hash_password(DEMO_PASSWORD)
    rows = [
        {**people.DEMO_MEMBER, "email": DEMO_MEMBER_EMAIL},
        {**people.DEMO_ORGANIZER, "email": DEMO_ORGANIZER_EMAIL},
    ]
    for member in people.MEMBERS:
        email = f"{_letters(member['first_name'])}.{_letters(member['last_name'])}@example.com"
        rows.append({**member, "email": email, "role": "member"})
    for i, (first, last) in enumerate(people.CROWD_NAMES):
        rows.append(
            {
                "username": _letters(first + last),
                "first_name": first,
                "last_name": last,
                "email": f"{_letters(first)}.{_letters(last)}@example.com",
                "phone": f"010{(21_903_417 + i * 48_271_393) % 90_000_000 + 10_000_000:08d}",
                "bio": people.CROWD_BIOS[i % len(people.CROWD_BIOS)],
                "language": "uz" if i % 3 == 0 else "en",
                "role": "member",
                "joined_days_ago": 450 - 14 * i,
            }
        )
    users = {}
    for row in rows:
        days = row.pop("joined_days_ago")
        joined = _ago(now, {"days": days})
        user = User(**row, password_hash=password_hash, joined_at=joined, verified_at=joined)
        session.add(user)
        users[user.username] = user
    session.flush()
    # The demo members ticked the sign-up's Terms and Privacy box when they joined.
    for user in users.values():
        for kind in privacy.SIGN_UP_KINDS:
            privacy.give_consent(session, user.id, kind, now=user.joined_at)
    return users


# ---------------------------------------------------------------- site copy


def _add_site_copy(session: Session) -> None:
    for position, row in enumerate(site_copy.AFFILIATED_PROJECTS):
        session.add(AffiliatedProject(**row, position=position))
    for position, row in enumerate(site_copy.BENEFITS):
        session.add(Benefit(**row, position=position))
    for position, row in enumerate(site_copy.TEAM_MEMBERS):
        session.add(TeamMember(**row, position=position))


# ---------------------------------------------------------------- meetups


def _meetup_start(now: dt.datetime, seed: meetups.MeetupSeed) -> dt.datetime:
    """The first ``seed.weekday`` on or after now + in_days, at the Korea start time, in UTC."""
    day = (now + dt.timedelta(days=seed.in_days)).astimezone(KST).date()
    day += dt.timedelta(days=(seed.weekday - day.weekday()) % 7)
    return dt.datetime.combine(day, seed.kst_start, tzinfo=KST).astimezone(dt.UTC)


def _speaker_profile(session: Session, seed: meetups.SpeakerSeed) -> SpeakerProfile:
    """One profile per person across the demo meetups (found again by name)."""
    found = session.exec(select(SpeakerProfile).where(SpeakerProfile.name == seed.full_name)).first()
    if found is None:
        found = SpeakerProfile(
            slug=talk_service.slug_of(seed.full_name, "speaker"), name=seed.full_name,
            job_position=seed.job_position, company=seed.company, bio=seed.bio,
            links=[seed.profile_url] if seed.profile_url else [])
        session.add(found)
        session.flush()
    return found


def _add_meetup(
    session: Session,
    seed: meetups.MeetupSeed,
    index: int,
    users: dict[str, User],
    pool: list[User],
    now: dt.datetime,
) -> Meetup:
    starts = _meetup_start(now, seed)
    ends = starts + dt.timedelta(minutes=seed.minutes)
    is_past = ends < now
    created = min(now, starts - dt.timedelta(days=30))
    meetup = Meetup(
        title=seed.title,
        description=seed.description,
        location=seed.location,
        starts_at=starts,
        ends_at=ends,
        max_seats=seed.max_seats,
        available_seats=seed.max_seats,
        parking=seed.parking,
        provided=seed.provided,
        requires_approval=seed.requires_approval,
        organizer_id=users[people.DEMO_ORGANIZER_USERNAME].id,
        created_at=created,
        updated_at=created,
    )
    session.add(meetup)
    session.flush()

    speakers = [_speaker_profile(session, s) for s in seed.speakers]
    for talk in seed.sessions:
        talk_start = starts + dt.timedelta(minutes=talk.offset_min)
        row = Talk(
            meetup_id=meetup.id, slug=talk_service.slug_of(talk.subject), title=talk.subject,
            abstract=talk.abstract, language=talk.language, level=talk.level,
            duration_minutes=talk.length_min, starts_at=talk_start,
            ends_at=talk_start + dt.timedelta(minutes=talk.length_min), room=talk.room,
            slides_url=talk.slides_url, recording_url=talk.recording_url if is_past else None,
        )
        if talk.slides_pdf and is_past:
            row.slides_key = f"{talk_service.SLIDES_FOLDER}/demo-{index}-{talk.offset_min}.pdf"
            get_storage().write(row.slides_key, slides_pdf(talk.subject, seed.speakers[talk.speaker].full_name),
                                content_type="application/pdf", private=True)
        session.add(row)
        session.flush()
        session.add(TalkSpeaker(talk_id=row.id, speaker_id=speakers[talk.speaker].id))
    session.flush()

    registrations = _registrations(seed, index, meetup, users, pool, now, is_past)
    session.add_all(registrations)
    live = sum(1 for r in registrations if r.status in LIVE_STATUSES)
    if live > seed.max_seats:
        raise ValueError(f"{seed.title!r}: {live} registrations for {seed.max_seats} seats")
    meetup.available_seats = seed.max_seats - live
    meetup.attended_count = sum(1 for r in registrations if r.checked_in_at is not None)

    for note in seed.notes:
        session.add(
            MeetupNote(
                meetup_id=meetup.id,
                content=note.content,
                is_active=note.active,
                created_at=min(now, starts - dt.timedelta(days=note.days_before)),
            )
        )
    for k, review in enumerate(seed.reviews):
        author = users[review.username] if review.username else None
        name = f"{author.first_name} {author.last_name}" if author else review.guest_name
        session.add(
            MeetupReview(
                meetup_id=meetup.id,
                user_id=author.id if author else None,
                author_name=name,
                rating=review.rating,
                content=review.content,
                created_at=min(now, ends + dt.timedelta(hours=5 * (k + 1))),
            )
        )
    return meetup


def _registrations(
    seed: meetups.MeetupSeed,
    index: int,
    meetup: Meetup,
    users: dict[str, User],
    pool: list[User],
    now: dt.datetime,
    is_past: bool,
) -> list[MeetupRegistration]:
    """The seed's own registrations, then ``seed.crowd`` more from members joined by then."""
    starts = meetup.starts_at
    opened = min(now, starts - dt.timedelta(days=1))

    def registered_at(i: int) -> dt.datetime:
        return opened - dt.timedelta(hours=5 + 11 * i)

    entries = [
        (users[r.username], r.reason, r.field, r.expectation, r.status, r.checked_in)
        for r in seed.registrations
    ]
    taken = {r.username for r in seed.registrations}
    crowd: list[User] = []
    for user in pool:
        if len(crowd) == seed.crowd:
            break
        when = registered_at(len(entries) + len(crowd))
        if user.username not in taken and user.joined_at <= when:
            crowd.append(user)
    if len(crowd) < seed.crowd:
        raise ValueError(f"{seed.title!r}: only {len(crowd)} members available for the crowd")
    for j, user in enumerate(crowd):
        reason, field, expectation = meetups.CROWD_ANSWERS[(j + index) % len(meetups.CROWD_ANSWERS)]
        came = is_past and j < seed.crowd - seed.no_shows
        entries.append((user, reason, field, expectation, RegistrationStatus.ACCEPTED, came))

    rows = []
    for i, (user, reason, field, expectation, status, came) in enumerate(entries):
        at = registered_at(i)
        cancelled = status == RegistrationStatus.CANCELLED
        checked_in = starts - dt.timedelta(minutes=25 - i % 20) if came and is_past else None
        rows.append(
            MeetupRegistration(
                meetup_id=meetup.id,
                user_id=user.id,
                attendance_reason=reason.value,
                interested_field=field.value,
                expectation=expectation,
                status=status.value,
                registered_at=at,
                cancelled_at=min(now, at + dt.timedelta(days=2)) if cancelled else None,
                checked_in_at=checked_in,
            )
        )
    return rows


# ---------------------------------------------------------------- news and comments


def _add_news(session: Session, users: dict[str, User], now: dt.datetime) -> dict[str, News]:
    author = users[people.DEMO_ORGANIZER_USERNAME]
    items = {}
    for row in [*news.NEWS, news.DRAFT_NEWS]:
        row = dict(row)
        key = row.pop("key")
        created = _ago(now, row.pop("age"))
        item = News(**row, author_id=author.id, created_at=created, updated_at=created)
        session.add(item)
        items[key] = item
    session.flush()
    return items


def _add_comments(
    session: Session, items: dict[str, News], users: dict[str, User], now: dt.datetime
) -> None:
    comments: dict[str, Comment] = {}
    for row in news.COMMENTS:
        item = items[row["news"]]
        parent = comments.get(row["parent"]) if row.get("parent") else None
        comment = Comment(
            news_id=item.id,
            user_id=users[row["username"]].id,
            # A reply to a reply hangs off the top-level comment (services/comments.py).
            parent_id=(parent.parent_id or parent.id) if parent else None,
            replied_username=_username_of(parent, users) if parent else None,
            text=row["text"],
            created_at=min(now, item.created_at + dt.timedelta(hours=row["after_hours"])),
        )
        session.add(comment)
        session.flush()
        comments[row["key"]] = comment
        for username, value in row.get("votes", {}).items():
            session.add(
                CommentVote(
                    comment_id=comment.id,
                    user_id=users[username].id,
                    value=value,
                    created_at=min(now, comment.created_at + dt.timedelta(hours=1)),
                )
            )


def _username_of(comment: Comment, users: dict[str, User]) -> str:
    return next(u.username for u in users.values() if u.id == comment.user_id)


# ---------------------------------------------------------------- jobs, applications, blog


def _add_jobs(session: Session, users: dict[str, User], now: dt.datetime) -> None:
    for row in jobs.JOBS:
        row = dict(row)
        created = _ago(now, row.pop("age"))
        poster = users[row.pop("posted_by")]
        was_open = row["status"] != JobStatus.PENDING.value
        opened = created if was_open else None
        session.add(
            JobPost(
                **row,
                posted_by_id=poster.id,
                created_at=created,
                updated_at=created,
                opened_at=opened,
                expires_at=opened + dt.timedelta(days=JOB_LIFETIME_DAYS) if opened else None,
            )
        )


def _add_speaker_applications(session: Session, now: dt.datetime) -> None:
    for row in extras.SPEAKER_APPLICATIONS:
        row = dict(row)
        created = _ago(now, row.pop("age"))
        session.add(SpeakerApplication(**row, created_at=created, updated_at=created))


def _add_blog_posts(session: Session, users: dict[str, User], now: dt.datetime) -> None:
    author = users[people.DEMO_MEMBER_USERNAME]
    for row in extras.BLOG_POSTS:
        row = dict(row)
        created = _ago(now, row.pop("age"))
        published_age = row.pop("published_age", None)
        published = (
            _ago(now, published_age) if row["status"] == BlogStatus.PUBLISHED.value else None
        )
        session.add(
            BlogPost(
                **row,
                author_id=author.id,
                created_at=created,
                updated_at=published or created,
                published_at=published,
            )
        )
