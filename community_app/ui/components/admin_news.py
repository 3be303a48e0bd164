"""The News section of /admin: every item, the form with a live preview, publishing,
the image, deleting."""

from __future__ import annotations

import reflex as rx

from community_app.models import BlogStatus, NewsType
from community_app.state.admin import AdminState
from community_app.state.admin_news import VOCABULARY
from community_app.state.admin_news import AdminNewsState as S
from community_app.ui.components.admin_common import labelled
from community_app.ui.components.admin_common import actions_cell, announce_switch, card, choices
from community_app.ui.components.admin_common import columns
from community_app.ui.components.admin_common import edit_button, edit_or_new
from community_app.ui.components.admin_common import image_card, item_screen, list_screen
from community_app.ui.components.admin_common import missing, new_button, small_button, toggle
from community_app.ui.components.blocks import button_row
from community_app.ui.components.forms import error_text
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

E = AdminState.errors
TYPE_OPTIONS = tuple(NewsType.labels().items())


def _published_badge(published) -> rx.Component:
    return rx.badge(rx.cond(published, t(BlogStatus.PUBLISHED.label), t(BlogStatus.DRAFT.label)),
                    color_scheme=rx.cond(published, "green", "gray"), variant="soft",
                    white_space="nowrap")


def _news_row(n) -> rx.Component:
    return rx.table.row(
        rx.table.row_header_cell(rx.text(n.title, font_weight="600", min_width="180px")),
        rx.table.cell(rx.badge(n.type, variant="outline")),
        rx.table.cell(_published_badge(n.published)),
        rx.table.cell(rx.text(t_var(n.date)), white_space="nowrap"),
        rx.table.cell(n.comments),
        actions_cell(
            edit_button(S.edit(n.id)),
            rx.cond(
                n.published,
                small_button(t("Unpublish"), on_click=S.publish(n.id, False)),
                small_button(t("Publish"), color_scheme="green", on_click=S.publish(n.id, True)),
            ),
            delete=(t("Delete this news item?"),
                    t("Its comments are deleted too. This cannot be undone."), S.delete(n.id)),
        ),
    )


def _list() -> rx.Component:
    return list_screen(
        t("News"),
        choices([("all", t("All")), ("published", t("Published")), ("drafts", t("Drafts"))],
                S.show, S.set_filter),
        new_button(t("New news item"), S.new_item),
        loaded=S.loaded, items=S.items, row=_news_row,
        columns=[t("Title"), t("Type"), t("State"), t("Date"), t("Comments"), t("Actions")],
        empty_text=t("No news items here yet."),
    )


def _labelled(label, input_id: str, control: rx.Component, name: str) -> rx.Component:
    return labelled(label, input_id, control, error_text(E, name, id_=f"{input_id}-error"),
                    width="100%", align="stretch")


def _form() -> rx.Component:
    return card(
        rx.vstack(
            _labelled(t("Title"), "news-title",
                      rx.input(id="news-title", value=S.title, on_change=S.set_title, size="3",
                               aria_describedby="news-title-error"), "title"),
            columns(
                _labelled(
                    t("Type"), "news-type",
                    rx.select.root(
                        rx.select.trigger(id="news-type", width="100%"),
                        rx.select.content(*[rx.select.item(t(label), value=v) for v, label in TYPE_OPTIONS]),
                        value=S.news_type,
                        on_change=S.set_news_type,
                        size="3",
                    ),
                    "type",
                ),
                _labelled(t("Tags (comma separated)"), "news-tags",
                          rx.input(id="news-tags", value=S.tags, on_change=S.set_tags, size="3",
                                   placeholder="ai, python, web",
                                   aria_describedby="news-tags-error"), "tags"),
            ),
            rx.flex(
                rx.text(t("Suggested:"), size="1", color=COLORS["muted"]),
                *[
                    rx.button(tag, size="1", variant="soft", color_scheme="gray", type="button",
                              on_click=S.add_tag(tag), cursor="pointer")
                    for tag in VOCABULARY
                ],
                gap="6px",
                wrap="wrap",
                align="center",
            ),
            _labelled(t("Content"), "news-content",
                      rx.text_area(id="news-content", value=S.content, on_change=S.set_content,
                                   rows="10", size="3", aria_describedby="news-content-error"),
                      "content"),
            toggle(rx.switch(checked=S.published, on_change=S.set_published, size="2",
                             aria_label=t("Published (shown on /news)")),
                   rx.text(t("Published (shown on /news)"))),
            announce_switch(S.announce, S.set_announce),
            button_row(
                rx.button(t("Save news item"), on_click=S.save, size="3", cursor="pointer",
                          id="admin-save-news"),
                rx.button(rx.icon("eye", size=16), rx.cond(S.preview, t("Hide preview"), t("Preview")),
                          on_click=S.toggle_preview, variant="soft", size="3", type="button",
                          cursor="pointer"),
            ),
            spacing="3",
            width="100%",
        )
    )


def _preview() -> rx.Component:
    """How the item looks to readers: its card on /news and the article."""
    return card(
        rx.vstack(
            rx.text(t("Preview"), size="1", color=COLORS["muted"], text_transform="uppercase",
                    font_weight="600"),
            rx.cond(S.image_url != "",
                    rx.image(src=S.image_url, alt=S.title, width="100%", max_height="240px",
                             object_fit="cover", border_radius="12px")),
            rx.hstack(rx.badge(S.news_type), rx.foreach(S.tag_list, lambda tag: rx.badge(tag, variant="soft")),
                      wrap="wrap", spacing="1"),
            rx.heading(rx.cond(S.title != "", S.title, t("Untitled")), as_="h3", size="6"),
            rx.text(S.excerpt, color=COLORS["muted"], font_style="italic"),
            rx.separator(size="4"),
            rx.html(S.content_html, class_name="uzdev-prose", width="100%"),
            spacing="3",
            width="100%",
        ),
        id="news-preview",
        border=f"2px dashed {COLORS['border']}",
    )


def _image_card() -> rx.Component:
    return image_card("news-image", S.image_url, S.title, S.upload_image, S.remove_image)


def _form_view() -> rx.Component:
    return item_screen(
        t("All news"), S.to_list,
        edit_or_new(S.editing_id, t("Edit news item"), t("New news item")),
        rx.cond(
            (S.editing_id > 0) & S.published,
            rx.link(t("Open on the site"), href="/news/" + S.editing_id.to_string(),
                    is_external=True),
        ),
        _published_badge(S.published),
        body=(
            rx.flex(
                rx.box(_form(), flex="1", min_width="0", width="100%"),
                rx.cond(S.preview, rx.box(_preview(), flex="1", min_width="0", width="100%")),
                flex_direction=["column", "column", "column", "column", "row"],
                gap="16px",
                width="100%",
                align_items="flex-start",
            ),
            rx.cond(S.editing_id > 0, _image_card()),
        ),
    )


def news_section() -> rx.Component:
    return rx.match(
        S.mode,
        ("form", _form_view()),
        ("missing", missing(t("All news"), S.to_list)),
        _list(),
    )

