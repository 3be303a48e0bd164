"""Python wrappers of the browser-only behaviours in ``assets/site.jsx``."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx
from reflex.vars.base import Var

_LIBRARY = "$/public/site.jsx"


class _SiteComponent(rx.Component):
    library = _LIBRARY


class ScrollToTop(_SiteComponent):
    tag = "ScrollToTop"


class UncaughtErrorScreen(_SiteComponent):
    tag = "UncaughtErrorScreen"
    title: Var[str]
    fallback_message: Var[str]
    try_again_label: Var[str]
    report_label: Var[str]


class PageLoadingIndicator(_SiteComponent):
    tag = "PageLoadingIndicator"
    label: Var[str]


class LoadingScreen(_SiteComponent):
    tag = "LoadingScreen"
    label: Var[str]


class DismissibleBanner(_SiteComponent):
    tag = "DismissibleBanner"
    close_label: Var[str]
    threshold: Var[int]


class RenderWhenReady(_SiteComponent):
    """Its first child until ``ready``, then its second, rendered in the background."""

    tag = "RenderWhenReady"
    ready: Var[bool]


class SlicedList(_SiteComponent):
    """Holds a list's ``SliceItem``s: ``first`` at once, then ``step`` more per task after
    each paint until all ``total`` are in (assets/site.jsx)."""

    tag = "SlicedList"
    total: Var[int]
    first: Var[int]
    step: Var[int]


class SliceItem(_SiteComponent):
    """One item of a ``SlicedList``, drawn once its slice has come."""

    tag = "SliceItem"
    index: Var[int]


def sliced_foreach(items: Var, render: Callable[[Var], rx.Component]) -> rx.Component:
    """``rx.foreach(items, render)`` drawn in slices: what fills the first screen in the
    render that brings the list, the rest after the browser has painted (issue 46)."""
    return SlicedList.create(
        rx.foreach(items, lambda item, index: SliceItem.create(render(item), index=index)),
        total=items.length(),
    )


scroll_to_top = ScrollToTop.create
uncaught_error_screen = UncaughtErrorScreen.create
page_loading_indicator = PageLoadingIndicator.create
loading_screen = LoadingScreen.create
dismissible_banner = DismissibleBanner.create
render_when_ready = RenderWhenReady.create
