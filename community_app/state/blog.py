"""Public blog pages: /blog (published posts) and /blog/<id> (one post)."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n.dates import date_texts
from community_app.core.routes import path_id
from community_app.services import blogs
from community_app.services.errors import NotFound
from community_app.services.markdown import plain_excerpt, render_markdown
from community_app.state.messages import Message, from_error


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


class BlogState(rx.State):
    posts: list[PostCard] = []
    loading: bool = True

    post: PostCard = PostCard(0, "", "", {}, "", {})
    content_html: str = ""
    error: Message = {}

    @rx.event
    def load_list(self):
        with session_scope() as session:
            self.posts = [_row(p) for p in blogs.list_published(session)]
        self.loading = False

    @rx.event
    def load_post(self):
        self.loading, self.error, self.content_html = True, {}, ""
        post_id = path_id(self.router.url.path) or -1
        try:
            with session_scope() as session:
                post = blogs.get_published(session, post_id)
        except NotFound as exc:
            self.error = from_error(exc)
        else:
            self.post = _row(post)
            self.content_html = render_markdown(post.content)
        self.loading = False
