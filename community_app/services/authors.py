"""How the site and the REST API name the author of a comment, a blog post or a job post.

Once a member's account is erased (services/privacy/deletion.py) their kept content shows
"Deleted member" in the reader's language, never the generated ``deleted-<id>`` name."""

from __future__ import annotations

from community_app.i18n import LANGUAGES, N_, both
from community_app.models import User

DELETED_MEMBER = N_("Deleted member")

Names = dict[str, str]  # language -> the author's name as shown


def is_deleted_member(user: User | None) -> bool:
    return user is not None and user.deleted_at is not None


def author_names(user: User | None, shown: str | None = None) -> Names:
    """The author's name in each language: ``shown`` (their username by default), or
    "Deleted member" translated once the account is erased; "" without an author."""
    if is_deleted_member(user):
        return both(DELETED_MEMBER)
    name = shown if shown is not None else (user.username if user is not None else "")
    return dict.fromkeys(LANGUAGES, name)


def full_name_or_username(user: User) -> str:
    return f"{user.first_name} {user.last_name}".strip() or user.username


def public_names(user: User | None) -> Names:
    """The name others see on a member's comments, posts and attendee lists: the first and
    last name they gave (sign-up, My Page), their username until they give one, "Deleted
    member" once erased. The username stays the unique handle (REST ``username``)."""
    return author_names(user, full_name_or_username(user) if user is not None else None)
