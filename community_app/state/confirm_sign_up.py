"""/signup/confirm/<token>: the emailed sign-up link finishes the account, signs the
member in and goes to the home page (services/sign_up.py ``confirm_sign_up``)."""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx

from community_app.core.db import session_scope
from community_app.services import sign_up
from community_app.services import cache, tokens
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.messages import SERVER_ERROR, Message, from_error, message
from community_app.state.page_load import MemberView, PageRequest, link_token, read_session

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class Confirmed:
    """The link's outcome: the new member's tokens and account, or what went wrong."""

    pair: tokens.TokenPair | None = None
    member: MemberView | None = None
    failure: Message = dataclasses.field(default_factory=dict)


def read_confirmation(request: PageRequest) -> Confirmed:
    """Finish the account the link names (a write: never from the cache-only pass)."""
    cache.needs_database()
    token = link_token(request.path)
    try:
        with session_scope() as session:
            pair = sign_up.confirm_sign_up(session, token=token, client=request.client,
                                                user_agent=request.user_agent)
    except DomainError as exc:
        return Confirmed(failure=from_error(exc))
    except Exception:  # noqa: BLE001 - the page says so instead of breaking
        log.exception("A sign-up confirmation failed unexpectedly")
        return Confirmed(failure=message(SERVER_ERROR))
    try:
        member = read_session(pair.access_token, "").member
    except Exception:  # noqa: BLE001
        log.exception("Loading the new member failed unexpectedly")
        member = None
    if member is None:
        return Confirmed(failure=message(SERVER_ERROR))
    return Confirmed(pair, member)


# The home page's address after a confirmation: it says the member is signed in (issue 42).
WELCOME_QUERY = "welcome"


class ConfirmSignUpState(AuthState):
    outcome: str = "checking"  # checking | failed
    failure: Message = {}

    def _apply_load(self, done: Confirmed):
        """The page load's update (``state/page_load.py``): signed in and home, or why not."""
        if done.pair is None or done.member is None:
            self.outcome, self.failure = "failed", done.failure
            return None
        self.outcome, self.failure = "checking", {}
        self._store_tokens(done.pair)
        self._set_user(done.member)
        return rx.redirect(f"/?{WELCOME_QUERY}=1", replace=True)
