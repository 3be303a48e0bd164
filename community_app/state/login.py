"""The /login page: log in with password + emailed code, or sign up (SPEC sections 2, 4, 8)."""

from __future__ import annotations

import asyncio
import logging

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.services import auth as auth_service, sign_up
from community_app.services import tokens
from community_app.services.errors import DomainError, InvalidMany
from community_app.services.validation import (
    email_problem, name_problems, normalize_phone, phone_problem, same_site_path,
)
from community_app.state.auth import AuthState
from community_app.state.focus import focus_element
from community_app.state.lang import LangState
from community_app.state.page_load import PageRequest
from community_app.state.messages import (
    SERVER_ERROR, FormMessages, attempt, field_messages, from_error, message, ticked,
)

log = logging.getLogger(__name__)

VERIFICATION_FAILED = N_("Verification failed. Please try again.")
REGISTRATION_FAILED = N_("Registration failed. Please try again.")
CODE_RESENT = N_("We sent a new code to your email.")


class LoginState(FormMessages, AuthState):
    mode: str = "login"  # login | signup
    step: str = "credentials"  # credentials | otp
    signup_step: str = "contact"  # contact | password | sent (check your email)
    login_email: str = ""
    signup_email: str = ""
    signup_phone: str = ""
    signup_first_name: str = ""
    signup_last_name: str = ""
    # After the password was checked: a signed 10-minute ticket for "Resend code". The
    # password itself never leaves the event that carried it (nothing kept in the state).
    _login_ticket: str = ""

    @rx.var
    def next_path(self) -> str:
        return same_site_path(self.router.url.query_parameters.get("from"))

    @rx.var
    def registering_for_event(self) -> bool:
        return "/register/" in self.next_path

    def _apply_load(self, request: PageRequest):
        """The page load's update (``state/page_load.py``): a signed-in member has nothing
        to do here. Every arrival starts at the login form (``?mode=signup`` opens the
        sign-up form): a sign-up left half-way in this tab earlier is not what a member
        sent here to log in expects to see."""
        self._clear_messages()
        self.mode = "signup" if request.query.get("mode") == "signup" else "login"
        self.signup_step = "contact"
        self.step = "credentials"
        self.busy = False
        if request.member is not None:
            return rx.redirect(same_site_path(request.query.get("from")), replace=True)
        return None

    @rx.event
    def show_signup(self):
        self._clear_messages()
        self.mode = "signup"
        self.signup_step = "contact"

    @rx.event
    def show_login(self):
        self.mode = "login"
        self._to_credentials()

    def _to_credentials(self) -> None:
        """The login form's first step (email and password); a sent code's ticket is
        forgotten."""
        self._clear_messages()
        self.step = "credentials"
        self._login_ticket = ""

    async def _language(self) -> str:
        return (await self.get_state(LangState)).current

    # --- log in ------------------------------------------------------------------------

    @rx.event
    async def submit_credentials(self, form: dict):
        self._clear_messages()
        email = str(form.get("email", "")).strip()
        password = str(form.get("password", ""))
        self.login_email = email
        self.busy = True
        yield
        language = await self._language()
        client = self.router.session.client_ip

        def check_and_send_code() -> str:  # argon2, the database and mail: off the loop
            with session_scope() as session:
                user = auth_service.start_login(
                    session, email=email, password=password, language=language, client=client
                )
                return tokens.issue_login_ticket(user)

        sent = await attempt(check_and_send_code, SERVER_ERROR, "Login")
        self.busy = False
        self.error = sent.error
        if sent.ok:
            self._login_ticket = sent.result
            self.step = "otp"

    @rx.event
    async def resend_code(self):
        self._clear_messages()
        ticket = self._login_ticket
        if not ticket:
            self.step = "credentials"
            return
        language = await self._language()
        client = self.router.session.client_ip

        def send_new_code() -> None:
            with session_scope() as session:
                auth_service.resend_login_code(
                    session, ticket=ticket, language=language, client=client
                )

        sent = await attempt(send_new_code, SERVER_ERROR, "Resending a code")
        self.error = sent.error
        if sent.ok:
            self.notice = message(CODE_RESENT)

    @rx.event
    def back_to_login(self):
        self._to_credentials()

    @rx.event
    async def submit_code(self, form: dict):
        self._clear_messages()
        self.busy = True
        yield
        email, otp = self.login_email, str(form.get("otp", ""))
        client = self.router.session.client_ip
        agent = self.router.headers.user_agent

        def verify() -> tokens.TokenPair:
            with session_scope() as session:
                return auth_service.verify_login_code(session, email=email, otp=otp, client=client,
                                                      user_agent=agent)

        try:
            pair = await asyncio.to_thread(verify)
            self._store_tokens(pair)
            self._login_ticket = ""
            member = await asyncio.to_thread(self._member)
            if member is None:
                self.error = message(VERIFICATION_FAILED)
                return
            self.step = "credentials"
            yield rx.redirect(self._landing(member, self.next_path), replace=True)
        except DomainError as exc:
            self.error = from_error(exc)
        except Exception:  # noqa: BLE001
            log.exception("Code verification failed unexpectedly")
            self.error = message(VERIFICATION_FAILED)
        finally:
            self.busy = False

    # --- sign up -----------------------------------------------------------------------

    @rx.event
    def submit_contact(self, form: dict):
        self._clear_messages()
        self.signup_email = str(form.get("email", "")).strip()
        self.signup_phone = normalize_phone(str(form.get("phone", "")))
        self.signup_first_name = str(form.get("firstName", "")).strip()
        self.signup_last_name = str(form.get("lastName", "")).strip()
        problems = {
            name: problem
            for name, problem in {
                "email": email_problem(self.signup_email),
                "phone": phone_problem(self.signup_phone),
            }.items()
            if problem
        }
        problems.update(name_problems(self.signup_first_name, self.signup_last_name))
        if problems:
            self.errors = field_messages(InvalidMany(problems))
            return None
        self.signup_step = "password"
        # The contact step, Continue included, is gone: the next field takes the focus
        # (it fell to the page's body, issue 42).
        return focus_element("field-password")

    @rx.event
    def back_to_contact(self):
        self._clear_messages()
        self.signup_step = "contact"

    @rx.event
    async def submit_signup(self, form: dict):
        self._clear_messages()
        self.busy = True
        yield
        fields = {
            "email": self.signup_email,
            "phone": self.signup_phone,
            "password": str(form.get("password", "")),
            "confirm_password": str(form.get("confirmPassword", "")),
            "first_name": self.signup_first_name,
            "last_name": self.signup_last_name,
            "require_name": True,
            "language": await self._language(),
            "client": self.router.session.client_ip,
            "consent": ticked(form, "consent"),
            "news_emails": ticked(form, "newsEmails"),
        }

        def register() -> sign_up.SignUp:  # argon2, the database and mail: off the loop
            with session_scope() as session:
                return sign_up.register(session, **fields)

        registered = await attempt(register, REGISTRATION_FAILED, "Sign-up")
        self.busy = False
        refusal = registered.refusal
        if registered.ok:
            # The same for every address: a new one gets the link that finishes the account,
            # a known one an email saying it already has one.
            self.signup_step = "sent"
            self.login_email = self.signup_email
            self.notice = message(sign_up.CHECK_YOUR_EMAIL, email=registered.result.email)
        elif isinstance(refusal, InvalidMany):
            # Each message under its own field (red border, no second copy on top).
            self.errors = registered.errors
            if {"email", "phone", "firstName", "lastName"} & set(refusal.errors):
                self.signup_step = "contact"
        else:
            self.error = registered.error
            if refusal is not None:
                self.signup_step = "contact"
