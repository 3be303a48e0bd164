"""The site-wide search index and members' saved job searches (services/search.py,
services/job_alerts.py).

``search_documents`` holds one row per public item (a meetup with its speakers and talks, a
news item, an open job post, a published blog post): its title and plain text as shown,
and the same folded into search terms (``title_terms``, ``body_terms``: lower case, one
spelling of the Uzbek apostrophes, visa codes as one word). The full-text index over the
terms is not a model column: the migration builds it per database (INDEX_OBJECTS):

- SQLite: the FTS5 table ``search_fts`` (external content: the rows of
  ``search_documents``), kept in step by three triggers;
- PostgreSQL: the generated column ``terms`` (``tsvector``, title weighted A, body B) with
  the GIN index ``ix_search_documents_terms``, and ``title_vec`` (the title's alone: the
  rank puts items with every word in the title first).
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in
from community_app.models.enums import AlertFrequency, SearchKind

# Made by the migration beside the models (tests/unit/test_database.py, comparing models and migrations, skips them).
INDEX_OBJECTS = frozenset({
    "search_fts", "search_fts_data", "search_fts_idx", "search_fts_docsize", "search_fts_config",
    "search_fts_content", "terms", "title_vec", "ix_search_documents_terms",
})


class SearchDocument(SQLModel, table=True):
    __tablename__ = "search_documents"
    __table_args__ = (
        check_in("kind", SearchKind, "ck_search_documents_kind"),
        sa.UniqueConstraint("kind", "item_id", name="uq_search_documents_item"),
        # What the rank reads of each match, without the row's long texts (services/search.py).
        sa.Index("ix_search_documents_rank", "id", "kind", "dated_at", "hidden_after"),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=10, index=True)
    item_id: int
    title: str = Field(max_length=300)
    body: str = Field(default="", sa_type=sa.Text)  # plain text as shown (snippets)
    title_terms: str = Field(default="", sa_type=sa.Text)
    body_terms: str = Field(default="", sa_type=sa.Text)
    dated_at: dt.datetime = Field(default_factory=utcnow)  # shown: start, publication
    hidden_after: dt.datetime | None = None  # an open job post's expiry
    indexed_at: dt.datetime = Field(default_factory=utcnow)


class SavedJobSearch(SQLModel, table=True):
    """A member's saved filters of the jobs board, with its digest (an alert).

    ``next_digest_at`` is the claim: the digest task moves it forward with one conditional
    UPDATE, so one worker builds each period's digest. ``feed_token`` opens the private
    Atom feed; ``unsubscribe_token`` the one-click unsubscribe (no sign-in)."""

    __tablename__ = "saved_job_searches"
    __table_args__ = (
        check_in("frequency", AlertFrequency, "ck_saved_job_searches_frequency"),
        sa.Index("ix_saved_job_searches_due", "active", "next_digest_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    name: str = Field(max_length=120)
    filters: dict = Field(default_factory=dict, sa_type=sa.JSON)  # JobFilters fields
    frequency: str = Field(default=AlertFrequency.DAILY.value, max_length=10)
    active: bool = Field(default=True)
    feed_token: str = Field(max_length=64, unique=True)
    unsubscribe_token: str = Field(max_length=64, unique=True)
    created_at: dt.datetime = Field(default_factory=utcnow)
    next_digest_at: dt.datetime = Field(default_factory=utcnow)
    last_digest_at: dt.datetime | None = None


class AlertDelivery(SQLModel, table=True):
    """One job post sent by one alert: unique, so a post goes out once per alert."""

    __tablename__ = "job_alert_deliveries"
    __table_args__ = (
        sa.UniqueConstraint("search_id", "job_id", name="uq_job_alert_deliveries_once"),
    )

    id: int | None = Field(default=None, primary_key=True)
    search_id: int = Field(foreign_key="saved_job_searches.id", ondelete="CASCADE")
    job_id: int = Field(foreign_key="job_posts.id", index=True, ondelete="CASCADE")
    digest_at: dt.datetime = Field(default_factory=utcnow)
