"""The personal digest (issue 44): what happened since the last one and what is coming,
chosen for one member, sent only to members who gave the news-emails consent.

- **What it carries** (``content_for``): meetups open for registration with seats left
  (those announced since the last digest are new), talks of upcoming meetups added since
  (the ``talks`` table; before it, the new meetups' programme lines), news, new job posts
  that fit the member's visa (My Page) and Korean level (the digest's choice) or one of
  the member's saved searches (the jobs board's rule, ``jobs.filtered_query``, as job
  alerts use it), and published blog posts. **Nothing new, nothing sent**: a digest goes
  only when at least one item is new; open meetups alone are no news.
- **When**: weekly (Monday) by default; daily, monthly (the 1st) or never, at the member's
  chosen hour in Korea time (``next_digest``). ``only_if_away``: skipped when the member
  signed in or refreshed a session since the last digest (``last_visit``).
- **Exactly once per member and period, across workers and nodes**: the scheduler's task
  ``digests`` claims each due member with one conditional UPDATE that moves
  ``next_digest_at`` forward (``WHERE next_digest_at <= now``), in the transaction that
  records the send (``digest_sends``, unique per member and period) and queues the email
  (services/mail_queue.py) and the Telegram message (services/telegram/queue.py), each
  itself sent once and retried by its queue. A second worker's UPDATE waits for the first
  and finds the member no longer due; a failure rolls the claim back and the next run tries
  again; a restart loses nothing and repeats nothing (the claim and the queued rows commit
  together).
- **Paced**: one run handles at most ``PER_RUN`` members and the task runs every minute:
  at most ``PER_RUN`` digests per minute (docs/performance.md); the mail queue then sends
  them one connection at a time per draining thread, the Telegram queue ``BATCH`` rows per
  drain.
- **The consent is the switch**: only members whose news-emails consent is in force are
  picked, it is checked again inside the claim, and withdrawing it drops the member's
  digests not sent yet at once (``_consent_changed``).
- **Channels** (My Page): email (text and HTML, ``List-Unsubscribe`` with the RFC 8058
  one-click POST) and Telegram (a short message with links) when the bot is linked; a
  member who chose Telegram alone gets the email when the bot is not linked or blocked.
- **Links carry no sign-in**: only the unsubscribe link carries a key, the member's own
  random ``unsubscribe_token``, which turns the digest emails off and does nothing else.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import html
import logging
import secrets

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from community_app import models
from community_app.core import routes
from community_app.core.db import utcnow
from community_app.core.korea_time import to_korea
from community_app.core.settings import get_settings, site_address
from community_app.i18n import N_, gettext, normalize_language
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import (
    BlogPost, BlogStatus, Consent, ConsentKind, DigestFrequency, DigestSend, DigestSettings,
    JobPost, LoginEvent, MailKind, MailStatus, Meetup, News,
    QueuedMail, RefreshToken, SavedJobSearch, TelegramMessage, TelegramStatus, User,
)
from community_app.services import jobs, mail, mail_queue, scheduler
from community_app.services.audit import require_organizer
from community_app.services.bulk import update_where
from community_app.services.errors import Invalid
from community_app.services.privacy import consents
from community_app.services.telegram import notify

log = logging.getLogger(__name__)

PER_RUN = 500  # members one run of the task handles (the task runs every minute)
RUN_EVERY = dt.timedelta(minutes=1)
SECTION_ITEMS = 5  # items listed per section (jobs: 10)
JOB_ITEMS = 10
TELEGRAM_ITEMS = 8  # links in the short Telegram message
DEFAULT_HOUR = 9
FIRST_SINCE = {  # what a member's first digest looks back over
    DigestFrequency.DAILY.value: dt.timedelta(days=1),
    DigestFrequency.WEEKLY.value: dt.timedelta(days=7),
    DigestFrequency.MONTHLY.value: dt.timedelta(days=31),
    DigestFrequency.NEVER.value: dt.timedelta(days=7),
}

FREQUENCY_INVALID = N_("Unknown frequency. Use one of: {values}.")
HOUR_INVALID = N_("Choose an hour from 0 to 23.")
UNSUBSCRIBED = N_("You will get no more digest emails.")
UNSUBSCRIBE_NOT_FOUND = N_("This unsubscribe link is not valid.")
NO_CONSENT = N_("You get no digest: you have not agreed to emails about new meetups, news "
                "and jobs. Switch it on under “What you agreed to” to get one.")

SUBJECT = N_("Your {site} digest: {count} new")
GREETING = N_("Hello {name},")
INTRO = N_("Here is what is new since {date}, and what is coming.")
MEETUPS_HEADING = N_("Meetups open for registration")
TALKS_HEADING = N_("Talks of upcoming meetups")
NEWS_HEADING = N_("News")
JOBS_HEADING = N_("Jobs for you")
BLOG_HEADING = N_("Blog posts")
SEATS_LEFT = N_("{date}, {time} (Korea time) · {seats} seats left")
NEW_MARK = N_("New")
CHOICES_LINE = N_("Change how often and how the digest comes on My Page: {url}")
UNSUBSCRIBE_LINE = N_("Stop these emails with one click: {url}")
WHY_LINE = N_("You get this digest because you agreed to emails about new meetups, news and "
              "jobs.")
TELEGRAM_MORE = N_("All of it on My Page: {url}")
TEST_MARK = N_("[Test] {subject}")
TEST_SENT = N_("A test digest was sent to your email address.")
MY_PAGE = N_("My Page")
UNSUBSCRIBE = N_("Unsubscribe")


# ---------------------------------------------------------------- the member's choices


@dataclasses.dataclass(frozen=True)
class Choices:
    frequency: str
    hour: int
    by_email: bool
    by_telegram: bool
    only_if_away: bool
    korean_level: str | None
    next_at: dt.datetime | None  # None: never, or no consent
    consent: bool  # the news-emails consent is in force
    telegram_linked: bool


def parse_frequency(value: str | None) -> str:
    member = DigestFrequency.parse((value or "").strip().upper())
    if member is None:
        raise Invalid("frequency", FREQUENCY_INVALID, values=", ".join(DigestFrequency.values()))
    return member.value


def parse_hour(value: object) -> int:
    try:
        hour = int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise Invalid("hour", HOUR_INVALID) from None
    if not 0 <= hour <= 23:
        raise Invalid("hour", HOUR_INVALID)
    return hour


def next_digest(frequency: str, hour: int, after: dt.datetime) -> dt.datetime:
    """The next digest time after ``after`` at ``hour`` Korea time: the same day when still
    ahead, else the next; weekly on a Monday, monthly on the 1st; in UTC (aware, as
    aware). Never: a time no run reaches (the due query leaves NEVER out anyway)."""
    after = after if after.tzinfo else after.replace(tzinfo=dt.UTC)
    local = to_korea(after)
    at = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if at <= local:
        at += dt.timedelta(days=1)
    if frequency == DigestFrequency.WEEKLY.value:
        at += dt.timedelta(days=(7 - at.weekday()) % 7)
    elif frequency in (DigestFrequency.MONTHLY.value, DigestFrequency.NEVER.value):
        if at.day != 1:
            first = (at.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
            at = first.replace(hour=hour)
    return at.astimezone(dt.UTC)


def _new_settings(user_id: int, now: dt.datetime) -> DigestSettings:
    return DigestSettings(
        user_id=user_id, unsubscribe_token=secrets.token_urlsafe(24),
        next_digest_at=next_digest(DigestFrequency.WEEKLY.value, DEFAULT_HOUR, now),
    )


def settings_for(session: Session, user_id: int, now: dt.datetime | None = None) -> DigestSettings:
    """The member's settings row, made with the defaults when there is none yet."""
    row = session.get(DigestSettings, user_id)
    if row is None:
        row = _new_settings(user_id, now or utcnow())
        try:
            with session.begin_nested():
                session.add(row)
        except sa.exc.IntegrityError:  # made by another request meanwhile
            row = session.get(DigestSettings, user_id, populate_existing=True)
    return row


def _consents_given(user_id_column):
    return (select(Consent.user_id)
            .where(Consent.kind == ConsentKind.NEWS_EMAILS.value, col(Consent.meetup_id).is_(None),
                   col(Consent.withdrawn_at).is_(None), Consent.user_id == user_id_column)
            .exists())


def choices(session: Session, user_id: int) -> Choices:
    row = session.get(DigestSettings, user_id)
    member = session.get(User, user_id)
    consent = consents.has_consent(session, user_id, ConsentKind.NEWS_EMAILS.value)
    if row is None:
        row = _new_settings(user_id, utcnow())  # not stored: the defaults
    never = row.frequency == DigestFrequency.NEVER.value
    return Choices(row.frequency, row.hour, row.by_email, row.by_telegram, row.only_if_away,
                   row.korean_level, None if never or not consent else row.next_digest_at,
                   consent, member is not None and member.telegram_chat_id is not None)


def save_choices(session: Session, user_id: int, *, frequency: str | None = None,
                 hour: object = None, by_email: bool | None = None,
                 by_telegram: bool | None = None, only_if_away: bool | None = None,
                 korean_level: str | None = None, clear_korean_level: bool = False,
                 now: dt.datetime | None = None) -> Choices:
    """Change the member's digest choices (each optional); the next digest is planned from
    now."""
    now = now or utcnow()
    row = settings_for(session, user_id, now)
    if frequency is not None:
        row.frequency = parse_frequency(frequency)
    if hour is not None:
        row.hour = parse_hour(hour)
    if by_email is not None:
        row.by_email = bool(by_email)
    if by_telegram is not None:
        row.by_telegram = bool(by_telegram)
    if only_if_away is not None:
        row.only_if_away = bool(only_if_away)
    if clear_korean_level:
        row.korean_level = None
    elif korean_level:
        row.korean_level = jobs.parse_korean_level(korean_level)
    row.next_digest_at = next_digest(row.frequency, row.hour, now)
    session.add(row)
    session.commit()
    return choices(session, user_id)


def ensure_settings(session: Session, now: dt.datetime) -> int:
    """Give every member with the news-emails consent and no settings the defaults (weekly,
    09:00); how many were made."""
    missing = session.exec(
        select(User.id).where(col(User.deleted_at).is_(None), _consents_given(User.id),
                              ~select(DigestSettings.user_id)
                              .where(DigestSettings.user_id == User.id).exists())
    ).all()
    if not missing:
        return 0
    first = next_digest(DigestFrequency.WEEKLY.value, DEFAULT_HOUR, now)
    session.execute(sa.insert(DigestSettings), [
        dict(user_id=uid, frequency=DigestFrequency.WEEKLY.value, hour=DEFAULT_HOUR,
             by_email=True, by_telegram=True, only_if_away=False, korean_level=None,
             unsubscribe_token=secrets.token_urlsafe(24), next_digest_at=first,
             last_digest_at=None)
        for uid in missing])
    session.commit()
    return len(missing)


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


def _aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def _in_utc(value: dt.datetime) -> dt.datetime:
    """The moment in UTC (aware, as the columns store it)."""
    return _aware(value).astimezone(dt.UTC)


def _meetups(session: Session, since: dt.datetime, now: dt.datetime, lang: str) -> list[Item]:
    rows = session.exec(
        select(Meetup).where(col(Meetup.starts_at) > now, col(Meetup.available_seats) > 0)
        .order_by(col(Meetup.starts_at), col(Meetup.id)).limit(SECTION_ITEMS)
    ).all()
    base = site_address()
    return [Item(m.title, gettext(SEATS_LEFT, lang, date=date_texts(m.starts_at, "long")[lang],
                                  time=time_texts(m.starts_at)[lang], seats=m.available_seats),
                 f"{base}{routes.event_detail('upcoming', m.id)}", _in_utc(m.created_at) > since)
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
    since, now = _in_utc(since), _in_utc(now)
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
        return _in_utc(settings.last_digest_at)
    return _in_utc(now) - FIRST_SINCE[settings.frequency]


def last_visit(session: Session, user_id: int) -> dt.datetime | None:
    """The member's last visit as the site knows it: a sign-in or a session refreshed."""
    signed_in = session.exec(select(func.max(LoginEvent.at))
                             .where(LoginEvent.user_id == user_id)).first()
    refreshed = session.exec(select(func.max(RefreshToken.issued_at))
                             .where(RefreshToken.user_id == user_id)).first()
    seen = [v for v in (signed_in, refreshed) if v is not None]
    return max(_in_utc(v) for v in seen) if seen else None


# ---------------------------------------------------------------- the messages


@dataclasses.dataclass(frozen=True)
class Digest:
    member: User
    lang: str
    content: Content
    subject: str
    text: str
    html: str
    telegram: str
    unsubscribe_url: str  # the page (a click in the email)
    unsubscribe_post_url: str  # RFC 8058 one-click POST

    def headers(self) -> dict[str, str]:
        return {"List-Unsubscribe": f"<{self.unsubscribe_post_url}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def unsubscribe_api_path(token: str) -> str:
    return f"/api/v1/public/digest/unsubscribe/{token}"


def compose(member: User, content: Content, token: str) -> Digest:
    """The digest's email (text and HTML) and Telegram message in the member's language."""
    lang = normalize_language(member.language)
    base = site_address()
    site = get_settings().site_name
    mypage = f"{base}{routes.MYPAGE_DIGEST}"
    unsubscribe_url = f"{base}{routes.digest_unsubscribe(token)}"
    subject = gettext(SUBJECT, lang, site=site, count=content.new_count)
    name = member.first_name or member.username
    since = date_texts(content.since, "long")[lang]
    new = gettext(NEW_MARK, lang)

    lines = [gettext(GREETING, lang, name=name), "", gettext(INTRO, lang, date=since)]
    parts = [f"<p>{html.escape(gettext(GREETING, lang, name=name))}</p>",
             f"<p>{html.escape(gettext(INTRO, lang, date=since))}</p>"]
    short = [subject]
    for section in content.sections:
        heading = gettext(section.heading, lang)
        lines += ["", heading.upper()]
        parts.append(f'<h2 style="font-size:18px;margin:24px 0 8px">{html.escape(heading)}</h2><ul>')
        for item in section.items:
            mark = f" ({new})" if item.new and section.heading == MEETUPS_HEADING else ""
            detail = f" — {item.detail}" if item.detail else ""
            lines += [f"• {item.title}{mark}{detail}", f"  {item.url}"]
            parts.append(f'<li style="margin-bottom:8px"><a href="{html.escape(item.url)}">'
                         f"{html.escape(item.title)}</a>{html.escape(mark)}"
                         + (f"<br><span style=\"color:#555\">{html.escape(item.detail)}</span>"
                            if item.detail else "") + "</li>")
            if len(short) <= TELEGRAM_ITEMS and (item.new or section.heading == MEETUPS_HEADING):
                short.append(f"• {item.title}\n{item.url}")
        parts.append("</ul>")
    footer = [gettext(WHY_LINE, lang), gettext(CHOICES_LINE, lang, url=mypage),
              gettext(UNSUBSCRIBE_LINE, lang, url=unsubscribe_url)]
    lines += [""] + footer
    parts.append('<hr><p style="color:#555;font-size:13px">'
                 + "<br>".join(html.escape(f) for f in footer[:1]) + "<br>"
                 + f'<a href="{html.escape(mypage)}">{html.escape(gettext(MY_PAGE, lang))}</a>'
                 + f' · <a href="{html.escape(unsubscribe_url)}">'
                 + f'{html.escape(gettext(UNSUBSCRIBE, lang))}</a></p>')
    document = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
                f"<title>{html.escape(subject)}</title></head>"
                '<body style="font-family:sans-serif;line-height:1.5;max-width:640px">'
                + "".join(parts) + "</body></html>")
    short.append(gettext(TELEGRAM_MORE, lang, url=mypage))
    return Digest(member, lang, content, subject, "\n".join(lines) + "\n", document,
                  "\n\n".join(short), unsubscribe_url, f"{base}{unsubscribe_api_path(token)}")


def _email(digest: Digest, ref_id: int) -> dict:
    """The digest's email as ``mail_queue.enqueue`` takes it (and the Telegram queue keeps
    it, to send instead if the member blocked the bot)."""
    return dict(kind=MailKind.DIGEST.value, meetup_id=None, subject=digest.subject,
                body=digest.text, html=digest.html, lang=digest.lang, ref_id=ref_id,
                headers=digest.headers())


def _telegram_key(period: str) -> str:
    return f"digest:{period}"


def deliver(session: Session, digest: Digest, settings: DigestSettings, ref_id: int,
            period: str, now: dt.datetime) -> list[str]:
    """Queue the digest on the member's channels, in the caller's transaction; the
    channels it went to."""
    member = digest.member
    mail_args = _email(digest, ref_id)
    went = []
    if settings.by_telegram and member.telegram_chat_id is not None:
        if notify.send_to_member(session, member, digest.telegram, key=_telegram_key(period),
                                 fallback_mail=None if settings.by_email else mail_args):
            went.append("telegram")
    if settings.by_email or not went:
        if mail_queue.enqueue(session, mail_args["kind"], member, None, digest.subject,
                              digest.text, digest.lang, ref_id=ref_id, now=now,
                              headers=digest.headers(), html=digest.html):
            went.append("email")
    return went


# ---------------------------------------------------------------- sending


def claim(session: Session, settings: DigestSettings, now: dt.datetime) -> bool:
    """Take this period's digest of one member; True for the one caller that wins it."""
    won = update_where(
        session, DigestSettings,
        col(DigestSettings.user_id) == settings.user_id,
        col(DigestSettings.next_digest_at) <= now,
        col(DigestSettings.frequency) != DigestFrequency.NEVER.value,
        next_digest_at=next_digest(settings.frequency, settings.hour, now), last_digest_at=now,
    )
    return won == 1


def _period(settings: DigestSettings) -> str:
    return f"{to_korea(_aware(settings.next_digest_at)):%Y-%m-%d}"


def send_digest(session: Session, user_id: int, now: dt.datetime,
                memo: dict | None = None) -> int | None:
    """Claim one due member and queue their digest in one transaction: how many new items
    it carried (0: skipped, nothing sent), or None when another worker has it."""
    settings = session.get(DigestSettings, user_id, populate_existing=True)
    if settings is None:
        return None
    since, period = since_of(settings, now), _period(settings)
    if not claim(session, settings, now):
        session.rollback()
        return None
    member = session.get(User, user_id)
    carried = 0
    if (member is not None and member.deleted_at is None and member.is_active
            and consents.has_consent(session, user_id, ConsentKind.NEWS_EMAILS.value)):
        visited = last_visit(session, user_id) if settings.only_if_away else None
        away = visited is None or settings.last_digest_at is None or visited <= since
        content = content_for(session, member, settings, since, now,
                              normalize_language(member.language), memo) if away else None
        if content is not None and content.new_count:
            sent = DigestSend(user_id=user_id, period=period, sent_at=now,
                              items=content.new_count)
            session.add(sent)
            session.flush()  # a second send of this period fails here: nothing twice
            deliver(session, compose(member, content, settings.unsubscribe_token), settings,
                    sent.id, period, now)
            carried = content.new_count
    session.commit()
    return carried


def due_members(session: Session, now: dt.datetime, limit: int = PER_RUN) -> list[int]:
    return list(session.exec(
        select(DigestSettings.user_id)
        .where(col(DigestSettings.next_digest_at) <= now,
               col(DigestSettings.frequency) != DigestFrequency.NEVER.value,
               _consents_given(DigestSettings.user_id))
        .order_by(col(DigestSettings.next_digest_at), col(DigestSettings.user_id)).limit(limit)
    ).all())


def send_due_digests(session: Session, now: dt.datetime | None = None,
                     limit: int = PER_RUN) -> dict[str, int]:
    """Every due member's digest this caller wins (at most ``limit``): counts of digests
    sent and skipped."""
    now = _in_utc(now or utcnow())
    ensure_settings(session, now)
    due = due_members(session, now, limit)
    session.commit()
    counts = {"digests": 0, "skipped": 0}
    memo: dict = {}  # this run's shared reads (content_for)
    for user_id in due:
        try:
            carried = send_digest(session, user_id, now, memo)
        except sa.exc.IntegrityError:
            session.rollback()  # (this period's digest was recorded by another run)
            continue
        except Exception:  # noqa: BLE001 - one member's failure: retried next run
            session.rollback()
            log.exception("the digest of member %s failed; tried again next run", user_id)
            continue
        if carried:
            counts["digests"] += 1
        elif carried == 0:
            counts["skipped"] += 1
    return counts


@scheduler.periodic("digests", every=RUN_EVERY)
def _scheduled_digests(session: Session, now: dt.datetime) -> str:
    counts = send_due_digests(session, now)
    return ", ".join(f"{k}: {v}" for k, v in counts.items())


# ---------------------------------------------------------------- the consent, unsubscribe


def forget_unsent(session: Session, user_id: int) -> int:
    """Drop the member's digests not sent yet (email and Telegram); how many."""
    mails = session.execute(
        sa.delete(QueuedMail).where(col(QueuedMail.user_id) == user_id,
                                    col(QueuedMail.kind) == MailKind.DIGEST.value,
                                    col(QueuedMail.status) == MailStatus.PENDING.value)
        .execution_options(synchronize_session=False)).rowcount
    messages = session.execute(
        sa.delete(TelegramMessage).where(
            col(TelegramMessage.user_id) == user_id,
            col(TelegramMessage.key).like(notify.member_key(user_id, "digest:") + "%"),
            col(TelegramMessage.status) == TelegramStatus.PENDING.value)
        .execution_options(synchronize_session=False)).rowcount
    return mails + messages


def _consent_changed(session: Session, user_id: int, kind: str, given: bool) -> None:
    if kind != ConsentKind.NEWS_EMAILS.value:
        return
    if not given:
        forget_unsent(session, user_id)
        return
    row = session.get(DigestSettings, user_id)
    if row is not None:  # given again: the next digest from now on, not the months between
        row.next_digest_at = next_digest(row.frequency, row.hour, utcnow())
        row.last_digest_at = utcnow()
        session.add(row)


consents.on_change(_consent_changed)


@dataclasses.dataclass(frozen=True)
class Unsubscribed:
    done: bool


def unsubscribe(session: Session, token: str) -> Unsubscribed | None:
    """The email's one-click unsubscribe: no more digest emails (Telegram, if chosen, goes
    on; My Page changes both); None for an unknown token. Twice is harmless."""
    row = session.exec(select(DigestSettings)
                       .where(DigestSettings.unsubscribe_token == (token or "")[:64])).first()
    if row is None:
        return None
    if row.by_email:
        row.by_email = False
        session.add(row)
        forget_unsent_email = sa.delete(QueuedMail).where(
            col(QueuedMail.user_id) == row.user_id, col(QueuedMail.kind) == MailKind.DIGEST.value,
            col(QueuedMail.status) == MailStatus.PENDING.value)
        session.execute(forget_unsent_email.execution_options(synchronize_session=False))
        session.commit()
    return Unsubscribed(True)


# ---------------------------------------------------------------- previews, the back office


@dataclasses.dataclass(frozen=True)
class Preview:
    choices: Choices
    next_at: dt.datetime | None
    digest: Digest | None  # None: nothing new (nothing would be sent now)
    channels: list[str]


def _channels(member: User, settings: DigestSettings) -> list[str]:
    telegram = settings.by_telegram and member.telegram_chat_id is not None
    return (["telegram"] if telegram else []) + (["email"] if settings.by_email or not telegram else [])


def preview(session: Session, user_id: int, now: dt.datetime | None = None) -> Preview:
    """The member's next digest as it would be sent now (nothing when nothing is new)."""
    now = _in_utc(now or utcnow())
    member = session.get(User, user_id)
    stored = session.get(DigestSettings, user_id)
    settings = stored or _new_settings(user_id, now)
    mine = choices(session, user_id)
    content = content_for(session, member, settings, since_of(settings, now), now,
                          normalize_language(member.language))
    digest = compose(member, content, settings.unsubscribe_token) if content.new_count else None
    return Preview(mine, mine.next_at, digest, _channels(member, settings))


@dataclasses.dataclass(frozen=True)
class Audience:
    members: int  # who will get the next one (when it has something new for them)
    by_email: int
    by_telegram: int
    next_at: dt.datetime | None  # the earliest planned digest


def audience(session: Session, actor_id: int, now: dt.datetime | None = None) -> Audience:
    """Organizers: how many members will get the next digest (consent in force, not
    "never", not deleted; members without choices yet count with the defaults)."""
    require_organizer(session, actor_id)
    settings = sa.orm.aliased(DigestSettings)
    rows = session.exec(
        select(User.telegram_chat_id, settings.frequency, settings.by_email, settings.by_telegram,
               settings.next_digest_at)
        .join(settings, col(settings.user_id) == User.id, isouter=True)
        .where(col(User.deleted_at).is_(None), col(User.is_active).is_(True),
               _consents_given(User.id))
    ).all()
    members = email = telegram = 0
    earliest = None
    default_next = next_digest(DigestFrequency.WEEKLY.value, DEFAULT_HOUR, _in_utc(now or utcnow()))
    for chat, frequency, by_email, by_telegram, next_at in rows:
        if frequency == DigestFrequency.NEVER.value:
            continue
        members += 1
        linked = chat is not None and (by_telegram is None or by_telegram)
        telegram += linked
        email += (by_email is None or by_email) or not linked
        at = next_at or default_next
        earliest = at if earliest is None or at < earliest else earliest
    return Audience(members, email, telegram, earliest)


def send_test(session: Session, actor_id: int, now: dt.datetime | None = None) -> Digest:
    """Organizers: their own digest now, by email to themselves (marked as a test; sent
    even when nothing is new, over the last week; no schedule or queue touched)."""
    organizer = require_organizer(session, actor_id)
    now = _in_utc(now or utcnow())
    settings = session.get(DigestSettings, actor_id) or _new_settings(actor_id, now)
    content = content_for(session, organizer, settings, now - FIRST_SINCE["WEEKLY"], now,
                          normalize_language(organizer.language))
    digest = compose(organizer, content, settings.unsubscribe_token)
    msg = mail.build_message(organizer.email, gettext(TEST_MARK, digest.lang, subject=digest.subject),
                             digest.text, digest.html)
    msg["Content-Language"] = digest.lang
    mail.send_now(msg)
    return digest
