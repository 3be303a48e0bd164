"""The Bot API through python-telegram-bot (its typed ``Bot``, keyboards, errors and
``Update`` parsing), pointed at ``COMMUNITY_TELEGRAM_API_URL``.

PTB is asynchronous; the site's queue is drained (and the webhook answered) in a worker
thread, so ``session()`` runs one event loop of that thread for a whole drain (one HTTP
client), never on the app's own loop."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Iterator, Sequence

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, LinkPreviewOptions
from telegram.error import BadRequest, Forbidden, RetryAfter, TelegramError
from telegram.request import HTTPXRequest

from community_app.core.settings import TelegramSettings, telegram_settings

__all__ = ["BadRequest", "Forbidden", "RetryAfter", "TelegramError", "BotSession", "make_bot",
           "keyboard", "session"]


def make_bot(cfg: TelegramSettings | None = None) -> Bot:
    cfg = cfg or telegram_settings()
    return Bot(
        cfg.bot_token,
        base_url=f"{cfg.api_url}/bot",
        base_file_url=f"{cfg.api_url}/file/bot",
        request=HTTPXRequest(connection_pool_size=2, connect_timeout=5.0, read_timeout=15.0,
                             write_timeout=15.0),
    )


def keyboard(buttons: Sequence[Sequence[str]]) -> InlineKeyboardMarkup | None:
    """One button a row: ``[(label, callback data), ...]``."""
    if not buttons:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=data)]
                                 for label, data in buttons])


@dataclasses.dataclass
class BotSession:
    """Synchronous calls on one bot, in one private event loop."""

    bot: Bot
    loop: asyncio.AbstractEventLoop

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def send(self, chat_id: str | int, text: str, *, buttons: Sequence[Sequence[str]] = (),
             link_url: str = "", photo: bytes | None = None) -> int:
        """Send a text (with the link's preview) or a photo with the text as its caption;
        the message's id."""
        markup = keyboard(buttons)
        if photo is not None:
            sent = self.run(self.bot.send_photo(chat_id, photo, caption=text[:1024],
                                                reply_markup=markup))
        else:
            preview = (LinkPreviewOptions(url=link_url, prefer_large_media=True) if link_url
                       else LinkPreviewOptions(is_disabled=True))
            sent = self.run(self.bot.send_message(chat_id, text[:4096], reply_markup=markup,
                                                  link_preview_options=preview))
        return sent.message_id


    def answer_callback(self, callback_id: str, text: str) -> None:
        """Answer a button's tap (Telegram shows ``text`` as a small notice)."""
        self.run(self.bot.answer_callback_query(callback_id, text=text[:200]))


@contextlib.contextmanager
def session(cfg: TelegramSettings | None = None) -> Iterator[BotSession]:
    """A bot for a few calls from this (worker) thread. Its calls need no ``getMe`` first
    (``Bot.initialize`` only fetches the bot's own name), so none is made."""
    loop = asyncio.new_event_loop()
    bot = make_bot(cfg)
    try:
        yield BotSession(bot, loop)
    finally:
        try:
            loop.run_until_complete(bot.request.shutdown())
        finally:
            loop.close()
