"""Error answers in the OpenAPI document, declared by one rule instead of per route.

Every error is the same envelope (``ErrorEnvelope``). Which ones an operation can answer
follows from its shape, so the document cannot forget one when a route is added:

- any operation: 422 (invalid parameters) and 429 is declared where a rate limit applies;
- an operation with a body: 400 (a body that cannot be read) and 413 (too large);
- a path with an ``{id}``: 404;
- an operation behind the bearer token: 401; under ``/admin``: 403 as well;
- an answer that is a file (ZIP, image, CSV) is documented as a binary string.
Routes declare what only they can answer (409 on sign-up, 401 on a failed login, ...)
with ``responses=`` as usual; those are kept.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, Field

ADMIN_PREFIX = "/api/v1/admin"
# The scheme name of a bearer token that an operation reads when sent but does not need
# (public comments: the viewer's own votes). Documented as optional, with no 401.
OPTIONAL_BEARER = "OptionalBearer"
BEARER = "HTTPBearer"

DESCRIPTIONS = {
    400: "The request cannot be read (malformed body) or a one-time code is wrong.",
    401: "No valid access token, or the credentials are wrong.",
    403: "Signed in, but not allowed (organizers only).",
    404: "No such item.",
    409: "Conflicts with the current state.",
    413: "The request body is too large.",
    422: "Invalid input: `data.errors` maps each field to its message.",
    429: "Too many attempts: wait the seconds given in `Retry-After`.",
}


class ErrorData(BaseModel):
    errors: dict[str, str] = Field(description="Field name -> translated message")


class ErrorEnvelope(BaseModel):
    """Every error answer: a translated message and the HTTP status."""

    data: ErrorData | None = None
    message: str
    status: int


def _error_response(code: int) -> dict[str, Any]:
    return {
        "description": DESCRIPTIONS[code],
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}},
    }


def error_codes(path: str, operation: dict[str, Any]) -> set[int]:
    codes = {422}
    if "requestBody" in operation:
        codes |= {400, 413}
    if "{" in path:
        codes.add(404)
    if any(BEARER in requirement for requirement in operation.get("security", [])):
        codes.add(401)
        if path.startswith(ADMIN_PREFIX):
            codes.add(403)
    return codes


def document_error_answers(api: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if api.openapi_schema:
            return api.openapi_schema
        schema = get_openapi(
            title=api.title, version=api.version, description=api.description, routes=api.routes,
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components.update(
            ErrorEnvelope.model_json_schema(ref_template="#/components/schemas/{model}")
            .pop("$defs", {})
        )
        components["ErrorEnvelope"] = ErrorEnvelope.model_json_schema(
            ref_template="#/components/schemas/{model}"
        )
        components["ErrorEnvelope"].pop("$defs", None)
        schemes = schema["components"].get("securitySchemes", {})
        schemes.pop(OPTIONAL_BEARER, None)
        for path, operations in schema.get("paths", {}).items():
            for operation in operations.values():
                codes = error_codes(path, operation)
                if any(OPTIONAL_BEARER in r for r in operation.get("security", [])):
                    operation["security"] = [{BEARER: []}, {}]  # with or without a token
                responses = operation.setdefault("responses", {})
                for answer in responses.values():  # files (ZIP, images, CSV): binary bodies
                    for media, content in (answer.get("content") or {}).items():
                        if not content.get("schema") and "json" not in media:
                            content["schema"] = {"type": "string", "format": "binary"}
                declared = {int(code) for code in responses if code.isdigit()}
                for code in sorted(codes | (declared & set(DESCRIPTIONS))):
                    if code == 422 and "422" in responses and "ErrorEnvelope" not in str(responses["422"]):
                        responses["422"] = _error_response(422)
                    elif str(code) not in responses or not responses[str(code)].get("content"):
                        responses[str(code)] = _error_response(code)
        api.openapi_schema = schema
        return schema

    api.openapi = openapi  # type: ignore[method-assign]
