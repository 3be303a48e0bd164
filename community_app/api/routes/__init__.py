"""One router per area of the API."""

from community_app.api.routes.auth import router as auth_router
from community_app.api.routes.system import router as system_router
from community_app.api.routes.users import router as users_router

ROUTERS = [system_router, auth_router, users_router]
