"""The classification (``personal_data.TABLES``) of the records kept about a member: speaker
applications and their reviews, talk stars and feedback, consents, sign-ins and their tokens,
door check-ins, data exports, queued messages and the audit log. The words are explained in
``classification.py``.
"""

from __future__ import annotations

from community_app.i18n import N_
from community_app.models import ConsentKind
from community_app.services.privacy.classification import (
    ANONYMISE, CODE, CONTENT, COUNT, DELETE, EXPORT_FILE, ID, KEEP, MEETUP_LINK, OWNER_ID,
    TOKEN_SECRET, UPLOAD_PATH, WHEN, Col, Email, Export, Owner, Table, Through, VerifiedEmail,
    cols,
)
from community_app.services.privacy.retention import SENT_MAIL_RETENTION_DAYS

MEMBER_RECORDS: dict[str, Table] = {
    "speaker_applications": Table(
        about="the member's applications to speak (email: the member's address, once "
              "verified; the form needs no account)",
        owner=VerifiedEmail("email"),
        erase=DELETE,
        why="the member's application and its private photo: deleted",
        columns={
            "id": ID,
            **cols(Col("what the applicant told about themselves"),
                    "email", "full_name", "job_position", "phone", "topics", "linkedin_url",
                    "github_url", "portfolio_url"),
            **cols(CODE, "years_of_experience", "expertise_field", "language", "status"),
            "photo_path": Col("where the private photo is stored: the file is deleted; the "
                              "export holds the photo itself (images/), not the path",
                              export=False, stored=UPLOAD_PATH),
            "status_note": Col("an organizer's note on the application, about the applicant"),
            **cols(WHEN, "created_at", "updated_at", "confirmed_at"),
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
            **cols(WHEN, "created_at", "updated_at"),
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
                 **cols(WHEN, "given_at", "withdrawn_at")},
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
                 **cols(Col("the address and device the member signed in from"),
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
                 **cols(Col(f"the token's id and its sign-in's; {TOKEN_SECRET}",
                             export=False), "jti", "family_id"),
                 **cols(WHEN, "issued_at", "expires_at", "used_at", "revoked_at")},
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
                 **cols(WHEN, "created_at", "expires_at", "used_at")},
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
                 **cols(WHEN, "created_at", "expires_at", "used_at"),
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
                 **cols(WHEN, "next_attempt_at", "claimed_at", "sent_at", "created_at"),
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
                 **cols(WHEN, "scanned_at", "received_at")},
    ),
    "data_exports": Table(
        about="the member's data exports (user_id)",
        owner=Owner("user_id"),
        erase=DELETE,
        why="the ZIP is deleted from the file store, then the row",
        columns={"id": ID, "user_id": OWNER_ID, **cols(CODE, "status", "language"),
                 "progress": COUNT,
                 **cols(WHEN, "requested_at", "claimed_at", "finished_at", "expires_at",
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
            "id": ID, **cols(CODE, "kind", "lang", "status"), "user_id": OWNER_ID,
            "meetup_id": MEETUP_LINK, "ref_id": Col("the item the email is about"),
            **cols(Col("the email's address and subject"), "to_address", "subject"),
            **cols(Col("the email's text, files and headers: they carry one-time links "
                        "(release a seat, tickets, unsubscribe), never copied into a file; "
                        "the member has the email itself", export=False),
                    "body", "attachments", "headers", "html"),
            "attempts": COUNT,
            **cols(WHEN, "next_attempt_at", "claimed_at", "sent_at", "created_at"),
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
            **cols(Col("the message's text, link, buttons, picture and the email sent "
                        "instead: they carry one-time links and tickets, never copied into "
                        "a file; the member has the message itself", export=False),
                    "text", "link_url", "buttons", "photo", "fallback_mail"),
            "status": CODE, "attempts": COUNT,
            **cols(WHEN, "next_attempt_at", "claimed_at", "sent_at", "created_at"),
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
            **cols(Col("the name of an action and of its target's kind"),
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
}
