"""The comment thread under a news article: comments, replies, votes and the forms.

Comment text is rendered as text (React escapes it): markup typed in a comment shows
literally and never runs.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.state.auth import AuthState
from community_app.state.news_detail import COMMENTS_NOTICE_ID, NewsDetailState
from community_app.ui.components.blocks import button_row
from community_app.ui.components.buttons import text_button
from community_app.ui.components.forms import error_text, stacked_form
from community_app.ui.i18n import t, t_pick, t_var
from community_app.ui.styles import BUTTON_HEIGHTS, CARD_STYLE, COLORS
from community_app.state.sent_writes import sent
from community_app.i18n import N_

MAX_LENGTH = 2000


def avatar(row: Any, size: str = "36px") -> rx.Component:
    """The author's photo, else the first letter of the username (the name is next to it)."""
    return rx.cond(
        row.avatar != "",
        rx.image(src=row.avatar, alt="", width=size, height=size, border_radius="50%",
                 object_fit="cover", flex_shrink="0"),
        rx.center(
            rx.text(row.initial, font_weight="700", color="white", aria_hidden="true"),
            width=size,
            height=size,
            border_radius="50%",
            background_color=COLORS["primary"],
            flex_shrink="0",
        ),
    )


def _vote_button(row: Any, *, icon: str, count: Any, pressed: Any, label: Any,
                 on_click: Any, color: str) -> rx.Component:
    return rx.button(
        rx.icon(icon, size=16),
        rx.text(count, as_="span", class_name="vote-count"),
        on_click=on_click,
        type="button",
        variant=rx.cond(pressed, "soft", "ghost"),
        color_scheme=rx.cond(pressed, color, "gray"),
        aria_pressed=rx.cond(pressed, "true", "false"),
        aria_label=label,
        size="2",
        min_height=BUTTON_HEIGHTS["mini"],
        cursor="pointer",
    )


def comment_form(*, on_submit: Any, errors: Any, input_id: str, label: Any,
                 placeholder: Any, submit_label: Any, extra: Any = None,
                 auto_focus: bool = False) -> rx.Component:
    error_id = f"{input_id}-error"
    return stacked_form(
        rx.el.label(label, html_for=input_id, font_weight="500", font_size="14px"),
        rx.text_area(
            id=input_id,
            name="comment",
            placeholder=placeholder,
            rows="3",
            max_length=MAX_LENGTH,
            resize="vertical",
            size="3",
            width="100%",
            auto_focus=auto_focus,
            aria_invalid=rx.cond(errors.contains("comment"), "true", "false"),
            aria_describedby=error_id,
        ),
        error_text(errors, "comment", id_=error_id),
        button_row(
            rx.button(submit_label, type="submit", loading=NewsDetailState.posting,
                      size="2", height=BUTTON_HEIGHTS["sm"], cursor="pointer"),
            extra if extra is not None else rx.fragment(),
            gap="8px",
        ),
        on_submit=on_submit, spacing="2",
    )


def reply_form(row: Any) -> rx.Component:
    return rx.box(
        comment_form(
            on_submit=sent(NewsDetailState.post_reply, what=N_("Post reply")),
            errors=NewsDetailState.reply_errors,
            input_id="reply-text",
            label=t("Reply to @{username}", username=NewsDetailState.reply_username),
            placeholder=t("Write a reply"),
            submit_label=t("Post reply"),
            extra=rx.button(t("Cancel"), type="button", variant="soft", color_scheme="gray",
                            on_click=NewsDetailState.cancel_reply, size="2",
                            height=BUTTON_HEIGHTS["sm"], cursor="pointer"),
            auto_focus=True,
        ),
        width="100%",
        padding_top="8px",
    )


def comment_item(row: Any) -> rx.Component:
    return rx.cond(
        row.hidden,
        rx.fragment(),
        rx.flex(
            avatar(row, size=rx.cond(row.is_reply, "30px", "36px")),
            rx.vstack(
                rx.hstack(
                    rx.cond(
                        row.page != "",
                        rx.link(t_pick(row.name_en, row.name_uz), href=row.page, font_weight="600",
                                size="2", class_name="comment-author-link"),
                        rx.text(t_pick(row.name_en, row.name_uz), font_weight="600", size="2"),
                    ),
                    rx.cond(row.handle != "", rx.text(row.handle, color=COLORS["muted"], size="2")),
                    rx.text("·", color=COLORS["muted"], size="2", aria_hidden="true"),
                    rx.text(t_pick(row.ago_en, row.ago_uz), color=COLORS["muted"], size="2"),
                    align="center",
                    spacing="2",
                    wrap="wrap",
                ),
                rx.text(
                    rx.cond(
                        row.replied_username != "",
                        rx.text("@" + row.replied_username + " ", as_="span",
                                color=COLORS["primary"], font_weight="600"),
                    ),
                    rx.text(row.text, as_="span", class_name="comment-text"),
                    size="3",
                    white_space="pre-wrap",
                    overflow_wrap="anywhere",
                ),
                rx.flex(
                    _vote_button(
                        row, icon="thumbs-up", count=row.likes, pressed=row.my_vote == 1,
                        label=t("Like ({n})", n=row.likes), color="indigo",
                        on_click=sent(NewsDetailState.like(row.id), what=N_("Like")),
                    ),
                    _vote_button(
                        row, icon="thumbs-down", count=row.dislikes, pressed=row.my_vote == -1,
                        label=t("Dislike ({n})", n=row.dislikes), color="red",
                        on_click=sent(NewsDetailState.dislike(row.id), what=N_("Dislike")),
                    ),
                    rx.cond(
                        AuthState.show_signed_in,
                        text_button(
                            rx.icon("reply", size=16), t("Reply"),
                            on_click=NewsDetailState.start_reply(row.id),
                            min_height=BUTTON_HEIGHTS["mini"],
                            aria_label=t("Reply to @{username}", username=row.username),
                        ),
                    ),
                    rx.cond(
                        ~row.is_reply & (row.reply_count > 0),
                        text_button(
                            rx.cond(row.expanded, rx.icon("chevron-up", size=16), rx.icon("chevron-down", size=16)),
                            rx.cond(
                                row.expanded,
                                t("Hide replies"),
                                t("Show replies ({n})", n=row.reply_count),
                            ),
                            on_click=NewsDetailState.toggle_replies(row.id),
                            aria_expanded=rx.cond(row.expanded, "true", "false"),
                            min_height=BUTTON_HEIGHTS["mini"],
                        ),
                    ),
                    gap="12px",
                    align="center",
                    wrap="wrap",
                    padding_top="2px",
                ),
                rx.cond(NewsDetailState.reply_to == row.id, reply_form(row)),
                spacing="1",
                flex="1",
                min_width="0",
            ),
            gap="12px",
            padding_y="12px",
            padding_left=rx.cond(row.is_reply, "12px", "0"),
            margin_left=rx.cond(row.is_reply, "clamp(12px, 6vw, 48px)", "0"),
            border_left=rx.cond(row.is_reply, f"2px solid {COLORS['border']}", "none"),
            border_top=rx.cond(row.is_reply, "none", f"1px solid {COLORS['border']}"),
            class_name=rx.cond(row.is_reply, "news-reply", "news-comment"),
            data_comment_id=row.id,
        ),
    )


def sign_in_prompt() -> rx.Component:
    return rx.flex(
        rx.icon("message-circle", size=20, color=COLORS["primary"]),
        rx.link(t("Log in to join the discussion"), href=NewsDetailState.login_href,
                font_weight="600"),
        gap="10px",
        align="center",
        padding="14px 16px",
        background_color="#eef2ff",
        border_radius="12px",
        width="100%",
    )


def new_comment_form() -> rx.Component:
    return comment_form(
        on_submit=sent(NewsDetailState.post_comment, what=N_("Post comment")),
        errors=NewsDetailState.errors,
        input_id="comment-text",
        label=t("Your comment"),
        placeholder=t("Share your thoughts"),
        submit_label=t("Post comment"),
    )


def comments_section() -> rx.Component:
    return rx.el.section(
        rx.vstack(
            rx.heading(t("Comments ({n})", n=NewsDetailState.comment_count), as_="h2", size="5",
                       id="comments-heading"),
            rx.cond(AuthState.show_signed_in, new_comment_form(), sign_in_prompt()),
            rx.cond(
                NewsDetailState.notice.contains("en"),
                rx.text(t_var(NewsDetailState.notice), color="green", size="2", role="status",
                        id=COMMENTS_NOTICE_ID, tab_index=-1),
            ),
            rx.cond(
                NewsDetailState.vote_problem.contains("en"),
                rx.text(t_var(NewsDetailState.vote_problem), color=COLORS["danger"], size="2",
                        role="alert"),
            ),
            rx.cond(
                NewsDetailState.comments_loading,
                rx.hstack(rx.spinner(), rx.text(t("Loading comments..."), color=COLORS["muted"]),
                          role="status", align="center", padding_y="12px"),
                rx.cond(
                    NewsDetailState.comments_problem.contains("en"),
                    rx.hstack(
                        rx.text(t_var(NewsDetailState.comments_problem), color=COLORS["danger"]),
                        rx.button(t("Try again"), on_click=NewsDetailState.reload_comments,
                                  variant="soft", size="2", cursor="pointer"),
                        role="alert", align="center", wrap="wrap",
                    ),
                    rx.cond(
                        NewsDetailState.thread.length() > 0,
                        # A block box: each row fills the width left of its indent.
                        rx.box(rx.foreach(NewsDetailState.thread, comment_item),
                               width="100%", id="comment-thread"),
                        rx.text(t("No comments yet. Be the first to comment."),
                                color=COLORS["muted"], padding_y="8px"),
                    ),
                ),
            ),
            spacing="4",
            width="100%",
        ),
        aria_labelledby="comments-heading",
        width="100%",
        padding=["16px", "20px", "24px"],
        **CARD_STYLE,
    )
