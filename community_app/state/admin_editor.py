"""A back-office list with one form under it that edits the item picked in the list or a new
one (the programme's talks, the speaker profiles): what opening the form, removing an item
and saving one do, written once.

A mixin of an ``AdminState`` area (state/admin.py, which gives ``_run``). The area sets
``empty_form`` (the form of a new item, also its ``form`` default), fills ``_forms`` with
each listed item's form when it shows its list, and reads the list again in ``_reload``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import reflex as rx


class ItemEditor(rx.State, mixin=True):
    empty_form: ClassVar[dict[str, str]] = {}

    form: dict[str, str] = {}
    form_key: int = 0  # a new key draws the form again with its new values
    _forms: dict[int, dict[str, str]] = {}  # each listed item's form, by its id

    def _reload(self) -> None:
        """Read the list again and show it."""
        raise NotImplementedError

    def _open(self, values: Mapping[str, str]) -> None:
        self.form = dict(values)
        self.form_key += 1

    @rx.event
    def new_item(self):
        self._open(self.empty_form)

    @rx.event
    def edit_item(self, item_id: int):
        self._open(self._forms.get(item_id, self.empty_form))

    def _item_id(self) -> int:
        """The id of the item in the form (0 for a new one)."""
        return int(self.form.get("id") or 0)

    def _remove(self, write: Callable[[Any, int], Any], done: str) -> Any:
        """Remove the item (``write(session, organizer_id)``): the list read again and the
        form emptied."""
        ok, _, event = self._run(write, done)
        if ok:
            self._reload()
            self._open(self.empty_form)
        return event

    def _save(self, write: Callable[[Any, int], Any], done: str,
              form_of: Callable[[Any], Mapping[str, str]]) -> Any:
        """Save the form (``write`` returns the item as saved): the list read again and the
        form showing the saved item (``form_of`` it)."""
        ok, saved, event = self._run(write, done)
        if ok:
            self._reload()
            self._open(form_of(saved))
        return event
