"""Loading placeholders of the pages with an id in their address (a news item's is in
its page), prerendered as their route's shell (``core/shells.SHELL_ROUTES``): what a
phone paints before the JavaScript and the data.

Each has the real layout's boxes (the same card paddings, the picture at the picture's
exact size with the default illustration, grey lines at the text's line heights) and is
at least a screen tall, so the footer stays below the first screen and nothing visible
moves when the data replaces it (CLS 0). The sizes both the page and its placeholder use
are defined here once."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.serving.page_heads import TITLE_SLOT_ATTRIBUTE
from community_app.ui.components.buttons import with_class
from community_app.ui.components.skeletons import loading_label, picture_placeholder, skeleton_line
from community_app.ui.i18n import t
from community_app.ui.styles import BUTTON_HEIGHTS, CARD_STYLE

# The pages whose real content may be shorter than a screen (a signed-out visitor's
# registration page, a short blog post) keep their body at least a screen tall in every
# state, so the footer never moves into the first screen when the data comes.
AT_LEAST_A_SCREEN = "100vh"

# The empty heading of a placeholder that the server fills with the item's title
# (``title_slot``; page_heads.fill_title_slot finds it by its attribute).
TITLE_SLOT_CLASS = "uzdev-title-slot"

# ---------------------------------------------------------------- shared pieces


def _placeholder_page(label: Any, *children: Any, **props: Any) -> rx.Component:
    """The loading state: announced to screen readers, the boxes hidden from them, at
    least a screen tall."""
    props.setdefault("spacing", "4")
    props.setdefault("width", "100%")
    return rx.vstack(
        loading_label(label),
        *children,
        min_height=AT_LEAST_A_SCREEN,
        class_name="uzdev-skeletons",
        **props,
    )


def _card(*children: Any, **props: Any) -> rx.Component:
    props.setdefault("spacing", "3")
    if "class_name" not in props:  # else its class pads it (site.css)
        props.setdefault("padding", ["18px", "24px"])
    props.setdefault("width", "100%")
    return rx.vstack(*children, aria_hidden="true", **CARD_STYLE, **props)


def _lines(*widths: str, height: Any = "14px", **props: Any) -> rx.Component:
    props.setdefault("spacing", "3")
    return rx.vstack(*[skeleton_line(w, height) for w in widths], width="100%",
                     aria_hidden="true", **props)


def _pill(width: str, height: str = "24px") -> rx.Component:
    return skeleton_line(width, height, border_radius="999px")


# A section card's title (Radix heading size 5) and a paragraph's lines.
SECTION_TITLE_HEIGHT = "24px"
TEXT_LINE = ("100%", "100%", "80%")


def title_slot(lines: rx.Component, **heading_props: Any) -> rx.Component:
    """The item's title in its placeholder: an empty heading (``heading_props``: the real
    title's) that the server fills with the item's title on a full page load
    (``serving/page_heads.py``: the title is then painted with the HTML, the page's
    largest text before any JavaScript), followed by ``lines``, the grey lines shown instead
    while it is empty (a page reached in the browser, or a server that filled nothing):
    site.css, ``.uzdev-title-slot``.

    React keeps the server's text when it hydrates the empty heading
    (``suppressHydrationWarning``: a text that differs is left as it is, not an error), and
    the real page's heading takes its place with the data."""
    return rx.fragment(
        rx.heading("", custom_attrs={TITLE_SLOT_ATTRIBUTE: "", "suppressHydrationWarning": True},
                   **with_class(heading_props, TITLE_SLOT_CLASS)),
        rx.box(lines, class_name="uzdev-title-lines", width="100%"),
    )


# ---------------------------------------------------------------- an event's details

# The picture's frame and the page's columns are site.css's (.uzdev-event-picture, .uzdev-event-grid),
# shared with the page (ui/pages/event_detail.py).
EVENT_TITLE_LINE = ["27px", "31px", "35px", "39px"]


def event_details_skeleton(back_link: rx.Component) -> rx.Component:
    """The event page's shape: the picture's frame with the default illustration at the
    picture's size (the largest element, painted with the HTML), grey lines for the title,
    the summary and the first section."""
    return _placeholder_page(
        t("Loading event..."),
        back_link,
        rx.el.div(picture_placeholder("/event-default.svg"), aria_hidden="true",
                  class_name="uzdev-event-picture"),
        # The title: two lines (most titles take two on a phone).
        _lines("90%", "55%", height=EVENT_TITLE_LINE, spacing="2"),
        rx.el.div(
            _card(
                *[skeleton_line(w) for w in ("70%", "45%", "80%", "50%", "75%")],
                skeleton_line("100%", "8px", margin_y="6px"),
                skeleton_line("100%", BUTTON_HEIGHTS["lg"], border_radius="8px"),
                spacing="4",
                padding="20px",
                min_height="333px",
                justify="between",
                grid_area="aside",
            ),
            _card(skeleton_line("45%", SECTION_TITLE_HEIGHT), _lines(*TEXT_LINE), grid_area="main"),
            aria_hidden="true",
            class_name="uzdev-event-grid",
        ),
    )


# ---------------------------------------------------------------- the registration form

REGISTER_PICTURE_HEIGHT = ["140px", "140px", "120px"]
REGISTER_PICTURE_BOX = {
    "width": ["100%", "100%", "180px"],
    "min_width": ["0", "0", "180px"],
    "border_radius": "12px",
    "overflow": "hidden",
}
REGISTER_SUMMARY = {
    "flex_direction": ["column", "column", "row"],
    "gap": "16px",
    "padding": "16px",
    "width": "100%",
}
REGISTER_COLUMN = {"width": "100%", "max_width": "760px", "margin_x": "auto"}


def event_register_skeleton() -> rx.Component:
    """The registration page's shape: the link back to the event (its address comes with
    the data), the title, the event's summary (picture at its size, badge, title, facts)
    and the form's card."""
    return _placeholder_page(
        t("Loading event..."),
        rx.flex(skeleton_line("120px", "20px"), align="center", height="36px", aria_hidden="true"),
        rx.heading(t("Event registration"), as_="h1", size="8"),
        rx.flex(
            rx.box(picture_placeholder("/event-default.svg", width="100%", height=REGISTER_PICTURE_HEIGHT),
                   **REGISTER_PICTURE_BOX),
            # The badge, two lines of title (Radix heading size 4) and the facts' lines.
            rx.vstack(_pill("72px", "20px"),
                      _lines("90%", "55%", height="24px", spacing="1"),
                      _lines("70%", "80%", "40%", height="20px", spacing="1"),
                      spacing="2", width="100%", min_width="0"),
            aria_hidden="true",
            **REGISTER_SUMMARY,
            **CARD_STYLE,
        ),
        _card(
            *[rx.vstack(skeleton_line("35%", "20px"),
                        skeleton_line("100%", "40px", border_radius="8px"),
                        spacing="1", width="100%")
              for _ in range(4)],
            skeleton_line("100%", BUTTON_HEIGHTS["md"], border_radius="8px"),
            spacing="4",
        ),
        **REGISTER_COLUMN,
    )


# ---------------------------------------------------------------- a job post

JOB_TITLE_LINE = ["30px", "32.5px", "35px", "40px"]  # 24-32 px type, line height 1.25
# The post's title (rx.heading's props; its size is site.css's .uzdev-job-title), its facts'
# grid: the page and its placeholder alike.
JOB_TITLE = {"as_": "h1", "class_name": "uzdev-job-title"}
JOB_FACTS = "uzdev-job-facts"


def job_columns(main: rx.Component, side: rx.Component) -> rx.Component:
    """A job's description (``main``) and its side column (``.uzdev-job-main``,
    ``.uzdev-job-side``), one under the other, side by side on wide screens: the page and
    its skeleton alike."""
    return rx.el.div(main, side, class_name="uzdev-job-columns")


def _fact() -> rx.Component:
    return rx.hstack(
        skeleton_line("36px", "36px", border_radius="10px", flex_shrink="0"),
        rx.vstack(skeleton_line("64px", "16px"), skeleton_line("120px", "20px"), spacing="0"),
        spacing="3",
        align="center",
    )


def job_post_skeleton(back_link: rx.Component) -> rx.Component:
    """The job page's shape: its header card (badges, title, company, the four facts, the
    two buttons) and the first section of the description."""
    return _placeholder_page(
        t("Loading job..."),
        back_link,
        _card(
            rx.hstack(_pill("80px"), _pill("72px"), _pill("56px"), spacing="2"),
            # The title, filled in by the server on a full load (else two grey lines on a
            # phone, one from a tablet's width on).
            title_slot(
                rx.vstack(skeleton_line("85%", JOB_TITLE_LINE),
                          skeleton_line("50%", JOB_TITLE_LINE, display=["block", "block", "none"]),
                          spacing="0", width="100%"),
                **JOB_TITLE,
            ),
            skeleton_line("40%", "26px"),
            rx.el.div(*[_fact() for _ in range(4)], class_name=JOB_FACTS),
            rx.flex(skeleton_line(["100%", "200px"], BUTTON_HEIGHTS["md"], border_radius="8px"),
                    skeleton_line(["100%", "140px"], BUTTON_HEIGHTS["md"], border_radius="8px"),
                    gap="12px", flex_direction=["column", "row"], width="100%"),
            class_name="uzdev-job-card",
        ),
        job_columns(
            _card(skeleton_line("45%", SECTION_TITLE_HEIGHT), _lines(*TEXT_LINE, "100%", "60%"),
                  class_name="uzdev-job-section uzdev-job-main"),
            # The side column: about the company.
            _card(skeleton_line("60%", SECTION_TITLE_HEIGHT), _lines("50%", *TEXT_LINE),
                  class_name="uzdev-job-section uzdev-job-side"),
        ),
    )


# ---------------------------------------------------------------- a blog post

BLOG_COLUMN = "760px"


def blog_post_skeleton(back_link: rx.Component) -> rx.Component:
    """A blog post's shape: the title (Radix heading size 8), the author line and the
    first paragraphs, in the article's column."""
    return _placeholder_page(
        t("Loading..."),
        back_link,
        _lines("90%", "60%", height="40px", spacing="1"),
        skeleton_line("45%", "24px", aria_hidden="true"),
        _lines(*TEXT_LINE, "100%", "100%", "90%", "70%", height="16px", spacing="3",
               padding_top="8px"),
        max_width=BLOG_COLUMN,
    )


def member_page_skeleton() -> rx.Component:
    """A member's public page: the avatar and name, then two short lists."""
    return _placeholder_page(
        t("Loading..."),
        rx.hstack(skeleton_line("72px", "72px", border_radius="50%", aria_hidden="true"),
                  _lines("240px", "120px", height="20px", spacing="2"), align="center", spacing="4",
                  width="100%"),
        _card(*[skeleton_line(w, "16px") for w in ("40%", "80%", "70%")]),
        _card(*[skeleton_line(w, "16px") for w in ("40%", "75%", "65%")]),
        max_width=BLOG_COLUMN,
    )


# ---------------------------------------------------------------- a talk and a speaker

# The column of a talk's and a speaker's page and of their placeholders (site.css
# ``.uzdev-item-column``: the blog's width, BLOG_COLUMN), and their h1 (Radix heading 8:
# 35 px type on a 40 px line).
ITEM_COLUMN = "uzdev-stack uzdev-gap-4 uzdev-item-column"
TALK_TITLE = {"as_": "h1", "size": "8"}
ITEM_TITLE_LINE = "40px"
_SECTION = "uzdev-card uzdev-stack uzdev-gap-2 uzdev-event-section"


def _item_title() -> rx.Component:
    """The h1 filled by the server (else two grey lines on a phone, one from a tablet's
    width on)."""
    return title_slot(
        rx.vstack(skeleton_line("85%", ITEM_TITLE_LINE),
                  skeleton_line("50%", ITEM_TITLE_LINE, display=["block", "block", "none"]),
                  spacing="1", width="100%"),
        **TALK_TITLE,
    )


def _section_card(*widths: str) -> rx.Component:
    return rx.el.div(skeleton_line("30%", SECTION_TITLE_HEIGHT), _lines(*widths, height="16px"),
                     class_name=_SECTION, aria_hidden="true")


def talk_skeleton() -> rx.Component:
    """A talk's shape (ui/pages/talk.py): the meetup's link, the title, a speaker (name and
    role), the four facts, the star, then the abstract's and the slides' cards."""
    return rx.el.div(
        loading_label(t("Loading...")),
        skeleton_line("45%", "20px", aria_hidden="true"),
        _item_title(),
        _lines("40%", "30%", height="20px", spacing="1"),
        _lines("55%", "35%", "40%", "30%", height="20px", spacing="1"),
        skeleton_line("96px", "36px", border_radius="8px", aria_hidden="true"),
        _section_card(*TEXT_LINE, "100%", "60%"),
        _section_card("40%"),
        class_name=f"{ITEM_COLUMN} uzdev-skeletons",
    )


def speaker_skeleton() -> rx.Component:
    """A speaker's shape (ui/pages/speaker.py): the round photo beside the name and role,
    then the card of their talks."""
    return rx.el.div(
        loading_label(t("Loading...")),
        rx.el.div(
            skeleton_line("80px", "80px", border_radius="50%", flex_shrink="0", aria_hidden="true"),
            rx.el.div(_item_title(), skeleton_line("60%", "24px", aria_hidden="true"),
                      class_name="uzdev-stack uzdev-gap-1 uzdev-w-full uzdev-min-w-0"),
            class_name="uzdev-row uzdev-gap-4 uzdev-w-full",
        ),
        _lines(*TEXT_LINE, height="16px"),
        _section_card("70%", "40%", "70%", "40%"),
        class_name=f"{ITEM_COLUMN} uzdev-skeletons",
    )
