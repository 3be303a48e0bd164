"""The speaker's own profile (issue 41, item 2): a member whose account is linked to a
speaker profile reads and edits it from My Page and the REST API, and uploads, replaces
or removes its photo (the rule of ``editing.set_speaker_photo``, the organizers' too); each
change audited as their own."""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session, select

from community_app.i18n import N_
from community_app.models import SpeakerProfile
from community_app.services.admin.common import MEETUP_CACHES, saved
from community_app.services.errors import NotFound
from community_app.services.talks.editing import apply_speaker_fields, set_speaker_photo
from community_app.services.talks.reading import SpeakerView, speaker_view


# ---------------------------------------------------------------- the speaker's own profile

NO_SPEAKER_PROFILE = N_("Your account is not linked to a speaker profile.")
SPEAKER_PROFILE_SAVED = N_("Your speaker profile is saved.")
SPEAKER_PHOTO_SAVED = N_("Your speaker photo is saved.")
SPEAKER_PHOTO_REMOVED = N_("Your speaker photo is removed.")
# What a member edits of their own profile from My Page (item 2); the photo address and the
# erasure choice stay with the organizers and the confirmation page (the member uploads or
# removes a photo file with ``change_own_speaker_photo``).
OWN_SPEAKER_FIELDS = ("name", "jobPosition", "company", "bio", "links")


def _own_speaker_row(session: Session, user_id: int | None) -> SpeakerProfile:
    profile = (session.exec(select(SpeakerProfile).where(SpeakerProfile.user_id == user_id))
               .first() if user_id else None)
    if profile is None:
        raise NotFound(NO_SPEAKER_PROFILE)
    return profile


def own_speaker_profile(session: Session, user_id: int | None) -> SpeakerView:
    """The speaker profile linked to the member's account; NotFound when there is none."""
    return speaker_view(_own_speaker_row(session, user_id))


def update_own_speaker_profile(session: Session, user_id: int | None,
                               data: Mapping[str, object]) -> SpeakerView:
    """The member edits the speaker profile linked to their account (name, jobPosition,
    company, bio, links; other keys are ignored) with the back office's rules; no one can
    reach another's profile this way. Audited as the member's own change."""
    profile = _own_speaker_row(session, user_id)
    apply_speaker_fields(profile, {k: v for k, v in data.items() if k in OWN_SPEAKER_FIELDS})
    saved(session, user_id, profile, "speaker_profile.update_own", ("speaker_profile", profile.id),
          profile.name, MEETUP_CACHES, subject_user_id=user_id)
    return speaker_view(profile)


def change_own_speaker_photo(session: Session, user_id: int | None,
                             data: bytes | None) -> SpeakerView:
    """The member uploads, replaces (``data``) or removes (None) the photo of the speaker
    profile linked to their account; audited as their own change."""
    profile = _own_speaker_row(session, user_id)
    action = "speaker_profile.photo_own" if data is not None else "speaker_profile.photo_remove_own"
    return set_speaker_photo(session, user_id, profile, data, action, subject_user_id=user_id)
