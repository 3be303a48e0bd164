"""What the bot does with the updates Telegram delivers to ``/api/v1/telegram/webhook``
(the API route checks the secret-token header first):

- ``/start <token>``: the deep link from My Page links this chat to the member;
- ``/start`` alone: how to link, in the sender's Telegram language;
- ``/stop``, or the member blocking the bot: the chat is unlinked (email again);
- a tap on "Claim the seat" (``claim:<meetup>``): the seat offered is claimed at once,
  under the waitlist's own rules (``claim_offer``: the window, seats never oversold);
- a tap on "I can't come" (``release:<registration>``): the seat is released as by the
  reminder email's link (``release_by_token``).

``handle`` returns what to say back (a message, or the answer to a tap); the route sends it.
"""

from __future__ import annotations

import dataclasses
import logging

from sqlmodel import Session
from telegram import Update

from community_app.i18n import N_, gettext, normalize_language
from community_app.models import Meetup, MeetupRegistration, User
from community_app.services.errors import DomainError
from community_app.services.meetups import claim_offer
from community_app.services.meetups import release as seat_release
from community_app.services.telegram import linking

log = logging.getLogger(__name__)

LINKED = N_("Done: {site} will send your tickets, reminders and seat offers here. "
            "Choose what comes here on My Page; send /stop to unlink.")
LINK_EXPIRED = N_("This link has expired or was used already. Open My Page on the site and "
                  "link Telegram again.")
HOW_TO_LINK = N_("Hello! To get your tickets, reminders and seat offers here, open My Page "
                 "on the site and choose \"Link Telegram\".")
UNLINKED = N_("Unlinked: you will get your messages by email again.")
NOT_LINKED = N_("This chat is not linked to an account. Link it from My Page first.")
SEAT_CLAIMED = N_("The seat is yours! Your ticket follows.")
SEAT_PENDING = N_("Claimed: the organizers review the registrations for this event.")
UNKNOWN_BUTTON = N_("This button no longer works.")


@dataclasses.dataclass(frozen=True)
class Reply:
    chat_id: int | None = None  # send ``text`` to this chat
    callback_id: str | None = None  # or answer this tap with ``text``
    text: str = ""


def _lang(user: User | None, telegram_language: str | None) -> str:
    if user is not None:
        return normalize_language(user.language)
    return normalize_language((telegram_language or "")[:2])


def handle(session: Session, data: dict, site_name: str) -> list[Reply]:
    """Act on one update; what to send back (nothing for a body that is no update)."""
    try:
        update = Update.de_json(data, None)
    except (AttributeError, KeyError, TypeError, ValueError):
        log.warning("the Telegram webhook got a body that is not an update")
        return []
    if update is None:
        return []
    if update.my_chat_member is not None:
        if update.my_chat_member.new_chat_member.status in ("kicked", "left"):
            linking.unlink_chat(session, update.my_chat_member.chat.id)
        return []
    if update.callback_query is not None:
        return [_tap(session, update)]
    message = update.message
    if message is None or not message.text or message.chat.type != "private":
        return []
    chat_id = message.chat.id
    sender_lang = message.from_user.language_code if message.from_user else None
    command, _, payload = message.text.strip().partition(" ")
    command = command.split("@", 1)[0]
    if command == "/start":
        if not payload.strip():
            member = linking.member_of_chat(session, chat_id)
            return [Reply(chat_id, text=gettext(HOW_TO_LINK, _lang(member, sender_lang)))]
        user = linking.link_chat(session, payload.strip(), chat_id)
        if user is None:
            return [Reply(chat_id, text=gettext(LINK_EXPIRED, _lang(None, sender_lang)))]
        return [Reply(chat_id, text=gettext(LINKED, _lang(user, sender_lang), site=site_name))]
    if command == "/stop":
        user = linking.unlink_chat(session, chat_id)
        return [Reply(chat_id, text=gettext(UNLINKED if user else NOT_LINKED,
                                            _lang(user, sender_lang)))]
    return []


def _tap(session: Session, update: Update) -> Reply:
    tap = update.callback_query
    chat_id = tap.message.chat.id if tap.message is not None else tap.from_user.id
    user = linking.member_of_chat(session, chat_id)
    lang = _lang(user, tap.from_user.language_code)
    if user is None:
        return Reply(callback_id=tap.id, text=gettext(NOT_LINKED, lang))
    action, _, raw_id = (tap.data or "").partition(":")
    # Ids are ASCII digits within a database integer ("²".isdigit() is True; int() refuses it).
    if not (raw_id.isascii() and raw_id.isdigit() and len(raw_id) <= 18):
        return Reply(callback_id=tap.id, text=gettext(UNKNOWN_BUTTON, lang))
    if action == "claim":
        try:
            view = claim_offer(session, user.id, int(raw_id))
        except DomainError as error:
            session.rollback()
            return Reply(callback_id=tap.id, text=gettext(error.message_id, lang, **error.params))
        pending = getattr(view, "status", "") == "PENDING"
        return Reply(callback_id=tap.id, text=gettext(SEAT_PENDING if pending else SEAT_CLAIMED, lang))
    if action == "release":
        registration = session.get(MeetupRegistration, int(raw_id))
        if registration is None or registration.user_id != user.id:
            return Reply(callback_id=tap.id, text=gettext(UNKNOWN_BUTTON, lang))
        meetup = session.get(Meetup, registration.meetup_id)
        token = seat_release.release_token(registration, meetup)
        outcome = seat_release.release_by_token(session, token)
        return Reply(callback_id=tap.id,
                     text=gettext(seat_release.OUTCOME_TEXTS[outcome.outcome], lang))
    return Reply(callback_id=tap.id, text=gettext(UNKNOWN_BUTTON, lang))
