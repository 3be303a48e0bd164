"""Posts to the Telegram channel (``COMMUNITY_TELEGRAM_CHANNEL_ID``), in the channel's
language (``COMMUNITY_TELEGRAM_CHANNEL_LANGUAGE``), through the Telegram queue:

- a meetup is published (created: a meetup is public, and registration open, from then
  on), with its date in Korea time, the seats left and its link (Telegram shows the page's
  preview);
- a meetup's date or place changes, or it is cancelled (deleted): an update, once per
  new date and place;
- a news item is published; a job post is approved (opened for the first time).

Each post is queued once by its key (``meetup:7:published``,
``meetup:7:update:<date>|<place>``...), so two workers, a double click or a second save of
the same values never post twice. An organizer switches an item off with
``set_announce`` (the item's ``telegram_announce``); an item switched off posts nothing.
"""

from __future__ import annotations

import hashlib

from sqlmodel import Session

from community_app.core import routes
from community_app.core.settings import get_settings, telegram_settings
from community_app.i18n import N_, gettext
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import JobPost, Meetup, News
from community_app.services.admin.common import logged
from community_app.services.audit import require_organizer
from community_app.services.errors import NotFound
from community_app.services.lookup import get_or_404
from community_app.services.telegram import queue

MEETUP_PUBLISHED = N_(
    "New meetup: {title}\n"
    "{date}, {time} (Korea time)\n"
    "{location}\n"
    "Seats left: {seats}\n\n"
    "Register: {link}"
)
MEETUP_CHANGED = N_(
    "Changed: {title}\n"
    "Now on {date}, {time} (Korea time)\n"
    "{location}\n"
    "Seats left: {seats}\n\n"
    "{link}"
)
MEETUP_CANCELLED = N_("Cancelled: {title} on {date}, {time} (Korea time) will not take place.")
NEWS_PUBLISHED = N_("News: {title}\n\n{link}")
JOB_APPROVED = N_("New job: {title} at {company}\n\n{link}")
NOT_FOUND = N_("Not found.")

KINDS = {"meetup": Meetup, "news": News, "job": JobPost}


def _site(path: str) -> str:
    return get_settings().public_url.rstrip("/") + path


def _post(session: Session, key: str, text: str, link: str = "") -> bool:
    cfg = telegram_settings()
    if not cfg.channel_enabled:
        return False
    return queue.enqueue(session, key, cfg.channel_id, text, link_url=link)


def _meetup_values(meetup: Meetup, lang: str) -> dict[str, object]:
    return dict(
        title=meetup.title,
        date=date_texts(meetup.starts_at, "long")[lang],
        time=time_texts(meetup.starts_at)[lang],
        location=meetup.location,
        seats=meetup.available_seats,
        link=_site(routes.event_detail("upcoming", meetup.id)),
    )


def _where(meetup: Meetup) -> str:
    """What an update is about: the date and the place (a fingerprint for its key)."""
    raw = f"{meetup.starts_at.isoformat()}|{meetup.location}"
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def meetup_published(session: Session, meetup: Meetup) -> bool:
    if not meetup.telegram_announce:
        return False
    lang = telegram_settings().channel_language
    values = _meetup_values(meetup, lang)
    return _post(session, f"meetup:{meetup.id}:published",
                 gettext(MEETUP_PUBLISHED, lang, **values), str(values["link"]))


def meetup_changed(session: Session, meetup: Meetup, before: tuple[object, str]) -> bool:
    """After an edit: an update when the date or the place differs from ``before``
    (starts_at, location) and the meetup was announced."""
    if (meetup.starts_at, meetup.location) == before or not meetup.telegram_announce:
        return False
    if not queue.queued(session, f"meetup:{meetup.id}:published"):
        return False  # never announced (switched on later, or before Telegram was set)
    lang = telegram_settings().channel_language
    values = _meetup_values(meetup, lang)
    return _post(session, f"meetup:{meetup.id}:update:{_where(meetup)}",
                 gettext(MEETUP_CHANGED, lang, **values), str(values["link"]))


def meetup_cancelled(session: Session, meetup: Meetup) -> bool:
    if not meetup.telegram_announce or not queue.queued(session, f"meetup:{meetup.id}:published"):
        return False
    lang = telegram_settings().channel_language
    values = _meetup_values(meetup, lang)
    return _post(session, f"meetup:{meetup.id}:cancelled", gettext(MEETUP_CANCELLED, lang, **values))


def news_published(session: Session, item: News) -> bool:
    if not item.published or not item.telegram_announce:
        return False
    lang = telegram_settings().channel_language
    link = _site(routes.news_detail(item.id))
    return _post(session, f"news:{item.id}:published",
                 gettext(NEWS_PUBLISHED, lang, title=item.title, link=link), link)


def job_approved(session: Session, job: JobPost) -> bool:
    if not job.telegram_announce:
        return False
    lang = telegram_settings().channel_language
    link = _site(routes.job_detail(job.id))
    return _post(session, f"job:{job.id}:approved",
                 gettext(JOB_APPROVED, lang, title=job.title, company=job.company_name, link=link),
                 link)


def set_announce(session: Session, actor_id: int, kind: str, item_id: int, on: bool) -> bool:
    """An organizer switches the channel announcement of one meetup, news item or job post
    on or off; the new value. Switching on an item already public announces it now."""
    require_organizer(session, actor_id)
    model = KINDS.get(kind)
    if model is None:
        raise NotFound(NOT_FOUND)
    row = get_or_404(session, model, item_id, NOT_FOUND)
    row.telegram_announce = bool(on)
    session.add(row)
    session.flush()
    logged(session, actor_id, f"{kind}.telegram_{'on' if on else 'off'}", (kind, item_id), "")
    if on and kind == "meetup":
        meetup_published(session, row)
    elif on and kind == "news":
        news_published(session, row)
    elif on and kind == "job" and row.status == "OPEN":
        job_approved(session, row)
    return row.telegram_announce
