"""My Page's blog tab: the member's posts, the Markdown editor with its toolbar and
preview, and the delete confirmation (ui/pages/mypage.py shows it)."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.models import BlogStatus
from community_app.state.mypage import BLOGS_HEADING_ID, DELETE_POST_OPENER, MyPageState
from community_app.ui.components.blocks import button_row, list_row
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.components.forms import error_text, field, form_alert, upload_button
from community_app.ui.components.forms import stacked_form, submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

from community_app.ui.components.mypage_parts import CARD, rows_or, status_badge
from community_app.state.sent_writes import sent

TOOLBAR = (
    ("heading", N_("Heading"), "## ", "", N_("Heading")),
    ("bold", N_("Bold"), "**", "**", N_("bold text")),
    ("italic", N_("Italic"), "_", "_", N_("italic text")),
    ("list", N_("Bulleted list"), "\n- ", "", N_("item")),
    ("list-ordered", N_("Numbered list"), "\n1. ", "", N_("item")),
    ("quote", N_("Quote"), "\n> ", "", N_("quote")),
    ("code", N_("Code"), "`", "`", N_("code")),
    ("link", N_("Link"), "[", "](https://)", N_("link text")),
)


def _toolbar() -> rx.Component:
    def tool(icon, label, before, after, placeholder):
        script = f"window.uzdevWrap('blog-content', {before!r}, {after!r}, {placeholder!r})"
        return rx.tooltip(
            rx.icon_button(rx.icon(icon, size=16), variant="soft", color_scheme="gray", size="2",
                           type="button", aria_label=t(label), on_click=rx.call_script(script)),
            content=t(label),
        )

    return rx.hstack(*[tool(*item) for item in TOOLBAR], wrap="wrap", spacing="1",
                     role="toolbar", aria_label=t("Formatting"))


def _post_row(post) -> rx.Component:
    return list_row(
        rx.vstack(
            rx.text(post.title, font_weight="600"),
            rx.hstack(status_badge(post.status), rx.text(t_var(post.date), color=COLORS["muted"], size="2"),
                      align="center"),
            spacing="1", min_width="0",
        ),
        button_row(
            rx.cond(post.published,
                    rx.link(t("View"), href="/blog/" + post.id.to(str), size="2")),
            rx.button(t("Edit"), variant="soft", size="2", on_click=MyPageState.edit_post(post.id)),
            rx.button(t("Delete"), variant="soft", color_scheme="red", size="2",
                      on_click=MyPageState.ask_delete_post(post.id),
                      id=DELETE_POST_OPENER + "-" + post.id.to(str)),
            align="center",
        ),
        stack_on_phones=True,
        padding_y="10px",
    )


def _delete_post_dialog() -> rx.Component:
    return confirm_dialog(
        t("Delete this post?"), t("This cannot be undone."),
        confirm_label=t("Delete"), cancel_label=t("Cancel"),
        on_confirm=sent(MyPageState.confirm_delete_post, what=N_("Delete post")),
        on_cancel=MyPageState.keep_post,
        open_=MyPageState.delete_post_id > 0,
    )


def blogs_tab() -> rx.Component:
    e = MyPageState.post_errors
    editor = stacked_form(
        field(t("Title"), "title", errors=e, default_value=MyPageState.editor_title),
        rx.vstack(
            rx.el.label(t("Content"), html_for="blog-content", font_weight="500", font_size="14px"),
            _toolbar(),
            rx.text_area(id="blog-content", name="content", rows="12", width="100%",
                         default_value=MyPageState.editor_content,
                         aria_describedby="blog-content-error",
                         placeholder=t("Write in Markdown: ## heading, **bold**, - list ...")),
            error_text(e, "content", id_="blog-content-error"),
            rx.button(rx.icon("eye", size=16),
                      rx.cond(MyPageState.editor_preview_html != "", t("Hide preview"), t("Preview")),
                      type="button", variant="soft", size="2", width="fit-content",
                      on_click=rx.call_script("document.getElementById('blog-content').value",
                                              callback=MyPageState.preview_post)),
            rx.cond(MyPageState.editor_preview_html != "",
                    rx.html(MyPageState.editor_preview_html, id="blog-preview", class_name="uzdev-prose",
                            width="100%", padding="16px", border=f"2px dashed {COLORS['border']}",
                            border_radius="12px")),
            spacing="2", width="100%",
        ),
        rx.vstack(
            rx.text(t("Cover image"), font_weight="500", font_size="14px"),
            rx.hstack(
                upload_button("blog-cover", "image-up", t("Choose cover image"),
                              MyPageState.choose_cover(rx.upload_files(upload_id="blog-cover")),
                              input_label=t("Cover image")),
                rx.text(MyPageState.editor_cover_name, color=COLORS["muted"], size="2"),
                align="center", wrap="wrap",
            ),
            rx.cond(MyPageState.editor_cover_url != "",
                    rx.image(src=MyPageState.editor_cover_url, alt=t("Cover image"), max_height="160px",
                             border_radius="8px")),
            error_text(e, "cover", id_="blog-cover-error"),
            spacing="2", width="100%",
        ),
        rx.hstack(
            rx.el.label(t("Visibility"), html_for="blog-status", font_weight="500", font_size="14px"),
            rx.el.select(
                *[rx.el.option(t(label), value=value)
                  for value, label in BlogStatus.labels().items()],
                id="blog-status", name="status",
                default_value=rx.cond(MyPageState.editor_published, "PUBLISHED", "DRAFT"),
                height="40px", padding_x="8px", border=f"1px solid {COLORS['border']}",
                border_radius="8px", background_color="white",
            ),
            align="center",
        ),
        button_row(
            submit_button(t("Save Post"), width="auto"),
            rx.button(t("New post"), type="button", variant="soft", size="3",
                      on_click=MyPageState.new_post),
            align="start",
        ),
        on_submit=sent(MyPageState.save_post, what=N_("Save Post")), key=MyPageState.editor_key, align="stretch",
    )
    return rx.vstack(
        rx.heading(t("My Blogs"), as_="h2", size="6", id=BLOGS_HEADING_ID, tab_index=-1,
                   outline="none"),
        form_alert(MyPageState.post_notice, visible=MyPageState.post_notice.contains("en"), color="green"),
        rx.cond(e.contains("form"), form_alert(e["form"], visible=True)),
        editor,
        rx.heading(t("My posts"), as_="h3", size="4", padding_top="12px"),
        rows_or(MyPageState.my_posts, _post_row,
                rx.text(t("You have not written a post yet."), color=COLORS["muted"])),
        _delete_post_dialog(),
        spacing="3",
        **CARD,
    )


# --- account ------------------------------------------------------------------------------
