"""Meetups, by concern (one module each; this package re-exports the public side, so
``from community_app.services import meetups`` reads as before):

- ``views``: what the public services answer (MeetupView, ...), the shared constants
- ``reading``: the upcoming and past lists and a meetup's details
- ``attendees``: the public attendee list: the name a member agreed to show, and nothing more
- ``seats``: taking, giving back and resizing seats without a race
- ``registrations``: members register, cancel and list their own registrations
- ``offers``: freed seats offered to the waitlist first (order, claim window, held seats)
- ``waitlist``: members join, leave, claim or decline an offer; expired offers passed on
- ``admin_views``: the back office's limits, messages and views
- ``admin_edits``: organizers create, edit and delete meetups (form rules, image)
- ``admin_program``: speakers, keynote sessions and notes of a meetup
- ``admin_registrations``: approval, check-in, the attendees' CSV, attendance
- ``questions``: a meetup's own registration questions and the answers (issue 45)
- ``decisions``: accepting or declining several applications at once (issue 45)
- ``door_answers``: the answers the door needs, accessibility first (issue 45)
"""

from community_app.services.meetups.reading import (
    get_meetup,
    get_meetup_details,
    list_meetups,
    normalize_meetup_type,
)
from community_app.services.meetups.registrations import (
    cancel_registration,
    latest_per_meetup,
    list_my_registrations,
    public_questions,
    register_for_meetup,
    switch_seat_kind,
    validate_registration,
)
from community_app.services.meetups.views import (
    ALREADY_REGISTERED,
    DEFAULT_DESCRIPTION,
    DEFAULT_LOCATION,
    DEFAULT_TITLE,
    MEETUP_FULL,
    MEETUP_NOT_FOUND,
    MEETUP_TYPE_INVALID,
    MEETUP_TYPES,
    NOT_REGISTERED,
    PAST,
    PAST_NOT_CANCELLABLE,
    REGISTRATION_CLOSED,
    SEAT_HOLDING,
    UPCOMING,
    AttendeeView,
    MeetupDetails,
    MeetupView,
    MyRegistrationView,
    NoteView,
    RegistrationView,
    ReviewView,
    SessionView,
    SpeakerView,
    meetup_view,
)
from community_app.services.meetups.waitlist import (
    ALREADY_WAITING,
    NO_OFFER,
    NOT_WAITING,
    OFFER_EXPIRED,
    SEATS_FREE,
    MyWaitlistEntryView,
    WaitlistEntryView,
    claim_offer,
    decline_offer,
    join_waitlist,
    leave_every_waitlist,
    leave_waitlist,
    list_my_waitlist,
    my_place,
)
from community_app.services.validation import (  # the registration form's rules
    CONSENT_MISSING,
    EXPECTATION_MAX_LENGTH,
    EXPECTATION_MIN_LENGTH,
    EXPECTATION_TOO_LONG,
    EXPECTATION_TOO_SHORT,
    FIELD_INVALID,
    REASON_INVALID,
)

__all__ = [
    "ALREADY_REGISTERED", "CONSENT_MISSING", "DEFAULT_DESCRIPTION", "DEFAULT_LOCATION",
    "DEFAULT_TITLE", "EXPECTATION_MAX_LENGTH", "EXPECTATION_MIN_LENGTH", "EXPECTATION_TOO_LONG",
    "EXPECTATION_TOO_SHORT", "FIELD_INVALID", "MEETUP_FULL", "MEETUP_NOT_FOUND",
    "MEETUP_TYPES", "MEETUP_TYPE_INVALID", "NOT_REGISTERED", "PAST", "PAST_NOT_CANCELLABLE",
    "REASON_INVALID", "REGISTRATION_CLOSED", "SEAT_HOLDING", "UPCOMING", "AttendeeView",
    "MeetupDetails", "MeetupView", "MyRegistrationView", "NoteView", "RegistrationView",
    "ReviewView", "SessionView", "SpeakerView", "cancel_registration", "get_meetup",
    "get_meetup_details", "list_meetups", "list_my_registrations", "latest_per_meetup", "meetup_view",
    "normalize_meetup_type", "register_for_meetup", "validate_registration",
    "ALREADY_WAITING", "NO_OFFER", "NOT_WAITING", "OFFER_EXPIRED", "SEATS_FREE",
    "MyWaitlistEntryView", "WaitlistEntryView", "claim_offer", "decline_offer",
    "join_waitlist", "leave_every_waitlist", "leave_waitlist", "list_my_waitlist",
    "my_place", "public_questions", "switch_seat_kind",
]
