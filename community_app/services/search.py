"""Site-wide search: meetups (with their speakers and talks), talks (title, abstract and
speakers' names), news, open job posts and members' published blog posts, ranked, with highlighted snippets, in one list.

The index it reads, and how every write keeps it up to date: ``services/search_index.py``.

**Ranked** by where the words are (every word in the title first), then newest first,
among the newest ``CANDIDATES`` matches of the asked kind: the ranking's cost does not grow
with how common a word is; the counts by kind are exact. One statement per search (the
matches read once from the index; a page of ids and the counts come back).

**Snippets** are cut and highlighted here, in Python, from the text as shown (the same on
both databases): the words whose folded form starts with a searched term are marked.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import html
import re

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import SearchDocument
from community_app.services.errors import Invalid
from community_app.services.paging import check_paging
from community_app.services.search_index import BLOG, BUILDERS, JOB, MEETUP, NEWS, TALK
from community_app.services.text_search import clean_filter, terms_of

# The index's rebuild, by this module's name (tests/bench/search.py calls search.rebuild).
from community_app.services.search_index import rebuild  # noqa: F401

KIND_INVALID = N_("Unknown kind of result. Use one of: {values}.")
MAX_TERMS = 8
SNIPPET_WORDS = 28


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
    total: int  # ranked matches of the asked kind (all kinds without one): at most CANDIDATES
    counts: dict[str, int]  # kind -> matches (exact), for the filter by kind
    page: int
    size: int
    capped: bool = False  # more matches than CANDIDATES: only the newest are ranked


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


# Ranked among at most this many matches, the most recently indexed first: a word in most
# of the site ("se") costs no more than a rare one. The counts by kind are exact.
CANDIDATES = 1000

# One statement answers a search: the visible matches are read once from the full-text
# index (materialised: on PostgreSQL this keeps the planner on the GIN index, where walking
# the primary key backwards would read every row's long terms), then among the newest
# ``CANDIDATES`` of the asked kind the rows of the asked page, best first (rows with ``n``
# NULL), and the number of matches of each kind (rows with ``n``). The rank: items whose
# title holds every word first, then the newest (the same on both databases, and cheap: no
# per-row scoring of long texts). Only a page of ids and four counts leave the database.
_SQLITE_CANDIDATES = (
    "WITH m AS MATERIALIZED ("
    "  SELECT d.id, d.kind, d.dated_at FROM search_fts AS f"
    "  JOIN search_documents AS d INDEXED BY ix_search_documents_rank ON d.id = f.rowid"
    "  WHERE search_fts MATCH :match AND (d.hidden_after IS NULL OR d.hidden_after >= :now)) "
    "SELECT * FROM (SELECT id, kind, NULL AS n FROM (SELECT * FROM m {kind} ORDER BY id DESC LIMIT :cap)"
    "  ORDER BY id IN (SELECT rowid FROM search_fts WHERE search_fts MATCH :title) DESC,"
    "           dated_at DESC, id DESC LIMIT :size OFFSET :offset) "
    "UNION ALL SELECT 0, kind, count(*) FROM m GROUP BY kind")
_POSTGRES_CANDIDATES = (
    "WITH m AS MATERIALIZED ("
    "  SELECT id, kind, dated_at, title_vec FROM search_documents"
    "  WHERE terms @@ to_tsquery('simple', :match) AND (hidden_after IS NULL OR hidden_after >= :now)) "
    "(SELECT id, kind, NULL AS n FROM (SELECT * FROM m {kind} ORDER BY id DESC LIMIT :cap) AS newest"
    " ORDER BY title_vec @@ to_tsquery('simple', :match) DESC, dated_at DESC, id DESC"
    " LIMIT :size OFFSET :offset) "
    "UNION ALL SELECT 0, kind, count(*) FROM m GROUP BY kind")


def _ranked(session: Session, terms: list[str], kind: str | None, now: dt.datetime,
            page: int, size: int) -> tuple[list[int], dict[str, int]]:
    """The ids of the asked page of visible matches of ``kind`` (every kind without one),
    ranked among the newest ``CANDIDATES``; and the number of matches of each kind."""
    of_kind = "WHERE kind = :kind" if kind else ""
    # Only the newest CANDIDATES are ranked: an offset past them reads nothing more.
    params = {"cap": CANDIDATES, "now": now, "size": size,
              "offset": min(page * size, CANDIDATES)}
    if kind:
        params["kind"] = kind
    postgres = session.get_bind().dialect.name == "postgresql"
    if postgres:
        sql = sa.text(_POSTGRES_CANDIDATES.format(kind=of_kind))
        params["match"] = " & ".join(f"{t}:*" for t in terms)
    else:
        words = " ".join(f'"{t}"*' for t in terms)
        sql = sa.text(_SQLITE_CANDIDATES.format(kind=of_kind))
        # Words in the title and text columns only (the kind column is for the filter).
        params["match"] = "{title_terms body_terms} : (" + words + ")"
        params["title"] = "title_terms : (" + words + ")"
    sql = sql.bindparams(sa.bindparam("now", type_=SearchDocument.__table__.c.hidden_after.type))
    if postgres:
        # The planner does not count reading the terms back out of line, so with a narrow
        # table it would scan every row (and read every row's terms: 190 ms for "se")
        # rather than ask the GIN index (10 ms). For this statement only, in this
        # transaction: the index is the way. (Should the statement fail, the transaction's
        # rollback takes the settings back.)
        session.execute(sa.text("SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off"))
        rows = session.execute(sql, params).all()
        session.execute(sa.text(
            "SET LOCAL enable_seqscan TO DEFAULT; SET LOCAL enable_indexscan TO DEFAULT"))
    else:
        rows = session.execute(sql, params).all()
    return [r.id for r in rows if r.n is None], {r.kind: r.n for r in rows if r.n is not None}


def search(
    session: Session, q: str | None, *, kind: str | None = None, page: int = 0, size: int = 10,
    now: dt.datetime | None = None,
) -> SearchResults:
    """One page of the public items that match ``q`` (of ``kind``, or every kind), best
    first, with the number of matches of each kind."""
    now = now or utcnow()
    check_paging(page, size)
    kind = parse_kind(kind)
    terms = query_terms(q)
    if not terms:
        return SearchResults(clean_filter(q), kind, [], 0, {}, page, size)
    shown, counts = _ranked(session, terms, kind, now, page, size)
    docs = {d.id: d for d in session.exec(
        select(SearchDocument).where(col(SearchDocument.id).in_(shown))).all()} if shown else {}
    hits = [_hit(docs[i], terms, now) for i in shown if i in docs]
    matches = counts.get(kind, 0) if kind else sum(counts.values())
    return SearchResults(clean_filter(q), kind, hits, min(matches, CANDIDATES), counts, page,
                         size, capped=matches > CANDIDATES)


def path_of(kind: str, item_id: int, dated_at: dt.datetime, now: dt.datetime) -> str:
    if kind == MEETUP:
        from community_app.services.meetups import PAST, UPCOMING

        return routes.event_detail(UPCOMING if dated_at >= now else PAST, item_id)
    return {NEWS: routes.news_detail, JOB: routes.job_detail, BLOG: routes.blog_post,
            TALK: routes.talk_page}[kind](item_id)


def _hit(doc: SearchDocument, terms: list[str], now: dt.datetime) -> SearchHit:
    snippet_words = snippet_of(doc.body, terms)
    return SearchHit(
        kind=doc.kind, id=doc.item_id, title=doc.title, title_html=marked(doc.title, terms),
        snippet=snippet_words, snippet_html=marked(snippet_words, terms),
        path=path_of(doc.kind, doc.item_id, doc.dated_at, now), dated_at=doc.dated_at,
    )


# --- snippets and highlights -------------------------------------------------------------------

# A word as a reader sees it: letters and digits with the apostrophes inside Uzbek words,
# or a visa code (D-10, F-2-R).
_WORD = re.compile(r"[A-Za-z]-\d+(?:-[A-Za-z0-9]+)*|[^\W_]+(?:['‘’ʻʼ`´][^\W_]+)*")


@functools.lru_cache(maxsize=50_000)
def _word_terms(word: str) -> tuple[str, ...]:
    return tuple(terms_of(word))


def _hits(word: str, terms: list[str]) -> bool:
    return any(token.startswith(term) for token in _word_terms(word) for term in terms)


def snippet_of(body: str, terms: list[str], words: int = SNIPPET_WORDS) -> str:
    """About ``words`` words of ``body`` around its first matched word (its start without one)."""
    found, first = [], None
    for i, m in enumerate(_WORD.finditer(body or "")):
        found.append(m)
        if first is None and _hits(m.group(), terms):
            first = i
        if i >= (first + words if first is not None else 400):
            break  # enough words after the match (or none in the first 400: the start)
    if not found:
        return ""
    first = first or 0
    start = max(0, first - words // 3)
    end = min(len(found), start + words)
    text = body[found[start].start():found[end - 1].end()]
    more = found[end - 1].end() < len(body.rstrip())
    return ("…" if start > 0 else "") + text + ("…" if more else "")


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
