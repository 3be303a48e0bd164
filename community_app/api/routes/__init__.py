"""One router per area of the API."""

from community_app.api.routes.system import router as system_router

ROUTERS = [system_router]
