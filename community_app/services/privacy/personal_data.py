"""Every table and every column of the database, and what becomes of it when a member is
erased or asks for their data: the one classification, ``TABLES``.

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

``deletion.erase_account`` and ``export.collect_member_data`` loop over this
classification, and the export's summary page follows it. tests/unit/test_personal_data.py
fails when a table or column of any model is not classified here, or when this names one
that does not exist, and erases a member who left data in every table.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterator

import sqlalchemy as sa
from sqlmodel import SQLModel

import community_app.models  # noqa: F401 - every table registered
from community_app.i18n import N_
from community_app.models import AlertFrequency, ConsentKind, Role
from community_app.services.authors import DELETED_MEMBER
from community_app.services.privacy.retention import SENT_MAIL_RETENTION_DAYS

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
        owned = TABLES[self.parent].owner.rows_of(parent, member)
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


def _cols(col: Col, *names: str) -> dict[str, Col]:
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

TABLES: dict[str, Table] = {
    # --- the member's own data, in the order of the export's summary page ------------------
    "users": Table(
        about="the member's own account (its id)",
        owner=Owner("id"),
        erase=ANONYMISE,
        why="the row stays, naming no one: kept content, registrations and the audit log "
            "point at its id; the sign-in ways are removed and every session ends",
        columns={
            "id": Col("the account's number, which kept rows point at"),
            "email": Col("the member's address: replaced by an address that reaches no one",
                         erase=lambda m: f"deleted-{m.id}@deleted.invalid"),
            "username": Col("the member's public handle: replaced by deleted-<id>",
                            erase=lambda m: f"deleted-{m.id}"),
            **_cols(Col("the member's name and about text: blanked", erase=""),
                    "first_name", "last_name", "bio"),
            "phone": Col("the member's phone: removed", erase=None),
            "image_url": Col("the member's profile photo: the file and the link removed",
                             erase=None, stored=UPLOAD_URL),
            "password_hash": Col(f"the password's hash: removed; {TOKEN_SECRET}", erase=None,
                                 export=False),
            "google_sub": Col("the linked Google account: unlinked", erase=None),
            "role": Col("organizer or member: an erased account is a member",
                        erase=Role.MEMBER.value),
            "language": CODE,
            "is_active": Col("whether the account can sign in: no longer", erase=False),
            "joined_at": Col("when the account was made: kept for the member counts"),
            "visa_status": Col("the member's visa (the jobs filter's 'My visa'): removed",
                               erase=None),
            "deletion_requested_at": Col("when the deletion was asked for: done, cleared",
                                         erase=None),
            "deletion_keeps_content": Col("the member's choice, read by the erasure: kept"),
            "deleted_at": Col("when the account was erased", erase=lambda m: m.now),
            "verified_at": Col("when the address was first proved: kept, it names no one"),
            "calendar_feed_version": Col("signs the private calendar feed's address: raised, "
                                         "the old address stops", erase=PLUS_ONE),
            "no_shows_cleared_at": Col("when an organizer cleared the member's no-shows: "
                                       "kept, it names no one"),
            "public_profile": Col("the public member page: off", erase=False),
            **_cols(Col("the linked Telegram account and bot chat: unlinked", erase=None),
                    "telegram_id", "telegram_username", "telegram_chat_id"),
            **_cols(CODE, "notify_confirmation", "notify_reminder", "notify_offer"),
            "session_version": Col("every access and refresh token carries it: raised, every "
                                   "sign-in ends at once", erase=PLUS_ONE),
            "attendee_name": Col("the name the member chose for attendee lists: removed",
                                 erase=None),
        },
        export=Export("profile.json", N_("Profile"), one=True, summary=(
            ("first_name", N_("First name")), ("last_name", N_("Last name")),
            ("username", N_("Username")), ("email", N_("Email")), ("phone", N_("Phone")),
            ("bio", N_("About me")), ("language", N_("Language")),
            ("joined_at", N_("Signed up")))),
    ),
    "meetup_registrations": Table(
        about="the member's registrations (user_id)",
        owner=Owner("user_id"),
        erase=ANONYMISE,
        steps=("cancel_future_registrations",),
        why="future registrations are cancelled through the meetup service first (the seat "
            "goes to the waitlist); the rows stay for past meetups' seat and attendance "
            "counts, without the member's words",
        columns={
            "id": ID, "user_id": OWNER_ID, "meetup_id": MEETUP_LINK,
            **_cols(CODE, "attendance_reason", "interested_field", "status"),
            "expectation": FORM_WORDS,
            **_cols(WHEN, "registered_at", "cancelled_at", "checked_in_at"),
            "seat_kind": CODE, "holds_seat": COUNT,
            "decision_note": Col("the organizers' note sent with their decision: blanked",
                                 erase=""),
        },
        export=Export("registrations.json", N_("Meetup registrations"),
                      titles=(("meetup_title", "meetup_id", "meetups.title"),), summary=(
                          ("meetup_title", N_("Meetup")), ("status", N_("Status")),
                          ("registered_at", N_("Registered")),
                          ("expectation", N_("What you expected")),
                          ("checked_in_at", N_("Checked in")))),
    ),
    "meetup_waitlist": Table(
        about="the member's places on waitlists (user_id)",
        owner=Owner("user_id"),
        erase=ANONYMISE,
        steps=("leave_waitlists",),
        why="the member leaves every waitlist through the meetup service first (a held seat "
            "is offered to the next); the rows stay, without the member's words",
        columns={
            "id": ID, "user_id": OWNER_ID, "meetup_id": MEETUP_LINK,
            **_cols(CODE, "status", "attendance_reason", "interested_field"),
            "expectation": FORM_WORDS,
            **_cols(WHEN, "joined_at", "offered_at", "offer_expires_at", "closed_at"),
            "seat_kind": CODE,
            "answers": Col("the member's answers to the organizers' questions (JSON): emptied",
                           erase="{}"),
        },
        export=Export("waitlist.json", N_("Waitlists"),
                      titles=(("meetup_title", "meetup_id", "meetups.title"),), summary=(
                          ("meetup_title", N_("Meetup")), ("status", N_("Status")),
                          ("joined_at", N_("Joined the waitlist")),
                          ("expectation", N_("What you expected")))),
    ),
    "comments": Table(
        about="the member's comments (user_id)",
        owner=Owner("user_id"),
        erase=CONTENT,
        steps=("blank_replies_to_username",),
        why="what the member published: kept under 'Deleted member' or deleted, as the "
            "member chose; other members' replies lose the username they answered",
        columns={
            "id": ID, "news_id": Col("the news item commented on"),
            "user_id": OWNER_ID, "parent_id": Col("the comment answered"),
            "replied_username": Col("the public handle of the member a reply answered (on "
                                    "anyone's reply naming the erased member: blanked by "
                                    "the step)"),
            "text": Col("the member's comment: kept or deleted with the account"),
            "hidden": Col("hidden by an organizer"), "created_at": WHEN,
        },
        export=Export("comments.json", N_("Comments"),
                      titles=(("news_title", "news_id", "news.title"),), summary=(
                          ("news_title", N_("On")), ("text", N_("Comment")),
                          ("created_at", N_("Written")))),
    ),
    "comment_votes": Table(
        about="the member's votes on comments (user_id)",
        owner=Owner("user_id"),
        erase=KEEP,
        why="a vote counts in a comment's score shown to everyone; it holds no words and "
            "points only at the anonymised account",
        columns={"id": ID, "comment_id": Col("the comment voted on"), "user_id": OWNER_ID,
                 "value": Col("up (1) or down (-1)"), "created_at": WHEN},
        export=Export("comment_votes.json", N_("Votes on comments"), summary=(
            ("comment_id", N_("Comment")), ("value", N_("Vote")),
            ("created_at", N_("When")))),
    ),
    "blog_posts": Table(
        about="the member's blog posts (author_id)",
        owner=Owner("author_id"),
        erase=CONTENT,
        why="what the member published: kept under 'Deleted member' without its cover, or "
            "deleted, as the member chose",
        columns={
            "id": ID, "author_id": OWNER_ID,
            **_cols(Col("the member's post: kept or deleted with the account"),
                    "title", "content"),
            "cover_url": Col("the member's uploaded cover: the file and the link removed",
                             erase=None, stored=UPLOAD_URL),
            "status": CODE,
            **_cols(WHEN, "created_at", "updated_at", "published_at"),
        },
        export=Export("blog_posts.json", N_("Blog posts"), summary=(
            ("title", N_("Title")), ("status", N_("Status")), ("created_at", N_("Written")))),
    ),
    "job_posts": Table(
        about="the job ads the member posted (posted_by_id)",
        owner=Owner("posted_by_id"),
        erase=CONTENT,
        why="a company's ad: kept without its poster (an erased account names no one), or "
            "deleted, as the member chose; a contact that is the member's own is blanked",
        columns={
            "id": ID,
            **_cols(Col("the ad's text: kept or deleted with the account"),
                    "title", "company_name", "company_description", "location", "description",
                    "requirements", "experience", "technologies", "benefits", "keywords",
                    "contact_website"),
            "contact_email": Col("a contact that is the member's own email is blanked; a "
                                 "company's stays with the kept ad", erase=None,
                                 when_own="email"),
            "contact_phone": Col("a contact that is the member's own phone is blanked; a "
                                 "company's stays with the kept ad", erase=None,
                                 when_own="phone"),
            **_cols(CODE, "job_type", "category", "salary_currency", "visas", "korean_level",
                    "working_languages", "status"),
            **_cols(COUNT, "remote", "salary_min", "salary_max", "visa_sponsorship",
                    "telegram_announce"),
            "posted_by_id": OWNER_ID,
            **_cols(WHEN, "created_at", "updated_at", "opened_at", "expires_at"),
        },
        export=Export("job_posts.json", N_("Job posts"), summary=(
            ("title", N_("Title")), ("company_name", N_("Company")), ("status", N_("Status")),
            ("created_at", N_("Written")))),
    ),
    "meetup_reviews": Table(
        about="the member's reviews of meetups (user_id)",
        owner=Owner("user_id"),
        erase=CONTENT,
        why="what the member published: kept under 'Deleted member' or deleted, as the "
            "member chose",
        columns={
            "id": ID, "meetup_id": MEETUP_LINK, "user_id": OWNER_ID,
            "author_name": Col("the reviewer's name as shown: 'Deleted member'",
                               erase=DELETED_MEMBER),
            "rating": Col("the stars given"),
            "content": Col("the member's review: kept or deleted with the account"),
            "created_at": WHEN,
        },
        export=Export("reviews.json", N_("Reviews"),
                      titles=(("meetup_title", "meetup_id", "meetups.title"),), summary=(
                          ("meetup_title", N_("Meetup")), ("rating", N_("Rating")),
                          ("content", N_("Review")), ("created_at", N_("Written")))),
    ),
    "saved_job_searches": Table(
        about="the member's saved job searches (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="the member's filters, its name and its random feed and unsubscribe keys: "
            "deleted, so the private feed and the unsubscribe link answer 404",
        columns={
            "id": ID, "user_id": OWNER_ID,
            "name": Col("the search's name, made from the member's filters"),
            "filters": Col("the jobs board's filters the member chose"),
            "frequency": CODE, "active": Col("whether its digest is sent"),
            "feed_token": Col("the key of the private Atom feed (shown on My Page): a secret "
                              "that opens the feed without signing in, never copied into a "
                              "file", export=False),
            "unsubscribe_token": Col("the key of the one-click unsubscribe: a secret that "
                                     "changes the alert without signing in", export=False),
            **_cols(WHEN, "created_at", "next_digest_at", "last_digest_at"),
        },
        export=Export("job_alerts.json", N_("Job alerts"),
                      labels=(("frequency", AlertFrequency.labels),), summary=(
                          ("name", N_("Name")), ("frequency", N_("How often")),
                          ("active", N_("Active")), ("created_at", N_("Saved on")))),
    ),
    "digest_settings": Table(
        about="the member's digest choices (user_id; services/digest.py)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="how often and how the member wanted the digest, and its random unsubscribe "
            "key: deleted, so the unsubscribe link answers 404",
        columns={
            "user_id": OWNER_ID,
            **_cols(CODE, "frequency", "korean_level"),
            **_cols(COUNT, "hour", "by_email", "by_telegram", "only_if_away"),
            "unsubscribe_token": Col("the key of the one-click unsubscribe: a secret that turns "
                                     "the digest emails off without signing in", export=False),
            **_cols(WHEN, "next_digest_at", "last_digest_at"),
        },
        export=Export("digest.json", N_("Digest"), one=True, summary=(
            ("frequency", N_("How often")), ("hour", N_("Hour (Korea time)")))),
    ),
    "digest_sends": Table(
        about="the digests sent to the member (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="when the member was sent a digest: deleted with the account",
        columns={"id": ID, "user_id": OWNER_ID, "period": Col("the day the digest was for"),
                 "sent_at": WHEN, "items": COUNT},
        export=Export("digests_sent.json", N_("Digests sent"), summary=(
            ("period", N_("Day")), ("items", N_("New items")))),
    ),
    "job_alert_deliveries": Table(
        about="the job posts the member's saved searches sent (search_id: the member's "
              "saved_job_searches)",
        owner=Through("search_id", "saved_job_searches"),
        erase=DELETE,
        why="what the member was sent: deleted with the saved search",
        columns={"id": ID, "search_id": Col("the member's saved search"),
                 "job_id": Col("the job post sent"), "digest_at": WHEN},
        export=Export("job_alert_deliveries.json", N_("Jobs your alerts sent"),
                      titles=(("job_title", "job_id", "job_posts.title"),), summary=(
                          ("job_title", N_("Job")), ("digest_at", N_("Sent")))),
    ),
    "speaker_applications": Table(
        about="the member's applications to speak (email: the member's address, once "
              "verified; the form needs no account)",
        owner=VerifiedEmail("email"),
        erase=DELETE,
        why="the member's application and its private photo: deleted",
        columns={
            "id": ID,
            **_cols(Col("what the applicant told about themselves"),
                    "email", "full_name", "job_position", "phone", "topics", "linkedin_url",
                    "github_url", "portfolio_url"),
            **_cols(CODE, "years_of_experience", "expertise_field", "language", "status"),
            "photo_path": Col("where the private photo is stored: the file is deleted; the "
                              "export holds the photo itself (images/), not the path",
                              export=False, stored=UPLOAD_PATH),
            "status_note": Col("an organizer's note on the application, about the applicant"),
            **_cols(WHEN, "created_at", "updated_at", "confirmed_at"),
            "talk_id": Col("the draft talk the accepted application became"),
        },
        export=Export("speaker_applications.json", N_("Speaker applications"), summary=(
            ("topics", N_("Topics")), ("status", N_("Status")), ("created_at", N_("Sent")))),
    ),
    "application_reviews": Table(
        about="an organizer's scores of speaker applications (organizer_id); an applicant's "
              "application's reviews go with the application",
        owner=Owner("organizer_id"),
        erase=KEEP,
        why="the team's judgement of an application, about the applicant: kept for the other "
            "organizers; the organizer's account is anonymised, so it names no one",
        columns={
            "id": ID, "application_id": Col("the application reviewed"),
            "organizer_id": OWNER_ID, "score": Col("the score given (1-5)"),
            "comment": Col("the organizer's comment on the application"),
            **_cols(WHEN, "created_at", "updated_at"),
        },
        export=Export("application_reviews.json", N_("Your reviews of speaker applications"),
                      titles=(("applicant", "application_id", "speaker_applications.full_name"),),
                      summary=(("applicant", N_("Applicant")), ("score", N_("Score")),
                               ("comment", N_("Comment")))),
    ),
    "talk_stars": Table(
        about="the talks the member starred (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="the member's own list of talks to hear: deleted",
        columns={"id": ID, "user_id": OWNER_ID, "talk_id": Col("the talk starred"),
                 "created_at": WHEN},
        export=Export("starred_talks.json", N_("Starred talks"),
                      titles=(("talk_title", "talk_id", "talks.title"),), summary=(
                          ("talk_title", N_("Talk")), ("created_at", N_("Starred")))),
    ),
    "talk_feedback": Table(
        about="the member's ratings of talks (user_id)",
        owner=Owner("user_id"),
        erase=CONTENT,
        why="what the member told the speaker (shown without a name): kept or deleted, as "
            "the member chose",
        columns={
            "id": ID, "talk_id": Col("the talk rated"), "user_id": OWNER_ID,
            "rating": Col("the stars given"),
            "comment": Col("the member's comment to the speaker: kept or deleted with the "
                           "account"),
            "created_at": WHEN,
        },
        export=Export("talk_feedback.json", N_("Talk feedback"),
                      titles=(("talk_title", "talk_id", "talks.title"),), summary=(
                          ("talk_title", N_("Talk")), ("rating", N_("Rating")),
                          ("comment", N_("Comment")), ("created_at", N_("Written")))),
    ),
    "consents": Table(
        about="what the member agreed to (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="the agreements end with the account",
        columns={"id": ID, "user_id": OWNER_ID, "kind": CODE,
                 "meetup_id": Col("the meetup an attendee-list agreement came with"),
                 **_cols(WHEN, "given_at", "withdrawn_at")},
        export=Export("consents.json", N_("What you agreed to"),
                      titles=(("meetup_title", "meetup_id", "meetups.title"),),
                      labels=(("kind", ConsentKind.labels),), summary=(
                          ("kind", N_("Agreement")), ("meetup_title", N_("Meetup")),
                          ("given_at", N_("Given")))),
    ),
    "login_events": Table(
        about="the member's sign-ins (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="where and with what the member signed in: deleted (and after "
            "COMMUNITY_LOGIN_HISTORY_DAYS whoever the member is)",
        columns={"id": ID, "user_id": OWNER_ID, "at": WHEN,
                 **_cols(Col("the address and device the member signed in from"),
                         "address", "user_agent"),
                 "method": CODE},
        export=Export("login_history.json", N_("Sign-ins"), summary=(
            ("at", N_("When")), ("address", N_("Address")), ("user_agent", N_("Device")),
            ("method", N_("Method")))),
    ),
    "refresh_tokens": Table(
        about="the member's sessions (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="the member's sessions: deleted (and ended by the raised session_version)",
        columns={"id": ID, "user_id": OWNER_ID,
                 **_cols(Col(f"the token's id and its sign-in's; {TOKEN_SECRET}",
                             export=False), "jti", "family_id"),
                 **_cols(WHEN, "issued_at", "expires_at", "used_at", "revoked_at")},
        export=Export("sessions.json", N_("Sessions"), summary=(
            ("issued_at", N_("When")), ("expires_at", N_("Expires")),
            ("revoked_at", N_("Ended")))),
    ),
    "account_tokens": Table(
        about="the links emailed to the member: password reset, sign-up confirmation, "
              "Telegram link (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="single-use links of the account: deleted",
        columns={"id": ID, "user_id": OWNER_ID, "purpose": CODE,
                 "token_hash": Col(f"the link's hash; {TOKEN_SECRET}", export=False),
                 **_cols(WHEN, "created_at", "expires_at", "used_at")},
        export=Export("account_links.json", N_("Emailed links"), summary=(
            ("purpose", N_("Type")), ("created_at", N_("When")),
            ("used_at", N_("Used")))),
    ),
    "login_codes": Table(
        about="the one-time sign-in codes sent to the member (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="codes of the account: deleted",
        columns={"id": ID, "user_id": OWNER_ID,
                 "code_hash": Col(f"the code's hash; {TOKEN_SECRET}", export=False),
                 **_cols(WHEN, "created_at", "expires_at", "used_at"),
                 "failed_attempts": COUNT},
        export=Export("sign_in_codes.json", N_("Sign-in codes"), summary=(
            ("created_at", N_("When")), ("used_at", N_("Used")))),
    ),
    "password_reset_requests": Table(
        about="\"forgot password\" requests for the member's address (email, as typed by "
              "anyone; blanked once handled)",
        owner=Email("email"),
        erase=DELETE,
        why="a request still waiting names the address: deleted (the erased account has no "
            "password to reset)",
        no_export="anyone may type an address: a request proves nothing about who asked, and "
                  "its address is blanked within seconds",
        columns={"id": ID, "email": Col("the address typed into the form"), "status": CODE,
                 "attempts": COUNT,
                 **_cols(WHEN, "next_attempt_at", "claimed_at", "sent_at", "created_at"),
                 "last_error": Col("the queue's error, for operators")},
    ),
    "door_check_ins": Table(
        about="the phones that admitted the member's tickets at a meetup's door "
              "(registration_id, through the member's registrations); the organizer who "
              "scanned (organizer_id)",
        owner=Through("registration_id", "meetup_registrations"),
        links=("organizer_id",),
        erase=DELETE,
        why="which phone admitted the ticket and when by its clock: the registration's "
            "checked_in_at, kept anonymised, is what attendance counts",
        no_export="the registration's checked_in_at (in registrations.json) says when the "
                  "member was checked in; these rows name the organizers' phones",
        columns={"id": ID, "meetup_id": MEETUP_LINK,
                 "registration_id": Col("the member's registration the ticket was of"),
                 "organizer_id": Col("the organizer who scanned: an erased organizer's rows "
                                     "stay, the link emptied"),
                 "device_id": Col("a random name the door's phone gave itself"),
                 "offline": Col("admitted from the phone's held list"),
                 "duplicate": Col("another phone admitted the ticket earlier"),
                 **_cols(WHEN, "scanned_at", "received_at")},
    ),
    "data_exports": Table(
        about="the member's data exports (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="the ZIP is deleted from the file store, then the row",
        columns={"id": ID, "user_id": OWNER_ID, **_cols(CODE, "status", "language"),
                 "progress": COUNT,
                 **_cols(WHEN, "requested_at", "claimed_at", "finished_at", "expires_at",
                         "downloaded_at"),
                 "file_name": Col("the ZIP's random name, which its signed link opens: the "
                                  "file is deleted; never copied into a file", export=False,
                                  stored=EXPORT_FILE)},
        export=Export("data_exports.json", N_("Data exports"), summary=(
            ("requested_at", N_("When")), ("status", N_("Status")))),
    ),
    "mail_queue": Table(
        about="the emails to the member (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        steps=("forget_unsent_mail",),
        why="nothing more goes to the old address (the queue forgets the unsent ones), and "
            "every email to the member is deleted (sent ones are emptied after "
            f"{SENT_MAIL_RETENTION_DAYS} days whoever the member is)",
        columns={
            "id": ID, **_cols(CODE, "kind", "lang", "status"), "user_id": OWNER_ID,
            "meetup_id": MEETUP_LINK, "ref_id": Col("the item the email is about"),
            **_cols(Col("the email's address and subject"), "to_address", "subject"),
            **_cols(Col("the email's text, files and headers: they carry one-time links "
                        "(release a seat, tickets, unsubscribe), never copied into a file; "
                        "the member has the email itself", export=False),
                    "body", "attachments", "headers", "html"),
            "attempts": COUNT,
            **_cols(WHEN, "next_attempt_at", "claimed_at", "sent_at", "created_at"),
            "last_error": Col("the mail server's error, for operators", export=False),
        },
        export=Export("emails.json", N_("Emails we sent you"), summary=(
            ("subject", N_("Subject")), ("status", N_("Status")), ("sent_at", N_("Sent")))),
    ),
    "telegram_queue": Table(
        about="the bot's messages to the member's chat (user_id; channel posts have none)",
        owner=Owner("user_id"),
        erase=DELETE,
        steps=("forget_unsent_telegram",),
        why="nothing more goes to the linked chat (the queue forgets the unsent ones), and "
            "every message to the member is deleted; channel posts are site copy about no "
            "member",
        columns={
            "id": ID, "key": Col("what the message is (kind and item), so it goes once"),
            "chat_id": Col("the member's chat with the bot"), "user_id": OWNER_ID,
            **_cols(Col("the message's text, link, buttons, picture and the email sent "
                        "instead: they carry one-time links and tickets, never copied into "
                        "a file; the member has the message itself", export=False),
                    "text", "link_url", "buttons", "photo", "fallback_mail"),
            "status": CODE, "attempts": COUNT,
            **_cols(WHEN, "next_attempt_at", "claimed_at", "sent_at", "created_at"),
            "message_id": Col("Telegram's number of the sent message"),
            "last_error": Col("the Bot API's error, for operators", export=False),
        },
        export=Export("telegram_messages.json", N_("Telegram messages"), summary=(
            ("key", N_("Type")), ("status", N_("Status")), ("sent_at", N_("Sent")))),
    ),
    "audit_log": Table(
        about="organizers' actions about the member (subject_user_id); actions the member "
              "took as an organizer (actor_id)",
        owner=Owner("subject_user_id"),
        links=("actor_id",),
        erase=ANONYMISE,
        steps=("unname_in_audit_details",),
        why="what was done stays for the organizers' record, not whom to: the detail of "
            "entries about the member is blanked, and entries written before "
            "subject_user_id existed lose the member's name and address",
        columns={
            "id": ID,
            "actor_id": Col("the organizer who acted: an erased organizer's entries stay, "
                            "pointing at the anonymised account"),
            "subject_user_id": Col("the member the entry is about"),
            **_cols(Col("the name of an action and of its target's kind"),
                    "action", "target_type"),
            "target_id": Col("the number of the target"),
            "detail": Col("may name the member: blanked", erase=""),
            "created_at": WHEN,
        },
        export=Export("audit_entries.json", N_("Organizer actions and actions about you"),
                      builder="audit_entries", summary=(
                          ("action", N_("Action")), ("detail", N_("Detail")),
                          ("by_me", N_("By you")), ("created_at", N_("When")))),
    ),
    # --- rows an organizer wrote for the site ----------------------------------------------
    "news": Table(
        about="news written by an organizer (author_id)",
        owner=Owner("author_id"),
        erase=KEEP,
        why="site copy published in the site's name; the author's account is anonymised",
        no_export="site copy the organizer wrote for everyone, not data about the member",
        columns={"id": ID, **_cols(SITE_COPY, "title", "content", "tags"), "type": CODE,
                 "image_url": PUBLIC_PICTURE, **_cols(COUNT, "published", "telegram_announce"),
                 "author_id": Col("the organizer who wrote it"),
                 **_cols(WHEN, "created_at", "updated_at")},
    ),
    "meetups": Table(
        about="meetups an organizer made (organizer_id)",
        owner=Owner("organizer_id"),
        erase=KEEP,
        why="site copy published in the site's name; the organizer's account is anonymised",
        no_export="site copy the organizer wrote for everyone, not data about the member",
        columns={"id": ID,
                 **_cols(SITE_COPY, "title", "description", "location", "image_name",
                         "provided"),
                 "image_url": PUBLIC_PICTURE,
                 **_cols(WHEN, "starts_at", "ends_at", "created_at", "updated_at"),
                 **_cols(COUNT, "max_seats", "available_seats", "parking", "requires_approval",
                         "attended_count", "telegram_announce", "online_max_seats",
                         "online_available_seats", "applications_hold_seats"),
                 "stream_url": Col("the online seats' stream link, written by organizers"),
                 "organizer_id": Col("the organizer who made it")},
    ),
    "registration_answers": Table(
        about="the member's answers to a meetup's registration questions (registration_id: "
              "the member's meetup_registrations)",
        owner=Through("registration_id", "meetup_registrations"),
        erase=DELETE,
        why="the member's own words and needs (accessibility, diet): deleted; the built-in "
            "questions' answers also go a set time after the meetup (services/meetups/"
            "questions.py)",
        columns={"id": ID, "registration_id": Col("the member's registration"),
                 "question_id": Col("the question answered"),
                 "value": Col("the member's answer")},
        export=Export("registration_answers.json", N_("Answers to registration questions"),
                      titles=(("question", "question_id", "registration_questions.label_en"),),
                      summary=(("question", N_("Question")), ("value", N_("Answer")))),
    ),
    "registration_questions": Table(
        about="no member", owner=None, erase=KEEP,
        why="a meetup's registration form, written by organizers",
        no_export="no member's data",
        columns={"id": ID, "meetup_id": MEETUP_LINK,
                 **_cols(SITE_COPY, "label_en", "label_uz", "options"),
                 **_cols(CODE, "kind", "builtin"),
                 **_cols(COUNT, "position", "required", "at_door"),
                 "created_at": WHEN},
    ),
    # --- no member's rows ------------------------------------------------------------------
    "meetup_notes": Table(
        about="no member", owner=None, erase=KEEP, why="site copy about a meetup",
        no_export="no member's data",
        columns={"id": ID, "meetup_id": MEETUP_LINK, "content": SITE_COPY,
                 "is_active": COUNT, "created_at": WHEN},
    ),
    "talks": Table(
        about="no member (a talk of a meetup's programme; its speakers are in talk_speakers)",
        owner=None, erase=KEEP, why="a meetup's programme: what was said, by whom is a "
                                    "speaker profile's (erased with its member)",
        no_export="no member's data (the member's speaker profile is exported)",
        columns={"id": ID, "meetup_id": MEETUP_LINK,
                 **_cols(SITE_COPY, "slug", "title", "abstract", "room", "slides_url",
                         "recording_url"),
                 "slides_key": Col("the talk's uploaded slides (a PDF of the talk, published)"),
                 **_cols(CODE, "language", "level", "status"),
                 "duration_minutes": COUNT,
                 **_cols(WHEN, "starts_at", "ends_at", "created_at", "updated_at")},
    ),
    "talk_speakers": Table(
        about="no member (which speaker profile gave which talk)", owner=None, erase=KEEP,
        why="the link stays; the profile it points at is anonymised with its member",
        no_export="no member's data (the member's speaker profile is exported)",
        columns={"talk_id": Col("the talk given"),
                 "speaker_id": Col("the speaker profile who gave it"), "position": COUNT},
    ),
    "speaker_profiles": Table(
        about="the member's speaker profile (user_id), when the speaker has an account",
        owner=Owner("user_id"),
        erase=ANONYMISE,
        why="the talks stay in the programme; they keep the speaker's name only if the "
            "speaker agreed when confirming a talk (keep_name_after_erasure), otherwise "
            "'Deleted member'; the photo, bio and links go either way (docs/decisions.md)",
        columns={
            "id": ID, "user_id": OWNER_ID,
            "name": Col("the speaker's name on the programme: kept if the speaker agreed, "
                        "else 'Deleted member'", erase=lambda m: sa.case(
                            (sa_table("speaker_profiles").c.keep_name_after_erasure,
                             sa_table("speaker_profiles").c.name), else_=DELETED_MEMBER)),
            "slug": Col("the speaker page's address words, made from the name: 'speaker' "
                        "unless the name is kept", erase=lambda m: sa.case(
                            (sa_table("speaker_profiles").c.keep_name_after_erasure,
                             sa_table("speaker_profiles").c.slug), else_="speaker")),
            **_cols(Col("what the speaker wrote about themselves: blanked", erase=""),
                    "job_position", "company", "bio"),
            "links": Col("the speaker's links: removed", erase=[]),
            "photo_url": Col("the speaker's photo: the file and the link removed", erase=None,
                             stored=UPLOAD_URL),
            "keep_name_after_erasure": Col("the speaker's choice, read by the erasure: kept"),
            **_cols(WHEN, "created_at", "updated_at"),
        },
        export=Export("speaker_profile.json", N_("Speaker profile"), summary=(
            ("name", N_("Name")), ("job_position", N_("Position")),
            ("company", N_("Company")), ("bio", N_("Bio")))),
    ),
    "team_members": Table(
        about="no member (people on About, typed by organizers)", owner=None, erase=KEEP,
        why="a person listed on About with their agreement; not tied to a member account",
        no_export="no member's data",
        columns={"id": ID, "kind": CODE, "position": COUNT,
                 **_cols(Col("a person listed on About, typed by organizers with their "
                             "agreement; not tied to a member account"),
                         "name", "role_en", "role_uz", "image_url", "profile_url")},
    ),
    "affiliated_projects": Table(
        about="no member", owner=None, erase=KEEP, why="site copy about projects, no member's",
        no_export="no member's data",
        columns={"id": ID, "position": COUNT,
                 **_cols(SITE_COPY, "name", "url", "description_en", "description_uz")},
    ),
    "benefits": Table(
        about="no member", owner=None, erase=KEEP, why="site copy about membership, no member's",
        no_export="no member's data",
        columns={"id": ID, "position": COUNT,
                 **_cols(SITE_COPY, "icon", "title_en", "title_uz", "description_en",
                         "description_uz")},
    ),
    "site_settings": Table(
        about="no member", owner=None, erase=KEEP, why="the site's settings",
        no_export="no member's data",
        columns={"id": ID, "contact_email": Col("the site's public contact address"),
                 **_cols(COUNT, "maintenance", "target_speakers", "target_events",
                         "target_members"),
                 "updated_at": WHEN},
    ),
    "search_documents": Table(
        about="no member (one row per public item)", owner=None, erase=KEEP,
        why="the search index's copy of public content, changed in the same commit as the "
            "content (services/search.py): what erasure removes or anonymises leaves it too",
        no_export="a copy of public content, in the exported rows already",
        columns={"id": ID, "kind": CODE, "item_id": Col("the indexed item"),
                 **_cols(Col("the indexed item's text as shown, and its search terms"),
                         "title", "body", "title_terms", "body_terms"),
                 **_cols(WHEN, "dated_at", "hidden_after", "indexed_at")},
    ),
    "telegram_login_seen": Table(
        about="no member", owner=None, erase=KEEP,
        why="a hash of a used login-widget signature (no id, no name), deleted after the "
            "login age limit",
        no_export="no member's data",
        columns={"digest": Col("a hash of a used signature, so it is not used twice"),
                 "seen_at": WHEN},
    ),
    "scheduled_tasks": Table(
        about="no member", owner=None, erase=KEEP, why="the scheduler's bookkeeping",
        no_export="no member's data",
        columns={"name": Col("a task's name"), "last_result": Col("a count of what it did"),
                 **_cols(WHEN, "next_run_at", "last_run_at")},
    ),
}


# --- what the loops read -------------------------------------------------------------------


def erasure_steps() -> list[str]:
    """The service steps erasure runs first, in the classification's order."""
    return [step for spec in TABLES.values() for step in spec.steps]


def erasure_order() -> list[tuple[str, Table]]:
    """The tables whose member rows erasure changes, rows that point at others first
    (a saved search's deliveries before the search; the account last)."""
    order = [t.name for t in reversed(SQLModel.metadata.sorted_tables)]
    missing = [name for name in order if name not in TABLES]
    if missing:  # erasing around a table nobody classified could leave the member in it
        raise LookupError(f"tables not classified in personal_data.TABLES: {missing}")
    return [(name, TABLES[name]) for name in order
            if TABLES[name].owner is not None and TABLES[name].erase != KEEP]


def exports() -> Iterator[tuple[str, Table]]:
    """The exported tables, in the order of the export's summary page."""
    return ((name, spec) for name, spec in TABLES.items() if spec.export is not None)


def erased_files(spec: Table, member: Member) -> list[str]:
    """The stored columns of ``spec`` whose files erasure deletes: every one of a deleted
    row, the anonymised ones of a kept row."""
    stored = [name for name, col in spec.columns.items() if col.stored]
    if spec.erase == KEEP:
        return []
    if spec.erase == DELETE or (spec.erase == CONTENT and not member.keeps_content):
        return stored
    return [name for name in stored if spec.columns[name].erase is not UNCHANGED]


def stored_files(session, spec: Table, name: str, member: Member,
                 columns: list[str]) -> list[tuple[str, str]]:
    """(kind, value) of each file the member's rows of table ``name`` name in ``columns``."""
    if not columns or spec.owner is None:
        return []
    table = sa_table(name)
    rows = session.execute(sa.select(*(table.c[c] for c in columns))
                           .where(spec.rows_of(table, member))).all()
    return [(spec.columns[c].stored, value) for row in rows
            for c, value in zip(columns, row) if value]
