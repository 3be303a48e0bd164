"""Sign-up and sign-in: /auth/* (SPEC sections 4, 7 and 8)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Body, Header, Request
from pydantic import BaseModel, Field, RootModel

from community_app.api.routing import Router
from community_app.api.schemas.rules import PHONE_FORMAT
from community_app.api.deps import ClientAddress, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.i18n import N_, gettext
from community_app.services import auth, sign_up
from community_app.services import password_reset as password_reset_service
from community_app.services.tokens import TokenPair

router = Router(prefix="/auth", tags=["auth"])

MAX_CREDENTIAL_BYTES = 16 * 1024


class RegisterBody(BaseModel):
    """Sign-up. The KO'DJ client sends ``{email, password, username, name, phone}``: its
    ``username`` is kept when valid and free, ``name`` stands in for ``firstName``, and a
    missing ``confirmPassword`` is not checked (its form checks it)."""

    email: str = Field(default="", max_length=254)
    phone: str = Field(default="", max_length=20, description=PHONE_FORMAT)
    password: str = Field(default="", max_length=128)
    confirmPassword: str | None = Field(
        default=None, max_length=128, description="Checked against password when sent"
    )
    firstName: str = Field(default="", max_length=100)
    lastName: str = Field(default="", max_length=100)
    username: str | None = Field(
        default=None,
        max_length=50,
        description="Kept when it is 2-50 letters, digits, '.', '-' or '_' and free; "
        "otherwise one is made from the email",
    )
    name: str | None = Field(default=None, max_length=100, description="firstName, if that is empty")
    role: str | None = Field(
        default=None, max_length=20, description="Ignored: every sign-up is a member"
    )
    consent: bool | None = Field(
        default=None,
        description="Agrees to the Terms of Service and the Privacy Policy: true records both, "
        "false is refused (422); left out counts as agreed and records both (a client "
        "whose own form requires the box, as the KO'DJ client's does)",
    )
    newsEmails: bool = Field(
        default=False,
        description="Agrees to emails about new meetups, news and jobs (withdrawable on My Page)",
    )


class RegisteredUser(BaseModel):
    """The same answer whether or not the email was already registered (its owner is told
    by email), so no id: the answer never tells who is a member. Nothing can be used yet:
    the account is finished by the link emailed to a new address (``POST
    /auth/register/confirm``) or by a first login with the emailed code."""

    email: str
    username: str = Field(description="the handle asked for or made; kept when confirmed "
                                      "unless another account took it in between")
    confirmationRequired: bool = True
    linkExpiresIn: int = Field(description="seconds the emailed sign-up link stays valid")


class TokenBody(BaseModel):
    token: str = Field(default="", max_length=100, description="the token of the emailed link "
                                                               "(the last part of its address)")


class PasswordResetBody(BaseModel):
    email: str = Field(default="", max_length=254)


class PasswordResetRequested(BaseModel):
    """The same answer for every address: no one learns who is a member."""

    email: str
    linkExpiresIn: int = Field(description="seconds an emailed reset link stays valid")


class PasswordResetConfirmBody(BaseModel):
    token: str = Field(default="", max_length=100, description="the token of the emailed link")
    password: str = Field(default="", max_length=128)
    confirmPassword: str | None = Field(
        default=None, max_length=128, description="Checked against password when sent"
    )


class LoginBody(BaseModel):
    email: str = Field(default="", max_length=254)
    password: str = Field(default="", max_length=128)
    ipAddress: str | None = Field(default=None, max_length=255, description="the page's host name")
    deviceType: str | None = Field(default=None, max_length=20, description="'web'")


class LoginStarted(BaseModel):
    email: str
    otpRequired: bool = True
    expiresIn: int = Field(description="seconds the emailed code stays valid")
    codeDigits: int = Field(description="digits of the emailed code (COMMUNITY_LOGIN_CODE_DIGITS)")


class VerifyBody(BaseModel):
    email: str = Field(default="", max_length=254)
    otp: str = Field(default="", max_length=12)


class Tokens(BaseModel):
    access_token: str
    refresh_token: str | None = None
    token_type: str = "Bearer"
    expires_in: int


class GoogleSignUpBody(BaseModel):
    credential: str = Field(default="", max_length=MAX_CREDENTIAL_BYTES)
    username: str | None = Field(default=None, max_length=50, description="letters only")
    phone: str | None = Field(default=None, max_length=20, description=PHONE_FORMAT)
    consent: bool | None = Field(
        default=None, description="Terms of Service and Privacy Policy, as in /auth/register")
    newsEmails: bool = Field(default=False, description="as in /auth/register")


def _tokens(pair: TokenPair) -> Tokens:
    return Tokens(
        access_token=pair.access_token, refresh_token=pair.refresh_token, expires_in=pair.expires_in
    )


def _text(request: Request, key: str) -> str:
    return gettext(key, request_language(request))


CredentialText = Annotated[str, Field(max_length=MAX_CREDENTIAL_BYTES)]


class GoogleCredential(RootModel[GoogleSignUpBody | CredentialText]):
    """The Google ID token alone (sent as ``text/plain``, or as a JSON string) or the JSON
    object ``{credential, username, phone}``: the KO'DJ client sends either."""

    def fields(self) -> GoogleSignUpBody:
        root = self.root
        if isinstance(root, GoogleSignUpBody):
            return root
        return GoogleSignUpBody(credential=root.strip())


GoogleBody = Annotated[
    GoogleCredential,
    Body(description="text/plain: the Google ID token; application/json: "
                     "{credential, username, phone} or the token as a string"),
]


@router.post("/register", status_code=202, responses={409: {}, 429: {}})
def register(
    body: RegisterBody, session: SessionDep, request: Request, client: ClientAddress
) -> Envelope[RegisteredUser]:
    """Sign up with email, phone (010XXXXXXXX, or a number from abroad: +998901234567)
    and a strong password: 202, "check your email", for every address. A new address
    gets a link (valid 24 hours) that finishes the account and signs in (``POST
    /auth/register/confirm``; a first login with the emailed code finishes it too); an
    address or phone already registered gets an email saying so, with a login and a
    password reset link."""
    signed_up = sign_up.register(
        session,
        email=body.email,
        phone=body.phone,
        password=body.password,
        confirm_password=body.confirmPassword,
        first_name=body.firstName or body.name or "",
        last_name=body.lastName,
        username=body.username,
        language=request_language(request),
        client=client,
        consent=body.consent,
        news_emails=body.newsEmails,
    )
    session.flush()
    return ok(
        RegisteredUser(email=signed_up.email, username=signed_up.username,
                       linkExpiresIn=int(sign_up.SIGN_UP_LINK_TTL.total_seconds())),
        gettext(sign_up.CHECK_YOUR_EMAIL, request_language(request), email=signed_up.email),
        202,
    )


@router.post("/register/confirm", responses={400: {}, 429: {}})
def confirm_registration(
    body: TokenBody, session: SessionDep, request: Request, client: ClientAddress
) -> Envelope[Tokens]:
    """Finish a sign-up with the token of the emailed link: answers tokens (signed in).
    The link works once, for 24 hours; otherwise 400."""
    pair = sign_up.confirm_sign_up(session, token=body.token, client=client,
                                user_agent=request.headers.get("user-agent", ""))
    return ok(_tokens(pair), _text(request, N_("Your account is ready. Welcome!")))


@router.post("/password-reset", status_code=202, responses={422: {}, 429: {}})
def password_reset(
    body: PasswordResetBody, session: SessionDep, request: Request, client: ClientAddress
) -> Envelope[PasswordResetRequested]:
    """Ask for a password reset link: 202 and the same answer for every address. An
    account of that email gets a link to ``/password-reset/<token>`` that works once, for
    30 minutes (only the newest one). Limited per email address and per client (429)."""
    email = password_reset_service.request_password_reset(session, email=body.email,
                                                          client=client)
    return ok(
        PasswordResetRequested(email=email,
                               linkExpiresIn=int(password_reset_service.RESET_TTL.total_seconds())),
        gettext(password_reset_service.RESET_LINK_SENT, request_language(request), email=email),
        202,
    )


@router.post("/password-reset/confirm", responses={400: {}, 422: {}, 429: {}})
def password_reset_confirm(
    body: PasswordResetConfirmBody, session: SessionDep, request: Request,
    client: ClientAddress,
) -> Envelope[None]:
    """Set a new password (the sign-up rules) with the token of the emailed link. Every
    sign-in of the account ends (its refresh tokens stop working) and the member is told by
    email; then log in with the new password. A used, expired or unknown token: 400."""
    password_reset_service.reset_password(
        session, token=body.token, password=body.password,
        confirm_password=body.confirmPassword, client=client,
    )
    return ok(None, _text(request, password_reset_service.PASSWORD_CHANGED))


@router.post("/login", responses={401: {}, 429: {}})
def login(
    body: LoginBody, session: SessionDep, request: Request, client: ClientAddress
) -> Envelope[LoginStarted]:
    """Check the password and email a code of ``COMMUNITY_LOGIN_CODE_DIGITS`` digits
    (default 6; valid 10 minutes, 5 tries).

    Unknown email and wrong password answer the same 401."""
    user = auth.start_login(
        session, email=body.email, password=body.password, language=request_language(request),
        client=client,
    )
    return ok(
        LoginStarted(
            email=user.email,
            expiresIn=int(auth.CODE_TTL.total_seconds()),
            codeDigits=auth.login_code_digits(),
        ),
        _text(request, auth.CODE_SENT),
    )


@router.post("/verify-login-otp", responses={401: {}, 429: {}})
def verify_login_otp(
    body: VerifyBody, session: SessionDep, request: Request, client: ClientAddress
) -> Envelope[Tokens]:
    """Exchange the emailed code for tokens: 400 for a wrong code, 401 when expired (or
    when no code is live for that email, known or not)."""
    pair = auth.verify_login_code(session, email=body.email, otp=body.otp, client=client,
                                  user_agent=request.headers.get("user-agent", ""))
    return ok(_tokens(pair), _text(request, N_("Login successful.")))


@router.get("/refresh-token", responses={401: {}})
def refresh_token(
    session: SessionDep,
    request: Request,
    refresh: Annotated[str | None, Header(alias="RefreshToken", max_length=4096)] = None,
) -> Envelope[Tokens]:
    """Rotate: answers a new pair; the presented refresh token stops working. Presenting
    an already-used one revokes the whole sign-in."""
    pair = auth.refresh(session, refresh)
    return ok(_tokens(pair), _text(request, N_("Token refreshed.")))


@router.post("/logout", responses={401: {}})
def logout(
    session: SessionDep,
    request: Request,
    refresh: Annotated[str | None, Header(alias="RefreshToken", max_length=4096)] = None,
) -> Envelope[None]:
    """End the sign-in of this refresh token (its whole family)."""
    auth.logout(session, refresh)
    return ok(None, _text(request, N_("Logged out.")))


@router.post("/google/sign-in", responses={401: {}})
def google_sign_in(
    request: Request, session: SessionDep, body: GoogleBody = GoogleCredential("")
) -> Envelope[Tokens]:
    """Sign in with a Google ID token sent as text/plain."""
    pair = auth.google_sign_in(session, body.fields().credential)
    return ok(_tokens(pair), _text(request, N_("Login successful.")))


@router.post("/google/sign-up", status_code=201, responses={401: {}, 409: {}})
def google_sign_up(
    request: Request, session: SessionDep, body: GoogleBody = GoogleCredential("")
) -> Envelope[Tokens]:
    """Create the account of a Google identity: JSON {credential, username (letters only),
    phone}, or the credential alone as text/plain. Answers tokens (signed in)."""
    fields = body.fields()
    pair = sign_up.google_sign_up(
        session,
        fields.credential,
        username=fields.username,
        phone=fields.phone,
        language=request_language(request),
        consent=fields.consent,
        news_emails=fields.newsEmails,
    )
    return ok(_tokens(pair), _text(request, N_("Registration complete.")), 201)
