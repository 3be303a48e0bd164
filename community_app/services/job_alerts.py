"""Saved job searches ("alerts"): a member keeps the jobs board's filters and hears of new
posts that fit them, in a daily or weekly digest, and in a private Atom feed.

- **What fits** is the jobs board's own rule (``jobs.filtered_query``): the same filters
  (keywords, visa, Korean level, working language, location, type, remote) give the same
  posts. A digest carries the OPEN posts that fit and opened since the alert was saved.
- **Each post once per alert**: ``job_alert_deliveries`` is unique on (alert, post); a post
  already sent by an alert is never sent by it again.
- **One digest per period, across workers and nodes**: the scheduler's task
  ``job-alert-digests`` claims each due alert with one conditional UPDATE that moves its
  ``next_digest_at`` forward (``WHERE next_digest_at <= now``), in the same transaction that
  records the deliveries and queues the email (services/mail_queue.py, itself sent exactly
  once). A second worker's UPDATE waits for the first (PostgreSQL row lock, SQLite write
  lock) and then finds the alert no longer due; a failure rolls the claim back, and the
  next run tries again.
- **Channels are a seam**: every sender registered in ``CHANNELS`` gets each digest and
  decides for its member. Email and Telegram follow the member's choice for personal
  messages (services/telegram/linking.py ``channels_for``; digests go with the
  "confirmations" choice, docs/decisions.md): by the bot only when it is linked and chosen,
  by email whenever the bot is not used; "Telegram" alone sends no email (unless the bot
  was blocked meanwhile: then the email goes instead).
- **One alert per set of filters**: saving the filters of an alert the member already has
  is refused (``ALERT_EXISTS``, naming that alert) rather than sending each post twice.
- **Names in the member's language**: an alert saved without a name of its own is named by
  its filters (``describe``), and shown (My Page, the API, the digest, the private feed)
  in the language of whoever reads it (``display_name``), not the one it was saved in.
- **What the next digest holds** (``preview``): its time (09:00 Korea time, daily or on
  Mondays) and the posts it would carry if it were sent now.
- **Unsubscribe** in one click, without signing in: the email's ``List-Unsubscribe`` header
  (RFC 8058 one-click POST) and its link carry the alert's own random token.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import secrets
from collections.abc import Callable
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.core.settings import site_address
from community_app.i18n import LANGUAGES, N_, gettext, ngettext
from community_app.models import (
    AlertDelivery, AlertFrequency, JobPost, KoreanLevel, MailKind, SavedJobSearch, User,
    WorkingLanguage,
)
from community_app.services import jobs, mail_queue, scheduler
from community_app.services.bulk import update_where
from community_app.services.errors import Conflict, Invalid, NotFound
from community_app.services.lookup import get_or_404
from community_app.services.telegram import linking, notify
from community_app.services.text_search import clean_filter

log = logging.getLogger(__name__)

KOREA = ZoneInfo("Asia/Seoul")
DIGEST_HOUR = 9  # Korea time: daily at 09:00, weekly on Monday at 09:00
MAX_ALERTS = 20  # per member
DIGEST_JOBS = 20  # posts listed in one email (the rest: "and N more" with the link)
BATCH = 100  # alerts one run looks at

ALERT_NOT_FOUND = N_("This job alert does not exist.")
TOO_MANY_ALERTS = N_("You can keep at most {count} job alerts. Delete one first.")
FREQUENCY_INVALID = N_("Unknown frequency. Use one of: {values}.")
ALERT_EXISTS = N_("You already have an alert with these filters: “{name}”. Change its frequency "
                  "on My Page instead.")
PREVIEW_JOBS = 5  # posts a preview lists

# The jobs board's filters an alert keeps (JobFilters field names).
FILTER_FIELDS = ("search", "visa", "korean_max", "language", "location", "job_type",
                 "category", "remote")


@dataclasses.dataclass(frozen=True)
class AlertView:
    id: int
    name: str  # as stored: ``display_name`` is the one to show
    filters: dict
    frequency: str
    active: bool
    feed_path: str  # the private Atom feed (under /api/v1)
    created_at: dt.datetime
    last_digest_at: dt.datetime | None
    next_digest_at: dt.datetime | None = None  # None while switched off
    named_by_filters: bool = True  # no name of its own: ``describe`` names it

    def display_name(self, lang: str) -> str:
        """The alert's name in ``lang``: its own, or its filters in words."""
        return describe(self.filters, lang) if self.named_by_filters else self.name


def _view(row: SavedJobSearch) -> AlertView:
    return AlertView(row.id, row.name, dict(row.filters), row.frequency, row.active,
                     feed_path(row.feed_token), row.created_at, row.last_digest_at,
                     row.next_digest_at if row.active else None,
                     is_default_name(row.name, dict(row.filters)))


def feed_path(token: str) -> str:
    return f"/api/v1/public/job-alerts/{token}/feed.atom"


def unsubscribe_api_path(token: str) -> str:
    return f"/api/v1/public/job-alerts/unsubscribe/{token}"


def parse_frequency(value: str | None) -> str:
    member = AlertFrequency.parse((value or "").strip().upper())
    if member is None:
        raise Invalid("frequency", FREQUENCY_INVALID, values=", ".join(AlertFrequency.values()))
    return member.value


def clean_filters(filters: jobs.JobFilters) -> dict:
    """The filters an alert keeps, each checked by the jobs board's parsers (Invalid for a
    bad one) and stored as the board stores it; empty ones left out."""
    values = {
        "search": clean_filter(filters.search) or None,
        "visa": jobs.parse_visa(filters.visa),
        "korean_max": jobs.parse_korean_level(filters.korean_max),
        "language": jobs.parse_language(filters.language),
        "location": clean_filter(filters.location) or None,
        "job_type": jobs.parse_job_type(filters.job_type),
        "category": jobs.parse_category(filters.category),
        "remote": True if filters.remote else None,
    }
    return {k: v for k, v in values.items() if v is not None}


def filters_of(saved: dict) -> jobs.JobFilters:
    return jobs.JobFilters(**{k: saved[k] for k in FILTER_FIELDS if k in saved})


def _korean(level: str, lang: str, *, before_issue_42: bool = False) -> str:
    """The Korean-level filter in words: "No Korean needed", "Korean: TOPIK 3 at most"."""
    label = gettext(KoreanLevel(level).label, lang)
    if not before_issue_42:
        if level == KoreanLevel.NONE.value:
            return label
        if level == KoreanLevel.BUSINESS.value:  # the highest level: any post
            return gettext("Korean: any level", lang)
    return gettext("Korean: {level} at most", lang, level=label)


def describe(filters: dict, lang: str = "en", *, before_issue_42: bool = False) -> str:
    """An alert's default name: its filters in words ("D-2 · Korean: TOPIK 3 at most ·
    Seoul"). ``before_issue_42``: as names were made before (to recognise them)."""
    parts = []
    if filters.get("search"):
        parts.append(f"“{filters['search']}”")
    if filters.get("visa"):
        parts.append(filters["visa"])
    if filters.get("korean_max"):
        parts.append(_korean(filters["korean_max"], lang, before_issue_42=before_issue_42))
    if filters.get("language"):
        parts.append(gettext(WorkingLanguage(filters["language"]).label, lang))
    if filters.get("location"):
        parts.append(filters["location"])
    if filters.get("job_type"):
        parts.append(filters["job_type"].replace("_", "-").lower())
    if filters.get("remote"):
        parts.append(gettext("Remote", lang))
    return " · ".join(parts) or gettext("All new jobs", lang)


def is_default_name(name: str, filters: dict) -> bool:
    """Whether ``name`` is the filters in words (in any language, as made now or before
    issue 42; cut to the stored length), not a name the member chose."""
    return any(name == describe(filters, lang, before_issue_42=old)[:120]
               for lang in LANGUAGES for old in (False, True))


def next_digest(frequency: str, after: dt.datetime) -> dt.datetime:
    """The next digest time after ``after``: 09:00 Korea time (the same day when still
    ahead, else the next), on a Monday for a weekly one; in UTC."""
    after = after if after.tzinfo else after.replace(tzinfo=dt.UTC)
    local = after.astimezone(KOREA)
    at = local.replace(hour=DIGEST_HOUR, minute=0, second=0, microsecond=0)
    if at <= local:
        at += dt.timedelta(days=1)
    if frequency == AlertFrequency.WEEKLY.value:
        at += dt.timedelta(days=(7 - at.weekday()) % 7)
    return at.astimezone(dt.UTC)


def save_alert(session: Session, user_id: int, filters: jobs.JobFilters, *,
               frequency: str = AlertFrequency.DAILY.value, name: str | None = None,
               lang: str = "en", now: dt.datetime | None = None) -> AlertView:
    """Keep the jobs board's current filters as an alert of the member."""
    now = now or utcnow()
    frequency = parse_frequency(frequency)
    saved = clean_filters(filters)
    # One save at a time per member (PostgreSQL: the member's row locked until the commit),
    # so two identical saves at once cannot both pass the check below.
    session.exec(select(User.id).where(User.id == user_id).with_for_update()).first()
    mine = session.exec(select(SavedJobSearch).where(SavedJobSearch.user_id == user_id)).all()
    if same := next((row for row in mine if dict(row.filters) == saved), None):
        raise Conflict(ALERT_EXISTS, name=_view(same).display_name(lang))
    if len(mine) >= MAX_ALERTS:
        raise Conflict(TOO_MANY_ALERTS, count=MAX_ALERTS)
    row = SavedJobSearch(
        user_id=user_id, name=(clean_filter(name) or describe(saved, lang))[:120], filters=saved,
        frequency=frequency, feed_token=secrets.token_urlsafe(24),
        unsubscribe_token=secrets.token_urlsafe(24), created_at=now,
        next_digest_at=next_digest(frequency, now),
    )
    session.add(row)
    session.commit()
    return _view(row)


def list_alerts(session: Session, user_id: int) -> list[AlertView]:
    rows = session.exec(select(SavedJobSearch).where(SavedJobSearch.user_id == user_id)
                        .order_by(col(SavedJobSearch.id))).all()
    return [_view(r) for r in rows]


def _own(session: Session, user_id: int, alert_id: int) -> SavedJobSearch:
    row = get_or_404(session, SavedJobSearch, alert_id, ALERT_NOT_FOUND)
    if row.user_id != user_id:
        raise NotFound(ALERT_NOT_FOUND)
    return row


def update_alert(session: Session, user_id: int, alert_id: int, *, frequency: str | None = None,
                 active: bool | None = None, now: dt.datetime | None = None) -> AlertView:
    """Change how often an alert sends, or switch it off and on."""
    row = _own(session, user_id, alert_id)
    if frequency is not None:
        row.frequency = parse_frequency(frequency)
    if active is not None:
        row.active = bool(active)
    row.next_digest_at = next_digest(row.frequency, now or utcnow())
    session.add(row)
    session.commit()
    return _view(row)


def delete_alert(session: Session, user_id: int, alert_id: int) -> None:
    session.delete(_own(session, user_id, alert_id))
    session.commit()


@dataclasses.dataclass(frozen=True)
class Unsubscribed:
    """The outcome of an unsubscribe: only the alert's name, which the unsubscribe page
    says stopped; never its filters, its feed or its tokens (whoever holds the link, a
    forwarded email or a mail scanner, learns nothing else; the API answers not even the
    name)."""

    name: str


UNSUBSCRIBED = N_("You are unsubscribed.")


def unsubscribe(session: Session, token: str) -> Unsubscribed | None:
    """The digest's one-click unsubscribe: the alert stops sending (kept on My Page, where
    it can be switched on again); None for an unknown token. Doing it twice is harmless."""
    row = session.exec(select(SavedJobSearch)
                       .where(SavedJobSearch.unsubscribe_token == (token or "")[:64])).first()
    if row is None:
        return None
    if row.active:
        row.active = False
        session.add(row)
        session.commit()
    return Unsubscribed(row.name)


# ---------------------------------------------------------------- what fits


def _opened(now: dt.datetime):
    return func.coalesce(col(JobPost.opened_at), col(JobPost.created_at))


def new_matches(session: Session, row: SavedJobSearch, now: dt.datetime) -> list[jobs.JobView]:
    """The open posts that fit the alert, opened since it was saved and not sent by it yet,
    oldest first."""
    sent = select(AlertDelivery.job_id).where(AlertDelivery.search_id == row.id)
    query = (jobs.filtered_query(filters_of(row.filters), now)
             .where(_opened(now) >= row.created_at, col(JobPost.id).not_in(sent))
             .order_by(None).order_by(_opened(now), col(JobPost.id)))
    return [jobs.job_view(job, poster, now) for job, poster in session.exec(query).all()]


@dataclasses.dataclass(frozen=True)
class Feed:
    """The private feed's content: its title in the member's language and its posts."""

    alert: AlertView
    lang: str  # the member's
    title: str
    jobs: list[jobs.JobView]


def feed_jobs(session: Session, token: str, *, limit: int = 30,
              now: dt.datetime | None = None) -> Feed:
    """The private feed: the newest open posts that fit the alert (NotFound for a wrong
    token), titled in the member's language (a feed reader has no language to ask for)."""
    now = now or utcnow()
    row = session.exec(select(SavedJobSearch)
                       .where(SavedJobSearch.feed_token == (token or "")[:64])).first()
    if row is None:
        raise NotFound(ALERT_NOT_FOUND)
    member = session.get(User, row.user_id)
    lang = (member.language if member is not None else None) or "en"
    result = jobs.list_jobs(session, filters_of(row.filters), size=limit, now=now)
    alert = _view(row)
    return Feed(alert, lang, gettext("Job alert: {name}", lang, name=alert.display_name(lang)),
                list(result.items))


@dataclasses.dataclass(frozen=True)
class DigestPreview:
    """What an alert's next digest would carry if it were sent now."""

    alert: AlertView
    next_at: dt.datetime | None  # None: switched off, nothing will be sent
    jobs: list[jobs.JobView]  # the first ``PREVIEW_JOBS``
    total: int


def previews(session: Session, user_id: int, *,
             now: dt.datetime | None = None) -> list[DigestPreview]:
    """Each of the member's alerts with its next digest: when (09:00 Korea time, daily or
    on Mondays) and the posts it would carry now (those that fit, opened since the alert
    was saved, not sent by it yet); a digest with nothing new is not sent."""
    now = now or utcnow()
    rows = session.exec(select(SavedJobSearch).where(SavedJobSearch.user_id == user_id)
                        .order_by(col(SavedJobSearch.id))).all()
    found = []
    for row in rows:
        matches = new_matches(session, row, now)
        found.append(DigestPreview(_view(row), row.next_digest_at if row.active else None,
                                   matches[:PREVIEW_JOBS], len(matches)))
    return found


# ---------------------------------------------------------------- digests


@dataclasses.dataclass(frozen=True)
class Digest:
    """One digest as every channel gets it: texts in the member's language."""

    alert: AlertView
    member: User
    lang: str
    jobs: list[jobs.JobView]
    subject: str
    text: str
    unsubscribe_url: str  # the page (a click in the email)
    unsubscribe_post_url: str  # RFC 8058 one-click POST
    digest_at: dt.datetime


Sender = Callable[[Session, Digest], bool]  # True when the channel sent (queued) it
CHANNELS: dict[str, Sender] = {}


def register_channel(name: str, sender: Sender) -> None:
    """Plug in a delivery channel (the email and Telegram below)."""
    CHANNELS[name] = sender


def _compose(alert: AlertView, member: User, found: list[jobs.JobView], now: dt.datetime,
             token: str) -> Digest:
    lang = member.language or "en"
    base = site_address()
    shown = found[:DIGEST_JOBS]
    name = alert.display_name(lang)
    subject = ngettext("{n} new job for your alert “{name}”", "{n} new jobs for your alert “{name}”",
                       len(found), lang, name=name)
    lines = [gettext("New job posts that fit your alert “{name}”:", lang, name=name), ""]
    for job in shown:
        lines += [f"• {job.title} — {job.company_name}, {job.location}",
                  f"  {base}{routes.job_detail(job.id)}"]
    if len(found) > len(shown):
        lines += ["", gettext("…and {count} more on the jobs board.", lang,
                              count=len(found) - len(shown))]
    unsubscribe_url = f"{base}{routes.job_alert_unsubscribe(token)}"
    lines += [
        "", gettext("Change your alerts on My Page: {url}", lang, url=f"{base}{routes.MYPAGE_ALERTS}"),
        gettext("Stop this alert with one click: {url}", lang, url=unsubscribe_url),
    ]
    return Digest(alert, member, lang, found, subject, "\n".join(lines) + "\n",
                  unsubscribe_url, f"{base}{unsubscribe_api_path(token)}", now)


def _email(digest: Digest) -> dict:
    """The digest's email, as ``mail_queue.enqueue`` takes it (and as the Telegram queue
    keeps it, to send instead if the member blocked the bot)."""
    return dict(kind=MailKind.JOB_DIGEST.value, meetup_id=None, subject=digest.subject,
                body=digest.text, lang=digest.lang, ref_id=digest.alert.id,
                headers={"List-Unsubscribe": f"<{digest.unsubscribe_post_url}>",
                         "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})


def _send_email(session: Session, digest: Digest) -> bool:
    """By email, unless the member chose Telegram alone (with the bot linked)."""
    by_email, _ = linking.channels_for(digest.member, MailKind.JOB_DIGEST.value)
    if not by_email:
        return False
    mail = _email(digest)
    return mail_queue.enqueue(
        session, mail["kind"], digest.member, None, mail["subject"], mail["body"], mail["lang"],
        ref_id=mail["ref_id"], now=digest.digest_at, headers=mail["headers"],
    )


def _send_telegram(session: Session, digest: Digest) -> bool:
    """By the bot, to a member who linked it and chose Telegram (alone or with email) for
    these messages; False for the others. Once per alert and digest time."""
    by_email, by_telegram = linking.channels_for(digest.member, MailKind.JOB_DIGEST.value)
    if not by_telegram:
        return False
    stamp = digest.digest_at.strftime("%Y%m%dT%H%M")
    return notify.send_to_member(
        session, digest.member, f"{digest.subject}\n\n{digest.text}",
        key=f"job-digest:{digest.alert.id}:{stamp}",
        fallback_mail=None if by_email else _email(digest))


register_channel("email", _send_email)
register_channel("telegram", _send_telegram)


def claim(session: Session, alert_id: int, now: dt.datetime, frequency: str) -> bool:
    """Take this period's digest of one alert; True for the one caller that wins it."""
    won = update_where(
        session, SavedJobSearch,
        col(SavedJobSearch.id) == alert_id, col(SavedJobSearch.active).is_(True),
        col(SavedJobSearch.next_digest_at) <= now,
        next_digest_at=next_digest(frequency, now), last_digest_at=now,
    )
    return won == 1


def send_digest(session: Session, alert_id: int, now: dt.datetime) -> int | None:
    """Claim one due alert and send its digest in one transaction: how many posts it
    carried (0: nothing new, nothing sent), or None when another worker has it."""
    row = session.get(SavedJobSearch, alert_id, populate_existing=True)
    if row is None or not claim(session, alert_id, now, row.frequency):
        session.rollback()
        return None
    member = session.get(User, row.user_id)
    found = new_matches(session, row, now) if member and member.deleted_at is None else []
    if found:
        for job in found:
            session.add(AlertDelivery(search_id=row.id, job_id=job.id, digest_at=now))
        session.flush()  # a post sent by this alert before fails here: nothing sent twice
        digest = _compose(_view(row), member, found, now, row.unsubscribe_token)
        for name, sender in CHANNELS.items():
            try:
                sender(session, digest)
            except Exception:  # noqa: BLE001 - one channel's failure does not stop the others
                log.exception("the %s channel could not send digest of alert %s", name, alert_id)
    session.commit()
    return len(found)


def send_due_digests(session: Session, now: dt.datetime | None = None) -> dict[str, int]:
    """Every due alert's digest this caller wins: counts of digests sent and posts."""
    now = now or utcnow()
    due = session.exec(
        select(SavedJobSearch.id)
        .where(col(SavedJobSearch.active).is_(True), col(SavedJobSearch.next_digest_at) <= now)
        .order_by(col(SavedJobSearch.next_digest_at)).limit(BATCH)
    ).all()
    session.commit()
    counts = {"digests": 0, "jobs": 0}
    for alert_id in due:
        try:
            sent = send_digest(session, alert_id, now)
        except sa.exc.IntegrityError:
            session.rollback()  # (a concurrent run recorded the same post: its digest has it)
            continue
        if sent:
            counts["digests"] += 1
            counts["jobs"] += sent
    return counts


@scheduler.periodic("job-alert-digests", every=dt.timedelta(minutes=5))
def _scheduled_digests(session: Session, now: dt.datetime) -> str:
    counts = send_due_digests(session, now)
    return ", ".join(f"{k}: {v}" for k, v in counts.items())

