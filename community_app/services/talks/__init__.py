"""Talks and speaker profiles (issue 41): what the public pages, the REST API, the schedule
feeds, search and the KO'DJ contract read (``reading``), what the back office writes
(``editing``) and what a speaker edits of their own profile (``own_profile``). Once, here;
callers use ``from community_app.services import talks`` and ``talks.<name>``.

A talk belongs to a meetup's programme and has one or more speakers in order; a speaker
profile is one person across meetups. Drafts (accepted applications not yet placed) are
seen only by organizers; scheduled and cancelled talks are public.
"""

from __future__ import annotations

from community_app.services.talks.editing import (  # noqa: F401 (the package's names)
    set_speakers, create_talk, update_talk, delete_talk, move_talk, upload_slides,
    remove_slides, create_speaker, update_speaker, delete_speaker, add_speaker_to_talk,
    remove_speaker_from_meetup, forget_slides, has_drafts, admin_programme, admin_speakers,
    set_speaker_photo, change_speaker_photo,
)
from community_app.services.talks.own_profile import (  # noqa: F401 (the package's names)
    NO_SPEAKER_PROFILE, SPEAKER_PROFILE_SAVED, SPEAKER_PHOTO_SAVED, SPEAKER_PHOTO_REMOVED,
    OWN_SPEAKER_FIELDS, own_speaker_profile, update_own_speaker_profile, change_own_speaker_photo,
)
from community_app.services.talks.reading import (  # noqa: F401 (the package's names)
    TALK_NOT_FOUND, SPEAKER_NOT_FOUND, TALK_TITLE_REQUIRED, ABSTRACT_TOO_LONG,
    LANGUAGE_INVALID, LEVEL_INVALID, STATUS_INVALID, DURATION_INVALID, ROOM_TOO_LONG,
    TIME_INVALID, END_BEFORE_START, RECORDING_INVALID, SPEAKERS_INVALID, SPEAKER_NAME_INVALID,
    FIELD_TOO_LONG, BIO_TOO_LONG, LINKS_INVALID, SLIDES_INVALID, SLIDES_MISSING,
    MAX_SLIDES_BYTES, MAX_LINKS, SLIDES_FOLDER, PUBLIC_STATUSES, TALK_RULES, SPEAKER_RULES,
    slug_of, Recording, recording_of, SpeakerRef, TalkView, SpeakerView, SpeakerPage,
    speaker_view, talks_of_meetups, meetup_talks, get_talk, list_talks, get_speaker,
    list_speakers, speakers_of_meetup, slides_file, public_speakers,
)
