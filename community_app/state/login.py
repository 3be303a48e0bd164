"""The /login page: log in with password + emailed code, or sign up (SPEC sections 2, 4, 8)."""

from __future__ import annotations

import logging

import reflex as rx

from community_app.db import session_scope
from community_app.i18n import N_
from community_app.services import auth as auth_service
from community_app.services.errors import DomainError, InvalidMany
from community_app.services.validation import email_problem, phone_problem
from community_app.state.auth import AuthState
from community_app.state.lang import LangState
from community_app.state.messages import Message, field_messages, from_error, message

log = logging.getLogger(__name__)

VERIFICATION_FAILED = N_("Verification failed. Please try again.")
REGISTRATION_FAILED = N_("Registration failed. Please try again.")
SERVER_ERROR = N_("Server error. Please try again later.")
FORGOT_PASSWORD = N_("Soon we will add this feature to help you reset your password")
CODE_RESENT = N_("We sent a new code to your email.")


def _safe_next(value: str | None) -> str:
    """Only same-site paths: never an open redirect."""
    if value and value.startswith("/") and not value.startswith("//") and "\\" not in value:
        return value
    return "/"


class LoginState(AuthState):
    mode: str = "login"  # login | signup
    step: str = "credentials"  # credentials | otp
    signup_step: str = "contact"  # contact | password
    login_email: str = ""
    signup_email: str = ""
    signup_phone: str = ""
    busy: bool = False
    error: Message = {}
    notice: Message = {}
    errors: dict[str, Message] = {}
    _pending_password: str = ""

    def _reset_messages(self) -> None:
        self.error = {}
        self.notice = {}
        self.errors = {}

    @rx.var
    def next_path(self) -> str:
        return _safe_next(self.router.url.query_parameters.get("from"))

    @rx.var
    def registering_for_event(self) -> bool:
        return "/register/" in self.next_path

    @rx.event
    def open_page(self):
        """On load: a signed-in member has nothing to do here."""
        self._reset_messages()
        self.step = "credentials"
        self.busy = False
        if self.show_signed_in and self._member() is not None:
            return rx.redirect(self.next_path, replace=True)

    @rx.event
    def show_signup(self):
        self._reset_messages()
        self.mode = "signup"
        self.signup_step = "contact"

    @rx.event
    def show_login(self):
        self._reset_messages()
        self.mode = "login"
        self.step = "credentials"
        self._pending_password = ""

    @rx.event
    def forgot_password(self):
        self._reset_messages()
        self.notice = message(FORGOT_PASSWORD)

    async def _language(self) -> str:
        return (await self.get_state(LangState)).current

    # --- log in ------------------------------------------------------------------------

    @rx.event
    async def submit_credentials(self, form: dict):
        self._reset_messages()
        email = str(form.get("email", "")).strip()
        password = str(form.get("password", ""))
        self.login_email = email
        self.busy = True
        yield
        try:
            with session_scope() as session:
                auth_service.start_login(
                    session, email=email, password=password, language=await self._language()
                )
            self._pending_password = password
            self.step = "otp"
        except DomainError as exc:
            self.error = from_error(exc)
        except Exception:  # noqa: BLE001 - the page says so instead of breaking
            log.exception("Login failed unexpectedly")
            self.error = message(SERVER_ERROR)
        finally:
            self.busy = False

    @rx.event
    async def resend_code(self):
        self._reset_messages()
        if not self._pending_password:
            self.step = "credentials"
            return
        try:
            with session_scope() as session:
                auth_service.start_login(
                    session,
                    email=self.login_email,
                    password=self._pending_password,
                    language=await self._language(),
                )
            self.notice = message(CODE_RESENT)
        except DomainError as exc:
            self.error = from_error(exc)

    @rx.event
    def back_to_login(self):
        self._reset_messages()
        self.step = "credentials"
        self._pending_password = ""

    @rx.event
    async def submit_code(self, form: dict):
        self._reset_messages()
        self.busy = True
        yield
        try:
            with session_scope() as session:
                pair = auth_service.verify_login_code(
                    session, email=self.login_email, otp=str(form.get("otp", ""))
                )
            self._store_tokens(pair)
            self._pending_password = ""
            if self._member() is None:
                self.error = message(VERIFICATION_FAILED)
                return
            self.step = "credentials"
            yield rx.redirect(self.next_path, replace=True)
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
        self._reset_messages()
        self.signup_email = str(form.get("email", "")).strip()
        self.signup_phone = str(form.get("phone", "")).strip()
        problems = {
            name: problem
            for name, problem in {
                "email": email_problem(self.signup_email),
                "phone": phone_problem(self.signup_phone),
            }.items()
            if problem
        }
        if problems:
            self.errors = field_messages(InvalidMany(problems))
            return
        self.signup_step = "password"

    @rx.event
    def back_to_contact(self):
        self._reset_messages()
        self.signup_step = "contact"

    @rx.event
    async def submit_signup(self, form: dict):
        self._reset_messages()
        self.busy = True
        yield
        try:
            with session_scope() as session:
                auth_service.register(
                    session,
                    email=self.signup_email,
                    phone=self.signup_phone,
                    password=str(form.get("password", "")),
                    confirm_password=str(form.get("confirmPassword", "")),
                    language=await self._language(),
                )
            self.mode = "login"
            self.step = "credentials"
            self.login_email = self.signup_email
            self.notice = message(N_("Account created. Please log in."))
        except InvalidMany as exc:
            self.errors = field_messages(exc)
            self.error = from_error(exc)
            if {"email", "phone"} & set(exc.errors):
                self.signup_step = "contact"
        except DomainError as exc:
            self.error = from_error(exc)
            self.signup_step = "contact"
        except Exception:  # noqa: BLE001
            log.exception("Sign-up failed unexpectedly")
            self.error = message(REGISTRATION_FAILED)
        finally:
            self.busy = False
