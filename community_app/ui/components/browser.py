"""Python wrappers of the browser-only behaviours in ``assets/site.jsx``."""

from __future__ import annotations

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


scroll_to_top = ScrollToTop.create
uncaught_error_screen = UncaughtErrorScreen.create
page_loading_indicator = PageLoadingIndicator.create
loading_screen = LoadingScreen.create
dismissible_banner = DismissibleBanner.create
render_when_ready = RenderWhenReady.create
