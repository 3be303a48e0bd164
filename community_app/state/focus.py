"""Moving the keyboard focus from an event handler (WCAG 2.4.3 Focus Order): after an
action that removes or disables the focused control, focus goes to a chosen element
instead of falling back to the page's start."""

from __future__ import annotations

import json

import reflex as rx


def focus_element(element_id: str):
    """Focus the element with ``element_id`` once it is rendered and no dialog is open
    (the state change sent with this event may add the element or close the dialog, and
    a closing Radix dialog moves focus itself): tried every 20 ms for up to a second.

    A member who has meanwhile put the cursor in a field (a quick typist clicking into
    "Confirm password" while the form's next step renders) keeps it: focus never moves
    out of a text field they chose after this event."""
    target = json.dumps(element_id)
    return rx.call_script(
        "(function () { const start = document.activeElement;"
        " const typing = () => { const a = document.activeElement;"
        " return a && a !== start && a.matches('input, textarea, select, [contenteditable=true]'); };"
        " (function f(n) { setTimeout(() => {"
        " const e = document.getElementById(" + target + ");"
        " const open = document.querySelector('[role=dialog], [role=alertdialog]');"
        " if (typing()) { return; }"
        " if (e && !open) { setTimeout(() => { if (!typing()) { e.focus(); } }, 30); }"
        " else if (n > 0) { f(n - 1); }"
        " }, 20); })(50); })()"
    )


def opener_id(kind: str, item_id: int | str) -> str:
    """The id of the button that opened a dialog about ``item_id`` (focus goes back to it
    when the dialog closes without a change)."""
    return f"{kind}-{item_id}"


def reveal_element(element_id: str):
    """Scroll the element with ``element_id`` into view once it is rendered (a message the
    state change sent with this event shows): tried every 20 ms for up to a second. The
    page's ``scroll-padding-top`` (site.css) keeps it clear of the sticky header."""
    target = json.dumps(element_id)
    return rx.call_script(
        "(function f(n) { setTimeout(() => {"
        " const e = document.getElementById(" + target + ");"
        " if (e) { e.scrollIntoView({block: 'nearest'}); } else if (n > 0) { f(n - 1); }"
        " }, 20); })(50)"
    )
