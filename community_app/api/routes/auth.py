"""Sign-up and sign-in: /auth/* (SPEC sections 4, 7 and 8)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Body, Header, Request
from pydantic import BaseModel, Field, RootModel

from community_app.api.routing import Router
from community_app.api.deps import ClientAddress, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.i18n import N_, gettext
from community_app.services import auth
from community_app.services.tokens import TokenPair

router = Router(prefix="/auth", tags=["auth"])

MAX_CREDENTIAL_BYTES = 16 * 1024


class RegisterBody(BaseModel):
    """Sign-up. The KO'DJ client sends ``{email, password, username, name, phone}``: its
    ``username`` is kept when valid and free, ``name`` stands in for ``firstName``, and a
    missing ``confirmPassword`` is not checked (its form checks it)."""

    email: str = Field(default="", max_length=254)
    phone: str = Field(default="", max_length=20, description="010XXXXXXXX (hyphens allowed)")
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


class RegisteredUser(BaseModel):
    """The same answer whether or not the email was already registered (its owner is told
    by email), so no id: the answer never tells who is a member."""

    email: str
    username: str


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
    phone: str | None = Field(default=None, max_length=20, description="010XXXXXXXX")


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


@router.post("/register", status_code=201, responses={409: {}, 429: {}})
def register(
    body: RegisterBody, session: SessionDep, request: Request, client: ClientAddress
) -> Envelope[RegisteredUser]:
    """Create an account with email, phone (010XXXXXXXX) and a strong password; then log in.
    An email or phone already registered answers the same (the owner is emailed)."""
    signed_up = auth.register(
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
    )
    session.flush()
    return ok(
        RegisteredUser(email=signed_up.email, username=signed_up.username),
        _text(request, N_("Account created. Please log in.")),
        201,
    )


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
    pair = auth.google_sign_up(
        session,
        fields.credential,
        username=fields.username,
        phone=fields.phone,
        language=request_language(request),
    )
    return ok(_tokens(pair), _text(request, N_("Registration complete.")), 201)
