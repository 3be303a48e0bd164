"""What the shared cache knows (``services/cache.py``): the topics a cached value is read
from, the kinds of cached values and their topic, and which tables each topic reads."""

from __future__ import annotations

# Topics: what a cached value was read from.
MEETUPS_TOPIC = "meetups"
NEWS_TOPIC = "news"
JOBS_TOPIC = "jobs"
STATISTICS_TOPIC = "statistics"
# The site settings row (maintenance switch, contact email) every page load reads, and the
# site copy of the home and About pages (projects, benefits, people).
SITE_TOPIC = "site"
CONTENT_TOPIC = "content"
# Members as the sign-in check of a page load reads them (active, name, role).
USERS_TOPIC = "users"
# Members' published blog posts (the shared-link heads and feeds read them).
BLOG_TOPIC = "blog"
TOPICS = (
    MEETUPS_TOPIC, NEWS_TOPIC, JOBS_TOPIC, STATISTICS_TOPIC, SITE_TOPIC, CONTENT_TOPIC, USERS_TOPIC,
    BLOG_TOPIC,
)
# What a member's name or picture appears in.
MEMBER_TOPICS = (MEETUPS_TOPIC, NEWS_TOPIC, JOBS_TOPIC, STATISTICS_TOPIC, USERS_TOPIC, BLOG_TOPIC)

# Kinds of the site's state caches, each read from one topic.
UPCOMING_EVENTS = "upcoming_events"
PAST_EVENTS = "past_events"
EVENT_DETAILS = "event_details"
NEWS = "news"
NEWS_DETAILS = "news_details"
SITE_SETTINGS = "site_settings"
STATISTICS = "statistics"
SITE_CONTENT = "site_content"
MEMBERS = "members"
# One job post and one blog post as a shared link shows them (services/seo.py).
JOB_DETAILS = "job_details"
BLOG_POSTS = "blog_posts"
KIND_TOPIC = {
    UPCOMING_EVENTS: MEETUPS_TOPIC,
    PAST_EVENTS: MEETUPS_TOPIC,
    EVENT_DETAILS: MEETUPS_TOPIC,
    NEWS: NEWS_TOPIC,
    NEWS_DETAILS: NEWS_TOPIC,
    SITE_SETTINGS: SITE_TOPIC,
    STATISTICS: STATISTICS_TOPIC,
    SITE_CONTENT: CONTENT_TOPIC,
    MEMBERS: USERS_TOPIC,
    JOB_DETAILS: JOBS_TOPIC,
    BLOG_POSTS: BLOG_TOPIC,
}
KINDS = tuple(KIND_TOPIC)
EVENT_KINDS = (UPCOMING_EVENTS, PAST_EVENTS, EVENT_DETAILS)

# Which topics read which table. Tables listed with no topic change nothing public; a table
# missing here (a new one) expires every topic, so forgetting it is slow, never stale.
TABLE_TOPICS: dict[str, tuple[str, ...]] = {
    "meetups": (MEETUPS_TOPIC, STATISTICS_TOPIC),
    # A meetup's programme (its details show the talks and their speakers; the KO'DJ
    # contract's keynoteSessions and speakers are made from them) and the speaker count.
    "talks": (MEETUPS_TOPIC,),
    "speaker_profiles": (MEETUPS_TOPIC, STATISTICS_TOPIC),
    "talk_speakers": (MEETUPS_TOPIC, STATISTICS_TOPIC),
    "meetup_registrations": (MEETUPS_TOPIC,),
    "door_check_ins": (),  # the door's phones (attendance reads the registrations)
    "meetup_waitlist": (MEETUPS_TOPIC,),
    "registration_questions": (MEETUPS_TOPIC,),  # the event page's registration form
    "registration_answers": (),  # organizers only: nothing cached
    "meetup_notes": (MEETUPS_TOPIC,),
    "meetup_reviews": (MEETUPS_TOPIC,),
    "news": (NEWS_TOPIC,),
    "comments": (NEWS_TOPIC,),
    "comment_votes": (NEWS_TOPIC,),
    "job_posts": (JOBS_TOPIC,),
    # Names and pictures of attendees, authors and posters; the member count.
    "users": MEMBER_TOPICS,
    "site_settings": TOPICS,
    "speaker_applications": (STATISTICS_TOPIC,),
    "application_reviews": (),  # organizers' scores of applications: back office only
    "talk_stars": (),  # members' own starred talks: read per member, never cached
    "talk_feedback": (),  # ratings of talks: shown to the speaker and organizers only
    "audit_log": (),
    "login_codes": (),
    "refresh_tokens": (),
    "account_tokens": (),  # emailed password reset and sign-up links
    "password_reset_requests": (),  # a queued "forgot password" request: nothing cached
    "blog_posts": (BLOG_TOPIC,),
    "affiliated_projects": (CONTENT_TOPIC,),
    "benefits": (CONTENT_TOPIC,),
    "team_members": (CONTENT_TOPIC,),
    "alembic_version": (),
    # Bookkeeping no cached answer shows: the scheduler claims a run every few seconds,
    # which must not expire every cached page (a table missing here expires them all).
    "scheduled_tasks": (),
    "login_events": (),
    "data_exports": (),
    "consents": (),
    "mail_queue": (),  # meetup emails waiting to be sent (services/mail_queue.py)
    "search_documents": (),  # the search index: searches are not cached (services/search_index.py)
    "saved_job_searches": (),  # members' job alerts (services/job_alerts.py)
    "job_alert_deliveries": (),
    "digest_settings": (),  # members' digest choices (services/digest/): never cached
    "digest_sends": (),
    "telegram_queue": (),  # the bot's messages waiting to be sent (services/telegram/queue.py)
    "telegram_login_seen": (),  # used login-widget payloads (services/telegram/login.py)
}
