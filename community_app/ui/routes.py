"""Every route of the site (SPEC section 2) and builders for links with parameters."""

from __future__ import annotations

HOME = "/"
ABOUT = "/about"
NEWS = "/news"
NEWS_DETAIL = "/news/[news_id]"
EVENTS = "/events"
EVENT_DETAIL = "/events/[event_type]/details/[event_id]"
EVENT_REGISTER = "/events/[event_type]/register/[event_id]"
LOGIN = "/login"
COMPLETE_ACCOUNT = "/completeAccount"
SPEAKERS_REGISTER = "/speakers/register"
JOBS = "/jobs"
JOB_DETAIL = "/jobs/[job_id]"
MYPAGE = "/mypage"
BLOG = "/blog"
BLOG_POST = "/blog/[post_id]"
TERMS = "/terms"
PRIVACY = "/privacy"


def news_detail(news_id: int | str) -> str:
    return f"/news/{news_id}"


def event_detail(event_type: str, event_id: int | str) -> str:
    return f"/events/{event_type}/details/{event_id}"


def event_register(event_type: str, event_id: int | str) -> str:
    return f"/events/{event_type}/register/{event_id}"


def blog_post(post_id: int | str) -> str:
    return f"/blog/{post_id}"


def job_detail(job_id: int | str) -> str:
    return f"/jobs/{job_id}"


def shows_footer(route: str) -> bool:
    """Paths containing /auth or /login show only the header (SPEC section 2)."""
    return "/auth" not in route and "/login" not in route
