"""Members' blog posts: drafts and published posts (My Page, My Blogs; /blog/<id>).

Content is Markdown written by members. It is stored as written and rendered to sanitised
HTML by services/markdown.py (nh3 allowlist), so no markup or script from a post ever runs.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import BlogPost, BlogStatus, User
from community_app.services.authors import full_name_or_username, page_address, public_names
from community_app.services import ratelimit
from community_app.services.errors import Forbidden, InvalidMany, NotFound
from community_app.services.uploads import (
    delete_upload,
    public_url,
    public_path_of_url,
    store_image,
)

COVER_FOLDER = "public/blog"
TITLE_REQUIRED = N_("Please give your post a title")
TITLE_TOO_LONG = N_("The title can be at most 200 characters")
CONTENT_REQUIRED = N_("Please write some content")
CONTENT_TOO_LONG = N_("The post can be at most 50,000 characters")
POST_NOT_FOUND = N_("Blog post not found.")
NOT_YOUR_POST = N_("You can only change your own posts.")


@dataclasses.dataclass(frozen=True)
class BlogPostView:
    id: int
    title: str
    content: str
    cover_url: str | None
    status: str
    author_id: int
    author_username: str
    author_name: str
    author_image_url: str | None
    created_at: dt.datetime
    updated_at: dt.datetime
    published_at: dt.datetime | None
    # The author as shown, per language ("Deleted member" once erased: services/authors.py)
    author_names: dict[str, str] = dataclasses.field(default_factory=dict)
    # The author's public page (/members/<username>) when they switched it on; "" otherwise.
    author_page: str = ""


def _view(post: BlogPost, author: User) -> BlogPostView:
    name = full_name_or_username(author)
    return BlogPostView(
        id=post.id, title=post.title, content=post.content, cover_url=post.cover_url,
        status=post.status, author_id=author.id, author_username=author.username,
        author_name=name, author_image_url=author.image_url, created_at=post.created_at,
        updated_at=post.updated_at, published_at=post.published_at,
        author_names=public_names(author),
        author_page=page_address(author),
    )


def validate_post(title: str, content: str) -> dict[str, str]:
    problems = {}
    if not title.strip():
        problems["title"] = TITLE_REQUIRED
    elif len(title.strip()) > 200:
        problems["title"] = TITLE_TOO_LONG
    if not content.strip():
        problems["content"] = CONTENT_REQUIRED
    elif len(content) > 50_000:
        problems["content"] = CONTENT_TOO_LONG
    return problems


def _own_post(session: Session, user_id: int, post_id: int) -> BlogPost:
    post = session.get(BlogPost, post_id)
    if post is None:
        raise NotFound(POST_NOT_FOUND)
    if post.author_id != user_id:
        raise Forbidden(NOT_YOUR_POST)
    return post


def save_post(
    session: Session,
    user_id: int,
    *,
    title: str,
    content: str,
    published: bool,
    post_id: int | None = None,
    cover: bytes | None = None,
    client: str = "",
) -> BlogPostView:
    """Create a post (post_id None) or update one of the member's own posts. Saves are
    limited per address (``client``; services.ratelimit)."""
    problems = validate_post(title, content)
    if problems:
        raise InvalidMany(problems)
    post = _own_post(session, user_id, post_id) if post_id else BlogPost(author_id=user_id, title="", content="")
    ratelimit.spend("blog-posts-address", client)
    now = utcnow()
    post.title, post.content = title.strip(), content
    status = BlogStatus.PUBLISHED.value if published else BlogStatus.DRAFT.value
    if status == BlogStatus.PUBLISHED.value and post.published_at is None:
        post.published_at = now
    post.status = status
    post.updated_at = now
    if cover:
        old = public_path_of_url(post.cover_url)
        post.cover_url = public_url(store_image(cover, COVER_FOLDER, field="cover"))
        if old:
            delete_upload(old)
    session.add(post)
    session.flush()
    return _view(post, session.get(User, user_id))


def delete_post(session: Session, user_id: int, post_id: int) -> None:
    post = _own_post(session, user_id, post_id)
    old = public_path_of_url(post.cover_url)
    session.delete(post)
    session.flush()
    if old:
        delete_upload(old)


def list_my_posts(session: Session, user_id: int) -> list[BlogPostView]:
    author = session.get(User, user_id)
    if author is None:
        return []
    posts = session.exec(
        select(BlogPost).where(BlogPost.author_id == user_id).order_by(col(BlogPost.updated_at).desc())
    )
    return [_view(p, author) for p in posts]


def list_published(session: Session, *, limit: int = 50) -> list[BlogPostView]:
    rows = session.exec(
        select(BlogPost, User)
        .join(User, User.id == BlogPost.author_id)
        .where(BlogPost.status == BlogStatus.PUBLISHED.value)
        .order_by(col(BlogPost.published_at).desc())
        .limit(limit)
    )
    return [_view(post, author) for post, author in rows]


def get_published(session: Session, post_id: int) -> BlogPostView:
    post = session.get(BlogPost, post_id)
    if post is None or post.status != BlogStatus.PUBLISHED.value:
        raise NotFound(POST_NOT_FOUND)
    return _view(post, session.get(User, post.author_id))
