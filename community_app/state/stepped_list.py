"""A list page shown a step at a time: 'Load more' under the cards (SPEC section 9)."""

from __future__ import annotations

from typing import ClassVar

import reflex as rx


class SteppedList(rx.State, mixin=True):
    """The page's ``visible`` cards of those its choices select (its own ``_show`` puts
    them in ``cards``). A page opens with ``step`` cards, 'Load more' adds ``step`` more,
    and a new choice (a filter, the sort, a search) starts again at the first step."""

    step: ClassVar[int] = 10

    def _show(self) -> None:
        """The cards of the current choices, at most ``visible`` of them."""
        raise NotImplementedError

    def _from_first_step(self) -> None:
        self.visible = self.step
        self._show()

    @rx.event
    def load_more(self):
        self.visible += self.step
        self._show()
