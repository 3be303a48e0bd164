"""What a personal digest carries (``content_for``, services/digest/): meetups open for
registration, talks, news, jobs that fit the member, blog posts, since the last digest.

- **What it carries** (``content_for``): meetups open for registration with seats left
  (those announced since the last digest are new), talks of upcoming meetups added since
  (the ``talks`` table; before it, the new meetups' programme lines), news, new job posts
  that fit the member's visa (My Page) and Korean level (the digest's choice) or one of
  the member's saved searches (the jobs board's rule, ``jobs.filtered_query``, as job
  alerts use it), and published blog posts. **Nothing new, nothing sent**: a digest goes
  only when at least one item is new; open meetups alone are no news.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col, func, select

from community_app import models
from community_app.core import routes
from community_app.core.settings import site_address
from community_app.i18n import N_, gettext
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import (
    BlogPost, BlogStatus, DigestSettings, JobPost, LoginEvent, Meetup, News, RefreshToken,
    SavedJobSearch, User,
)
from community_app.services import jobs
from community_app.services.digest.member_choices import FIRST_SINCE
from community_app.services.errors import Invalid

SECTION_ITEMS = 5  # items listed per section (jobs: 10)
JOB_ITEMS = 10

MEETUPS_HEADING = N_("Meetups open for registration")
TALKS_HEADING = N_("Talks of upcoming meetups")
NEWS_HEADING = N_("News")
JOBS_HEADING = N_("Jobs for you")
BLOG_HEADING = N_("Blog posts")
SEATS_LEFT = N_("{date}, {time} (Korea time) · {seats} seats left")


# ---------------------------------------------------------------- what it carries


@dataclasses.dataclass(frozen=True)
class Item:
    title: str
    detail: str  # in the member's language
    url: str  # absolute
    new: bool = True


@dataclasses.dataclass(frozen=True)
class Section:
    heading: str  # message id
    items: list[Item]


@dataclasses.dataclass(frozen=True)
class Content:
    since: dt.datetime
    sections: list[Section]

    @property
    def new_count(self) -> int:
        return sum(1 for s in self.sections for i in s.items if i.new)


def aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def in_utc(value: dt.datetime) -> dt.datetime:
    """The moment in UTC (aware, as the columns store it)."""
    return aware(value).astimezone(dt.UTC)


def _meetups(session: Session, since: dt.datetime, now: dt.datetime, lang: str) -> list[Item]:
    rows = session.exec(
        select(Meetup).where(col(Meetup.starts_at) > now, col(Meetup.available_seats) > 0)
        .order_by(col(Meetup.starts_at), col(Meetup.id)).limit(SECTION_ITEMS)
    ).all()
    base = site_address()
    return [Item(m.title, gettext(SEATS_LEFT, lang, date=date_texts(m.starts_at, "long")[lang],
                                  time=time_texts(m.starts_at)[lang], seats=m.available_seats),
                 f"{base}{routes.event_detail('upcoming', m.id)}", in_utc(m.created_at) > since)
            for m in rows]


def _talks(session: Session, since: dt.datetime, now: dt.datetime) -> list[Item]:
    base = site_address()
    talk = getattr(models, "Talk", None)
    if talk is not None:  # the programme's talks (issue 41)
        rows = session.exec(
            select(talk, Meetup).join(Meetup, col(Meetup.id) == talk.meetup_id)
            .where(col(Meetup.starts_at) > now, talk.status == "scheduled",
                   talk.created_at > since)
            .order_by(col(Meetup.starts_at), talk.starts_at, talk.id).limit(SECTION_ITEMS)
        ).all()
        return [Item(t.title, m.title, f"{base}{routes.event_detail('upcoming', m.id)}")
                for t, m in rows]
    line = getattr(models, "KeynoteSession", None)
    if line is None:
        return []
    rows = session.exec(  # before it: the programme lines of meetups announced since
        select(line, Meetup).join(Meetup, col(Meetup.id) == line.meetup_id)
        .where(col(Meetup.starts_at) > now, col(Meetup.created_at) > since)
        .order_by(col(Meetup.starts_at), col(line.starts_at)).limit(SECTION_ITEMS)
    ).all()
    return [Item(k.subject, m.title, f"{base}{routes.event_detail('upcoming', m.id)}")
            for k, m in rows]


def _news(session: Session, since: dt.datetime) -> list[Item]:
    rows = session.exec(
        select(News).where(col(News.published).is_(True), col(News.created_at) > since)
        .order_by(col(News.created_at).desc(), col(News.id).desc()).limit(SECTION_ITEMS)
    ).all()
    return [Item(n.title, "", f"{site_address()}{routes.news_detail(n.id)}") for n in rows]


def _blog(session: Session, since: dt.datetime) -> list[Item]:
    rows = session.exec(
        select(BlogPost).where(BlogPost.status == BlogStatus.PUBLISHED.value,
                               col(BlogPost.published_at) > since)
        .order_by(col(BlogPost.published_at).desc(), col(BlogPost.id).desc()).limit(SECTION_ITEMS)
    ).all()
    return [Item(b.title, "", f"{site_address()}{routes.blog_post(b.id)}") for b in rows]


def job_filters(session: Session, member: User, settings: DigestSettings) -> list[jobs.JobFilters]:
    """The filters a job post may fit to be in the member's digest: the member's visa and
    Korean level (when either is set), and each active saved search."""
    found = []
    if member.visa_status or settings.korean_level:
        found.append(jobs.JobFilters(visa=member.visa_status, korean_max=settings.korean_level))
    from community_app.services.job_alerts import filters_of  # (job_alerts imports much)

    for saved in session.exec(select(SavedJobSearch.filters).where(
            SavedJobSearch.user_id == member.id, col(SavedJobSearch.active).is_(True))).all():
        found.append(filters_of(dict(saved)))
    return found


def _jobs(session: Session, filters: list[jobs.JobFilters], since: dt.datetime,
          now: dt.datetime, lang: str) -> list[Item]:
    if not filters:
        return []
    opened = func.coalesce(col(JobPost.opened_at), col(JobPost.created_at))
    seen: dict[int, Item] = {}
    for f in filters:
        try:
            query = jobs.filtered_query(f, now)
        except Invalid:  # a saved search of a value no longer known
            continue
        query = (query.where(opened > since).order_by(None)
                 .order_by(opened.desc(), col(JobPost.id).desc()).limit(JOB_ITEMS))
        for job, _poster in session.exec(query).all():
            seen.setdefault(job.id, Item(job.title, f"{job.company_name}, {job.location}",
                                         f"{site_address()}{routes.job_detail(job.id)}"))
    return list(seen.values())[:JOB_ITEMS]


def content_for(session: Session, member: User, settings: DigestSettings, since: dt.datetime,
                now: dt.datetime, lang: str, memo: dict | None = None) -> Content:
    """What the member's digest carries now: what is new since ``since`` and the meetups
    coming. ``memo``: a dict one run shares, so members with the same period (most: the
    same weekly one) and the same job filters cost one query per section, not one each."""
    since, now = in_utc(since), in_utc(now)
    memo = {} if memo is None else memo

    def once(key, read):
        if key not in memo:
            memo[key] = read()
        return memo[key]

    filters = job_filters(session, member, settings)
    sections = [
        Section(MEETUPS_HEADING, once(("meetups", since, lang), lambda: _meetups(session, since, now, lang))),
        Section(TALKS_HEADING, once(("talks", since), lambda: _talks(session, since, now))),
        Section(JOBS_HEADING, once(("jobs", since, repr(filters)),
                                   lambda: _jobs(session, filters, since, now, lang))),
        Section(NEWS_HEADING, once(("news", since), lambda: _news(session, since))),
        Section(BLOG_HEADING, once(("blog", since), lambda: _blog(session, since))),
    ]
    return Content(since, [s for s in sections if s.items])


def since_of(settings: DigestSettings, now: dt.datetime) -> dt.datetime:
    """Where the member's next digest starts: the last one, else a period back."""
    if settings.last_digest_at is not None:
        return in_utc(settings.last_digest_at)
    return in_utc(now) - FIRST_SINCE[settings.frequency]


def last_visit(session: Session, user_id: int) -> dt.datetime | None:
    """The member's last visit as the site knows it: a sign-in or a session refreshed."""
    signed_in = session.exec(select(func.max(LoginEvent.at))
                             .where(LoginEvent.user_id == user_id)).first()
    refreshed = session.exec(select(func.max(RefreshToken.issued_at))
                             .where(RefreshToken.user_id == user_id)).first()
    seen = [v for v in (signed_in, refreshed) if v is not None]
    return max(in_utc(v) for v in seen) if seen else None

