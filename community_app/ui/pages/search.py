"""/search: the whole site in one search (state/search.py): a box, the kinds with their
counts, ranked results with the matched words marked."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_, Np_
from community_app.state.page_load import PageData
from community_app.state.search import SearchState, read_search
from community_app.ui.components.browser import sliced_foreach
from community_app.ui.components.filters import filter_panel, search_field
from community_app.ui.components.page_skeletons import AT_LEAST_A_SCREEN
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import CARD_STYLE, COLORS

SEARCH_DEBOUNCE_MS = 250

# (kind, label): "" is every kind.
KIND_LABELS = (
    ("", N_("All")),
    ("meetup", N_("Events")),
    ("news", N_("News")),
    ("job", N_("Jobs")),
    ("talk", N_("Talks")),
    ("blog", N_("Blog")),
)
KIND_BADGES = {"meetup": N_("Event"), "news": N_("News"), "job": N_("Job"), "blog": N_("Blog post"),
               "talk": N_("Talk")}


def _kind_button(kind: str, label: str) -> rx.Component:
    count = SearchState.count_labels.get(kind, "0")
    chosen = SearchState.kind == kind
    return rx.button(
        t(label), " (", count, ")",
        on_click=SearchState.set_kind(kind),
        variant=rx.cond(chosen, "solid", "outline"),
        aria_pressed=rx.cond(chosen, "true", "false"),
        size="2",
        min_height="44px",
        cursor="pointer",
    )


def _badge(kind) -> rx.Component:
    return rx.match(
        kind,
        *[(k, rx.badge(t(label), variant="soft")) for k, label in KIND_BADGES.items()],
        rx.fragment(),
    )


def _hit(hit) -> rx.Component:
    return rx.el.li(
        rx.link(
            rx.vstack(
                rx.hstack(_badge(hit.kind), rx.text(t_var(hit.date), size="1", color=COLORS["muted"]),
                          align="center", spacing="2"),
                rx.heading(rx.html(hit.title_html), as_="h2", size="4"),
                rx.text(rx.html(hit.snippet_html), color=COLORS["muted"], size="2",
                        class_name="uzdev-clamp-3"),
                spacing="1",
            ),
            href=hit.url,
            underline="none",
            color="inherit",
            display="block",
            padding=["16px", "20px"],
            **CARD_STYLE,
        ),
        list_style="none",
    )


def _results() -> rx.Component:
    return rx.cond(
        SearchState.failed,
        rx.callout(t("Searching failed. Please try again."), color_scheme="red", role="alert"),
        rx.cond(
            SearchState.searched,
            rx.cond(
                SearchState.hits.length() > 0,
                rx.vstack(
                    rx.el.ul(sliced_foreach(SearchState.hits, _hit), padding="0", margin="0",
                             display="flex", flex_direction="column", gap="12px", width="100%"),
                    rx.cond(SearchState.has_more,
                            rx.button(t("Show more"), on_click=SearchState.load_more,
                                      variant="outline", size="3", cursor="pointer")),
                    spacing="3", width="100%", align="center",
                ),
                rx.cond(~SearchState.loading,
                        rx.text(t("Nothing found. Try other words."), color=COLORS["muted"])),
            ),
            rx.text(t("Type a word: an event, a speaker, a visa (D-10), TOPIK, a company…"),
                    color=COLORS["muted"]),
        ),
    )


@page(routes.SEARCH, title=N_("Search"), on_load=PageData(SearchState, read_search, SearchState._apply_load))
def search_page() -> rx.Component:
    # The box and the kinds in the panel /jobs has for its search and filters.
    return content_container(
        rx.vstack(
            rx.heading(t("Search the site"), as_="h1", size="8"),
            filter_panel(
                search_field(
                    "site-search",
                    t("Search events, news, jobs and blog posts"),
                    value=SearchState.query,
                    on_change=SearchState.set_query,
                    debounce_ms=SEARCH_DEBOUNCE_MS,
                    max_length=200,
                    auto_focus=True,
                ),
                # One row (site.css): on a phone it scrolls sideways, to the screen's edges,
                # instead of wrapping to three rows in Uzbek (issue 42).
                rx.el.div(*[_kind_button(k, label) for k, label in KIND_LABELS],
                          class_name="uzdev-kind-row", id="search-kinds", role="group",
                          aria_label=t("Kind of result")),
                label=t("Search the site"),
                role="search",
            ),
            rx.vstack(
                rx.el.div(
                    rx.cond(SearchState.searched & ~SearchState.loading,
                            rx.text(t(Np_("{count} result", "{count} results"), n=SearchState.total,
                                      count=SearchState.total_label),
                                    font_weight="600")),
                    aria_live="polite",
                ),
                _results(),
                spacing="3",
                width="100%",
                # A screen kept for the results, found or not yet: their arrival does not
                # push what is in view (the footer) out of it (issue 46; decisions.md).
                min_height=AT_LEAST_A_SCREEN,
            ),
            spacing="5",
            width="100%",
        )
    )
