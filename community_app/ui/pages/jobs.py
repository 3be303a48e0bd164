"""/jobs: search, filter and sort the public jobs board (SPEC sections 2, 3 and 8)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_, Np_
from community_app.state.job_texts import (
    CITIES,
    JOB_TYPE_LABELS,
    KOREAN_LABELS,
    LANGUAGE_LABELS,
    STATUS_LABELS,
    VISA_LABELS,
    JobCard,
)
from community_app.state.jobs import ALL, SORTS, JobsState, read_jobs
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import bare_list, card_title, icon_circle, icon_link, icon_text
from community_app.ui.components.blocks import load_more, loading_line, status_panel
from community_app.ui.components.jobs_parts import (
    chips,
    error_panel,
    job_type_badge,
    remote_badge,
    status_badge,
    visa_badges,
)
from community_app.ui.components.browser import render_when_ready, sliced_foreach
from community_app.ui.components.filters import filter_panel, search_field
from community_app.ui.components.forms import field_label
from community_app.ui.components.icons import glyph
from community_app.ui.components.job_alerts import save_alert_box
from community_app.ui.components.select import native_select
from community_app.ui.components.skeletons import row_skeletons
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import BUTTON_HEIGHTS, CARD_STYLE, COLORS, FLEX_COLUMN, STRETCH_COLUMN
from community_app.state.sent_writes import sent

SEARCH_DEBOUNCE_MS = 400
RESULTS_ID = "jobs-results"


# ---------------------------------------------------------------- filters


def _search() -> rx.Component:
    return search_field(
        "jobs-search",
        t("Search jobs"),
        value=JobsState.search,
        on_change=JobsState.set_search,
        debounce_ms=SEARCH_DEBOUNCE_MS,
        max_length=100,
        placeholder=t("Title, company or keywords"),
    )


def _select(
    field_id: str,
    label: Any,
    value: Any,
    on_change: Any,
    options: list[tuple[str, str]],
) -> rx.Component:
    """A labelled native dropdown; ``options`` are (value, message id) pairs."""
    return rx.vstack(
        field_label(label, field_id),
        native_select(field_id, options, value=value, on_change=on_change),
        spacing="1",
        width="100%",
        min_width="0",
    )


def _filters_toggle() -> rx.Component:
    """Phones only (assets/site.css): shows or hides the filters, saying how many are set."""
    return rx.button(
        glyph("sliders-horizontal", size=16),
        t("Filters"),
        rx.cond(JobsState.filters_chosen > 0,
                rx.badge(JobsState.filters_chosen, variant="solid", radius="full", size="1")),
        # Two fixed icons: an icon named by a Var loads lucide's map of every icon.
        rx.cond(JobsState.filters_open, glyph("chevron-up", size=16), glyph("chevron-down", size=16)),
        on_click=JobsState.toggle_filters,
        aria_expanded=rx.cond(JobsState.filters_open, "true", "false"),
        aria_controls="jobs-filters",
        variant="soft",
        size="2",
        height=BUTTON_HEIGHTS["sm"],
        cursor="pointer",
        class_name="jobs-filters-toggle",
        type="button",
    )


def _filters() -> rx.Component:
    return filter_panel(
        _search(),
        _filters_toggle(),
        rx.vstack(
            rx.grid(
                _select(
                    "jobs-location",
                    t("Location"),
                    JobsState.location,
                    JobsState.set_location,
                    [(ALL, N_("All locations")), *[(city, city) for city in CITIES]],
                ),
                _select(
                    "jobs-type",
                    t("Job type"),
                    JobsState.job_type,
                    lambda value: JobsState.choose("job_type", value),
                    [(ALL, N_("All types")), *JOB_TYPE_LABELS.items()],
                ),
                _select(
                    "jobs-status",
                    t("Status"),
                    JobsState.status,
                    lambda value: JobsState.choose("status", value),
                    list(STATUS_LABELS.items()),
                ),
                _select(
                    "jobs-sort",
                    t("Sort by"),
                    JobsState.sort,
                    lambda value: JobsState.choose("sort", value),
                    [(key, label) for key, (label, _) in SORTS.items()],
                ),
                grid_template_columns=["1fr", "repeat(2, minmax(0, 1fr))",
                                       "repeat(2, minmax(0, 1fr))", "repeat(4, minmax(0, 1fr))"],
                gap="12px",
                width="100%",
            ),
            _visa_filters(),
            spacing="3",
            width="100%",
            id="jobs-filters",
            class_name=rx.cond(JobsState.filters_open, "jobs-filters open", "jobs-filters"),
        ),
        label=t("Search and filters"),
    )


def _visa_filters() -> rx.Component:
    """My visa, Korean level at most, working language, remote; and the guide's link."""
    return rx.grid(
        _select(
            "jobs-visa",
            t("My visa"),
            JobsState.visa,
            sent(JobsState.set_visa, what=N_("My visa")),
            [(ALL, N_("Any visa")), *VISA_LABELS.items()],
        ),
        _select(
            "jobs-korean",
            t("Korean level at most"),
            JobsState.korean,
            lambda value: JobsState.choose("korean", value),
            [(ALL, N_("Any level")), *KOREAN_LABELS.items()],
        ),
        _select(
            "jobs-language",
            t("Working language"),
            JobsState.language,
            lambda value: JobsState.choose("language", value),
            [(ALL, N_("Any language")), *LANGUAGE_LABELS.items()],
        ),
        rx.vstack(
            rx.el.label(
                rx.hstack(
                    rx.switch(
                        id="jobs-remote",
                        checked=JobsState.remote,
                        on_change=JobsState.set_remote,
                        aria_label=t("Remote only"),
                    ),
                    rx.text(t("Remote only"), font_weight="500", font_size="14px"),
                    align="center",
                    spacing="2",
                ),
                html_for="jobs-remote",
            ),
            icon_link("book-open", t("Which visa lets me work? Read the visa guide"), href=routes.VISA_GUIDE,
                      icon_size=14, gap="4px", size="2"),
            spacing="2",
            justify="end",
            min_height="100%",
        ),
        grid_template_columns=["1fr", "repeat(2, minmax(0, 1fr))",
                               "repeat(2, minmax(0, 1fr))", "repeat(4, minmax(0, 1fr))"],
        gap="12px",
        width="100%",
        class_name="jobs-visa-filters",
    )


# ---------------------------------------------------------------- results


def _clear_button(**props: Any) -> rx.Component:
    props.setdefault("size", "2")
    props.setdefault("height", BUTTON_HEIGHTS["sm"])
    return rx.button(
        rx.icon("x", size=16, aria_hidden="true"),
        t("Clear Filters"),
        on_click=sent(JobsState.clear_filters, what=N_("Clear Filters")),
        variant="soft",
        color_scheme="gray",
        cursor="pointer",
        **props,
    )


def _summary() -> rx.Component:
    count = t(Np_("{n} job found", "{n} jobs found"), n=JobsState.total)
    return rx.flex(
        rx.box(
            rx.cond(
                JobsState.loading,
                loading_line(t("Loading jobs...")),
                rx.text(count, font_weight="600", id="jobs-count"),
            ),
            aria_live="polite",
        ),
        rx.cond(JobsState.has_filters & (JobsState.total > 0), _clear_button()),
        justify="between",
        align="center",
        gap="12px",
        wrap="wrap",
        min_height="36px",
        width="100%",
    )


def _card(job: JobCard) -> rx.Component:
    """One job of the list, drawn by site.css (.job-card): the whole card is the title
    link's click area (its ::after); the link stays the one focus stop."""
    return rx.el.li(
        rx.el.div(
            rx.el.div(
                card_title(job.title, job.href, class_name="job-card-link"),
                icon_text("building-2", job.company, class_name="job-card-company"),
                rx.el.div(
                    icon_text("map-pin", t_var(job.location)),
                    rx.cond(job.remote, remote_badge()),
                    job_type_badge(job.job_type),
                    rx.cond(job.status != "OPEN", status_badge(job.status, job.status_label)),
                    class_name="uzdev-wrap-row uzdev-gap-2",
                ),
                rx.cond(job.technologies.length() > 0,
                        chips(job.technologies, more=job.more_technologies)),
                visa_badges(job),
                class_name="job-card-main uzdev-stack uzdev-gap-2",
            ),
            rx.el.div(
                rx.el.p(t_var(job.salary), class_name="uzdev-t3 job-card-salary"),
                rx.el.time(
                    t_var(job.posted),
                    date_time=job.posted_iso,
                    title=t_var(job.posted_on),
                    class_name="job-card-posted",
                ),
                class_name="job-card-side",
            ),
            class_name="job-card",
        ),
    )


def _empty() -> rx.Component:
    return status_panel(
        icon_circle("search-x"),
        rx.cond(
            JobsState.has_filters,
            rx.fragment(
                rx.heading(t("No jobs match your filters"), as_="h2", size="5"),
                rx.text(t("Try another search or clear the filters to see every open job."),
                        color=COLORS["muted"]),
                _clear_button(size="3", height=BUTTON_HEIGHTS["md"]),
            ),
            rx.fragment(
                rx.heading(t("No open jobs right now"), as_="h2", size="5"),
                rx.text(t("New jobs are posted often. Please check back soon."),
                        color=COLORS["muted"]),
            ),
        ),
    )


def _list() -> rx.Component:
    return bare_list(
        sliced_foreach(JobsState.jobs, _card),
        **FLEX_COLUMN,
        gap="12px",
        width="100%",
        opacity=rx.cond(JobsState.loading, "0.55", "1"),
        transition="opacity 0.15s",
    )


def _load_more() -> rx.Component:
    return load_more(JobsState.has_more & ~JobsState.loading, JobsState.load_more, t("Load More Jobs"),
                     loading=JobsState.loading_more, min_width="200px")


def _results() -> rx.Component:
    return rx.el.section(
        rx.cond(
            JobsState.failed,
            error_panel(on_retry=JobsState.retry),
            rx.vstack(
                _summary(),
                # The summary above announces the loading; the rows are decorative. The
                # first page of cards replaces them in a render of its own, in the
                # background (as the home page's sections: blocks.section_content).
                render_when_ready(
                    row_skeletons(**CARD_STYLE),
                    rx.cond(JobsState.total == 0, _empty(), _list()),
                    ready=~JobsState.loading | (JobsState.jobs.length() > 0),
                ),
                _load_more(),
                spacing="3",
                **STRETCH_COLUMN,
            ),
        ),
        id=RESULTS_ID,
        aria_label=t("Jobs found"),
        aria_busy=rx.cond(JobsState.loading, "true", "false"),
        width="100%",
    )


@page(routes.JOBS, on_load=PageData(JobsState, read_jobs, JobsState._apply_load))
def jobs() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.vstack(
                rx.heading(t("Jobs"), as_="h1", font_size=["28px", "30px", "32px", "36px"]),
                rx.text(t("Jobs for developers across Korea."), color=COLORS["muted"], size="4"),
                spacing="2",
            ),
            _filters(),
            save_alert_box(),
            _results(),
            spacing="5",
            **STRETCH_COLUMN,
        )
    )
