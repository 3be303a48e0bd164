"""Small pieces many pages share: a page's title with its lead, 'Load More', a list
card's title, a round icon, a centred message (loading failed, nothing found), a white
card and one with a picture beside its text, a loading line, a status badge, a row of
buttons, a list and its rows, the first of a page's cases, a section's loading and error
states."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.components.browser import render_when_ready
from community_app.ui.components.buttons import action_button, plain_link, with_class
from community_app.ui.components.icons import glyph
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import CARD_COLUMNS, CENTRED_LINES, COLORS


def lead(text: Any, **props: Any) -> rx.Component:
    """The muted line under a page's title."""
    return rx.text(text, size="4", **with_class(props, "uzdev-muted"))


def page_title(title: Any, text: Any, **props: Any) -> rx.Component:
    """A page's h1 and its lead under it."""
    return rx.vstack(rx.heading(title, as_="h1", size="8"), lead(text), spacing="2", **props)


def load_more(visible: Any, on_click: Any, label: Any = None, **button_props: Any) -> rx.Component:
    """'Load More' (or ``label``) under a list, while there are more to load."""
    return rx.cond(
        visible,
        rx.center(
            action_button(t("Load More") if label is None else label, on_click=on_click, variant="outline",
                          **button_props),
            width="100%",
            padding_top="8px",
        ),
    )


def card_results(count: rx.Component, cards: rx.Component, more: rx.Component, *,
                 columns: Any = CARD_COLUMNS, **grid_props: Any) -> rx.Component:
    """A list's count, its cards in a grid of ``columns`` (the site's card columns unless
    given), then its 'Load More'."""
    return rx.vstack(
        count,
        rx.grid(cards, grid_template_columns=columns, gap="20px", width="100%", **grid_props),
        more,
        spacing="4",
        width="100%",
    )


def icon_link(icon: str, text: Any, *, href: Any, icon_size: int = 16, gap: str = "6px",
              icon_after: bool = False, weight: str = "", size: str = "", min_height: str = "",
              document: bool = False, **props: Any) -> rx.Component:
    """A link led by a small icon ('← All events', 'Add to calendar'), or followed by it
    with ``icon_after`` ('View details →'), drawn as ``rx.link`` by classes (site.css
    ``.uzdev-link``): no per-link rule for the CSS-in-JS runtime to make while the page
    hydrates (issue 29). ``gap`` is "6px" or "4px", ``weight`` "500" or "600", ``size``
    Radix's text size "1" or "2" (else the text around's), ``min_height`` "32px" or "36px"
    (a taller target). ``document``: the browser follows the link itself (a file to
    download, another site) instead of the site's router."""
    mark = glyph(icon, size=icon_size)
    parts = (text, mark) if icon_after else (mark, text)
    classes = ["uzdev-link", "uzdev-icon-link", *_LINK_CLASSES["gap"][gap]]
    for kind, value in (("weight", weight), ("size", size), ("min_height", min_height)):
        if value:
            classes.append(_LINK_CLASSES[kind][value])
    if document:  # the router's link, told to let the browser load the address itself
        props["reload_document"] = True
    return plain_link(*parts, href=href, **with_class(props, *classes))


# What each of icon_link's choices adds to its classes (site.css): an unknown one raises.
_LINK_CLASSES = {
    "gap": {"6px": (), "4px": ("uzdev-gap-1",)},
    "weight": {"500": "uzdev-w500", "600": "uzdev-w600"},
    "size": {"1": "uzdev-t1", "2": "uzdev-t2"},
    "min_height": {"32px": "uzdev-min-h-32", "36px": "uzdev-min-h-36"},
}


def card_title(text: Any, href: Any, **link_props: Any) -> rx.Component:
    """A list card's title (h2): a link to the item in the text's colour (the news and job
    cards stretch it over the whole card with ``link_props``)."""
    return rx.heading(plain_link(text, href=href, **with_class(link_props, "uzdev-card-title-link")),
                      as_="h2", size="4", class_name="uzdev-card-title")


def icon_text(icon: str, *children: Any, icon_size: int = 16, **props: Any) -> rx.Component:
    """A small muted icon followed by muted text ('📍 Seoul', '🕑 2 min read')."""
    return rx.el.div(
        glyph(icon, size=icon_size),
        rx.el.p(*children),
        **with_class(props, "uzdev-icon-text"),
    )


def badge(*children: Any, color_scheme: Any, variant: str = "soft", size: str = "1",
          round: bool = False, **props: Any) -> rx.Component:
    """A badge drawn as one ``<span>`` by site.css (``.uzdev-badge``) in Radix's colours
    (its ``data-accent-color`` and ``data-radius`` tokens): ``rx.badge``'s look without its
    component, for lists that draw a hundred (a page of job cards). ``variant`` is "soft",
    "outline" or "solid", ``size`` "1" or "2"; ``round`` makes a pill."""
    if variant not in ("soft", "outline", "solid") or size not in ("1", "2"):
        raise ValueError(f"badge: variant {variant!r} / size {size!r} is not drawn by site.css")
    attrs = {"data-accent-color": color_scheme, **({"data-radius": "full"} if round else {})}
    return rx.el.span(*children, custom_attrs=attrs,
                      **with_class(props, "uzdev-badge", f"uzdev-badge-{size}", f"uzdev-badge-{variant}"))


def notice(icon: str, text: Any, color: Any, **props: Any) -> rx.Component:
    """A callout: ``icon`` and a line of ``text``, in the colour ``color``."""
    return rx.callout.root(rx.callout.icon(rx.icon(icon)), rx.callout.text(text), color_scheme=color,
                           **props)


def icon_tile(icon: rx.Component, size: str, *, radius: str = "50%", background: Any = "#eef2ff",
              **props: Any) -> rx.Component:
    """``icon`` centred in a tinted square of ``size`` with round corners (a disc by default);
    ``background`` may be a colour or a gradient."""
    return rx.center(icon, width=size, height=size, border_radius=radius, background=background,
                     **props)


AVATAR_SIZES = ("32px", "36px", "56px")  # the sizes of a person's photo site.css has a class for


def round_photo(image: Any, *, alt: Any, size: Any, fallback: rx.Component) -> rx.Component:
    """A person's round photo of ``size`` (``alt`` its text), or ``fallback`` (an
    ``icon_tile`` with the initials) when there is none."""
    if size in AVATAR_SIZES:  # drawn by its classes (site.css): no rule to make at hydration
        photo = rx.image(src=image, alt=alt, class_name=f"uzdev-photo uzdev-avatar-{size}")
    else:
        photo = rx.image(src=image, alt=alt, width=size, height=size, min_width=size, border_radius="50%",
                         object_fit="cover")
    return rx.cond(image != "", photo, fallback)


def icon_circle(icon: str, *, color: str = COLORS["primary"], background: str = "#eef2ff",
                size: str = "56px", icon_size: int = 28) -> rx.Component:
    """An icon in a tinted disc, above a message."""
    return icon_tile(glyph(icon, size=icon_size, color=color), size,
                     background=background)


def message_block(icon: str, title: Any, *children: Any, title_as: str = "h2",
                  title_size: str = "5", boxed: bool = False, **props: Any) -> rx.Component:
    """A centred message: a muted icon, its heading, then its text and buttons; ``boxed``
    draws it in a card (a ``status_panel``)."""
    parts = (glyph(icon, size=40, color=COLORS["muted"]), rx.heading(title, as_=title_as, size=title_size),
             *children)
    if boxed:
        return status_panel(*parts, **{"padding": "48px 16px", **props})
    props.setdefault("padding_y", "48px")
    return rx.vstack(*parts, **CENTRED_LINES, spacing="3", width="100%", **props)


def status_panel(top: rx.Component, *children: Any, **props: Any) -> rx.Component:
    """The state of a list or a page in a card (nothing found, loading failed), centred:
    ``top`` (an icon), then its heading, text and buttons."""
    return white_card(
        top,
        *children,
        layout=rx.vstack,
        **{"spacing": "3", **CENTRED_LINES,
           "padding": ["32px 16px", "48px 24px"], **props},
    )


def bare_list(*items: Any, **props: Any) -> rx.Component:
    """A real list (``<ul>`` of ``<li>``) without bullets or indent, laid out by ``props``
    (flex or grid): Radix's Flex and Grid render a div whatever ``as_`` says, and list items
    need a list."""
    return rx.el.ul(*items, list_style="none", margin="0", padding="0", **props)


def white_card(*children: Any, layout: Any = rx.box, **props: Any) -> rx.Component:
    """``children`` in a white card (``CARD_STYLE``) as wide as its column; it may shrink
    below its content's width in a grid or a flex row (``min_width`` 0). ``layout`` is the
    component that holds them (``rx.vstack`` for a column of lines)."""
    return layout(*children, **with_class(props, "uzdev-card"))


def side_card(picture: rx.Component, title: Any, text: Any, *more: Any, align: str = "start",
              **props: Any) -> rx.Component:
    """A white card with ``picture`` (an icon tile, a photo) at its left, and beside it its
    h3 ``title``, the muted ``text`` under it and ``more`` (a link): a benefit, a person."""
    if align not in ("start", "center"):
        raise ValueError(f"side_card: align {align!r} is not drawn by site.css")
    lines = rx.el.div(rx.heading(title, as_="h3", size="4"), rx.el.p(text, class_name="uzdev-t2 uzdev-muted"),
                      *more, class_name="uzdev-stack uzdev-gap-1 uzdev-min-w-0")
    classes = ["uzdev-card", "uzdev-side-card", *(["uzdev-side-card-center"] if align == "center" else [])]
    return rx.el.div(picture, lines, **with_class(props, *classes))


def loading_line(label: Any, *, spinner_size: str = "2", text_size: Any = "2",
                 **props: Any) -> rx.Component:
    """A spinner and a muted ``label``, announced politely to screen readers."""
    return rx.hstack(
        rx.spinner(size=spinner_size),
        rx.text(label, color=COLORS["muted"], size=text_size),
        **{"role": "status", "align": "center", "spacing": "2", **props},
    )


def status_badge(status: Any, label: Any, *, colors: dict[str, str], variant: str = "soft",
                 **props: Any) -> rx.Component:
    """``label`` (``{en, uz}``) in a badge coloured by ``status`` in ``colors`` (grey if
    it is not there)."""
    return rx.badge(
        t_var(label),
        color_scheme=rx.match(status, *colors.items(), "gray"),
        variant=variant,
        size="2",
        **props,
    )


def button_row(*buttons: Any, justify: str = "start", gap: str = "12px", **props: Any) -> rx.Component:
    """Buttons side by side that wrap onto the next line on a narrow screen (a dialog's
    or a form's actions)."""
    return rx.flex(*buttons, gap=gap, justify=justify, wrap="wrap", **props)


def list_row(*parts: Any, stack_on_phones: bool = False, padding_y: str = "12px",
             **props: Any) -> rx.Component:
    """One row of a list with a line under it: its ``parts`` (what it is, then its badge or
    buttons) spread to both ends, centred on one line; ``stack_on_phones`` puts them one
    under the other on a narrow screen."""
    layout = ({"align_items": ["flex-start", "center"], "flex_direction": ["column", "row"]}
              if stack_on_phones else {"align": "center"})
    return rx.flex(
        *parts,
        justify="between",
        gap="8px",
        padding_y=padding_y,
        border_bottom=f"1px solid {COLORS['border']}",
        width="100%",
        **{**layout, **props},
    )


def loading_block(label: Any) -> rx.Component:
    """A section's loading line, in a card where its content will be."""
    return rx.el.div(rx.spinner(size="3"), rx.el.p(label), role="status",
                     class_name="uzdev-card uzdev-loading-block")


def error_block(message: Any) -> rx.Component:
    """A section's content that failed to load: the message in a red callout."""
    return notice("triangle-alert", message, "red", role="alert", width="100%")


def first_of(*cases: tuple[Any, rx.Component], otherwise: rx.Component) -> rx.Component:
    """The component of the first ``(condition, component)`` case whose condition holds,
    else ``otherwise`` (a page's skeleton while loading, 'not found', 'failed', its content):
    ``rx.cond`` nested case by case."""
    view = otherwise
    for condition, component in reversed(cases):
        view = rx.cond(condition, component, view)
    return view


def section_content(loading: Any, error: Any, content: rx.Component, *, loading_label: Any,
                    error_message: Any) -> rx.Component:
    """A section's ``content`` once its data came: ``loading_block`` while ``loading``,
    ``error_block`` when ``error``. The content replaces the loading block in a render of
    its own, in the background (``render_when_ready``): the page's sections filling in
    with its data are not one long task."""
    return render_when_ready(
        loading_block(loading_label),
        rx.cond(error, error_block(error_message), content),
        ready=~loading,
    )
