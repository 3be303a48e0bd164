"""Who the public sees on a meetup's attendee list, and how: the one rule the event page,
the REST API (event details) and every other public surface read.

The registration form's consent reads "I agree to the terms and conditions and to my first
name showing on the attendee list." So a public list shows a member by the name they agreed
to, and nothing more:

- the name the member chose on My Page for attendee lists (``users.attendee_name``), else
- their first name (its first word: a client that sends one "name" field stores the whole
  name there), else
- "Member", translated, when they gave neither.

Never their last name, username, email or phone. Their photo and a link to their public page
join the name only while the member has switched that page on (My Page: "Others then see
your name, your published posts and the meetups you attended"): a choice of their own to be
found. The back office (registrations, check-in, the CSV) is not public and keeps full names.
See docs/decisions.md, "Names as consented"."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from community_app.i18n import LANGUAGES, N_, both
from community_app.services.authors import page_address, shows_page
from community_app.services.meetups.views import AttendeeView

ATTENDEE_NAME_MAX = 50  # users.attendee_name
UNNAMED = N_("Member")  # a member who gave no first name and chose no name

ATTENDEE_NAME_TOO_LONG = N_("The name for attendee lists can be at most 50 characters.")
ATTENDEE_NAME_NO_LINKS = N_(
    "The name for attendee lists cannot contain a web address or an email address."
)

# A web address or an email in a name: a scheme, "www.", an "@" between two words, or a
# host name ("uzdev.kr", "t.me/x": a dot followed by a lower-case top-level domain, which
# names like "J. R." or "Mr.Smith" do not have).
_ADDRESS_RE = re.compile(r"://|\bwww\.|[^\s@]@[^\s@]", re.IGNORECASE)
_HOST_RE = re.compile(r"[A-Za-z0-9-]\.[a-z]{2,24}(?![A-Za-z])")


def clean_attendee_name(value: object) -> str | None:
    """The chosen name as stored: control characters and lone surrogates dropped (a
    database refuses them), spaces collapsed and trimmed; None when empty (the first name
    shows)."""
    text = " ".join(str(value or "").split())
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cs"))
    return text or None


def attendee_name_problem(value: object) -> str | None:
    """Why ``value`` cannot be the name on attendee lists, or None: at most 50 characters,
    no web address and no email (a list of names is no place to advertise or be mailed)."""
    text = clean_attendee_name(value)
    if text is None:
        return None
    if len(text) > ATTENDEE_NAME_MAX:
        return ATTENDEE_NAME_TOO_LONG
    if _ADDRESS_RE.search(text) or _HOST_RE.search(text):
        return ATTENDEE_NAME_NO_LINKS
    return None


def attendee_name(first_name: str | None, chosen: str | None) -> str:
    """THE public name of an attendee: the name the member chose for attendee lists, else
    the first word of their first name; "" when they gave neither (shown as "Member",
    ``attendee_names``). Never a last name or a username."""
    picked = clean_attendee_name(chosen)
    if picked is not None:
        return picked
    words = (first_name or "").split()
    return words[0] if words else ""


def attendee_names(name: str) -> dict[str, str]:
    """``name`` (from ``attendee_name``) in each language: "Member" translated when empty."""
    return dict.fromkeys(LANGUAGES, name) if name else both(UNNAMED)


def attendee_view(member: Any) -> AttendeeView:
    """What the public sees of one registered member. ``member``: a User or a row with
    ``id``, ``first_name``, ``attendee_name``, ``image_url``, ``username`` and what decides
    whether their public page is on (``public_profile``, ``is_active``, ``deleted_at``)."""
    page_on = shows_page(member)
    return AttendeeView(
        user_id=member.id,
        name=attendee_name(member.first_name, member.attendee_name),
        image_url=(member.image_url or None) if page_on else None,
        page=page_address(member) if page_on else "",
    )
