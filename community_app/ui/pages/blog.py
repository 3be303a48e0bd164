"""/blog and /blog/<id>: members' published posts, readable by everyone."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.blog import BlogState, read_list, read_post
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import first_of, icon_link
from community_app.ui.components.browser import sliced_foreach
from community_app.ui.components.buttons import link_button
from community_app.ui.components.page_skeletons import AT_LEAST_A_SCREEN, BLOG_COLUMN, blog_post_skeleton
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import CARD_STYLE, COLORS, FLEX_COLUMN


def _author(post, **props) -> rx.Component:
    """The author's name, a link to their public page while it is on."""
    return rx.cond(post.author_page != "",
                   rx.link(t_var(post.author), href=post.author_page, **props),
                   t_var(post.author))


def _card(post) -> rx.Component:
    # The post's link and the author's are side by side (a link inside a link is invalid).
    return rx.el.article(
        rx.link(
            rx.vstack(
                rx.cond(post.cover != "",
                        rx.image(src=post.cover, alt=post.title, width="100%", height="160px",
                                 object_fit="cover", border_radius="12px")),
                rx.heading(post.title, as_="h2", size="4"),
                rx.text(post.excerpt, color=COLORS["muted"], size="2", class_name="uzdev-clamp-3"),
                spacing="2",
            ),
            href="/blog/" + post.id.to(str),
            underline="none",
            color="inherit",
            width="100%",
        ),
        rx.text(_author(post), " · ", t_var(post.date), size="1", color=COLORS["muted"]),
        **FLEX_COLUMN,
        gap="8px",
        padding="16px",
        **CARD_STYLE,
        height="100%",
    )


@page(routes.BLOG, on_load=PageData(BlogState, read_list, BlogState._apply_list))
def blog() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.heading(t("Member blogs"), as_="h1", size="8"),
            rx.text(t("Stories and notes written by members of the community."), color=COLORS["muted"]),
            rx.cond(
                BlogState.loading,
                rx.text(t("Loading..."), color=COLORS["muted"]),
                rx.cond(
                    BlogState.posts.length() > 0,
                    # auto-fit: the cards share the whole row, however few there are.
                    rx.grid(sliced_foreach(BlogState.posts, _card),
                            grid_template_columns="repeat(auto-fit, minmax(min(100%, 300px), 1fr))",
                            gap="16px", width="100%"),
                    rx.text(t("No posts yet. Write the first one on My Page."), color=COLORS["muted"]),
                ),
            ),
            spacing="4",
            width="100%",
        )
    )


def _back_link() -> rx.Component:
    return icon_link("arrow-left", t("All posts"), href=routes.BLOG, gap="4px")


@page(routes.BLOG_POST, title=N_("Member blogs"), on_load=PageData(BlogState, read_post, BlogState._apply_post))
def blog_post() -> rx.Component:
    return content_container(
        first_of(
            (BlogState.loading, blog_post_skeleton(_back_link())),
            (BlogState.error.contains("en"), rx.vstack(
                rx.heading(t_var(BlogState.error), as_="h1", size="6"),
                link_button(t("All posts"), href=routes.BLOG),
                spacing="4",
            )),
            otherwise=rx.el.article(
                rx.vstack(
                    _back_link(),
                    rx.cond(BlogState.post.cover != "",
                            rx.image(src=BlogState.post.cover, alt=BlogState.post.title,
                                     width="100%", max_height="360px", object_fit="cover",
                                     border_radius="16px")),
                    rx.heading(BlogState.post.title, as_="h1", size="8"),
                    rx.text(
                        _author(BlogState.post, id="post-author-link"),
                        " · ", t_var(BlogState.post.date),
                        color=COLORS["muted"]),
                    rx.html(BlogState.content_html, width="100%", class_name="uzdev-prose"),
                    spacing="4",
                    max_width=BLOG_COLUMN,
                )
            ),
        ),
        min_height=AT_LEAST_A_SCREEN,
    )
