"""The site-wide search index (services/search.py searches it): what each kind of item puts
in it, and how it follows every write.

**The index.** One ``search_documents`` row per public item, with its title and text folded
into search terms (``text_search.fold``: lower case, o‘/o'/oʻ/g‘ as one spelling, "D-10" as
one word). The database's own full-text index sits on the terms (made by the migration):
FTS5 on SQLite, a ``tsvector`` with a GIN index on PostgreSQL (and one of the title alone
for the rank). Every word typed is a prefix ("top" finds TOPIK), all must match.

**Kept up to date by every write.** A commit that added, changed or deleted a meetup, a
speaker, a talk, a news item, a job post or a blog post re-indexes those items in the same
transaction (``_collect``/``_index_before_commit``, installed on every session at start with the
cache's expiry by ``services/session_hooks.py``): whatever service wrote, through whatever door, the index follows.
Bulk statements on those tables (an erased member's posts) re-compare the index with
the public items of that kind. The scheduler's task ``search-index`` does the same
comparison hourly (and fills the index after the migration on an existing database).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import html
import re
from collections.abc import Iterable

import sqlalchemy as sa
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.models import (
    BlogPost, BlogStatus, JobPost, JobStatus, KoreanLevel, Meetup, News, SearchDocument,
    SearchKind, SpeakerProfile, Talk, TalkSpeaker,
)
from community_app.models.enums import TalkStatus
from community_app.services import scheduler
from community_app.services.text_search import fold

BODY_LIMIT = 20_000
MEETUP, NEWS, JOB, BLOG, TALK = (k.value for k in SearchKind)
PUBLIC_TALK = (TalkStatus.SCHEDULED.value, TalkStatus.CANCELLED.value)
_SPEAKER = "speaker"  # a changed speaker profile: its talks and their meetups re-indexed


# --- what each kind puts in the index ------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Indexed:
    title: str
    extra_title: str  # searched with the title's weight, not shown (a job's company)
    body: str
    dated_at: dt.datetime
    hidden_after: dt.datetime | None = None


_MD_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MD_TAG = re.compile(r"<[^>]+>")
_MD_MARKS = re.compile(r"(^|\s)[#>*+-]+\s|[*_`~|]+", re.M)


def plain(markdown: str | None) -> str:
    """Markdown's words as a reader sees them, without the markup: the searched text and
    the snippets' source (a quick pass, not a renderer: thousands of items re-index in
    seconds)."""
    text = _MD_LINK.sub(r"\1", _MD_IMAGE.sub(r"\1", markdown or ""))
    text = html.unescape(_MD_TAG.sub(" ", text))
    return re.sub(r"\s+", " ", _MD_MARKS.sub(" ", text)).strip()[:BODY_LIMIT]


def _by_id(session: Session, model, ids: list[int], *conditions) -> list:
    return list(session.exec(select(model).where(col(model.id).in_(ids), *conditions)).all())


def _talk_rows(session: Session, condition) -> list[tuple[Talk, list[SpeakerProfile]]]:
    """Public talks meeting ``condition``, each with its speakers in order."""
    rows = list(session.exec(select(Talk).where(condition, col(Talk.status).in_(PUBLIC_TALK))
                             .order_by(col(Talk.starts_at), col(Talk.id))).all())
    people: dict[int, list[SpeakerProfile]] = {}
    for link, p in session.exec(
            select(TalkSpeaker, SpeakerProfile)
            .join(SpeakerProfile, col(SpeakerProfile.id) == col(TalkSpeaker.speaker_id))
            .where(col(TalkSpeaker.talk_id).in_([t.id for t in rows] or [0]))
            .order_by(col(TalkSpeaker.position))).all():
        people.setdefault(link.talk_id, []).append(p)
    return [(t, people.get(t.id, [])) for t in rows]


def _meetups(session: Session, ids: list[int]) -> dict[int, Indexed]:
    speakers: dict[int, dict[int, SpeakerProfile]] = {}
    talks: dict[int, list[str]] = {}
    for t, people in _talk_rows(session, col(Talk.meetup_id).in_(ids)):
        talks.setdefault(t.meetup_id, []).append(t.title)
        for p in people:
            speakers.setdefault(t.meetup_id, {}).setdefault(p.id, p)
    found = {}
    for m in _by_id(session, Meetup, ids):
        people = list(speakers.get(m.id, {}).values())
        parts = [*(", ".join(p for p in (s.name, s.job_position, s.company) if p) for s in people),
                 *talks.get(m.id, []), m.location, plain(m.description)]
        found[m.id] = Indexed(m.title, " ".join(s.name for s in people),
                              " · ".join(p for p in parts if p), m.starts_at)
    return found


def _talks(session: Session, ids: list[int]) -> dict[int, Indexed]:
    """A talk: its title, its speakers' names (searched as the title is) and its abstract;
    dated by its meetup."""
    dates = dict(session.exec(select(Talk.id, Meetup.starts_at).join(
        Meetup, col(Meetup.id) == col(Talk.meetup_id)).where(col(Talk.id).in_(ids))).all())
    found = {}
    for t, people in _talk_rows(session, col(Talk.id).in_(ids)):
        names = ", ".join(p.name for p in people)
        found[t.id] = Indexed(t.title, names,
                              " · ".join(p for p in (names, plain(t.abstract)) if p),
                              t.starts_at or dates[t.id])
    return found


def _news(session: Session, ids: list[int]) -> dict[int, Indexed]:
    return {
        n.id: Indexed(n.title, "", " ".join(p for p in (plain(n.content),
                                                        " ".join(f"#{t}" for t in n.tags or [])) if p),
                      n.created_at)
        for n in _by_id(session, News, ids, col(News.published).is_(True))
    }


def _korean(level: str | None) -> str:
    """The Korean a post asks for as its card says it ("TOPIK 3", "Business-fluent Korean"),
    nothing when it asks for none (a search for "korean" finds the posts that ask for it;
    the raw value "NONE" showed in a result's snippet)."""
    found = KoreanLevel.parse(level) if level else None
    return "" if found in (None, KoreanLevel.NONE) else found.label


def _jobs(session: Session, ids: list[int]) -> dict[int, Indexed]:
    found = {}
    for job in _by_id(session, JobPost, ids, JobPost.status == JobStatus.OPEN.value):
        facts = [job.company_name, job.location, *(job.visas or []), *(job.technologies or []),
                 *(job.keywords or []), _korean(job.korean_level)]
        body = " · ".join(p for p in (*facts, plain(job.description), plain(job.requirements)) if p)
        found[job.id] = Indexed(job.title, job.company_name, body, job.opened_at or job.created_at,
                                job.expires_at)
    return found


def _blogs(session: Session, ids: list[int]) -> dict[int, Indexed]:
    return {
        p.id: Indexed(p.title, "", plain(p.content), p.published_at or p.created_at)
        for p in _by_id(session, BlogPost, ids, BlogPost.status == BlogStatus.PUBLISHED.value)
    }


BUILDERS = {MEETUP: _meetups, NEWS: _news, JOB: _jobs, BLOG: _blogs, TALK: _talks}
BATCH = 500


def _public_ids(session: Session, kind: str) -> set[int]:
    query = {
        MEETUP: select(Meetup.id),
        NEWS: select(News.id).where(col(News.published).is_(True)),
        JOB: select(JobPost.id).where(JobPost.status == JobStatus.OPEN.value),
        BLOG: select(BlogPost.id).where(BlogPost.status == BlogStatus.PUBLISHED.value),
        TALK: select(Talk.id).where(col(Talk.status).in_(PUBLIC_TALK)),
    }[kind]
    return set(session.exec(query).all())


def _values(found: Indexed, now: dt.datetime) -> dict:
    return dict(
        title=found.title[:300], body=found.body[:BODY_LIMIT],
        title_terms=fold(f"{found.title} {found.extra_title}"), body_terms=fold(found.body),
        dated_at=found.dated_at, hidden_after=found.hidden_after, indexed_at=now,
    )


def index_items(session: Session, kind: str, item_ids: Iterable[int], *,
                now: dt.datetime | None = None) -> int:
    """Put items in the index as they are now (taking out those gone or not public), a
    batch at a time; how many are in the index afterwards."""
    now = now or utcnow()
    item_ids = sorted(set(item_ids))
    kept = 0
    table = SearchDocument.__table__
    for start in range(0, len(item_ids), BATCH):
        ids = item_ids[start:start + BATCH]
        found = BUILDERS[kind](session, ids)
        session.execute(sa.delete(table).where(table.c.kind == kind, table.c.item_id.in_(ids)))
        if found:
            session.execute(sa.insert(table), [
                {"kind": kind, "item_id": item_id, **_values(doc, now)}
                for item_id, doc in found.items()])
        kept += len(found)
    return kept


def index_item(session: Session, kind: str, item_id: int, *, now: dt.datetime | None = None) -> bool:
    """One item in the index as it is now (out of it when gone or not public)."""
    return index_items(session, kind, [item_id], now=now) == 1


# When what is indexed of a kind last changed its form: the rows indexed before it are
# written again by the next reconcile (job posts: their Korean level as their card says it).
FORMAT_CHANGED = {JOB: dt.datetime(2026, 11, 27, 11, 0, tzinfo=dt.UTC)}


def reconcile(session: Session, kinds: Iterable[str] = BUILDERS) -> int:
    """Index the public items missing from the index (or indexed in an older form), and drop
    the index's rows of items no longer public; how many rows changed."""
    changed = 0
    for kind in kinds:
        public = _public_ids(session, kind)
        indexed = set(session.exec(select(SearchDocument.item_id)
                                   .where(SearchDocument.kind == kind)).all())
        older = set()
        if (since := FORMAT_CHANGED.get(kind)) is not None:
            older = set(session.exec(select(SearchDocument.item_id).where(
                SearchDocument.kind == kind, col(SearchDocument.indexed_at) < since)).all())
        changed += index_items(session, kind, (public - indexed) | (older & public))
        gone = sorted(indexed - public)
        for start in range(0, len(gone), BATCH):
            session.execute(sa.delete(SearchDocument).where(
                col(SearchDocument.kind) == kind, col(SearchDocument.item_id).in_(gone[start:start + BATCH])))
        changed += len(gone)
    return changed


def rebuild(session: Session) -> int:
    """Every public item indexed again from scratch (demo content, the bench); how many."""
    session.execute(sa.delete(SearchDocument))
    return reconcile(session)


@scheduler.periodic("search-index", every=dt.timedelta(hours=1))
def _scheduled_reconcile(session: Session, now: dt.datetime) -> str:
    changed = reconcile(session)
    session.commit()
    return f"reindexed: {changed}"


# --- kept up to date on every commit ----------------------------------------------------------

_DIRTY = "search_dirty"
_RECHECK = "search_recheck"
_FIELDS = {
    Meetup: ("title", "description", "location", "starts_at"),
    Talk: ("title", "abstract", "status", "starts_at", "meetup_id"),
    TalkSpeaker: ("talk_id", "speaker_id", "position"),
    SpeakerProfile: ("name", "job_position", "company"),
    News: ("title", "content", "tags", "published", "created_at"),
    JobPost: ("title", "company_name", "location", "description", "requirements", "visas",
              "technologies", "keywords", "korean_level", "status", "opened_at", "expires_at"),
    BlogPost: ("title", "content", "status", "published_at"),
}
_BULK_TABLES = {"news": NEWS, "job_posts": JOB, "blog_posts": BLOG}


def _keys(obj) -> list[tuple[str, int | None]]:
    """The index rows a changed object is part of (a talk's meetup lists its talks and
    speakers; a speaker's name is in their talks and meetups)."""
    if isinstance(obj, Meetup):
        return [(MEETUP, obj.id)]
    if isinstance(obj, Talk):
        return [(TALK, obj.id), (MEETUP, obj.meetup_id)]
    if isinstance(obj, TalkSpeaker):
        return [(TALK, obj.talk_id)]  # its meetup: found when indexing (_with_meetups)
    if isinstance(obj, SpeakerProfile):
        return [(_SPEAKER, obj.id)]
    kind = {News: NEWS, JobPost: JOB, BlogPost: BLOG}.get(type(obj))
    return [(kind, obj.id)] if kind else []


def _with_meetups(session: OrmSession, keys: set[tuple[str, int]]) -> set[tuple[str, int]]:
    """The keys, with a changed speaker's talks and every talk's meetup added."""
    speakers = [i for k, i in keys if k == _SPEAKER]
    keys = {k for k in keys if k[0] != _SPEAKER}
    if speakers:
        keys.update((TALK, i) for i in session.execute(sa.select(TalkSpeaker.talk_id).where(
            col(TalkSpeaker.speaker_id).in_(speakers))).scalars())
    talk_ids = [i for k, i in keys if k == TALK]
    if talk_ids:
        keys.update((MEETUP, i) for i in session.execute(sa.select(Talk.meetup_id).where(
            col(Talk.id).in_(talk_ids))).scalars())
    return keys


def _changed(obj) -> bool:
    state = sa.inspect(obj)
    return any(state.attrs[name].history.has_changes() for name in _FIELDS[type(obj)])


def _collect(session: OrmSession, _flush_context) -> None:
    keys = set()
    for obj in (*session.new, *session.deleted):
        if type(obj) in _FIELDS:
            keys.update(_keys(obj))
    for obj in session.dirty:
        if type(obj) in _FIELDS and _changed(obj):
            keys.update(_keys(obj))
            if isinstance(obj, Talk):  # moved to another meetup
                old = sa.inspect(obj).attrs["meetup_id"].history.deleted
                keys.update((MEETUP, m) for m in old if m)
    if keys:
        session.info.setdefault(_DIRTY, set()).update(k for k in keys if k[1] is not None)


def _collect_statement(state) -> None:
    if state.is_update or state.is_delete:
        name = getattr(getattr(state.statement, "table", None), "name", None)
        if name in _BULK_TABLES:
            state.session.info.setdefault(_RECHECK, set()).add(_BULK_TABLES[name])


def _index_before_commit(session: OrmSession) -> None:
    for _ in range(3):  # (the commit would flush next; indexing may write more)
        session.flush()
        keys = _with_meetups(session, session.info.pop(_DIRTY, set()))
        recheck = session.info.pop(_RECHECK, set())
        if not keys and not recheck:
            break
        if recheck:
            reconcile(session, sorted(recheck))
        for kind in sorted({k for k, _ in keys}):
            index_items(session, kind, [i for k, i in keys if k == kind])


def _forget(session: OrmSession) -> None:
    session.info.pop(_DIRTY, None)
    session.info.pop(_RECHECK, None)


# What every session does for the index, by SQLAlchemy session event: installed once at
# start with the cache's by services/session_hooks.install(), not on import.
SESSION_LISTENERS = {
    "after_flush": _collect,
    "do_orm_execute": _collect_statement,
    "before_commit": _index_before_commit,
    "after_rollback": _forget,
}
