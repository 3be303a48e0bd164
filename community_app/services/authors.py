"""How the site and the REST API name the author of a comment, a blog post or a job post.

Once a member's account is erased (services/privacy/deletion.py) their kept content shows
"Deleted member" in the reader's language, never the generated ``deleted-<id>`` name.
A name links to the member's public page (services/members.py) while others may open it."""

from __future__ import annotations

from community_app.core import routes
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


def shows_page(user: User | None) -> bool:
    """Whether ``user`` has a public page others may open (/members/<username>: switched on
    on My Page, the account active and not erased)."""
    return (user is not None and user.public_profile and user.is_active
            and user.deleted_at is None)


def page_address(user: User | None) -> str:
    """The address of ``user``'s public page while others may open it, else "": where
    comments, blog posts and attendee lists link a name."""
    return routes.member_page(user.username) if shows_page(user) else ""
