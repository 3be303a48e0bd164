"""The classification (``personal_data.TABLES``) of the member's account and of what the member
did on the site: registrations, waitlists, comments and votes, posts, reviews, saved job
searches, digests and job alerts. The words are explained in ``classification.py``.
"""

from __future__ import annotations

from community_app.i18n import N_
from community_app.models import AlertFrequency, Role
from community_app.services.authors import DELETED_MEMBER
from community_app.services.privacy.classification import (
    ANONYMISE, CODE, CONTENT, COUNT, DELETE, FORM_WORDS, ID, KEEP, MEETUP_LINK, OWNER_ID, PLUS_ONE,
    TOKEN_SECRET, UPLOAD_URL, WHEN, Col, Export, Owner, Table, Through, cols,
)

MEMBER_ACTIVITY: dict[str, Table] = {
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
            **cols(Col("the member's name and about text: blanked", erase=""),
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
            **cols(Col("the linked Telegram account and bot chat: unlinked", erase=None),
                    "telegram_id", "telegram_username", "telegram_chat_id"),
            **cols(CODE, "notify_confirmation", "notify_reminder", "notify_offer"),
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
            **cols(CODE, "attendance_reason", "interested_field", "status"),
            "expectation": FORM_WORDS,
            **cols(WHEN, "registered_at", "cancelled_at", "checked_in_at"),
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
            **cols(CODE, "status", "attendance_reason", "interested_field"),
            "expectation": FORM_WORDS,
            **cols(WHEN, "joined_at", "offered_at", "offer_expires_at", "closed_at"),
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
            **cols(Col("the member's post: kept or deleted with the account"),
                    "title", "content"),
            "cover_url": Col("the member's uploaded cover: the file and the link removed",
                             erase=None, stored=UPLOAD_URL),
            "status": CODE,
            **cols(WHEN, "created_at", "updated_at", "published_at"),
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
            **cols(Col("the ad's text: kept or deleted with the account"),
                    "title", "company_name", "company_description", "location", "description",
                    "requirements", "experience", "technologies", "benefits", "keywords",
                    "contact_website"),
            "contact_email": Col("a contact that is the member's own email is blanked; a "
                                 "company's stays with the kept ad", erase=None,
                                 when_own="email"),
            "contact_phone": Col("a contact that is the member's own phone is blanked; a "
                                 "company's stays with the kept ad", erase=None,
                                 when_own="phone"),
            **cols(CODE, "job_type", "category", "salary_currency", "visas", "korean_level",
                    "working_languages", "status"),
            **cols(COUNT, "remote", "salary_min", "salary_max", "visa_sponsorship",
                    "telegram_announce"),
            "posted_by_id": OWNER_ID,
            **cols(WHEN, "created_at", "updated_at", "opened_at", "expires_at"),
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
            **cols(WHEN, "created_at", "next_digest_at", "last_digest_at"),
        },
        export=Export("job_alerts.json", N_("Job alerts"),
                      labels=(("frequency", AlertFrequency.labels),), summary=(
                          ("name", N_("Name")), ("frequency", N_("How often")),
                          ("active", N_("Active")), ("created_at", N_("Saved on")))),
    ),
    "digest_settings": Table(
        about="the member's digest choices (user_id; services/digest/)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="how often and how the member wanted the digest, and its random unsubscribe "
            "key: deleted, so the unsubscribe link answers 404",
        columns={
            "user_id": OWNER_ID,
            **cols(CODE, "frequency", "korean_level"),
            **cols(COUNT, "hour", "by_email", "by_telegram", "only_if_away"),
            "unsubscribe_token": Col("the key of the one-click unsubscribe: a secret that turns "
                                     "the digest emails off without signing in", export=False),
            **cols(WHEN, "next_digest_at", "last_digest_at"),
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
}
