"""Site-wide search: meetups (with their speakers and talks), news, open job posts and
members' published blog posts, ranked, with highlighted snippets, in one list.

**The index.** One ``search_documents`` row per public item, with its title and text folded
into search terms (``text_search.fold``: lower case, o‘/o'/oʻ/g‘ as one spelling, "D-10" as
one word). The database's own full-text index sits on the terms (made by the migration):
FTS5 on SQLite, a ``tsvector`` with a GIN index on PostgreSQL. Both rank title matches
above text matches; every word typed is a prefix ("top" finds TOPIK), all must match.

**Kept up to date by every write.** A commit that added, changed or deleted a meetup, a
speaker, a talk, a news item, a job post or a blog post re-indexes those items in the same
transaction (``_collect``/``_index_before_commit``, installed on every session like the
cache's expiry): whatever service wrote, through whatever door, the index follows.
Bulk statements on those tables (an erased member's posts) re-compare the index with
the public items of that kind. The scheduler's task ``search-index`` does the same
comparison hourly (and fills the index after the migration on an existing database).

**Snippets** are cut and highlighted here, in Python, from the text as shown (the same on
both databases): the words whose folded form starts with a searched term are marked.
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

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.models import (
    BlogPost, BlogStatus, JobPost, JobStatus, KeynoteSession, Meetup, News, SearchDocument,
    SearchKind, Speaker,
)
from community_app.services import scheduler
from community_app.services.errors import Invalid
from community_app.services.paging import check_paging
from community_app.services.text_search import clean_filter, fold, terms_of
from community_app.i18n import N_

KIND_INVALID = N_("Unknown kind of result. Use one of: {values}.")
MAX_TERMS = 8
BODY_LIMIT = 20_000
SNIPPET_WORDS = 28
MEETUP, NEWS, JOB, BLOG = (k.value for k in SearchKind)


# --- what each kind puts in the index ------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Indexed:
    title: str
    extra_title: str  # searched with the title's weight, not shown (a job's company)
    body: str
    dated_at: dt.datetime
    hidden_after: dt.datetime | None = None


def _plain(markdown: str) -> str:
    from community_app.services.seo_items import plain_text

    return plain_text(markdown or "", BODY_LIMIT)


def _meetup(session: Session, item_id: int) -> Indexed | None:
    meetup = session.get(Meetup, item_id)
    if meetup is None:
        return None
    speakers = session.exec(select(Speaker).where(Speaker.meetup_id == item_id)
                            .order_by(col(Speaker.id))).all()
    talks = session.exec(select(KeynoteSession).where(KeynoteSession.meetup_id == item_id)
                         .order_by(col(KeynoteSession.starts_at))).all()
    people = [", ".join(p for p in (s.full_name, s.job_position, s.company) if p) for s in speakers]
    parts = [*people, *(t.subject for t in talks), meetup.location, _plain(meetup.description)]
    return Indexed(meetup.title, " ".join(s.full_name for s in speakers),
                   " · ".join(p for p in parts if p), meetup.starts_at)


def _news(session: Session, item_id: int) -> Indexed | None:
    item = session.get(News, item_id)
    if item is None or not item.published:
        return None
    tags = " ".join(f"#{t}" for t in item.tags or [])
    return Indexed(item.title, "", " ".join(p for p in (_plain(item.content), tags) if p),
                   item.created_at)


def _job(session: Session, item_id: int) -> Indexed | None:
    job = session.get(JobPost, item_id)
    if job is None or job.status != JobStatus.OPEN.value:
        return None
    facts = [job.company_name, job.location, *(job.visas or []), *(job.technologies or []),
             *(job.keywords or []), job.korean_level.replace("_", " ") if job.korean_level else ""]
    body = " · ".join(p for p in (*facts, _plain(job.description), _plain(job.requirements)) if p)
    return Indexed(job.title, job.company_name, body, job.opened_at or job.created_at,
                   job.expires_at)


def _blog(session: Session, item_id: int) -> Indexed | None:
    post = session.get(BlogPost, item_id)
    if post is None or post.status != BlogStatus.PUBLISHED.value:
        return None
    return Indexed(post.title, "", _plain(post.content), post.published_at or post.created_at)


BUILDERS = {MEETUP: _meetup, NEWS: _news, JOB: _job, BLOG: _blog}


def _public_ids(session: Session, kind: str) -> set[int]:
    query = {
        MEETUP: select(Meetup.id),
        NEWS: select(News.id).where(col(News.published).is_(True)),
        JOB: select(JobPost.id).where(JobPost.status == JobStatus.OPEN.value),
        BLOG: select(BlogPost.id).where(BlogPost.status == BlogStatus.PUBLISHED.value),
    }[kind]
    return set(session.exec(query).all())


def index_item(session: Session, kind: str, item_id: int, *, now: dt.datetime | None = None) -> bool:
    """Put one item in the index as it is now (or take it out when it is gone or not
    public); True when it is in the index afterwards."""
    found = BUILDERS[kind](session, item_id)
    doc = session.exec(select(SearchDocument).where(
        SearchDocument.kind == kind, SearchDocument.item_id == item_id)).first()
    if found is None:
        if doc is not None:
            session.delete(doc)
        return False
    values = dict(
        title=found.title[:300], body=found.body[:BODY_LIMIT],
        title_terms=fold(f"{found.title} {found.extra_title}"), body_terms=fold(found.body),
        dated_at=found.dated_at, hidden_after=found.hidden_after, indexed_at=now or utcnow(),
    )
    if doc is None:
        session.add(SearchDocument(kind=kind, item_id=item_id, **values))
    else:
        for name, value in values.items():
            setattr(doc, name, value)
        session.add(doc)
    return True


def reconcile(session: Session, kinds: Iterable[str] = BUILDERS) -> int:
    """Index the public items missing from the index and drop the index's rows of items no
    longer public; how many rows changed."""
    changed = 0
    for kind in kinds:
        public = _public_ids(session, kind)
        indexed = set(session.exec(select(SearchDocument.item_id)
                                   .where(SearchDocument.kind == kind)).all())
        for item_id in sorted(public - indexed):
            changed += index_item(session, kind, item_id)
        gone = indexed - public
        if gone:
            session.execute(sa.delete(SearchDocument).where(
                col(SearchDocument.kind) == kind, col(SearchDocument.item_id).in_(gone)))
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
    Speaker: ("full_name", "job_position", "company", "meetup_id"),
    KeynoteSession: ("subject", "starts_at", "meetup_id"),
    News: ("title", "content", "tags", "published", "created_at"),
    JobPost: ("title", "company_name", "location", "description", "requirements", "visas",
              "technologies", "keywords", "korean_level", "status", "opened_at", "expires_at"),
    BlogPost: ("title", "content", "status", "published_at"),
}
_BULK_TABLES = {"news": NEWS, "job_posts": JOB, "blog_posts": BLOG}


def _key(obj) -> tuple[str, int] | None:
    if isinstance(obj, Meetup):
        return MEETUP, obj.id
    if isinstance(obj, (Speaker, KeynoteSession)):
        return MEETUP, obj.meetup_id
    kind = {News: NEWS, JobPost: JOB, BlogPost: BLOG}.get(type(obj))
    return (kind, obj.id) if kind else None


def _changed(obj) -> bool:
    state = sa.inspect(obj)
    return any(state.attrs[name].history.has_changes() for name in _FIELDS[type(obj)])


def _collect(session: OrmSession, _flush_context) -> None:
    keys = set()
    for obj in (*session.new, *session.deleted):
        if type(obj) in _FIELDS:
            keys.add(_key(obj))
    for obj in session.dirty:
        if type(obj) in _FIELDS and _changed(obj):
            keys.add(_key(obj))
            if isinstance(obj, (Speaker, KeynoteSession)):  # moved to another meetup
                old = sa.inspect(obj).attrs["meetup_id"].history.deleted
                keys.update((MEETUP, m) for m in old if m)
    keys.discard(None)
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
        keys = session.info.pop(_DIRTY, set())
        recheck = session.info.pop(_RECHECK, set())
        if not keys and not recheck:
            break
        if recheck:
            reconcile(session, sorted(recheck))
        for kind, item_id in sorted(keys):
            index_item(session, kind, item_id)


def _forget(session: OrmSession) -> None:
    session.info.pop(_DIRTY, None)
    session.info.pop(_RECHECK, None)


def _install() -> None:
    if sa.event.contains(OrmSession, "before_commit", _index_before_commit):
        return
    sa.event.listen(OrmSession, "after_flush", _collect)
    sa.event.listen(OrmSession, "do_orm_execute", _collect_statement)
    sa.event.listen(OrmSession, "before_commit", _index_before_commit)
    sa.event.listen(OrmSession, "after_rollback", _forget)


_install()


# --- searching ----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class SearchHit:
    kind: str
    id: int
    title: str
    title_html: str  # the title, escaped, with the matched words in <mark>
    snippet: str  # the text around the first match, plain
    snippet_html: str  # the same, escaped, with <mark>
    path: str
    dated_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class SearchResults:
    query: str
    kind: str | None
    items: list[SearchHit]
    total: int  # of the asked kind (all kinds without one)
    counts: dict[str, int]  # kind -> matches, for the filter by kind
    page: int
    size: int


def parse_kind(value: str | None) -> str | None:
    value = (value or "").strip().lower()
    if not value or value == "all":
        return None
    if value not in BUILDERS:
        raise Invalid("kind", KIND_INVALID, values=", ".join(BUILDERS))
    return value


def query_terms(q: str | None) -> list[str]:
    """The searched terms: folded, at most ``MAX_TERMS``, each a prefix."""
    return list(dict.fromkeys(terms_of(clean_filter(q))))[:MAX_TERMS]


def _match_sql(dialect: str, terms: list[str]) -> str:
    if dialect == "postgresql":
        return " & ".join(f"{t}:*" for t in terms)
    return " ".join(f'"{t}"*' for t in terms)


def _visible(now: dt.datetime):
    return sa.or_(col(SearchDocument.hidden_after).is_(None), col(SearchDocument.hidden_after) >= now)


def search(
    session: Session, q: str | None, *, kind: str | None = None, page: int = 0, size: int = 10,
    now: dt.datetime | None = None,
) -> SearchResults:
    now = now or utcnow()
    check_paging(page, size)
    kind = parse_kind(kind)
    terms = query_terms(q)
    if not terms:
        return SearchResults(clean_filter(q), kind, [], 0, {}, page, size)
    dialect = session.get_bind().dialect.name
    match = _match_sql(dialect, terms)
    doc = SearchDocument.__table__
    if dialect == "postgresql":
        tsquery = sa.func.to_tsquery(sa.literal_column("'simple'"), sa.bindparam("match", match))
        terms_col = sa.literal_column("search_documents.terms")
        where = terms_col.op("@@")(tsquery)
        # Title (A) weighs 1.0, text (B) 0.4; rank normalised by the text's length (log).
        rank = sa.func.ts_rank(sa.literal_column("'{0.1, 0.2, 0.4, 1.0}'::float4[]"),
                               terms_col, tsquery, 1).desc()
        base = sa.select(doc).where(where)
    else:
        fts = sa.table("search_fts", sa.column("rowid"))
        where = sa.text("search_fts MATCH :match").bindparams(match=match)
        rank = sa.text("bm25(search_fts, 8.0, 1.0)")
        base = sa.select(doc).join(fts, fts.c.rowid == doc.c.id).where(where)
    base = base.where(_visible(now))
    counts = {k: n for k, n in session.execute(
        sa.select(sa.column("kind"), sa.func.count()).select_from(base.subquery())
        .group_by(sa.column("kind"))).all()}
    total = counts.get(kind, 0) if kind else sum(counts.values())
    listed = base.where(doc.c.kind == kind) if kind else base
    rows = session.execute(
        listed.order_by(rank, doc.c.dated_at.desc(), doc.c.id.desc())
        .limit(size).offset(page * size).params(match=match)
    ).mappings().all()
    return SearchResults(clean_filter(q), kind, [_hit(r, terms, now) for r in rows],
                         total, counts, page, size)


def path_of(kind: str, item_id: int, dated_at: dt.datetime, now: dt.datetime) -> str:
    if kind == MEETUP:
        from community_app.services.meetups import PAST, UPCOMING

        return routes.event_detail(UPCOMING if dated_at >= now else PAST, item_id)
    return {NEWS: routes.news_detail, JOB: routes.job_detail, BLOG: routes.blog_post}[kind](item_id)


def _hit(row, terms: list[str], now: dt.datetime) -> SearchHit:
    snippet_words = snippet_of(row["body"], terms)
    return SearchHit(
        kind=row["kind"], id=row["item_id"], title=row["title"],
        title_html=marked(row["title"], terms),
        snippet=snippet_words, snippet_html=marked(snippet_words, terms),
        path=path_of(row["kind"], row["item_id"], row["dated_at"], now),
        dated_at=row["dated_at"],
    )


# --- snippets and highlights -------------------------------------------------------------------

# A word as a reader sees it: letters and digits with the apostrophes inside Uzbek words,
# or a visa code (D-10, F-2-R).
_WORD = re.compile(r"[A-Za-z]-\d+(?:-[A-Za-z0-9]+)*|[^\W_]+(?:['‘’ʻʼ`´][^\W_]+)*")


def _hits(word: str, terms: list[str]) -> bool:
    return any(token.startswith(term) for token in terms_of(word) for term in terms)


def snippet_of(body: str, terms: list[str], words: int = SNIPPET_WORDS) -> str:
    """About ``words`` words of ``body`` around its first matched word (its start without one)."""
    found = [m for m in _WORD.finditer(body or "")]
    if not found:
        return ""
    first = next((i for i, m in enumerate(found) if _hits(m.group(), terms)), 0)
    start = max(0, first - words // 3)
    end = min(len(found), start + words)
    text = body[found[start].start():found[end - 1].end()]
    return ("…" if start > 0 else "") + text + ("…" if end < len(found) else "")


def marked(text: str, terms: list[str]) -> str:
    """``text`` escaped for HTML with each matched word in ``<mark>``."""
    out, last = [], 0
    for m in _WORD.finditer(text or ""):
        if _hits(m.group(), terms):
            out.append(html.escape(text[last:m.start()]))
            out.append(f"<mark>{html.escape(m.group())}</mark>")
            last = m.end()
    out.append(html.escape((text or "")[last:]))
    return "".join(out)
