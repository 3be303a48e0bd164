"""Style tokens of SPEC section 9: colours, breakpoints, sizes. Use these, not literals."""

from __future__ import annotations

from reflex_base.breakpoints import set_breakpoints

# Breakpoints (px). A responsive style list maps to: [<480, 480+, 640+, 768+, 1140+, 1280+]
BREAKPOINTS = ("480px", "640px", "768px", "1140px", "1280px")
set_breakpoints(BREAKPOINTS)  # responsive style lists use these, not Reflex's defaults
MOBILE_BREAKPOINT = 768  # below this the header shows the menu toggle

HEADER_MAX_WIDTH = "1140px"
CONTENT_MAX_WIDTH = "1140px"
# The page's centred column (its body, the footer's row): full width up to CONTENT_MAX_WIDTH.
PAGE_COLUMN = {
    "width": "100%",
    "max_width": CONTENT_MAX_WIDTH,
    "margin_x": "auto",
    "padding_x": ["16px", "16px", "16px", "24px"],
}

COLORS = {
    "primary": "#1d4ed8",
    "primary_dark": "#1e3a8a",
    "accent": "#0ea5a4",
    "text": "#0f172a",
    "muted": "#475569",
    "border": "#e2e8f0",
    "surface": "#ffffff",
    "background": "#f8fafc",
    "danger": "#dc2626",
    "badge": "#dc2626",  # white text 4.8:1 (WCAG AA)
    "footer_bg": "#0f172a",
    "footer_text": "#cbd5e1",
}

BUTTON_HEIGHTS = {"mini": "32px", "xs": "36px", "sm": "36px", "md": "44px", "lg": "52px"}
MODAL_WIDTHS = {"sm": "400px", "md": "560px", "lg": "720px", "xl": "900px", "full": "90%"}

FONT_STACK = (
    "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans KR', "
    "'Helvetica Neue', Arial, sans-serif"
)

# The columns of a list's or a section's cards: one on phones, two from 640 px, three from
# 1140 px (``minmax(0, …)``: a long word never widens a column past the page).
CARD_COLUMNS = [
    "minmax(0, 1fr)",
    "minmax(0, 1fr)",
    "repeat(2, minmax(0, 1fr))",
    "repeat(2, minmax(0, 1fr))",
    "repeat(3, minmax(0, 1fr))",
]

# Shown on mobile widths only / desktop widths only (the 768 px breakpoint).
MOBILE_ONLY = ["flex", "flex", "flex", "none"]
DESKTOP_ONLY = ["none", "none", "none", "flex"]

GLOBAL_STYLE = {
    "font_family": FONT_STACK,
    "color": COLORS["text"],
    "background_color": COLORS["background"],
    "::selection": {"background_color": "#c7d2fe"},
    # Visible keyboard focus everywhere.
    ":focus-visible": {"outline": f"2px solid {COLORS['primary']}", "outline_offset": "2px"},
}

# A white box with the border and round corners of SPEC section 9: cards and panels.
CARD_STYLE = {
    "background_color": "white",
    "border": f"1px solid {COLORS['border']}",
    "border_radius": "16px",
}

# A column of flex items, for an element that is not a Flex (an article, a list, a link).
FLEX_COLUMN = {"display": "flex", "flex_direction": "column"}
# A row of them that wraps onto the next line (chips, faces).
FLEX_WRAP = {"display": "flex", "flex_wrap": "wrap"}

# A stack as wide as its parent, its items as wide as itself (a form's fields, a menu).
STRETCH_COLUMN = {"width": "100%", "align": "stretch"}

# A stack of lines centred one under the other: a message, a person's name, a dialog's outcome.
CENTRED_LINES = {"align": "center", "text_align": "center"}

# A link to another site: it opens in a new tab, which gets no hold on this one.
NEW_TAB = {"target": "_blank", "rel": "noopener noreferrer"}

# Read by screen readers, not shown (labels, status texts, "opens in a new tab"): site.css's
# class_name="uzdev-sr-only".
