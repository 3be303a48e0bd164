"""The words of the classification of personal data (``personal_data.TABLES``): what
erasure does, which files a column names, the member as the rules match them, and the
reasons said more than once.

For each table (``Table``):

- ``owner``: how its rows relate to a member: ``Owner("user_id")`` (the column holding the
  member's id: ``user_id``, ``author_id``, ``posted_by_id``, ``subject_user_id``...),
  ``VerifiedEmail("email")`` (speaker applications: matched by the member's address, only
  once the member proved it, ``users.verified_at``), ``Email("email")`` (rows anyone may
  write for an address, such as a password reset request: erased, never exported),
  ``Through("search_id",
  "saved_job_searches")`` (rows of the member's rows), or None (no member's rows);
  ``links`` names the other columns that point at a member, kept (their column says why);
- ``erase``: what erasure does with the member's rows: ``DELETE`` them, ``ANONYMISE``
  them (each column's ``erase`` value: "Deleted member", None, "", a number raised),
  ``CONTENT`` (what the member published: anonymised and kept, or deleted, as the member
  chose when asking), or ``KEEP`` them, with the reason in ``why``;
- ``steps``: what erasure must ask a service to do first (cancel registrations through the
  meetup service so the seats go to the waitlist, forget queued messages...): named here,
  written in ``deletion.STEPS``;
- ``export``: the file of "Download my data" that holds the member's rows (``Export``:
  every column not marked ``export=False``, with the reason), or None with the reason in
  ``no_export``.

For each column (``Col``): what it holds (``why``), the value erasure gives it on the
member's kept rows (``erase``; ``when_own``: only where it is the member's own email or
phone), whether the export carries it (secrets such as password and token hashes do not),
and whether it names a stored file (``stored``: the files of the member's erased rows are
deleted from the file store; the member's pictures go into the export's ``images/``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable

import sqlalchemy as sa
from sqlmodel import SQLModel

# --- what erasure does with a table's rows of the member -----------------------------------

DELETE = "delete"  # the member's rows are deleted
ANONYMISE = "anonymise"  # kept; the columns with an ``erase`` value get it
CONTENT = "content"  # kept and anonymised, or deleted, as the member chose
KEEP = "keep"  # kept as they are (the reason in ``Table.why``)
ERASE_RULES = (DELETE, ANONYMISE, CONTENT, KEEP)


class _Unchanged:
    def __repr__(self) -> str:
        return "UNCHANGED"


class _PlusOne:
    def __repr__(self) -> str:
        return "PLUS_ONE"


UNCHANGED = _Unchanged()  # a column erasure leaves as it is
PLUS_ONE = _PlusOne()  # a number erasure raises by one (a version that ends old keys)

# --- stored files a column names -----------------------------------------------------------

UPLOAD_URL = "upload url"  # the public URL of an upload (services/uploads.public_url)
UPLOAD_PATH = "upload path"  # the path of a private upload in the file store
EXPORT_FILE = "export file"  # the name of a data export's ZIP (export.export_key)
PICTURES = (UPLOAD_URL, UPLOAD_PATH)  # what the export copies into images/


@dataclasses.dataclass(frozen=True)
class Member:
    """The member as the rules match their rows, read before anything changes."""

    id: int
    email: str
    username: str
    phone: str | None
    full_name: str
    verified: bool  # the email was proved (a code, a link, Google): speaker applications
    keeps_content: bool
    now: dt.datetime | None = None


def member_of(user, now: dt.datetime | None = None) -> Member:
    full = f"{user.first_name} {user.last_name}".strip() or user.username
    return Member(user.id, user.email, user.username, user.phone, full,
                  user.verified_at is not None, bool(user.deletion_keeps_content), now)


# --- how rows relate to a member -----------------------------------------------------------

# Every table's classification by name: personal_data.TABLES is this dict, filled there (a
# ``Through`` row reads its parent's owner here, so these words need not import the table).
CLASSIFIED: dict[str, Table] = {}


def sa_table(name: str) -> sa.Table:
    return SQLModel.metadata.tables[name]


@dataclasses.dataclass(frozen=True)
class Owner:
    """The rows whose ``column`` holds the member's id."""

    column: str

    @property
    def columns(self) -> tuple[str, ...]:
        return (self.column,)

    def rows_of(self, table: sa.Table, member: Member):
        return table.c[self.column] == member.id


@dataclasses.dataclass(frozen=True)
class VerifiedEmail:
    """The rows whose ``column`` is the member's email, once the member proved it (an
    address typed into a form proves nothing: without the proof no row is the member's)."""

    column: str

    @property
    def columns(self) -> tuple[str, ...]:
        return (self.column,)

    def rows_of(self, table: sa.Table, member: Member):
        if not member.verified or not member.email:
            return sa.false()
        return sa.func.lower(table.c[self.column]) == member.email.lower()


@dataclasses.dataclass(frozen=True)
class Email:
    """The rows whose ``column`` is the member's address as anyone may type it (proved or
    not): erasure removes them; the export never shows them (whoever typed it may not be
    the member)."""

    column: str

    @property
    def columns(self) -> tuple[str, ...]:
        return (self.column,)

    def rows_of(self, table: sa.Table, member: Member):
        if not member.email:
            return sa.false()
        return sa.func.lower(table.c[self.column]) == member.email.lower()


@dataclasses.dataclass(frozen=True)
class Through:
    """The rows whose ``column`` points at one of the member's rows of ``parent``."""

    column: str
    parent: str

    @property
    def columns(self) -> tuple[str, ...]:
        return (self.column,)

    def rows_of(self, table: sa.Table, member: Member):
        parent = sa_table(self.parent)
        owned = CLASSIFIED[self.parent].owner.rows_of(parent, member)
        return table.c[self.column].in_(sa.select(parent.c.id).where(owned))


@dataclasses.dataclass(frozen=True)
class Col:
    why: str
    erase: object = UNCHANGED  # a value, a function of the Member, PLUS_ONE or UNCHANGED
    when_own: str | None = None  # only where the value is the member's own ("email", "phone")
    export: bool = True
    stored: str | None = None  # UPLOAD_URL, UPLOAD_PATH or EXPORT_FILE

    def value(self, table: sa.Table, name: str, member: Member):
        if self.erase is PLUS_ONE:
            return table.c[name] + 1
        if callable(self.erase):
            return self.erase(member)
        return self.erase


@dataclasses.dataclass(frozen=True)
class Export:
    """A file of the data export: the member's rows (one object for ``one``), the columns
    marked for export, and ``titles`` (key, foreign key column, "table.column": the title
    of the row it points at); ``builder`` names a function of export.BUILDERS that makes
    the file instead. ``summary``: the columns of its section in summary.html (key, label);
    ``labels``: the words shown for a column's codes."""

    file: str
    label: str
    summary: tuple[tuple[str, str], ...]
    one: bool = False
    titles: tuple[tuple[str, str, str], ...] = ()
    builder: str | None = None
    labels: tuple[tuple[str, Callable[[], dict[str, str]]], ...] = ()


@dataclasses.dataclass(frozen=True)
class Table:
    about: str  # how the rows relate to a member, in words
    owner: Owner | VerifiedEmail | Email | Through | None
    erase: str  # DELETE, ANONYMISE, CONTENT or KEEP
    why: str  # why erasure does that
    columns: dict[str, Col]
    export: Export | None = None
    no_export: str = ""  # why the export leaves the table out
    links: tuple[str, ...] = ()  # other columns that point at a member (kept)
    steps: tuple[str, ...] = ()  # deletion.STEPS run before the rows are erased

    def rows_of(self, table: sa.Table, member: Member):
        return self.owner.rows_of(table, member) if self.owner else sa.false()


def cols(col: Col, *names: str) -> dict[str, Col]:
    return dict.fromkeys(names, col)


# --- reasons said more than once ------------------------------------------------------------

ID = Col("the row's number")
CODE = Col("a value from a fixed list (a status, a kind, a language, a choice), not written "
           "by a person")
WHEN = Col("a moment in the row's life (made, sent, used, ended)")
COUNT = Col("a number or a yes/no of the row's own (seats, tries, progress, position)")
MEETUP_LINK = Col("the meetup the row belongs to")
OWNER_ID = Col("the member's account (its row is anonymised, so this names no one)")
SITE_COPY = Col("site copy written by organizers for the public pages, about no member")
SPEAKER = Col("a speaker's public programme entry, typed by organizers from what the speaker "
              "agreed to publish; not tied to a member account")
PUBLIC_PICTURE = Col("a picture of site copy, published by organizers", stored=UPLOAD_URL)
FORM_WORDS = Col("the member's own words on the registration form: blanked", erase="")
TOKEN_SECRET = "a secret: a hash or id that checks a sign-in; never copied into a file"
