"""/jobs/[job_id]: one job, how to contact the company, and who posted it (SPEC sections
2 and 8)."""

from __future__ import annotations

import json
from typing import Any

import reflex as rx

from community_app.i18n import N_
from community_app.core.settings import get_settings
from community_app.state.job_detail import CONTACT_SECTION_ID, JobDetailState, read_job
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import button_row, icon_circle, icon_text, icon_tile
from community_app.ui.components.blocks import first_of, notice, round_photo
from community_app.ui.components.buttons import action_button, link_button
from community_app.ui.components.dialogs import SMALL_DIALOG
from community_app.ui.components.icons import glyph
from community_app.ui.components.jobs_parts import (
    chips,
    error_panel,
    job_type_badge,
    remote_badge,
    status_badge,
    text_blocks,
    visa_badges,
)
from community_app.ui.components.page_skeletons import (
    JOB_CARD_PADDING,
    JOB_FACTS_COLUMNS,
    JOB_SECTION_PADDING,
    JOB_SIDE_WIDTH,
    JOB_TITLE,
    job_columns,
    job_post_skeleton,
)
from community_app.ui.components.status_screen import status_screen
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import CARD_STYLE, COLORS, FONT_STACK, STRETCH_COLUMN

job = JobDetailState.job

# After the mention-us dialog has closed and given focus back to its button (Radix does
# that just after removing the dialog), bring the contact details into view and focus them.
_SHOW_CONTACT = (
    "(() => { const started = Date.now();"
    " const show = () => {"
    "  if (document.querySelector('[role=alertdialog]') && Date.now() - started < 3000) {"
    "   return setTimeout(show, 50); }"
    "  setTimeout(() => {"
    f"   const el = document.getElementById({json.dumps(CONTACT_SECTION_ID)});"
    "   if (!el) return;"
    "   const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;"
    "   el.focus({preventScroll: true});"
    "   el.scrollIntoView({behavior: calm ? 'auto' : 'smooth', block: 'start'});"
    "  }, 60); };"
    " setTimeout(show, 50); })()"
)


def _section(title: Any, *children: Any, **props: Any) -> rx.Component:
    return rx.el.section(
        rx.vstack(
            rx.heading(title, as_="h2", size="5"),
            *children,
            spacing="3",
            **STRETCH_COLUMN,
        ),
        padding=JOB_SECTION_PADDING,
        width="100%",
        **CARD_STYLE,
        **props,
    )


def _not_specified() -> rx.Component:
    return rx.text(t("Not specified."), color=COLORS["muted"])


def _blocks_or_not_specified(blocks: Any) -> rx.Component:
    return rx.cond(blocks.length() > 0, text_blocks(blocks), _not_specified())


# ---------------------------------------------------------------- header card


def _fact(icon: str, label: Any, *value: Any) -> rx.Component:
    return rx.hstack(
        icon_tile(
            glyph(icon, size=18, color=COLORS["primary"]),
            "36px", radius="10px",
            flex_shrink="0",
        ),
        rx.vstack(
            rx.text(label, size="1", color=COLORS["muted"], text_transform="uppercase",
                    letter_spacing="0.04em", font_weight="600"),
            rx.text(*value, font_weight="600", size="2"),
            spacing="0",
            min_width="0",
        ),
        spacing="3",
        align="center",
        min_width="0",
    )


def _contact_dialog() -> rx.Component:
    go_to_contact = rx.cond(
        job.contact_href != "",
        rx.alert_dialog.action(
            link_button(t("Continue"), href=job.contact_href, link_props={
                "target": rx.cond(job.contact_is_website, "_blank", "_self"),
                "rel": "noopener noreferrer",
            })
        ),
        rx.alert_dialog.action(action_button(t("Continue"), on_click=rx.call_script(_SHOW_CONTACT))),
    )
    return rx.alert_dialog.root(
        rx.alert_dialog.trigger(
            action_button(rx.icon("send", size=18, aria_hidden="true"), t("Contact the company"))
        ),
        rx.alert_dialog.content(
            rx.vstack(
                icon_tile(
                    glyph("heart-handshake", size=26, color=COLORS["primary"]),
                    "52px",
                ),
                rx.alert_dialog.title(t("One small favour"), margin="0", font_family=FONT_STACK),
                rx.alert_dialog.description(
                    t("If you get an interview, please mention that you found this job on {site}.",
                      site=get_settings().site_name),
                    color=COLORS["muted"],
                ),
                button_row(
                    rx.alert_dialog.cancel(action_button(t("Cancel"), variant="soft", color_scheme="gray")),
                    go_to_contact,
                    justify="end",
                    width="100%",
                    padding_top="8px",
                ),
                spacing="3",
            ),
            **SMALL_DIALOG,
        ),
    )


def _actions() -> rx.Component:
    return rx.vstack(
        rx.flex(
            _contact_dialog(),
            action_button(rx.icon("bookmark", size=18, aria_hidden="true"), t("Bookmark"),
                          on_click=JobDetailState.bookmark, variant="outline"),
            gap="12px",
            flex_direction=["column", "row"],
            width="100%",
        ),
        rx.box(
            rx.cond(
                JobDetailState.bookmark_notice,
                notice("bookmark", t("Bookmarks are coming soon."), "blue", size="1"),
            ),
            role="status",
            aria_live="polite",
        ),
        spacing="3",
        width="100%",
    )


def _header() -> rx.Component:
    return rx.vstack(
        rx.flex(
            icon_text("map-pin", t_var(job.location)),
            rx.cond(job.remote, remote_badge()),
            job_type_badge(job.job_type),
            status_badge(job.status, job.status_label),
            gap="8px",
            wrap="wrap",
            align="center",
        ),
        rx.heading(job.title, **JOB_TITLE),
        rx.text(job.company, size="4", font_weight="500", color=COLORS["muted"]),
        visa_badges(job),  # as on the job's card: visas, E-7 sponsorship, Korean, languages
        rx.grid(
            _fact("banknote", t("Salary"), t_var(job.salary)),
            _fact(
                "calendar",
                t("Posted"),
                rx.el.time(t_var(job.posted_on), date_time=job.posted_iso),
                rx.el.span(" · ", t_var(job.posted_ago), font_weight="400",
                           color=COLORS["muted"]),
            ),
            _fact("briefcase", t("Job type"), t_var(job.job_type)),
            rx.cond(
                job.experience != "",
                _fact("graduation-cap", t("Experience"), job.experience),
            ),
            grid_template_columns=JOB_FACTS_COLUMNS,
            gap="16px",
            width="100%",
            padding_y="8px",
        ),
        rx.cond(
            job.status != "OPEN",
            notice("info", t("This job is no longer accepting applications."), "amber", size="1",
                   width="100%"),
        ),
        _actions(),
        spacing="3",
        padding=JOB_CARD_PADDING,
        width="100%",
        **CARD_STYLE,
    )


# ---------------------------------------------------------------- side column


def _contact_value(value: Any, href: Any, **link_props: Any) -> rx.Component:
    return rx.cond(
        value == "",
        rx.text(t("Not provided"), color=COLORS["muted"]),
        rx.cond(
            href == "",
            rx.text(value, word_break="break-word"),
            rx.link(value, href=href, word_break="break-all", **link_props),
        ),
    )


def _contact() -> rx.Component:
    return _section(
        t("Contact information"),
        rx.cond(
            job.has_contact,
            rx.data_list.root(
                rx.data_list.item(
                    rx.data_list.label(t("Phone")),
                    rx.data_list.value(_contact_value(job.phone, job.phone_href)),
                ),
                rx.data_list.item(
                    rx.data_list.label(t("Email")),
                    rx.data_list.value(_contact_value(job.email, job.email_href)),
                ),
                rx.data_list.item(
                    rx.data_list.label(t("Website")),
                    rx.data_list.value(
                        _contact_value(job.website, job.website_href, is_external=True,
                                       rel="noopener noreferrer")
                    ),
                ),
                orientation="vertical",
                size="2",
            ),
            rx.text(t("Company contact information is not available."), color=COLORS["muted"]),
        ),
        id=CONTACT_SECTION_ID,
        tab_index=-1,
        outline="none",
        scroll_margin_top="88px",
    )


def _avatar() -> rx.Component:
    initials = icon_tile(rx.text(job.poster_initials, color="white", font_weight="700"), "48px",
                         background=COLORS["primary"], flex_shrink="0", aria_hidden="true")
    return round_photo(job.poster_image, alt=job.poster_name, size="48px", fallback=initials)


def _posted_by() -> rx.Component:
    return rx.cond(
        job.has_poster,
        _section(
            t("Posted by"),
            rx.hstack(
                _avatar(),
                rx.vstack(
                    rx.text(rx.cond(job.poster_name != "", job.poster_name, job.poster_username),
                            font_weight="600"),
                    rx.text("@", job.poster_username, size="2", color=COLORS["muted"]),
                    spacing="0",
                    min_width="0",
                ),
                spacing="3",
                align="center",
            ),
            rx.cond(job.poster_bio != "",
                    rx.text(job.poster_bio, color=COLORS["muted"], size="2", line_height="1.6")),
        ),
    )


def _about_company() -> rx.Component:
    return _section(
        t("About the company"),
        rx.text(job.company, font_weight="600"),
        rx.cond(job.company_description.length() > 0, text_blocks(job.company_description)),
    )


# ---------------------------------------------------------------- page


def _job() -> rx.Component:
    main = rx.vstack(
        _section(t("Job description"), _blocks_or_not_specified(job.description)),
        _section(
            t("Requirements and experience"),
            rx.cond(
                job.experience != "",
                rx.text(rx.el.strong(t("Experience"), ": "), job.experience),
            ),
            rx.cond(
                job.requirements.length() > 0,
                text_blocks(job.requirements),
                rx.cond(job.experience == "", _not_specified()),
            ),
        ),
        _section(
            t("Technologies and skills"),
            rx.cond(job.technologies.length() > 0, chips(job.technologies), _not_specified()),
        ),
        _section(t("Benefits"), _blocks_or_not_specified(job.benefits)),
        spacing="4",
        flex="1",
        min_width="0",
        width="100%",
    )
    side = rx.vstack(
        _about_company(),
        _contact(),
        _posted_by(),
        spacing="4",
        width=JOB_SIDE_WIDTH,
        flex_shrink="0",
    )
    return rx.vstack(
        _back_link(),
        _header(),
        job_columns(main, side),
        spacing="4",
        **STRETCH_COLUMN,
    )


def _back_link() -> rx.Component:
    return rx.link(
        rx.hstack(rx.icon("arrow-left", size=16, aria_hidden="true"), t("Back to jobs"),
                  spacing="1", align="center"),
        href=routes.JOBS,
        size="2",
        weight="medium",
        width="fit-content",
    )


def _not_found() -> rx.Component:
    return status_screen(
        icon_circle("briefcase", size="64px", icon_size=30),
        t("Job Not Found"),
        t("The job you are looking for does not exist or has been removed."),
        size="7",
        action=link_button(rx.icon("arrow-left", size=18, aria_hidden="true"), t("Back to jobs"),
                           href=routes.JOBS),
    )


@page(routes.JOB_DETAIL, title=N_("Job details"), on_load=PageData(JobDetailState, read_job, JobDetailState._apply_load))
def job_detail() -> rx.Component:
    return content_container(
        first_of(
            (JobDetailState.loading, job_post_skeleton(_back_link())),
            (JobDetailState.not_found, _not_found()),
            (JobDetailState.failed, rx.vstack(_back_link(), error_panel(on_retry=JobDetailState.retry),
                                              spacing="4", width="100%")),
            otherwise=_job(),
        )
    )
