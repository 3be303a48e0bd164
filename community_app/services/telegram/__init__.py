"""Telegram: channel announcements, the bot's personal messages, linking a member's chat,
the webhook, and sign-in with the Telegram Login Widget (docs/telegram.md).

Everything here is off while ``COMMUNITY_TELEGRAM_BOT_TOKEN`` is empty
(``core.settings.telegram_settings``)."""
