"""News items and their comment threads (SPEC section 7).

Reading comments needs no token; with a valid bearer token each comment also tells the
member's own vote (``myVote``). Writing and voting need a signed-in member.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.openapi import OPTIONAL_BEARER
from community_app.api.deps import ClientAddress, CurrentUser, SessionDep, current_user
from community_app.api.envelope import Envelope, Page, ok, paged
from community_app.api.errors import request_language
from community_app.api.formatting import ViewOut, from_view, translated
from community_app.api.params import page_query
from community_app.services.paging import PageRequest
from community_app.api.schemas.rules import checked_by, parsed_by
from community_app.i18n import N_
from community_app.models import NewsType
from community_app.services import comments as comment_service
from community_app.services import news as news_service
from community_app.services.errors import Unauthorized

router = Router(tags=["news"])

COMMENT_ADDED = N_("Your comment has been added.")
VOTE_LIKED = N_("You liked this comment.")
VOTE_DISLIKED = N_("You disliked this comment.")
VOTE_REMOVED = N_("Your vote has been removed.")

_optional_bearer = HTTPBearer(
    auto_error=False, scheme_name=OPTIONAL_BEARER, description="Optional: the member's access token"
)


def viewer_id(
    session: SessionDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_optional_bearer)],
) -> int | None:
    """The signed-in member when a valid bearer token is sent; None (anonymous) otherwise."""
    if credentials is None:
        return None
    try:
        return current_user(session, credentials).id
    except Unauthorized:
        return None


ViewerId = Annotated[int | None, Depends(viewer_id)]


# ---------------------------------------------------------------- schemas


# A news item's own fields, as the public and the back office (admin/news.py) answer them.
class NewsFieldsOut(ViewOut):
    id: int
    title: str
    content: str
    type: NewsType
    tags: list[str]
    imageURL: str | None


class NewsOut(NewsFieldsOut):
    coverURL: str = Field(description="The uploaded image's address, or the generated cover "
                          "when none (always an image to show)")
    createdAt: dt.datetime

    @classmethod
    def of(cls, n: news_service.NewsView) -> NewsOut:
        return from_view(cls, n, coverURL=n.picture_url)


class CommentIn(BaseModel):
    """Checked by the comment rules: text 1 to 2000 characters once trimmed."""

    comment: Annotated[
        Annotated[str, Field(max_length=20000)] | None, checked_by(comment_service.comment_problem)
    ] = None
    repliedUsername: Annotated[
        Annotated[str, Field(max_length=200)] | None,
        checked_by(comment_service.replied_username_problem),
    ] = None


class CommentOut(BaseModel):
    id: int
    newsId: int
    parentId: int | None = Field(description="The top-level comment of a reply; null for a comment")
    text: str = Field(description="Plain text, exactly as written: escape it when showing it")
    authorUsername: str
    authorName: str = Field(description="The author's public name: first and last name, or the username")
    authorAvatar: str | None
    repliedUsername: str | None
    likes: int
    dislikes: int
    replyCount: int
    createdAt: dt.datetime
    myVote: int = Field(description="1 liked, -1 disliked, 0 no vote or no valid token")
    # the KO'DJ client's names
    username: str = Field(description="= authorUsername")
    avatarURL: str | None = Field(description="= authorAvatar")
    comment: str = Field(description="= text")
    replies: int = Field(description="= replyCount")

    @classmethod
    def of(cls, c: comment_service.CommentView, lang: str) -> CommentOut:
        author = c.author_handles.get(lang, c.author_username)
        return from_view(cls, c, authorUsername=author,
                         authorName=c.author_names.get(lang, author), username=author,
                         avatarURL=c.author_avatar, comment=c.text, replies=c.reply_count)


class VoteOut(BaseModel):
    success: bool = Field(description="Always true (failures answer an error status)")
    message: str = Field(description="What happened, in the asked language")
    likes: int
    dislikes: int
    myVote: int = Field(description="1 liked, -1 disliked, 0 no vote")


# ---------------------------------------------------------------- news


@router.get("/public/news")
def list_news(
    session: SessionDep,
    news_type: Annotated[
        NewsType | None,
        Query(
            alias="type",
            description="TECH, MEETUP or SOCIAL, any case; omitted: every type. (The site's "
            "'All' chip shows every loaded item, so it sends no type.)",
        ),
        parsed_by(news_service.normalize_news_type),
    ] = None,
    search: Annotated[
        str | None, Query(description="Case-insensitive text in the title or the content")
    ] = None,
    tag: Annotated[
        str | None, Query(description="Items whose tags include this one (any case)")
    ] = None,
    paging: PageRequest = page_query(20),
) -> Envelope[Page[NewsOut]]:
    """Published news, newest first. (The KO'DJ client always sends type=TECH and sorts
    the types itself: its Meetup and Social tabs stay empty.)"""
    return paged(news_service.list_news(
        session, news_type, search=search, tag=tag, page=paging.page, size=paging.size
    ), NewsOut.of)


@router.get("/public/news/{news_id}")
def get_news(news_id: int, session: SessionDep) -> Envelope[NewsOut]:
    """One published news item; 404 'News article not found.'"""
    return ok(NewsOut.of(news_service.get_news(session, news_id)))


# ---------------------------------------------------------------- comments


@router.get("/news/{news_id}/comments")
def list_comments(
    news_id: int, session: SessionDep, viewer: ViewerId, request: Request
) -> Envelope[list[CommentOut]]:
    """Top-level comments, oldest first."""
    return ok(
        [
            CommentOut.of(c, request_language(request))
            for c in comment_service.list_comments(session, news_id, viewer_id=viewer)
        ]
    )


@router.get("/news/{news_id}/comments/{comment_id}/replies")
def list_replies(
    news_id: int, comment_id: int, session: SessionDep, viewer: ViewerId, request: Request
) -> Envelope[list[CommentOut]]:
    """Replies to a comment, oldest first."""
    replies = comment_service.list_replies(session, news_id, comment_id, viewer_id=viewer)
    return ok([CommentOut.of(c, request_language(request)) for c in replies])


@router.post(
    "/news/{news_id}/comments",
    status_code=201,
    responses={401: {}, 404: {}, 422: {}, 429: {}},
)
def add_comment(
    news_id: int, body: CommentIn, user: CurrentUser, session: SessionDep, request: Request,
    client: ClientAddress,
) -> Envelope[CommentOut]:
    """Comment on a news item (limited per member and per address: 429)."""
    comment = comment_service.add_comment(
        session, news_id, user.id, body.comment, body.repliedUsername, client=client
    )
    return ok(CommentOut.of(comment, request_language(request)), translated(request, COMMENT_ADDED), 201)


@router.post(
    "/news/{news_id}/comments/{comment_id}/replies",
    status_code=201,
    responses={401: {}, 404: {}, 422: {}, 429: {}},
)
def add_reply(
    news_id: int,
    comment_id: int,
    body: CommentIn,
    user: CurrentUser,
    session: SessionDep,
    request: Request,
    client: ClientAddress,
) -> Envelope[CommentOut]:
    """Reply to a comment (a reply to a reply joins its top-level comment's thread)."""
    comment = comment_service.add_comment(
        session, news_id, user.id, body.comment, body.repliedUsername, reply_to=comment_id,
        client=client,
    )
    return ok(CommentOut.of(comment, request_language(request)), translated(request, COMMENT_ADDED), 201)


def _vote_route(name: str, step: Callable[..., comment_service.VoteTally], doc: str) -> None:
    """POST /news/{news_id}/comments/{comment_id}/``name``: the member's vote cast by
    ``step`` (the same vote again takes it back), answered with the comment's tally."""

    def endpoint(
        news_id: int, comment_id: int, user: CurrentUser, session: SessionDep, request: Request
    ) -> Envelope[VoteOut]:
        return _vote(request, step(session, news_id, comment_id, user.id))

    endpoint.__name__ = endpoint.__qualname__ = name
    endpoint.__doc__ = doc
    router.post(f"/news/{{news_id}}/comments/{{comment_id}}/{name}",
                responses={401: {}, 404: {}})(endpoint)


_vote_route("like", comment_service.like_comment,
            "Like a comment; liking it again takes the like back.")
_vote_route("dislike", comment_service.dislike_comment,
            "Dislike a comment; disliking it again takes the dislike back.")


def _vote(request: Request, tally: comment_service.VoteTally) -> Envelope[VoteOut]:
    message = translated(
        request, {1: VOTE_LIKED, -1: VOTE_DISLIKED}.get(tally.my_vote, VOTE_REMOVED)
    )
    out = VoteOut(
        success=True,
        message=message,
        likes=tally.likes,
        dislikes=tally.dislikes,
        myVote=tally.my_vote,
    )
    return ok(out, message)
