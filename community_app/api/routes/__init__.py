"""One router per area of the API."""

from community_app.api.routes.admin import router as admin_router
from community_app.api.routes.auth import router as auth_router
from community_app.api.routes.calendar import router as calendar_router
from community_app.api.routes.digest import router as digest_router
from community_app.api.routes.job_alerts import router as job_alerts_router
from community_app.api.routes.jobs import router as jobs_router
from community_app.api.routes.media import router as media_router
from community_app.api.routes.meetups import router as meetups_router
from community_app.api.routes.members import router as members_router
from community_app.api.routes.news import router as news_router
from community_app.api.routes.privacy import router as privacy_router
from community_app.api.routes.release import router as release_router
from community_app.api.routes.search import router as search_router
from community_app.api.routes.speakers import router as speakers_router
from community_app.api.routes.statistics import router as statistics_router
from community_app.api.routes.tickets import router as tickets_router
from community_app.api.routes.system import router as system_router
from community_app.api.routes.talk_people import router as talk_people_router
from community_app.api.routes.talks import router as talks_router
from community_app.api.routes.telegram import router as telegram_router
from community_app.api.routes.users import router as users_router
from community_app.api.routes.waitlist import router as waitlist_router

ROUTERS = [
    system_router,
    auth_router,
    users_router,
    telegram_router,
    privacy_router,
    media_router,
    meetups_router,
    talks_router,
    waitlist_router,
    talk_people_router,
    release_router,
    tickets_router,
    calendar_router,
    news_router,
    members_router,
    jobs_router,
    job_alerts_router,
    digest_router,
    statistics_router,
    speakers_router,
    search_router,
    admin_router,
]
