"""The one place that turns errors into the envelope and an HTTP status.

No request, however malformed, answers with a stack trace: unexpected errors are logged
and answered with a plain 500 envelope.
"""

from __future__ import annotations

import logging
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from community_app.api.schemas.rules import FIELD_RULE
from community_app.i18n import N_, gettext, normalize_language
from community_app.services.errors import DomainError, Invalid, InvalidMany
from community_app.services.ratelimit import TooManyRequests

log = logging.getLogger(__name__)

# The framework's own answers (an unknown address, a method the address does not take),
# in the asked language instead of the bare English status phrase.
_FRAMEWORK_MESSAGES = {
    404: N_("Not found."),
    405: N_("Method not allowed."),
}


def request_language(request: Request) -> str:
    return normalize_language(request.headers.get("accept-language", ""))


def envelope_response(status: int, message: str, data=None, headers=None) -> JSONResponse:
    return JSONResponse(
        status_code=status, content={"data": data, "message": message, "status": status},
        headers=headers,
    )


def install_error_handlers(api: FastAPI) -> None:
    @api.exception_handler(DomainError)
    async def _domain(request: Request, exc: DomainError):
        lang = request_language(request)
        message = gettext(exc.message_id, lang, **exc.params)
        data = None
        if isinstance(exc, Invalid):
            data = {"errors": {exc.field: message}}
        elif isinstance(exc, InvalidMany):
            data = {"errors": {f: gettext(m, lang) for f, m in exc.errors.items()}}
        headers = None
        if isinstance(exc, TooManyRequests):
            headers = {"Retry-After": str(exc.retry_after)}
        return envelope_response(exc.status, message, data, headers)

    @api.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        lang = request_language(request)
        errors: dict[str, str] = {}
        first_rule: str | None = None
        for err in exc.errors():
            loc = [str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path", "header")]
            key = ".".join(loc) or "request"
            if err.get("type") == FIELD_RULE:  # a rule of services.validation: its message
                params = (err.get("ctx") or {}).get("params") or {}
                message = gettext(err.get("msg", ""), lang, **params)
                first_rule = first_rule or message
            else:
                message = err.get("msg", "Invalid value")
            errors.setdefault(key, message)
        summary = first_rule or gettext(N_("Invalid information. Please check your details."), lang)
        return envelope_response(422, summary, {"errors": errors})

    @api.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        allowed = (exc.headers or {}).get("Allow")
        if exc.status_code == 405 and request.method == "OPTIONS" and allowed:
            # A plain OPTIONS (not a CORS preflight, which the CORS layer answers): say
            # which methods the path takes instead of refusing.
            return Response(status_code=204, headers={"Allow": f"{allowed}, OPTIONS"})
        detail = str(exc.detail)
        if exc.status_code in _FRAMEWORK_MESSAGES and detail == HTTPStatus(exc.status_code).phrase:
            detail = gettext(_FRAMEWORK_MESSAGES[exc.status_code], request_language(request))
        return envelope_response(exc.status_code, detail, headers=exc.headers)

    @api.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):
        log.exception("Unhandled error on %s %s", request.method, request.url.path)
        return envelope_response(500, gettext("Server error. Please try again later.", request_language(request)))
