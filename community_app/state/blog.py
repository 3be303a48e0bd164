"""Public blog pages: /blog (published posts) and /blog/<id> (one post)."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n.dates import date_texts
from community_app.core.routes import path_id
from community_app.services import blogs, cache
from community_app.services.errors import NotFound
from community_app.services.markdown import plain_excerpt, render_markdown
from community_app.state.messages import Message, from_error
from community_app.state.page_load import PageRequest


@dataclasses.dataclass
class PostCard:
    id: int
    title: str
    excerpt: str
    author: dict[str, str]  # per language ("Deleted member" once erased)
    cover: str
    date: dict[str, str]
    author_page: str = ""  # the author's public page, when on


def _row(post: blogs.BlogPostView) -> PostCard:
    return PostCard(
        id=post.id,
        title=post.title,
        excerpt=plain_excerpt(post.content),
        author=post.author_names,
        cover=post.cover_url or "",
        date=date_texts(post.published_at or post.updated_at),
        author_page=post.author_page,
    )


@dataclasses.dataclass
class PostPage:
    """One post as read: its card and body, or the error that it is not there."""

    post: PostCard | None = None
    content_html: str = ""
    error: Message = dataclasses.field(default_factory=dict)


def read_list(_request: PageRequest) -> list[PostCard]:
    """The published posts, newest first (no lock held)."""
    cache.needs_database()
    with session_scope() as session:
        return [_row(p) for p in blogs.list_published(session)]


def read_post(request: PageRequest) -> PostPage:
    """The post the address names (no lock held)."""
    cache.needs_database()
    try:
        with session_scope() as session:
            post = blogs.get_published(session, path_id(request.path) or -1)
    except NotFound as exc:
        return PostPage(error=from_error(exc))
    return PostPage(_row(post), render_markdown(post.content))


class BlogState(rx.State):
    posts: list[PostCard] = []
    loading: bool = True

    post: PostCard = PostCard(0, "", "", {}, "", {})
    content_html: str = ""
    error: Message = {}

    def _apply_list(self, posts: list[PostCard]) -> None:
        self.posts, self.loading = posts, False

    def _apply_post(self, page: PostPage) -> None:
        self.error, self.content_html = page.error, page.content_html
        if page.post is not None:
            self.post = page.post
        self.loading = False
