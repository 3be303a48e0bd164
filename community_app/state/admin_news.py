"""/admin, News: every item (drafts too), the create/edit form with a live preview,
publishing, the image and deleting."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.i18n.dates import date_texts
from community_app.services import news_display
from community_app.services.admin import news as service
from community_app.services.admin.news import NEWS_CREATED
from community_app.services.markdown import render_markdown
from community_app.state.admin import NEW, AdminList, AdminState, item_id, row_action, whole_list
from community_app.state.page_load import PageRequest
from community_app.state.admin_rows import NewsRow

NEWS_SAVED = N_("News item saved.")
NEWS_DELETED = N_("News item deleted.")
PUBLISHED = N_("Published: the item is on /news.")
UNPUBLISHED = N_("Unpublished: the item is a draft again.")
TYPES = ("TECH", "MEETUP", "SOCIAL")
SHOWS = ("all", "published", "drafts")
VOCABULARY = list(service.TAG_VOCABULARY)


def _row(v: service.AdminNewsView) -> NewsRow:
    return NewsRow(v.id, v.title, v.type, v.tags, v.published, v.comment_count,
                   date_texts(v.created_at), v.image_url or "")


def _fetch(show: str):
    published = {"published": True, "drafts": False}.get(show)
    return lambda s, a: service.list_news_admin(s, a, whole_list(), published=published)


# /admin/news[?show=published|drafts]
LIST = AdminList(_fetch, {"show": ("show", SHOWS, "all")}, has_mode=True)


def read_item(request: PageRequest):
    """/admin/news/<id>: the item ("missing" until found); /admin/news/new: nothing."""
    news_id = item_id(request)
    if news_id is None:
        return {}, None
    return {"mode": "missing"}, lambda s, a: service.get_news_admin(s, a, news_id)


class AdminNewsState(AdminState):
    items: list[NewsRow] = []
    loaded: bool = False
    show: str = "all"  # all | published | drafts
    mode: str = "list"  # list | form
    editing_id: int = 0
    title: str = ""
    content: str = ""
    news_type: str = "TECH"
    tags: str = ""
    published: bool = False
    announce: bool = True  # posted to the Telegram channel when published
    image_url: str = ""
    preview: bool = False

    @rx.var
    def tag_list(self) -> list[str]:
        return service.normalize_tags(self.tags) or []

    @rx.var
    def content_html(self) -> str:
        """The article as readers will see it: the same server-side Markdown rendering."""
        return render_markdown(self.content) if self.preview else ""

    @rx.var
    def excerpt(self) -> str:
        """The card's text as the news list shows it: the first 70 characters of the
        article's text, without its Markdown, and an ellipsis (SPEC section 9)."""
        return news_display.excerpt(self.content) if self.content.strip() else ""

    def _show_list(self, page):
        self.items = [_row(v) for v in page.items]
        self.loaded = True

    def _load_list(self):
        return self._read_list(LIST, AdminNewsState._show_list)


    @rx.event
    def new_item(self):
        return self._go(routes.admin_news_item(NEW))

    def _new_form(self) -> None:
        self.editing_id = 0
        self.title = self.content = self.tags = self.image_url = ""
        self.news_type = "TECH"
        self.published = False
        self.announce = True
        self.preview = False
        self.mode = "form"

    def _show_item(self, v):
        """The item as read (``read_item``), or the empty form of a new one."""
        if v is None:
            self._new_form()
        else:
            self.editing_id = v.id
            self.title, self.content, self.news_type = v.title, v.content, v.type
            self.tags = ", ".join(v.tags)
            self.published = v.published
            self.announce = v.telegram_announce
            self.image_url = v.image_url or ""
            self.preview = False
            self.mode = "form"

    # Controlled fields, so the preview follows what is typed.
    @rx.event
    def set_title(self, value: str):
        self.title = value

    @rx.event
    def set_content(self, value: str):
        self.content = value

    @rx.event
    def set_news_type(self, value: str):
        self.news_type = value if value in TYPES else "TECH"

    @rx.event
    def set_tags(self, value: str):
        self.tags = value

    @rx.event
    def add_tag(self, tag: str):
        current = [t.strip() for t in self.tags.split(",") if t.strip()]
        if tag not in [t.lower() for t in current]:
            current.append(tag)
        self.tags = ", ".join(current)

    @rx.event
    def set_published(self, value: bool):
        self.published = bool(value)

    @rx.event
    def set_announce(self, value: bool):
        self.announce = bool(value)

    @rx.event
    def toggle_preview(self):
        self.preview = not self.preview

    @rx.event
    def save(self):
        values = {"title": self.title, "content": self.content, "type": self.news_type,
                  "tags": self.tags, "published": self.published,
                  "telegramAnnounce": self.announce}
        if self.editing_id:
            news_id = self.editing_id
            ok, v, event = self._run(
                lambda s, a: service.update_news(s, a, news_id, values), NEWS_SAVED
            )
        else:
            ok, v, event = self._run(lambda s, a: service.create_news(s, a, values), NEWS_CREATED)
            if ok:  # its own address from now on
                return self._go(routes.admin_news_item(v.id), replace=True, keep_messages=True)
        if ok:
            self.tags = ", ".join(v.tags)
        return event

    @rx.event
    def publish(self, news_id: int, published: bool):
        ok, v, event = self._run(
            lambda s, a: service.set_published(s, a, news_id, published),
            PUBLISHED if published else UNPUBLISHED,
        )
        if ok:
            if self.mode == "form" and self.editing_id == news_id:
                self.published = v.published
            else:
                self._reload_list()
        return event

    delete = row_action(service.delete_news, NEWS_DELETED, via="_delete")

    def _show_image(self, view) -> None:
        self.image_url = (view.image_url or "") if view else ""

    @rx.event
    async def upload_image(self, files: list[rx.UploadFile]):
        news_id = self.editing_id
        async for event in self._upload_image(
            files, "news-image",
            lambda s, a, data, _name: service.set_news_image(s, a, news_id, data),
            self._show_image,
        ):
            yield event

    @rx.event
    def remove_image(self):
        news_id = self.editing_id
        return self._remove_image(lambda s, a: service.remove_news_image(s, a, news_id),
                                  self._show_image)
