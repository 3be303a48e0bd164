"""One module per route. Importing this package registers every page on ``PAGES``."""

from community_app.ui.layouts.frame import PAGES
from community_app.ui.pages import (  # noqa: F401  (each import registers its page)
    about,
    blog,
    complete_account,
    complete_telegram_account,
    confirm_sign_up,
    event_detail,
    event_register,
    events,
    home,
    job_alert_unsubscribe,
    job_detail,
    jobs,
    login,
    member,
    mypage,
    news,
    news_detail,
    not_found,
    password_reset,
    privacy,
    release_seat,
    search,
    speakers_register,
    terms,
    visa_guide,
)

__all__ = ["PAGES"]

from community_app.ui.pages import admin  # noqa: E402,F401  (the organizer back office)
