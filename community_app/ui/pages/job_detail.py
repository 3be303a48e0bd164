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
from community_app.ui.components.blocks import button_row, icon_circle, icon_link, icon_text, icon_tile
from community_app.ui.components.blocks import first_of, notice, round_photo
from community_app.ui.components.buttons import action_button, link_button, plain_link, with_class
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
    JOB_FACTS,
    JOB_TITLE,
    job_columns,
    job_post_skeleton,
)
from community_app.ui.components.status_screen import status_screen
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS, FONT_STACK, NEW_TAB

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


# The page is drawn by site.css classes (``.uzdev-job-*``, the text and stack classes) and
# native elements rather than style props on Radix layout components (issue 29, as the
# event's page).


def _section(title: Any, *children: Any, **props: Any) -> rx.Component:
    return rx.el.section(
        rx.heading(title, as_="h2", size="5"),
        *children,
        **with_class(props, "uzdev-card uzdev-job-section"),
    )


def _p(*children: Any, classes: str = "uzdev-p", **props: Any) -> rx.Component:
    return rx.el.p(*children, class_name=classes, **props)


def _not_specified() -> rx.Component:
    return _p(t("Not specified."), classes="uzdev-p uzdev-c-muted")


def _blocks_or_not_specified(blocks: Any) -> rx.Component:
    return rx.cond(blocks.length() > 0, text_blocks(blocks), _not_specified())


# ---------------------------------------------------------------- header card


def _fact(icon: str, label: Any, *value: Any) -> rx.Component:
    return rx.el.div(
        rx.el.div(glyph(icon, size=18), class_name="uzdev-job-fact-icon"),
        rx.el.div(
            _p(label, classes="uzdev-t1 uzdev-job-fact-label"),
            _p(*value, classes="uzdev-t2 uzdev-w600"),
            class_name="uzdev-stack uzdev-min-w-0",
        ),
        class_name="uzdev-job-fact",
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
            action_button(glyph("send", size=18), t("Contact the company"))
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
    return rx.el.div(
        rx.el.div(
            _contact_dialog(),
            action_button(glyph("bookmark", size=18), t("Bookmark"),
                          on_click=JobDetailState.bookmark, variant="outline"),
            class_name="uzdev-job-actions",
        ),
        rx.el.div(
            rx.cond(
                JobDetailState.bookmark_notice,
                notice("bookmark", t("Bookmarks are coming soon."), "blue", size="1"),
            ),
            role="status",
            aria_live="polite",
        ),
        class_name="uzdev-stack uzdev-gap-3 uzdev-w-full",
    )


def _header() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            icon_text("map-pin", t_var(job.location)),
            rx.cond(job.remote, remote_badge()),
            job_type_badge(job.job_type),
            status_badge(job.status, job.status_label),
            class_name="uzdev-wrap-row uzdev-gap-2",
        ),
        rx.heading(job.title, **JOB_TITLE),
        _p(job.company, classes="uzdev-t4 uzdev-w500 uzdev-c-muted"),
        visa_badges(job),  # as on the job's card: visas, E-7 sponsorship, Korean, languages
        rx.el.div(
            _fact("banknote", t("Salary"), t_var(job.salary)),
            _fact(
                "calendar",
                t("Posted"),
                rx.el.time(t_var(job.posted_on), date_time=job.posted_iso),
                rx.el.span(" · ", t_var(job.posted_ago), class_name="uzdev-w400 uzdev-c-muted"),
            ),
            _fact("briefcase", t("Job type"), t_var(job.job_type)),
            rx.cond(
                job.experience != "",
                _fact("graduation-cap", t("Experience"), job.experience),
            ),
            class_name=JOB_FACTS,
        ),
        rx.cond(
            job.status != "OPEN",
            notice("info", t("This job is no longer accepting applications."), "amber", size="1",
                   class_name="uzdev-w-full"),
        ),
        _actions(),
        class_name="uzdev-card uzdev-stack uzdev-gap-3 uzdev-job-card",
    )


# ---------------------------------------------------------------- side column


def _contact_value(value: Any, href: Any, **link_props: Any) -> rx.Component:
    return rx.cond(
        value == "",
        rx.el.span(t("Not provided"), class_name="uzdev-c-muted"),
        rx.cond(
            href == "",
            rx.el.span(value, class_name="uzdev-break-word"),
            plain_link(value, href=href, class_name="uzdev-link uzdev-break-all", **link_props),
        ),
    )


def _data_item(label: Any, value: rx.Component) -> rx.Component:
    return rx.el.div(rx.el.dt(label), rx.el.dd(value))


def _contact() -> rx.Component:
    return _section(
        t("Contact information"),
        rx.cond(
            job.has_contact,
            rx.el.dl(
                _data_item(t("Phone"), _contact_value(job.phone, job.phone_href)),
                _data_item(t("Email"), _contact_value(job.email, job.email_href)),
                _data_item(t("Website"), _contact_value(job.website, job.website_href, **NEW_TAB)),
                class_name="uzdev-dl",
            ),
            _p(t("Company contact information is not available."), classes="uzdev-p uzdev-c-muted"),
        ),
        id=CONTACT_SECTION_ID,
        tab_index=-1,
        class_name="uzdev-job-contact",
    )


def _avatar() -> rx.Component:
    initials = rx.el.div(rx.el.span(job.poster_initials), aria_hidden="true",
                         class_name="uzdev-initials uzdev-initials-strong uzdev-avatar-48px")
    return round_photo(job.poster_image, alt=job.poster_name, size="48px", fallback=initials)


def _posted_by() -> rx.Component:
    return rx.cond(
        job.has_poster,
        _section(
            t("Posted by"),
            rx.el.div(
                _avatar(),
                rx.el.div(
                    _p(rx.cond(job.poster_name != "", job.poster_name, job.poster_username),
                       classes="uzdev-p uzdev-w600"),
                    _p("@", job.poster_username, classes="uzdev-t2 uzdev-c-muted"),
                    class_name="uzdev-stack uzdev-min-w-0",
                ),
                class_name="uzdev-row uzdev-gap-3",
            ),
            rx.cond(job.poster_bio != "",
                    _p(job.poster_bio, classes="uzdev-t2 uzdev-c-muted uzdev-lh-16")),
        ),
    )


def _about_company() -> rx.Component:
    return _section(
        t("About the company"),
        _p(job.company, classes="uzdev-p uzdev-w600"),
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
                _p(rx.el.strong(t("Experience"), ": "), job.experience),
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
        class_name="uzdev-stack uzdev-gap-4 uzdev-job-main",
    )
    side = rx.el.div(
        _about_company(),
        _contact(),
        _posted_by(),
        class_name="uzdev-stack uzdev-gap-4 uzdev-job-side",
    )
    return rx.el.div(
        _back_link(),
        _header(),
        job_columns(main, side),
        class_name="uzdev-column-stretch uzdev-gap-4",
    )


def _back_link() -> rx.Component:
    return icon_link("arrow-left", t("Back to jobs"), href=routes.JOBS, gap="4px", size="2", weight="500",
                     class_name="uzdev-fit")


def _not_found() -> rx.Component:
    return status_screen(
        icon_circle("briefcase", size="64px", icon_size=30),
        t("Job Not Found"),
        t("The job you are looking for does not exist or has been removed."),
        size="7",
        action=link_button(glyph("arrow-left", size=18), t("Back to jobs"),
                           href=routes.JOBS),
    )


@page(routes.JOB_DETAIL, title=N_("Job details"), on_load=PageData(JobDetailState, read_job, JobDetailState._apply_load))
def job_detail() -> rx.Component:
    return content_container(
        first_of(
            (JobDetailState.loading, job_post_skeleton(_back_link())),
            (JobDetailState.not_found, _not_found()),
            (JobDetailState.failed, rx.el.div(_back_link(), error_panel(on_retry=JobDetailState.retry),
                                              class_name="uzdev-column-stretch uzdev-gap-4")),
            otherwise=_job(),
        )
    )
