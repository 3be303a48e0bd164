"""/news/<id>: one article and its comment thread (SPEC sections 2, 3, 7; member comments).

The article comes through the 5-minute news-details cache. Comments are read fresh: the
top-level ones on load, the replies of a comment when its 'Show replies' toggle opens.
The thread is one flat list (replies follow their comment), so one loop renders it.

Writing and voting are for signed-in members only: every such handler checks the member
on the server (``self._member()``) and sends visitors to /login?from=<this page>.
Comment text is plain text and the page renders it as text, never as HTML.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from collections.abc import Callable
from typing import Any

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.i18n.dates import date_texts, relative_texts
from community_app.services import comments as comment_service
from community_app.services import cache, news_display
from community_app.services.comments import CommentView
from community_app.services.errors import DomainError, NotFound
from community_app.services.lookup import MAX_ID
from community_app.services.markdown import render_markdown
from community_app.services.news import NEWS_NOT_FOUND
from community_app.state.auth import AuthState
from community_app.state.focus import focus_element
from community_app.state.messages import Message, field_messages, from_error, message
from community_app.state.news import DEFAULT_IMAGE, TagView, tag_views
from community_app.state.page_load import PageLoadState, PageRequest
from community_app.core import routes
from community_app.core.routes import path_id
from community_app.state.sent_writes import write

log = logging.getLogger(__name__)

LOAD_FAILED = N_("Could not load this article. Please try again.")
COMMENTS_FAILED = N_("Could not load the comments. Please try again.")
COMMENT_FAILED = N_("Could not post your comment. Please try again.")
VOTE_FAILED = N_("Could not save your vote. Please try again.")
COMMENT_ADDED = N_("Your comment has been added.")
COMMENTS_NOTICE_ID = "comments-notice"  # the line saying so (ui/components/news_comments.py)


@dataclasses.dataclass
class CommentRow:
    """A comment or a reply as the thread shows it."""

    id: int
    parent_id: int  # 0 for a top-level comment
    is_reply: bool
    text: str
    username: str
    name_en: str  # the author's public name ("Deleted member" once erased)
    name_uz: str
    handle: str  # "@username" beside a name that is not the username; "" otherwise
    page: str  # the author's public page (/members/<username>) when on; "" otherwise
    initial: str
    avatar: str
    replied_username: str
    likes: int
    dislikes: int
    my_vote: int  # 1 liked, -1 disliked, 0 none
    reply_count: int
    expanded: bool  # a comment whose replies are shown
    hidden: bool  # a reply whose comment is folded
    ago_en: str
    ago_uz: str


def comment_row(view: CommentView, now: dt.datetime | None = None) -> CommentRow:
    ago = relative_texts(view.created_at, now)
    return CommentRow(
        id=view.id,
        parent_id=view.parent_id or 0,
        is_reply=view.parent_id is not None,
        text=view.text,
        username=view.author_username,
        name_en=view.author_names.get("en", view.author_username),
        name_uz=view.author_names.get("uz", view.author_username),
        handle=(
            "@" + view.author_username
            if view.author_handles.get("en") == view.author_username
            and view.author_names.get("en") != view.author_username
            else ""
        ),
        page=view.author_page,
        initial=(view.author_names.get("en", view.author_username)[:1] or "?").upper(),
        avatar=view.author_avatar or "",
        replied_username=view.replied_username or "",
        likes=view.likes,
        dislikes=view.dislikes,
        my_vote=view.my_vote,
        reply_count=view.reply_count,
        expanded=False,
        hidden=False,
        ago_en=ago["en"],
        ago_uz=ago["uz"],
    )


def _as_id(value: object) -> int:
    """An id sent by the browser, or 0 when it is not one."""
    try:
        number = int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0
    return number if 0 < number <= MAX_ID else 0


def _replies_shown(thread: list[CommentRow], comment_id: int, shown: bool) -> list[CommentRow]:
    """``thread`` with the replies of comment ``comment_id`` shown (it expanded) or hidden."""
    return [
        dataclasses.replace(r, expanded=shown) if r.id == comment_id and not r.is_reply
        else dataclasses.replace(r, hidden=not shown) if r.is_reply and r.parent_id == comment_id
        else r
        for r in thread
    ]


def _news_id(path: str) -> int:
    """The id in /news/<id>; 0 when it is not a valid id."""
    return path_id(path) or 0


@dataclasses.dataclass
class ArticleRead:
    """The article the address names and its top-level comments, as the page shows them."""

    article_id: int
    status: str  # ready | not_found | error
    problem: Message = dataclasses.field(default_factory=dict)
    title: str = ""
    content_html: str = ""
    news_type: str = ""
    read_minutes: int = 1
    tags: list[TagView] = dataclasses.field(default_factory=list)
    image: str = DEFAULT_IMAGE
    has_image: bool = False
    date: dict[str, str] = dataclasses.field(default_factory=lambda: {"en": "", "uz": ""})
    ago: dict[str, str] = dataclasses.field(default_factory=lambda: {"en": "", "uz": ""})
    thread: list[CommentRow] = dataclasses.field(default_factory=list)
    comments_problem: Message = dataclasses.field(default_factory=dict)


def read_article(request: PageRequest) -> ArticleRead:
    """The article (cached) and its top-level comments as the member sees them (fresh:
    their own votes), with no lock held."""
    cache.needs_database()
    article_id = _news_id(request.path)
    if not article_id:
        return ArticleRead(0, "not_found", message(NEWS_NOT_FOUND))
    try:
        with session_scope() as session:
            item = news_display.load_article(session, article_id)
    except NotFound as exc:
        return ArticleRead(article_id, "not_found", from_error(exc))
    except Exception:  # noqa: BLE001 - the page shows an error state instead
        log.exception("Could not load news %s", article_id)
        return ArticleRead(article_id, "error", message(LOAD_FAILED))
    data = ArticleRead(
        article_id, "ready", title=item.title, content_html=render_markdown(item.content),
        news_type=item.type, read_minutes=news_display.read_minutes(item.content),
        tags=tag_views(item)[0],
        image=item.image_url or item.cover_url or DEFAULT_IMAGE, has_image=bool(item.image_url),
        date=date_texts(item.created_at, "long"), ago=relative_texts(item.created_at),
    )
    try:
        data.thread = comment_rows(article_id, request.member.id if request.member else None)
    except Exception:  # noqa: BLE001
        log.exception("Could not load the comments of news %s", article_id)
        data.comments_problem = message(COMMENTS_FAILED)
    return data


def comment_rows(article_id: int, viewer_id: int | None) -> list[CommentRow]:
    """The article's top-level comments, read fresh for ``viewer_id`` (their votes)."""
    with session_scope() as session:
        views = comment_service.list_comments(session, article_id, viewer_id=viewer_id)
    now = dt.datetime.now(dt.UTC)
    return [comment_row(v, now) for v in views]


class NewsDetailState(AuthState):
    article_id: int = 0
    status: str = "loading"  # loading | ready | not_found | error
    problem: Message = {}
    title: str = ""
    content_html: str = ""
    news_type: str = ""
    read_minutes: int = 1
    tags: list[TagView] = []
    image: str = DEFAULT_IMAGE
    has_image: bool = False  # an uploaded picture (not the default nor the generated cover)
    date_en: str = ""
    date_uz: str = ""
    ago_en: str = ""
    ago_uz: str = ""

    comments_loading: bool = True
    comments_problem: Message = {}
    thread: list[CommentRow] = []

    posting: bool = False
    errors: dict[str, Message] = {}  # the new-comment form, per field
    reply_to: int = 0  # the comment or reply being answered
    reply_username: str = ""
    reply_errors: dict[str, Message] = {}
    notice: Message = {}
    vote_problem: Message = {}

    @rx.var
    def login_href(self) -> str:
        """Where the sign-in prompt leads: /login, back to this article afterwards."""
        return f"{routes.LOGIN}?from={routes.news_detail(self.article_id)}"

    @rx.var
    def comment_count(self) -> int:
        return len([r for r in self.thread if not r.is_reply]) + sum(
            r.reply_count for r in self.thread if not r.is_reply
        )

    # --- loading ------------------------------------------------------------------------

    def _viewer(self) -> int | None:
        return self.user_id if self.is_authenticated and self.user_id else None

    def _reset_forms(self) -> None:
        self.errors = {}
        self.reply_errors = {}
        self.reply_to = 0
        self.reply_username = ""
        self.notice = {}
        self.vote_problem = {}
        self.posting = False

    def _apply_load(self, data: ArticleRead) -> None:
        """The page load's update (``state/page_load.py``): what ``read_article`` read."""
        self._reset_forms()
        # A comment this page posted while the load was reading (a reconnect's load racing
        # the comment sent on reconnecting, issue 40) stays: the read did not see it yet.
        newest = max((row.id for row in data.thread), default=0)
        posted = [row for row in self.thread if self.article_id == data.article_id
                  and not row.is_reply and row.id > newest]
        self.article_id, self.status, self.problem = data.article_id, data.status, data.problem
        if data.status == "ready":
            self.title, self.content_html = data.title, data.content_html
            self.news_type, self.tags = data.news_type, data.tags
            self.read_minutes = data.read_minutes
            self.image, self.has_image = data.image, data.has_image
            self.date_en, self.date_uz = data.date["en"], data.date["uz"]
            self.ago_en, self.ago_uz = data.ago["en"], data.ago["uz"]
        self.thread, self.comments_problem = [*data.thread, *posted], data.comments_problem
        self.comments_loading = False

    @rx.event
    def load(self):
        """'Try again': the loading state, then the page load again."""
        self.status = "loading"
        return PageLoadState.load(routes.NEWS_DETAIL)

    def _load_comments(self) -> None:
        try:
            self.thread = comment_rows(self.article_id, self._viewer())
            self.comments_problem = {}
        except Exception:  # noqa: BLE001
            log.exception("Could not load the comments of news %s", self.article_id)
            self.comments_problem = message(COMMENTS_FAILED)
        finally:
            self.comments_loading = False

    @rx.event
    def reload_comments(self):
        self.comments_loading = True
        yield
        self._load_comments()

    def _with_replies(self, rows: list[CommentRow], comment_id: int) -> list[CommentRow]:
        """``rows`` with the replies of ``comment_id`` read fresh and shown under it."""
        with session_scope() as session:
            replies = comment_service.list_replies(
                session, self.article_id, comment_id, viewer_id=self._viewer()
            )
        now = dt.datetime.now(dt.UTC)
        fresh = [comment_row(v, now) for v in replies]
        result: list[CommentRow] = []
        for row in rows:
            if row.is_reply and row.parent_id == comment_id:
                continue
            if row.id == comment_id and not row.is_reply:
                result.append(dataclasses.replace(row, expanded=True, reply_count=len(fresh)))
                result.extend(fresh)
            else:
                result.append(row)
        return result

    @rx.event
    def toggle_replies(self, comment_id: int):
        """'Show replies (n)' / 'Hide replies': replies are read when first opened."""
        comment_id = _as_id(comment_id)
        top = next((r for r in self.thread if r.id == comment_id and not r.is_reply), None)
        if top is None:
            return
        loaded = any(r.is_reply and r.parent_id == comment_id for r in self.thread)
        if top.expanded or loaded:
            self.thread = _replies_shown(self.thread, comment_id, not top.expanded)
            return
        try:
            self.thread = self._with_replies(self.thread, comment_id)
        except DomainError as exc:
            self.comments_problem = from_error(exc)
        except Exception:  # noqa: BLE001
            log.exception("Could not load replies of comment %s", comment_id)
            self.comments_problem = message(COMMENTS_FAILED)

    # --- writing (members only) -----------------------------------------------------------

    def _add_comment(self, add: Callable[[Any], Any], field_id: str, what: str):
        """``add(session)`` (a comment or a reply) in one transaction: (its view, the
        form's errors, the event to answer with). A refusal is shown by field, else under
        the text, and the focus goes back to the text (``field_id``); any other failure
        is logged ('Could not add <what>') and shown as COMMENT_FAILED."""
        try:
            with session_scope() as session:
                return add(session), {}, None
        except DomainError as exc:
            errors = field_messages(exc) or {"comment": from_error(exc)}
            return None, errors, focus_element(field_id)
        except Exception:  # noqa: BLE001
            log.exception("Could not add %s", what)
            return None, {"comment": message(COMMENT_FAILED)}, None

    @rx.event
    @write
    def post_comment(self, form: dict):
        """A new top-level comment. On an error the text stays in the field."""
        user = self._member()
        if user is None:
            return self._to_login()
        self._reset_forms()
        self.posting = True
        yield
        article_id, client = self.article_id, self.router.session.client_ip
        view, self.errors, event = self._add_comment(
            lambda session: comment_service.add_comment(
                session, article_id, user.id, form.get("comment"), client=client
            ),
            "comment-text", f"a comment to news {article_id}",
        )
        if view is not None:
            if all(row.id != view.id for row in self.thread):  # not one sent again
                self.thread = [*self.thread, comment_row(view)]
            self.notice = message(COMMENT_ADDED)
            yield rx.set_value("comment-text", "")
            # The Post button was disabled while sending (focus fell to the page): back
            # to the field, empty for the next comment ("Comment added" is announced).
            event = focus_element("comment-text")
        self.posting = False
        yield event

    @rx.event
    def start_reply(self, comment_id: int):
        """Open the reply form under a comment or a reply of the thread."""
        user = self._member()
        if user is None:
            return self._to_login()
        target = next((r for r in self.thread if r.id == _as_id(comment_id)), None)
        if target is None:
            return None
        self.reply_errors = {}
        self.notice = {}
        self.reply_to = target.id
        self.reply_username = target.username
        return None

    @rx.event
    def cancel_reply(self):
        self.reply_to = 0
        self.reply_username = ""
        self.reply_errors = {}

    @rx.event
    @write
    def post_reply(self, form: dict):
        """A reply to a comment or to a reply, naming the replied-to member."""
        user = self._member()
        if user is None:
            return self._to_login()
        target = next((r for r in self.thread if r.id == self.reply_to), None)
        if target is None:
            self.reply_to = 0
            return
        self.reply_errors = {}
        self.notice = {}
        self.posting = True
        yield
        top_id = target.parent_id if target.is_reply else target.id
        article_id, client = self.article_id, self.router.session.client_ip
        view, self.reply_errors, event = self._add_comment(
            lambda session: comment_service.add_comment(
                session, article_id, user.id, form.get("comment"), target.username,
                reply_to=target.id, client=client,
            ),
            "reply-text", f"a reply to comment {target.id}",
        )
        if view is not None:
            self.thread = self._with_replies(self.thread, top_id)
            self.reply_to = 0
            self.reply_username = ""
            self.notice = message(COMMENT_ADDED)
            event = focus_element(COMMENTS_NOTICE_ID)  # the reply form is gone with its focus
        self.posting = False
        yield event

    def _vote(self, comment_id: int, value: int):
        user = self._member()
        if user is None:
            return self._to_login()
        self.vote_problem = {}
        comment_id = _as_id(comment_id)
        if not any(r.id == comment_id for r in self.thread):
            return None
        try:
            with session_scope() as session:
                tally = comment_service.vote_on_comment(
                    session, self.article_id, comment_id, user.id, value
                )
        except DomainError as exc:
            self.vote_problem = from_error(exc)
            return None
        except Exception:  # noqa: BLE001
            log.exception("Could not vote on comment %s", comment_id)
            self.vote_problem = message(VOTE_FAILED)
            return None
        self.thread = [
            dataclasses.replace(
                r, likes=tally.likes, dislikes=tally.dislikes, my_vote=tally.my_vote
            )
            if r.id == comment_id
            else r
            for r in self.thread
        ]
        return None

    @rx.event
    @write
    def like(self, comment_id: int):
        """Like; a second like takes it back; a like after a dislike moves the vote."""
        return self._vote(comment_id, comment_service.LIKE)

    @rx.event
    @write
    def dislike(self, comment_id: int):
        return self._vote(comment_id, comment_service.DISLIKE)

