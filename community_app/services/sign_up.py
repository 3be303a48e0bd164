"""Signing up (SPEC section 4): every door (a password, Telegram, Google) ends in one
rule, ``start_sign_up`` for the doors that have not proven the address (confirmed by an
emailed link, ``confirm_sign_up``) and ``google_sign_up`` for Google's verified address;
each records the consents of the sign-up. The REST API and the site's states both call
these; signing in is ``services/auth.py``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.i18n import N_, normalize_language
from community_app.models import AccountTokenPurpose, ConsentKind, LoginMethod, User
from community_app.services import account_links, auth, email_proof, privacy, ratelimit, tokens
from community_app.services.errors import BadRequest, Conflict, InvalidMany, Unauthorized
from community_app.services.google import verify_google_credential
from community_app.services.passwords import hash_password
from community_app.services.users import get_user_by_email, normalize_email, unique_username
from community_app.services.validation import (
    confirmation_problem,
    email_problem,
    handle_problem,
    name_problems,
    normalize_phone,
    password_problem,
    phone_problem,
    username_problem,
)

SIGN_UP_LINK_TTL = dt.timedelta(hours=24)
SIGN_UP_PURPOSE = AccountTokenPurpose.CONFIRM_SIGN_UP.value

INVALID_SIGN_UP = N_("Invalid information. Please check your details.")
EMAIL_TAKEN = N_("Email already exists. Please use a different email.")
INVALID_COMPLETION = N_("Invalid information.")
IDENTITY_TAKEN = N_("Username or phone already exists.")
# Sign-ups racing for one handle (``ali.v@…`` and ``aliv@…`` both make ``aliv``): each round
# at least one of them saves its account and the others look again, so N racing sign-ups
# need N rounds at most. Ten rounds cover any burst a community site sees; the eleventh
# answers IDENTITY_TAKEN rather than loop.
SAVE_ATTEMPTS = 10
GOOGLE_ALREADY_REGISTERED = N_("This Google account is already registered. Please log in.")
GOOGLE_EMAIL_UNVERIFIED = N_(
    "Google has not verified the email of this account. Please sign up with your email instead."
)
USERNAME_TAKEN = N_("Username already exists. Please choose another one.")
CHECK_YOUR_EMAIL = N_(
    "Check your email: we sent a message to {email}. Open the link in it to finish signing up."
)
CONSENT_REQUIRED = N_("You must agree to the Terms of Service and the Privacy Policy")
SIGN_UP_LINK_INVALID = N_(
    "This sign-up link has expired or was already used. Log in, or sign up again."
)


def _chosen_orunique_username(session: Session, wanted: str | None, email: str,
                               seed: str = "", exclude: int | None = None) -> str:
    """``wanted`` when it is a valid handle no other account has, else one made from
    ``seed`` (the email's first part by default); ``exclude``: the account it is for."""
    wanted = (wanted or "").strip()
    others = [User.id != exclude] if exclude is not None else []
    if wanted and handle_problem(wanted) is None:
        taken = session.exec(
            select(User.id).where(sa.func.lower(User.username) == wanted.lower(), *others)
        ).first()
        if taken is None:
            return wanted
    return unique_username(session, seed or email.split("@")[0], exclude)


@dataclasses.dataclass(frozen=True)
class SignUp:
    """What a sign-up answers: the same for every address ("check your email"). ``user``
    is the account waiting for its confirmation link; None when no link was sent because
    the email belongs to another account, whose owner is told by email instead (no one
    learns who is a member)."""

    email: str
    username: str
    user: User | None


@dataclasses.dataclass(frozen=True)
class TelegramAccount:
    """The Telegram account a sign-up through Telegram will sign in with, once its email
    is confirmed (the widget's signed data, checked by services/telegram/login.py)."""

    telegram_id: int
    username: str
    first_name: str
    last_name: str
    photo_url: str | None

    @property
    def shown(self) -> str:
        """How the confirmation email names it: @handle, or the name."""
        if self.username:
            return f"@{self.username}"
        return f"{self.first_name} {self.last_name}".strip() or str(self.telegram_id)


def _mail_about_sign_up(to: str, language: str, subject: str, body: str, **params: object) -> None:
    account_links.send_account_mail(to, language, subject, body, **params)


def _tell_owner_of_sign_up(existing: User) -> None:
    _mail_about_sign_up(
        existing.email,
        existing.language,
        N_("Someone tried to sign up to {site} with your email"),
        N_(
            "Someone, perhaps you, tried to create a new {site} account with this email "
            "address. You already have an account.\n\nLog in: {url}/login\n"
            "Forgot your password? Set a new one: {url}/password-reset\n\n"
            "If it was not you, you can ignore this email; your account has not changed."
        ),
    )


def _send_sign_up_link(session: Session, user: User, telegram: TelegramAccount | None) -> None:
    token = account_links.issue(session, user, SIGN_UP_PURPOSE, SIGN_UP_LINK_TTL)
    link = account_links.sign_up_link(token)
    if telegram is None:
        _mail_about_sign_up(
            user.email,
            user.language,
            N_("Confirm your email to finish signing up to {site}"),
            N_(
                "Welcome to {site}! To finish creating your account, open this link within 24 "
                "hours; it signs you in:\n\n{link}\n\nIf you did not sign up, ignore this "
                "email: the account is not used and is deleted after 7 days."
            ),
            link=link,
        )
        return
    _mail_about_sign_up(
        user.email,
        user.language,
        N_("Confirm your email to finish signing up to {site}"),
        N_(
            "Welcome to {site}! You signed up with the Telegram account {telegram}. To finish "
            "creating your account, which will sign in with that Telegram account, open this "
            "link within 24 hours; it signs you in:\n\n{link}\n\nIf you did not sign up, "
            "or {telegram} is not your Telegram account, do not open the link: ignore this "
            "email and the account is deleted after 7 days."
        ),
        link=link, telegram=telegram.shown,
    )


def _is_pending(user: User) -> bool:
    """A sign-up whose address was never confirmed (no link opened, no code used)."""
    return user.verified_at is None and user.is_active and user.deleted_at is None


def consent_problems(consent: bool | None) -> dict[str, str]:
    """The Terms of Service and Privacy Policy box of every sign-up: ticked or left out
    (a REST client whose own form required it: docs/api.md) is agreement, unticked is
    refused."""
    return {"consent": CONSENT_REQUIRED} if consent is False else {}


def completion_problems(username: str | None, phone: str | None,
                        consent: bool | None) -> dict[str, str]:
    """What is wrong with the answers of a sign-up completing another door's identity
    (Google, Telegram): the optional handle and phone (checked when given) and the consent."""
    problems = {}
    if username is not None and username.strip():
        if message := username_problem(username):
            problems["username"] = message
    if phone is not None and phone.strip():
        if message := phone_problem(phone):
            problems["phone"] = message
    problems.update(consent_problems(consent))
    return problems


def record_sign_up_consents(session: Session, user_id: int, news_emails: bool) -> None:
    """What every sign-up agreed to: the Terms and the Privacy Policy (a sign-up without
    them is refused by ``consent_problems``), and news emails when ticked."""
    for kind in privacy.SIGN_UP_KINDS:
        privacy.give_consent(session, user_id, kind)
    if news_emails:
        privacy.give_consent(session, user_id, ConsentKind.NEWS_EMAILS.value)


def start_sign_up(
    session: Session,
    *,
    email: str,
    details: dict[str, object],
    username: str | None,
    news_emails: bool,
    telegram: TelegramAccount | None = None,
) -> SignUp:
    """Every sign-up that has not proven its address (a password sign-up, Telegram) ends
    here, and answers "check your email" whoever the address and the phone belong to.

    A new address gets an account waiting for its emailed link (``confirm_sign_up``); it
    can do nothing until then. An address still waiting is taken over by the newer sign-up:
    nothing of the earlier one stays (``email_proof.drop_unproven_sign_up``). The owner of a
    confirmed address is told by email instead. A phone number of another account is left
    out without a word (the member adds one on My Page): no answer or email tells whose a
    phone is. ``details``: the user columns the sign-up sets (``phone`` among them)."""
    for _ in range(SAVE_ATTEMPTS):
        existing = get_user_by_email(session, email)
        if existing is not None and not _is_pending(existing):
            _tell_owner_of_sign_up(existing)
            return SignUp(email, _chosen_orunique_username(session, username, email), None)
        if existing is not None:
            email_proof.drop_unproven_sign_up(session, existing)
        fields = dict(details)
        phone = fields.get("phone")
        if phone:
            owner = session.exec(select(User.id).where(User.phone == phone)).first()
            if owner is not None and (existing is None or owner != existing.id):
                fields["phone"] = None
        if telegram is not None:
            _release_unproven_telegram(session, telegram.telegram_id, keep=existing)
            fields.update(telegram_id=telegram.telegram_id,
                          telegram_username=telegram.username or None,
                          image_url=telegram.photo_url)
        handle = _chosen_orunique_username(
            session, username, email,
            seed=(telegram.username or telegram.first_name + telegram.last_name) if telegram else "",
            exclude=existing.id if existing is not None else None)
        user = existing or User(email=email, username=handle)
        user.username = handle
        for name, value in fields.items():
            setattr(user, name, value)
        if not _saved(session, user, existing):
            continue  # a concurrent sign-up took the handle, the email or the phone: look again
        record_sign_up_consents(session, user.id, news_emails)
        _send_sign_up_link(session, user, telegram)
        return SignUp(email, user.username, user)
    raise Conflict(IDENTITY_TAKEN)


def _saved(session: Session, user: User, existing: User | None) -> bool:
    """Insert or update ``user`` in a savepoint: False when a unique key (handle, email,
    phone, provider id) was taken meanwhile, the savepoint undone and ``existing`` (the
    account being reused, if any) read again."""
    try:
        with session.begin_nested():
            session.add(user)
    except sa.exc.IntegrityError:
        if existing is not None:
            session.refresh(existing)
        return False
    return True


def _release_unproven_telegram(session: Session, telegram_id: int, keep: User | None) -> None:
    """A Telegram account waiting on another unconfirmed sign-up (its owner typed another
    address first) is taken back from it."""
    session.execute(sa.update(User).where(
        User.telegram_id == telegram_id, User.verified_at.is_(None),
        *([User.id != keep.id] if keep is not None else []),
    ).values(telegram_id=None, telegram_username=None))


def register(
    session: Session,
    *,
    email: str,
    phone: str,
    password: str,
    confirm_password: str | None,
    language: str = "en",
    first_name: str = "",
    last_name: str = "",
    username: str | None = None,
    client: str = "",
    require_name: bool = False,
    consent: bool | None = None,
    news_emails: bool = False,
) -> SignUp:
    """Start a sign-up with a password: the answer is "check your email" for everyone
    (``start_sign_up``: the emailed link, valid ``SIGN_UP_LINK_TTL``, finishes it and
    signs in, and so does a first login, whose emailed code proves the address too;
    unconfirmed sign-ups are deleted after 7 days).

    ``confirm_password`` None: the client asked for no confirmation (a REST client whose
    form checks it). ``consent``: the Terms of Service and Privacy Policy box: True or left
    out records both (``consent_problems``), False refuses the sign-up. ``news_emails``: the
    optional news-emails agreement. ``username``: kept when it is a valid handle and free,
    otherwise one is made from the email; a sign-up is never refused for it. Hyphens and
    spaces in the phone number are dropped. ``client`` is the caller's address (sign-ups
    per address are limited)."""
    phone = normalize_phone(phone)
    problems = {
        field: message
        for field, message in {
            "email": email_problem(email),
            "phone": phone_problem(phone),
            "password": password_problem(password),
            "confirmPassword": (
                confirmation_problem(password, confirm_password)
                if confirm_password is not None
                else None
            ),
        }.items()
        if message
    }
    problems.update(consent_problems(consent))
    # The site's form asks for the name others will see; REST clients may leave it out.
    problems.update(name_problems(first_name, last_name, required=require_name))
    if problems:
        raise InvalidMany(problems, summary=INVALID_SIGN_UP)
    ratelimit.spend("sign-ups-address", client)
    email = normalize_email(email)
    password_hash = hash_password(password)  # every path takes the time of a real sign-up
    details = {"phone": phone, "first_name": first_name.strip()[:100],
               "last_name": last_name.strip()[:100], "password_hash": password_hash,
               "language": normalize_language(language)}
    return start_sign_up(session, email=email, details=details, username=username,
                         news_emails=news_emails)


def confirm_sign_up(
    session: Session, *, token: str, client: str = "", user_agent: str = "",
    now: dt.datetime | None = None,
) -> tokens.TokenPair:
    """Open the emailed sign-up link: the account is confirmed and signed in (tokens).
    A used, expired or unknown link is refused (and counts as a login failure of the
    client address)."""
    now = now or utcnow()
    ratelimit.ensure_allowed("login-failures-address", client)
    row = account_links.find_live(session, token, SIGN_UP_PURPOSE, now=now)
    user = session.get(User, row.user_id) if row is not None else None
    if (row is None or user is None or not user.is_active or user.deleted_at is not None
            or not account_links.spend(session, row, now=now)):
        ratelimit.record_failure("login-failures-address", client)
        raise BadRequest(SIGN_UP_LINK_INVALID)
    email_proof.prove_email(session, user, email_proof.SIGN_UP_LINK, now=now)
    privacy.record_sign_in(session, user, LoginMethod.PASSWORD.value, address=client,
                           user_agent=user_agent, now=now)
    return tokens.start_session(session, user, now=now)


# --- Google ------------------------------------------------------------------------------


def google_sign_up(
    session: Session,
    credential: str | None,
    *,
    username: str | None = None,
    phone: str | None = None,
    language: str = "en",
    consent: bool | None = None,
    news_emails: bool = False,
) -> tokens.TokenPair:
    """Create (or link) the account of a Google identity and sign it in. Username
    (letters only) and phone are optional; with the credential alone a username is
    made from the Google name.

    Nobody learns who is a member here: an email Google has not verified is refused
    whoever has it; a verified one is the caller's own (409 only tells them about their
    own address), and proves it (``email_proof.GOOGLE``): an unconfirmed sign-up of that
    address becomes this account, without anything it typed. A phone already registered
    gives the same answer as a free one (the account is made without it, without a word:
    no answer tells whose a phone is). A taken username is a 409: usernames are public
    handles, shown with every comment."""
    identity = verify_google_credential(credential)
    problems = completion_problems(username, phone, consent)
    if problems:
        raise InvalidMany(problems, summary=INVALID_COMPLETION)
    if not identity.email_verified:
        raise Unauthorized(GOOGLE_EMAIL_UNVERIFIED)
    if session.exec(select(User.id).where(User.google_sub == identity.subject)).first():
        raise Conflict(GOOGLE_ALREADY_REGISTERED)
    existing = get_user_by_email(session, identity.email)
    if existing is not None and email_proof.is_proven(existing):
        if existing.google_sub is not None:
            raise Conflict(EMAIL_TAKEN)
        user = auth.link_google_or_find(session, identity)
        assert user is not None
        privacy.record_sign_in(session, user, LoginMethod.GOOGLE.value)
        return tokens.start_session(session, user)
    if existing is not None:
        email_proof.prove_email(session, existing, email_proof.GOOGLE)

    wanted = (username or "").strip()
    phone = normalize_phone(phone) or None
    mine = [User.id != existing.id] if existing is not None else []
    for _ in range(SAVE_ATTEMPTS):
        if wanted and session.exec(select(User.id).where(User.username == wanted, *mine)).first():
            raise Conflict(USERNAME_TAKEN)
        if phone and session.exec(select(User.id).where(User.phone == phone, *mine)).first():
            phone = None
        user = existing or User(email=identity.email, username="")
        user.username = wanted or unique_username(
            session, identity.given_name + identity.family_name or identity.email.split("@")[0],
            existing.id if existing is not None else None)
        user.phone = phone
        user.first_name = identity.given_name[:100]
        user.last_name = identity.family_name[:100]
        user.image_url = identity.picture
        user.google_sub = identity.subject
        user.language = normalize_language(language)
        if existing is None:
            user.verified_at = utcnow()  # made by Google's verified address: proven at once
        if not _saved(session, user, existing):
            continue  # a concurrent sign-up took the handle, the phone or this identity: look again
        record_sign_up_consents(session, user.id, news_emails)
        privacy.record_sign_in(session, user, LoginMethod.GOOGLE.value)
        return tokens.start_session(session, user)
    raise Conflict(IDENTITY_TAKEN)
