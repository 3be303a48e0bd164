"""Personal messages by bot to a member's linked chat, through the Telegram queue.

``send_to_member`` is the one way to message a member on Telegram (the meetup emails of
services/meetups/emails.py use it; so can any other service, e.g. job alerts): it
queues the text (already in the member's language) once per ``key`` and returns False
when the member has no linked chat or Telegram is off, so the caller can send an email
instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from community_app.models import User
from community_app.services.mail_queue import Rendered
from community_app.services.telegram import queue


def send_to_member(
    session: Session,
    user: User,
    text: str,
    *,
    key: str,
    buttons: Sequence[tuple[str, str]] = (),
    photo: Rendered | None = None,
    fallback_mail: dict | None = None,
) -> bool:
    """Queue ``text`` for the member's linked chat, in the caller's transaction; False when
    nothing was queued (no chat, Telegram off, or ``key`` queued before).

    ``key``: what makes the message unique (``"job-alert:<user>:<week>"``); ``buttons``:
    ``(label, callback data)`` pairs; ``photo``: a mail-queue renderer drawn when sent;
    ``fallback_mail``: the email (``mail_queue.enqueue``'s arguments) to queue instead if
    the member blocked the bot meanwhile."""
    if user is None or user.telegram_chat_id is None or user.deleted_at is not None:
        return False
    return queue.enqueue(session, member_key(user.id, key), user.telegram_chat_id, text,
                         user_id=user.id, buttons=buttons, photo=photo,
                         fallback_mail=fallback_mail)


def member_key(user_id: int, key: str) -> str:
    """The queue key of a member's message (``send_to_member``'s ``key``)."""
    return f"member:{user_id}:{key}"
