"""Python wrapper of the browser-side countdown in ``assets/countdown.jsx``.

The countdown ticks every second in the browser (no server round trip per tick). The
page passes the target moment (ISO string or epoch milliseconds) and every text already
translated, so nothing in the JavaScript needs editing to change wording or language.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars.base import Var

from community_app.i18n import N_
from community_app.ui.i18n import t

_LIBRARY = "$/public/countdown.jsx"

# The units of the four boxes: days, hours, minutes, seconds; and their short labels in
# the one-line form ("3 d 4 h 12 min 5 sec").
UNITS = (N_("Days"), N_("Hours"), N_("Minutes"), N_("Seconds"))
SHORT_UNITS = (N_("d"), N_("h"), N_("min"), N_("sec"))


class Countdown(rx.Component):
    library = _LIBRARY
    tag = "Countdown"

    target: Var[str | int]
    days_label: Var[str]
    hours_label: Var[str]
    minutes_label: Var[str]
    seconds_label: Var[str]
    started_text: Var[str]
    compact: Var[bool]
    label: Var[str]


def countdown(target: Any, *, started_text: Any, compact: bool = False, **props: Any) -> rx.Component:
    """Four boxes (days, hours, minutes, seconds), or one line when ``compact``."""
    labels = [t(unit) for unit in (SHORT_UNITS if compact else UNITS)]
    return Countdown.create(
        target=target,
        days_label=labels[0],
        hours_label=labels[1],
        minutes_label=labels[2],
        seconds_label=labels[3],
        started_text=started_text,
        compact=compact,
        **props,
    )
