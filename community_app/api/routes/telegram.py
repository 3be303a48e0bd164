"""Telegram: the bot's webhook (/telegram/webhook), a member's bot link and message
choices (/users/me/telegram...). Everything answers 404 while Telegram is not set up.
See docs/telegram.md."""

from __future__ import annotations

import logging
from typing import Annotated, Literal

from fastapi import Header, Request
from pydantic import BaseModel, ConfigDict, Field

from community_app.api.deps import ClientAddress, CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import translated
from community_app.api.routing import Router
from community_app.api.schemas.rules import PHONE_FORMAT
from community_app.core.settings import get_settings, telegram_settings
from community_app.core.signing import same_secret
from community_app.i18n import N_, gettext
from community_app.services.errors import NotFound, Unauthorized
from community_app.api.errors import request_language
from community_app.api.routes.auth import RegisteredUser, Tokens, _tokens
from community_app.services.sign_up import CHECK_YOUR_EMAIL, SIGN_UP_LINK_TTL
from community_app.services.telegram import bot_api, linking, login, webhook

log = logging.getLogger(__name__)
router = Router(tags=["telegram"])

NOT_SET_UP = N_("Telegram is not set up on this site.")
WRONG_SECRET = N_("Not a request from Telegram.")
LINK_READY = N_("Open the link to link Telegram.")
UNLINKED = N_("Telegram unlinked: messages come by email.")
SAVED = N_("Saved.")

Choice = Literal["email", "telegram", "both"]


class TelegramOut(BaseModel):
    available: bool = Field(description="The site has a Telegram bot members can link")
    loginAvailable: bool = Field(description="Sign in with Telegram is shown")
    botName: str
    chatLinked: bool = Field(description="The bot's chat is linked: messages may come by Telegram")
    accountLinked: bool = Field(description="The account signs in with Telegram")
    telegramUsername: str | None
    notify: dict[str, Choice] = Field(
        description="Per kind (confirmation, reminder, offer): email, telegram or both")

    @classmethod
    def of(cls, s: linking.TelegramStatus) -> TelegramOut:
        return cls(available=s.available, loginAvailable=s.login_available, botName=s.bot_name,
                   chatLinked=s.chat_linked, accountLinked=s.account_linked,
                   telegramUsername=s.telegram_username, notify=s.notify)


class LinkOut(BaseModel):
    url: str = Field(description="https://t.me/<bot>?start=<one-time token>, good for 30 minutes")


class TelegramLoginIn(BaseModel):
    """What the Telegram Login Widget gives (its own field names), signed by Telegram."""

    id: int
    first_name: str | None = Field(default=None, max_length=200)
    last_name: str | None = Field(default=None, max_length=200)
    username: str | None = Field(default=None, max_length=64)
    photo_url: str | None = Field(default=None, max_length=500)
    auth_date: int
    hash: str = Field(max_length=128)

    def signed(self) -> dict:
        return self.model_dump(exclude_none=True)


class TelegramSignUpIn(BaseModel):
    telegram: TelegramLoginIn
    email: str = Field(max_length=254, description="Telegram gives none: the member's address")
    username: str | None = Field(default=None, max_length=50, description="letters only")
    phone: str | None = Field(default=None, max_length=20, description=PHONE_FORMAT)
    consent: bool | None = Field(default=None, description="as in /auth/register: true or left "
                                 "out agrees, false is refused (422)")
    newsEmails: bool = Field(default=False, description="as in /auth/register")


class ChoicesIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    confirmation: Choice | None = None
    reminder: Choice | None = None
    offer: Choice | None = None


@router.post("/telegram/webhook", include_in_schema=False)
def telegram_webhook(
    payload: dict,
    session: SessionDep,
    secret: Annotated[str | None, Header(alias="X-Telegram-Bot-Api-Secret-Token")] = None,
) -> dict:
    """Updates from Telegram (checked with the secret token set with setWebhook)."""
    cfg = telegram_settings()
    if not cfg.bot_linking_enabled:
        raise NotFound(NOT_SET_UP)
    if not secret or not same_secret(secret, cfg.webhook_secret):
        raise Unauthorized(WRONG_SECRET)
    replies = webhook.handle(session, payload, get_settings().site_name)
    session.commit()  # the link, the claim or the release holds before it is announced
    if replies:
        try:
            with bot_api.session(cfg) as bot:
                for reply in replies:
                    if reply.callback_id:
                        bot.answer_callback(reply.callback_id, reply.text)
                    elif reply.chat_id is not None:
                        bot.send(reply.chat_id, reply.text)
        except bot_api.TelegramError as error:  # the change is made; only the answer is lost
            log.warning("could not answer on Telegram: %s", error)
    return {"ok": True}


@router.get("/users/me/telegram", response_model=Envelope[TelegramOut])
def my_telegram(user: CurrentUser) -> Envelope[TelegramOut]:
    """Whether Telegram is linked, and how each kind of meetup message comes."""
    return ok(TelegramOut.of(linking.status(user)))


@router.post("/users/me/telegram/link", response_model=Envelope[LinkOut], responses={422: {}})
def link_telegram(user: CurrentUser, session: SessionDep, request: Request) -> Envelope[LinkOut]:
    """A one-time deep link to the bot: opening it and pressing Start links the chat."""
    return ok(LinkOut(url=linking.start_link(session, user.id)), translated(request, LINK_READY))


@router.delete("/users/me/telegram/link", response_model=Envelope[TelegramOut])
def unlink_telegram(user: CurrentUser, session: SessionDep,
                    request: Request) -> Envelope[TelegramOut]:
    """No more bot messages: everything comes by email."""
    return ok(TelegramOut.of(linking.unlink_member(session, user.id)), translated(request, UNLINKED))


@router.put("/users/me/telegram/notifications", response_model=Envelope[TelegramOut],
            responses={422: {}})
def telegram_choices(body: ChoicesIn, user: CurrentUser, session: SessionDep,
                     request: Request) -> Envelope[TelegramOut]:
    """Email, Telegram or both, per kind of meetup message."""
    choices = {k: v for k, v in body.model_dump().items() if v is not None}
    return ok(TelegramOut.of(linking.set_choices(session, user.id, choices)),
              translated(request, SAVED))


@router.post("/auth/telegram/sign-in", response_model=Envelope[Tokens], responses={401: {}})
def telegram_sign_in(body: TelegramLoginIn, session: SessionDep,
                     request: Request) -> Envelope[Tokens]:
    """Sign in with the Telegram Login Widget's signed data (checked as Telegram documents
    it: HMAC-SHA-256 keyed with the SHA-256 of the bot token, auth_date at most
    COMMUNITY_TELEGRAM_LOGIN_MAX_AGE seconds old, each payload once). 401 "No account
    found..." when no account has this Telegram account: complete with /auth/telegram/sign-up."""
    pair = login.sign_in(session, body.signed())
    return ok(_tokens(pair), translated(request, N_("Login successful.")))


@router.post("/auth/telegram/sign-up", status_code=202, response_model=Envelope[RegisteredUser],
             responses={401: {}, 409: {}, 422: {}, 429: {}})
def telegram_sign_up(body: TelegramSignUpIn, session: SessionDep, request: Request,
                     client: ClientAddress) -> Envelope[RegisteredUser]:
    """Sign up with a Telegram identity and the email Telegram does not give: like
    ``/auth/register``, 202 "check your email" for every address and phone; the account,
    which signs in with this Telegram account, is finished by the emailed link (``POST
    /auth/register/confirm``). The form's fields are checked first (422); then the widget
    payload is spent, whatever the answer (sign up again with a new one). 409 only when
    this Telegram account already signs in to an account; 429 past the limits per client
    address and per Telegram account."""
    signed_up = login.sign_up(session, body.telegram.signed(), email=body.email,
                              username=body.username, phone=body.phone,
                              language=request_language(request), consent=body.consent,
                              news_emails=body.newsEmails, client=client)
    session.flush()
    return ok(
        RegisteredUser(email=signed_up.email, username=signed_up.username,
                       linkExpiresIn=int(SIGN_UP_LINK_TTL.total_seconds())),
        gettext(CHECK_YOUR_EMAIL, request_language(request), email=signed_up.email),
        202,
    )


@router.post("/users/me/telegram/account", response_model=Envelope[TelegramOut],
             responses={401: {}, 409: {}})
def link_telegram_account(body: TelegramLoginIn, user: CurrentUser, session: SessionDep,
                          request: Request) -> Envelope[TelegramOut]:
    """Sign in with this Telegram account from now on too (the widget's signed data)."""
    linked = login.link_account(session, user.id, body.signed())
    return ok(TelegramOut.of(linking.status(linked)), translated(request, SAVED))


@router.delete("/users/me/telegram/account", response_model=Envelope[TelegramOut])
def unlink_telegram_account(user: CurrentUser, session: SessionDep,
                            request: Request) -> Envelope[TelegramOut]:
    """No more signing in with Telegram (the emailed code always works)."""
    return ok(TelegramOut.of(linking.status(login.unlink_account(session, user.id))),
              translated(request, SAVED))
