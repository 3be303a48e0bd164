"""The visa and language fields of a job post form, shared by My Page's post form and the
back office's job editor (both checked by services/job_submissions.visa_fields)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.models import KoreanLevel, VisaStatus, WorkingLanguage
from community_app.ui.components.forms import error_text
from community_app.ui.i18n import t
from community_app.ui.styles import COLORS


def choice_select(label: str, name: str, options: dict[str, str], errors,
                  default_value: Any = "") -> rx.Component:
    """A native select with "Choose..." first (submits ``name``; "" when not chosen)."""
    return rx.vstack(
        rx.el.label(t(label), html_for=f"field-{name}", font_weight="500", font_size="14px"),
        rx.el.select(
            rx.el.option(t("Choose..."), value=""),
            *[rx.el.option(t(text), value=value) for value, text in options.items()],
            id=f"field-{name}", name=name, default_value=default_value,
            height="40px", padding_x="8px", border=f"1px solid {COLORS['border']}", border_radius="8px",
            background_color="white", width="100%",
        ),
        error_text(errors, name, id_=f"field-{name}-error"),
        spacing="1", width="100%",
    )


def choice_checks(legend: str, prefix: str, options: dict[str, str], name: str, errors,
                  chosen: Any = None) -> rx.Component:
    """A group of checkboxes, one ``<prefix><value>`` field per choice; ``chosen`` (a list
    var) ticks the stored values."""
    return rx.el.fieldset(
        rx.el.legend(t(legend), font_weight="500", font_size="14px", padding_bottom="4px"),
        rx.flex(
            *[
                rx.el.label(
                    rx.hstack(
                        rx.checkbox(name=f"{prefix}{value}", aria_label=t(label),
                                    default_checked=chosen.contains(value) if chosen is not None else False),
                        rx.text(t(label), size="2"),
                        align="center", spacing="1"),
                )
                for value, label in options.items()
            ],
            wrap="wrap", gap="8px 16px",
        ),
        error_text(errors, name, id_=f"field-{name}-error"),
        border="none", padding="0", margin="0", width="100%",
    )


def visa_fields(errors, *, visas: Any = None, sponsorship: Any = False, korean_level: Any = "",
                languages: Any = None) -> rx.Component:
    """Visa statuses, E-7 sponsorship, Korean level and working languages of a post (empty,
    or showing a stored post's values when given)."""
    return rx.vstack(
        choice_checks(N_("Visa statuses you can employ"), "visa_", VisaStatus.labels(), "visas",
                      errors, visas),
        rx.el.label(
            rx.hstack(rx.checkbox(name="visaSponsorship", default_checked=sponsorship,
                                  aria_label=t("We sponsor an E-7 visa")),
                      rx.text(t("We sponsor an E-7 visa")), align="center"),
        ),
        rx.grid(
            choice_select(N_("Korean level required"), "koreanLevel", KoreanLevel.labels(), errors,
                          korean_level),
            columns=rx.breakpoints(initial="1", sm="2"), gap="12px", width="100%",
        ),
        choice_checks(N_("Working languages"), "lang_", WorkingLanguage.labels(), "workingLanguages",
                      errors, languages),
        rx.link(t("What do the visa statuses mean?"), href=routes.VISA_GUIDE, size="2",
                is_external=True),
        spacing="3", width="100%", align="stretch",
    )
