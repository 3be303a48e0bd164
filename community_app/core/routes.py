"""Every address of the site (SPEC section 2) and of the back office, builders for links
with parameters, and the one reader of an id in an address.

Below ``state/`` and ``ui/`` (standard library only): states redirect to these addresses
and pages link to them without an import running up the layers."""

from __future__ import annotations

import enum

HOME = "/"
ABOUT = "/about"
NEWS = "/news"
NEWS_DETAIL = "/news/[news_id]"
EVENTS = "/events"
EVENT_DETAIL = "/events/[event_type]/details/[event_id]"
EVENT_REGISTER = "/events/[event_type]/register/[event_id]"
LOGIN = "/login"
COMPLETE_ACCOUNT = "/completeAccount"
COMPLETE_TELEGRAM_ACCOUNT = "/completeAccount/telegram"  # a first sign-in with Telegram
SPEAKERS_REGISTER = "/speakers/register"
JOBS = "/jobs"
JOB_DETAIL = "/jobs/[job_id]"
VISA_GUIDE = "/jobs/visa-guide"
SEARCH = "/search"  # the site-wide search (?q=…&kind=…)
JOB_ALERT_UNSUBSCRIBE = "/job-alerts/unsubscribe/[token]"  # a digest's one-click link
MYPAGE = "/mypage"
MYPAGE_ALERTS = "/mypage?tab=alerts"  # the member's saved job searches (job alerts)
MYPAGE_DIGEST = "/mypage?tab=digest"  # the personal digest's choices and preview
DIGEST_UNSUBSCRIBE = "/digest/unsubscribe/[token]"  # the digest email's one-click link
ADMIN_DIGEST = "/admin/digest"  # the digest's audience and a test to oneself
MYPAGE_ACCOUNT = "/mypage?tab=account"  # My data: export, a pending deletion and its cancel
BLOG = "/blog"
BLOG_POST = "/blog/[post_id]"
MEMBER = "/members/[username]"  # a member's public page (opt-in)
TERMS = "/terms"
PRIVACY = "/privacy"
RELEASE_SEAT = "/release-seat/[token]"  # the reminder email's "I can't come" link
TALK = "/talks/[talk_ref]"  # a talk's page: /talks/<id>-<slug> (the id alone finds it)
SPEAKER = "/speakers/[speaker_ref]"  # a speaker's page: /speakers/<id>-<slug>
SPEAKER_TALK = "/speaker-talk/[token]"  # an accepted speaker's page: confirm, abstract, slides
FORGOT_PASSWORD = "/password-reset"  # ask for a reset link by email
PASSWORD_RESET = "/password-reset/[token]"  # the emailed link: set a new password
CONFIRM_SIGN_UP = "/signup/confirm/[token]"  # the emailed link: finish the sign-up, signed in

# The organizer back office: one address per view (organizers only).
ADMIN = "/admin"
ADMIN_MEETUPS = "/admin/meetups"
ADMIN_MEETUP = "/admin/meetups/[meetup_id]"
ADMIN_CHECK_IN = "/admin/meetups/[meetup_id]/check-in"
ADMIN_NEWS = "/admin/news"
ADMIN_NEWS_ITEM = "/admin/news/[news_id]"
ADMIN_JOBS = "/admin/jobs"
ADMIN_SPEAKERS = "/admin/speakers"
ADMIN_SPEAKER_REVIEWS = "/admin/speakers/reviews"  # organizers' scores, several decided at once
ADMIN_TALK_FEEDBACK = "/admin/meetups/[meetup_id]/feedback"  # every talk's ratings, and a CSV
ADMIN_PROGRAMME = "/admin/meetups/[meetup_id]/programme"  # talks in order, moved and edited
ADMIN_SPEAKER_PROFILES = "/admin/speaker-profiles"  # speakers as people, across meetups
ADMIN_COMMENTS = "/admin/comments"
ADMIN_SETTINGS = "/admin/settings"
ADMIN_AUDIT = "/admin/audit"



class Sample(enum.Enum):
    """A value of an address's ``[segment]`` that only the data can give. Checks that visit
    every page (tests/e2e/site_pages.py) read it from the demo data of their server."""

    NEWS = "a published news item's id"
    UPCOMING_MEETUP = "an upcoming meetup's id"
    PAST_MEETUP = "a past meetup's id"
    OPEN_JOB = "an open job post's id"
    BLOG_POST = "a published blog post's id"
    PUBLIC_MEMBER = "the username of a member whose public page is on"
    PAST_TALK = "the <id>-<slug> of a talk of a past meetup (with slides and a recording)"
    SPEAKER = "the <id>-<slug> of a speaker with a talk of a past meetup"
    SEAT_RELEASE = "the token of a reminder's release link for a seat held"


# The example of each ``[segment]`` name, used for a page that declares none of its own
# (``@page(..., examples=...)``). A new page whose segment is not here declares its
# examples where it is declared; tests/unit/test_page_registry.py fails until it does.
SEGMENT_SAMPLES: dict[str, str | Sample] = {
    "news_id": Sample.NEWS,
    "event_type": "upcoming",
    "event_id": Sample.UPCOMING_MEETUP,
    "meetup_id": Sample.UPCOMING_MEETUP,
    "job_id": Sample.OPEN_JOB,
    "post_id": Sample.BLOG_POST,
    "username": Sample.PUBLIC_MEMBER,
    "token": "not-a-token",  # a one-time link's page with a token it refuses
}

# Ids in addresses: positive, at most this many digits (larger ones are nobody's id).
MAX_ID_DIGITS = 18  # 19 digits could overflow the database's 64-bit ids


def route_id(raw: object) -> int | None:
    """The id an address carries (``/jobs/12`` -> 12): ASCII digits, positive, at most
    ``MAX_ID_DIGITS`` long; None for anything else (``12abc``, ``-1``, ``٣``, '')."""
    text = str(raw or "").strip()
    if not text.isascii() or not text.isdigit() or len(text) > MAX_ID_DIGITS:
        return None
    value = int(text)
    return value if value > 0 else None


def path_id(path: str, position: int = -1) -> int | None:
    """``route_id`` of one segment of a path (the last one unless told)."""
    segments = [s for s in (path or "").split("?")[0].split("/") if s]
    try:
        return route_id(segments[position])
    except IndexError:
        return None


def job_alert_unsubscribe(token: str) -> str:
    return f"/job-alerts/unsubscribe/{token}"


def password_reset(token: str) -> str:
    return f"/password-reset/{token}"


def confirm_sign_up(token: str) -> str:
    return f"/signup/confirm/{token}"


def admin_meetup(meetup_id: int | str) -> str:
    return f"/admin/meetups/{meetup_id}"


def admin_programme(meetup_id: int | str) -> str:
    return f"/admin/meetups/{meetup_id}/programme"


def admin_talk_feedback(meetup_id: int | str) -> str:
    return f"/admin/meetups/{meetup_id}/feedback"


def admin_check_in(meetup_id: int | str) -> str:
    return f"/admin/meetups/{meetup_id}/check-in"


def admin_news_item(news_id: int | str) -> str:
    return f"/admin/news/{news_id}"


def news_detail(news_id: int | str) -> str:
    return f"/news/{news_id}"


def event_detail(event_type: str, event_id: int | str) -> str:
    return f"/events/{event_type}/details/{event_id}"


def event_register(event_type: str, event_id: int | str) -> str:
    return f"/events/{event_type}/register/{event_id}"


def meetup_calendar(meetup_id: int | str) -> str:
    """The meetup's .ics (RFC 5545), served by the REST API (api/routes/calendar.py)."""
    return f"/api/v1/public/meetups/{meetup_id}/calendar.ics"


def release_seat(token: str) -> str:
    return f"/release-seat/{token}"


def speaker_talk(token: str) -> str:
    return f"/speaker-talk/{token}"


def ref_id(ref: object) -> int | None:
    """The id of an ``<id>-<slug>`` address part (``12-kafka-streams`` -> 12); the slug is
    only words for people and may be old or missing."""
    return route_id(str(ref or "").split("-", 1)[0])


def talk_page(talk_id: int, slug: str = "") -> str:
    return f"/talks/{talk_id}-{slug}" if slug else f"/talks/{talk_id}"


def speaker_page(speaker_id: int, slug: str = "") -> str:
    return f"/speakers/{speaker_id}-{slug}" if slug else f"/speakers/{speaker_id}"


def talk_slides(talk_id: int) -> str:
    """An uploaded slides PDF, served by the REST API (api/routes/talks.py)."""
    return f"/api/v1/public/talks/{talk_id}/slides.pdf"


def blog_post(post_id: int | str) -> str:
    return f"/blog/{post_id}"


def member_page(username: str) -> str:
    return f"/members/{username}"


def digest_unsubscribe(token: str) -> str:
    return f"/digest/unsubscribe/{token}"


def job_detail(job_id: int | str) -> str:
    return f"/jobs/{job_id}"


def shows_footer(route: str) -> bool:
    """Paths containing /auth or /login show only the header (SPEC section 2)."""
    return "/auth" not in route and "/login" not in route
