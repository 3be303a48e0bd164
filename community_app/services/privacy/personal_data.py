"""Every column that can hold a member's personal data, and what becomes of it: the one list.

Each text column of every table (names, emails, phones, free text, codes) is listed here
with how it is handled:

- ``ERASED``: blanked, anonymised or deleted with the account when the grace period ends
  (``deletion.erase_account``);
- ``CONTENT``: what the member published for others (comments, posts, job ads, reviews):
  kept under "Deleted member" or removed with the account, as the member chose; the
  personal parts around it (cover photo, a contact that is the member's own) are erased;
- ``PURGED``: removed after a documented retention, whoever the member is (sent mail after
  ``SENT_MAIL_RETENTION_DAYS``, sign-ins after COMMUNITY_LOGIN_HISTORY_DAYS), and erased
  with the account before that;
- ``NOT_PERSONAL``: holds no member's data, with the reason.

tests/unit/test_personal_data.py walks every SQLModel table and fails on a text column
this list does not cover (a new column must be listed, with its rule, before it ships),
and erases a member who left data in every table, then searches the whole database for
anything that still identifies them.
"""

from __future__ import annotations

import dataclasses

from community_app.services.privacy.retention import SENT_MAIL_RETENTION_DAYS

ERASED = "erased"
CONTENT = "content"
PURGED = "purged"
NOT_PERSONAL = "not personal"


@dataclasses.dataclass(frozen=True)
class Handling:
    rule: str  # ERASED, CONTENT, PURGED or NOT_PERSONAL
    why: str


def _all(rule: str, why: str, *columns: str) -> dict[str, Handling]:
    return dict.fromkeys(columns, Handling(rule, why))


CODE = "a value from a fixed list (a status, a kind, a language), not written by a person"
SITE_COPY = "site copy written by organizers for the public pages, about no member"
SPEAKER = ("a speaker's public programme entry, typed by organizers from what the speaker "
           "agreed to publish; not tied to a member account")

PERSONAL_DATA: dict[str, dict[str, Handling]] = {
    "users": {
        **_all(ERASED, "the member's identity: anonymised (deleted-<id>) or blanked",
               "email", "username", "first_name", "last_name", "phone", "image_url", "bio",
               "password_hash", "google_sub", "visa_status", "telegram_username", "attendee_name"),
        **_all(NOT_PERSONAL, CODE, "role", "language", "notify_confirmation", "notify_reminder",
               "notify_offer"),
    },
    "login_codes": _all(ERASED, "a hashed sign-in code of the member: deleted", "code_hash"),
    "account_tokens": _all(ERASED, "the member's emailed reset and confirmation links (hashed): "
                           "deleted", "purpose", "token_hash"),
    "refresh_tokens": _all(ERASED, "the member's sessions: deleted", "jti", "family_id"),
    "login_events": {
        **_all(PURGED, "where and with what the member signed in: deleted after "
               "COMMUNITY_LOGIN_HISTORY_DAYS, and with the account", "address", "user_agent"),
        "method": Handling(NOT_PERSONAL, CODE),
    },
    "consents": _all(NOT_PERSONAL, CODE + " (the rows are deleted with the account)", "kind"),
    "data_exports": {
        "file_name": Handling(ERASED, "the member's export file: the file and the row are deleted"),
        **_all(NOT_PERSONAL, CODE, "status", "language"),
    },
    "meetup_registrations": {
        "expectation": Handling(ERASED, "the member's own words on the registration form: blanked"),
        **_all(NOT_PERSONAL, CODE, "attendance_reason", "interested_field", "status"),
    },
    "meetup_waitlist": {
        "expectation": Handling(ERASED, "the member's own words on the registration form: blanked"),
        **_all(NOT_PERSONAL, CODE, "attendance_reason", "interested_field", "status"),
    },
    "mail_queue": {
        **_all(PURGED, f"an email to the member (address, text, release links): emptied "
               f"{SENT_MAIL_RETENTION_DAYS} days after it was sent or given up, and deleted "
               "with the account", "to_address", "subject", "body", "attachments", "last_error",
               "headers"),
        **_all(NOT_PERSONAL, CODE, "kind", "lang", "status"),
    },
    "telegram_queue": {
        **_all(PURGED, "a bot message to the member's chat (chat id, text, buttons, the email "
               f"sent instead if the chat is gone): emptied {SENT_MAIL_RETENTION_DAYS} days after "
               "it was sent or given up, and deleted with the account; channel posts are site "
               "copy about no member", "chat_id", "text", "buttons", "photo", "fallback_mail",
               "last_error", "key", "link_url"),
        "status": Handling(NOT_PERSONAL, CODE),
    },
    "telegram_login_seen": _all(NOT_PERSONAL, "a hash of a used login-widget signature (no "
                                "id, no name), deleted after the login age limit", "digest"),
    "audit_log": {
        "detail": Handling(ERASED, "an organizer's action may name the member it is about "
                           "(subject_user_id): blanked with the account"),
        **_all(NOT_PERSONAL, "the name of an action and of its target's kind", "action",
               "target_type"),
    },
    "speaker_applications": {
        **_all(ERASED, "the member's application (matched by email): deleted with its photo",
               "email", "full_name", "job_position", "phone", "topics", "linkedin_url",
               "github_url", "portfolio_url", "photo_path", "status_note"),
        **_all(NOT_PERSONAL, CODE, "years_of_experience", "expertise_field", "language", "status"),
    },
    "comments": {
        "text": Handling(CONTENT, "the member's comment: kept as 'Deleted member' or deleted"),
        "replied_username": Handling(ERASED, "the username a reply answered: blanked"),
    },
    "blog_posts": {
        **_all(CONTENT, "the member's post: kept as 'Deleted member' or deleted", "title", "content"),
        "cover_url": Handling(ERASED, "the member's uploaded cover: file and link removed"),
        "status": Handling(NOT_PERSONAL, CODE),
    },
    "job_posts": {
        **_all(CONTENT, "the job ad the member posted: kept without its poster or deleted",
               "title", "company_name", "company_description", "location", "description",
               "requirements", "experience", "technologies", "benefits", "keywords",
               "contact_website"),
        **_all(ERASED, "a contact that is the member's own email or phone is blanked; a "
               "company's contact stays with the kept ad", "contact_email", "contact_phone"),
        **_all(NOT_PERSONAL, CODE, "job_type", "category", "salary_currency", "visas",
               "korean_level", "working_languages", "status"),
    },
    "meetup_reviews": {
        "content": Handling(CONTENT, "the member's review: kept or deleted with the account"),
        "author_name": Handling(ERASED, "the reviewer's name: 'Deleted member'"),
    },
    "news": {
        **_all(NOT_PERSONAL, SITE_COPY, "title", "content", "tags", "image_url"),
        "type": Handling(NOT_PERSONAL, CODE),
    },
    "meetups": _all(NOT_PERSONAL, SITE_COPY, "title", "description", "location", "image_url",
                    "image_name", "provided"),
    "meetup_notes": _all(NOT_PERSONAL, SITE_COPY, "content"),
    "keynote_sessions": _all(NOT_PERSONAL, SITE_COPY, "subject"),
    "speakers": _all(NOT_PERSONAL, SPEAKER, "full_name", "job_position", "company", "bio",
                     "image_url", "profile_url"),
    "team_members": {
        **_all(NOT_PERSONAL, "a person listed on About, typed by organizers with their "
               "agreement; not tied to a member account", "name", "role_en", "role_uz",
               "image_url", "profile_url"),
        "kind": Handling(NOT_PERSONAL, CODE),
    },
    "affiliated_projects": _all(NOT_PERSONAL, SITE_COPY, "name", "url", "description_en",
                                "description_uz"),
    "benefits": _all(NOT_PERSONAL, SITE_COPY, "icon", "title_en", "title_uz", "description_en",
                     "description_uz"),
    "site_settings": _all(NOT_PERSONAL, "the site's public contact address", "contact_email"),
    "search_documents": {
        **_all(CONTENT, "the search index's copy of public content (meetups with their "
               "speakers, news, open job posts, published blog posts), changed in the same "
               "commit as the content: what an erasure removes or anonymises leaves it with it",
               "title", "body", "title_terms", "body_terms"),
        **_all(NOT_PERSONAL, CODE, "kind"),
    },
    "saved_job_searches": {
        **_all(ERASED, "the member's saved job search (its filters and name) and its random "
               "feed and unsubscribe tokens: deleted with the account",
               "name", "filters", "feed_token", "unsubscribe_token"),
        **_all(NOT_PERSONAL, CODE, "frequency"),
    },
    "scheduled_tasks": _all(NOT_PERSONAL, "a task's name and a count of what it did",
                            "name", "last_result"),
}


def handling(table: str, column: str) -> Handling | None:
    return PERSONAL_DATA.get(table, {}).get(column)
