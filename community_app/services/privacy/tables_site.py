"""The classification (``personal_data.TABLES``) of the rows an organizer wrote for the site and
of the tables that hold no member's rows. The words are explained in ``classification.py``.
"""

from __future__ import annotations

import sqlalchemy as sa

from community_app.i18n import N_
from community_app.services.authors import DELETED_MEMBER
from community_app.services.privacy.classification import (
    ANONYMISE, CODE, COUNT, DELETE, ID, KEEP, MEETUP_LINK, OWNER_ID, PUBLIC_PICTURE, SITE_COPY,
    UPLOAD_URL, WHEN, Col, Export, Owner, Table, Through, cols, sa_table,
)

SITE_TABLES: dict[str, Table] = {
    # --- rows an organizer wrote for the site ----------------------------------------------
    "news": Table(
        about="news written by an organizer (author_id)",
        owner=Owner("author_id"),
        erase=KEEP,
        why="site copy published in the site's name; the author's account is anonymised",
        no_export="site copy the organizer wrote for everyone, not data about the member",
        columns={"id": ID, **cols(SITE_COPY, "title", "content", "tags"), "type": CODE,
                 "image_url": PUBLIC_PICTURE, **cols(COUNT, "published", "telegram_announce"),
                 "author_id": Col("the organizer who wrote it"),
                 **cols(WHEN, "created_at", "updated_at")},
    ),
    "meetups": Table(
        about="meetups an organizer made (organizer_id)",
        owner=Owner("organizer_id"),
        erase=KEEP,
        why="site copy published in the site's name; the organizer's account is anonymised",
        no_export="site copy the organizer wrote for everyone, not data about the member",
        columns={"id": ID,
                 **cols(SITE_COPY, "title", "description", "location", "image_name",
                         "provided"),
                 "image_url": PUBLIC_PICTURE,
                 **cols(WHEN, "starts_at", "ends_at", "created_at", "updated_at"),
                 **cols(COUNT, "max_seats", "available_seats", "parking", "requires_approval",
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
                 **cols(SITE_COPY, "label_en", "label_uz", "options"),
                 **cols(CODE, "kind", "builtin"),
                 **cols(COUNT, "position", "required", "at_door"),
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
                 **cols(SITE_COPY, "slug", "title", "abstract", "room", "slides_url",
                         "recording_url"),
                 "slides_key": Col("the talk's uploaded slides (a PDF of the talk, published)"),
                 **cols(CODE, "language", "level", "status"),
                 "duration_minutes": COUNT,
                 **cols(WHEN, "starts_at", "ends_at", "created_at", "updated_at")},
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
            **cols(Col("what the speaker wrote about themselves: blanked", erase=""),
                    "job_position", "company", "bio"),
            "links": Col("the speaker's links: removed", erase=[]),
            "photo_url": Col("the speaker's photo: the file and the link removed", erase=None,
                             stored=UPLOAD_URL),
            "keep_name_after_erasure": Col("the speaker's choice, read by the erasure: kept"),
            **cols(WHEN, "created_at", "updated_at"),
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
                 **cols(Col("a person listed on About, typed by organizers with their "
                             "agreement; not tied to a member account"),
                         "name", "role_en", "role_uz", "image_url", "profile_url")},
    ),
    "affiliated_projects": Table(
        about="no member", owner=None, erase=KEEP, why="site copy about projects, no member's",
        no_export="no member's data",
        columns={"id": ID, "position": COUNT,
                 **cols(SITE_COPY, "name", "url", "description_en", "description_uz")},
    ),
    "benefits": Table(
        about="no member", owner=None, erase=KEEP, why="site copy about membership, no member's",
        no_export="no member's data",
        columns={"id": ID, "position": COUNT,
                 **cols(SITE_COPY, "icon", "title_en", "title_uz", "description_en",
                         "description_uz")},
    ),
    "site_settings": Table(
        about="no member", owner=None, erase=KEEP, why="the site's settings",
        no_export="no member's data",
        columns={"id": ID, "contact_email": Col("the site's public contact address"),
                 **cols(COUNT, "maintenance", "target_speakers", "target_events",
                         "target_members"),
                 "updated_at": WHEN},
    ),
    "search_documents": Table(
        about="no member (one row per public item)", owner=None, erase=KEEP,
        why="the search index's copy of public content, changed in the same commit as the "
            "content (services/search_index.py): what erasure removes or anonymises leaves "
            "it too",
        no_export="a copy of public content, in the exported rows already",
        columns={"id": ID, "kind": CODE, "item_id": Col("the indexed item"),
                 **cols(Col("the indexed item's text as shown, and its search terms"),
                         "title", "body", "title_terms", "body_terms"),
                 **cols(WHEN, "dated_at", "hidden_after", "indexed_at")},
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
                 **cols(WHEN, "next_run_at", "last_run_at")},
    ),
}
