"""Every enumeration of the site, in one place, each value with its English label (a
message id: ``gettext`` gives the Uzbek) and, where clients send other spellings, aliases.

``Enum.labels()`` is value -> message id for a page's ``t()``; ``Enum.label_texts()`` is
value -> ``{"en": ..., "uz": ...}`` for a state that holds both languages. The tables
(``models/*.py``) store the values; forms, the back office and the API read the labels
here instead of keeping their own lists.
"""

from __future__ import annotations

from community_app.i18n import N_
from community_app.models._base import LabelledEnum, StrEnum


class Role(StrEnum):
    MEMBER = "member"
    ORGANIZER = "organizer"


class Language(StrEnum):
    EN = "en"
    UZ = "uz"


class BlogStatus(LabelledEnum):
    DRAFT = "DRAFT", N_("Draft")
    PUBLISHED = "PUBLISHED", N_("Published")


class NewsType(LabelledEnum):
    TECH = "TECH", N_("Tech")
    MEETUP = "MEETUP", N_("Meetup")
    SOCIAL = "SOCIAL", N_("Social")


class JobStatus(LabelledEnum):
    OPEN = "OPEN", N_("Open")
    CLOSED = "CLOSED", N_("Closed")
    FILLED = "FILLED", N_("Filled")
    PENDING = "PENDING", N_("Pending")


class JobType(LabelledEnum):
    FULL_TIME = "FULL_TIME", N_("Full-time")
    PART_TIME = "PART_TIME", N_("Part-time")
    CONTRACT = "CONTRACT", N_("Contract")
    INTERNSHIP = "INTERNSHIP", N_("Internship")
    FREELANCE = "FREELANCE", N_("Freelance")


class JobCategory(LabelledEnum):
    BACKEND = "BACKEND", N_("Backend")
    FRONTEND = "FRONTEND", N_("Frontend")
    FULLSTACK = "FULLSTACK", N_("Full-stack")
    MOBILE = "MOBILE", N_("Mobile")
    DEVOPS = "DEVOPS", N_("DevOps")
    DATA = "DATA", N_("Data")
    AI = "AI", N_("AI")
    QA = "QA", N_("QA")
    DESIGN = "DESIGN", N_("Design")
    OTHER = "OTHER", N_("Other")


class Experience(LabelledEnum):
    LESS_THAN_1 = "less_than_1", N_("Less than 1 year")
    ONE_TO_THREE = "1-3", N_("1-3 years")
    THREE_TO_FIVE = "3-5", N_("3-5 years")
    FIVE_TO_TEN = "5-10", N_("5-10 years")
    TEN_PLUS = "10+", N_("10+ years")


class Expertise(LabelledEnum):
    FRONTEND = "frontend", N_("Frontend")
    BACKEND = "backend", N_("Backend")
    FULLSTACK = "fullstack", N_("Full-stack")
    MOBILE = "mobile", N_("Mobile")
    DEVOPS = "devops", N_("DevOps")
    DATA = "data", N_("Data")
    AI = "ai", N_("AI / Machine learning")
    BLOCKCHAIN = "blockchain", N_("Blockchain")
    SECURITY = "security", N_("Security")
    GAMEDEV = "gamedev", N_("Game development")
    OTHER = "other", N_("Other")


class ApplicationStatus(LabelledEnum):
    NEW = "NEW", N_("New")
    IN_REVIEW = "IN_REVIEW", N_("In review")
    ACCEPTED = "ACCEPTED", N_("Accepted")
    REJECTED = "REJECTED", N_("Rejected")


class RegistrationStatus(LabelledEnum):
    PENDING = "PENDING", N_("Pending")
    ACCEPTED = "ACCEPTED", N_("Accepted")
    REJECTED = "REJECTED", N_("Rejected")
    CANCELLED = "CANCELLED", N_("Cancelled")


class SeatKind(LabelledEnum):
    """Which seats a registration or a waitlist place is for: each kind has its own limit
    and its own waitlist (services/meetups/seats.py)."""

    IN_PERSON = "IN_PERSON", N_("In person")
    ONLINE = "ONLINE", N_("Online")


class QuestionKind(LabelledEnum):
    """The kinds of an organizer's own registration question (services/meetups/questions.py)."""

    SHORT_TEXT = "SHORT_TEXT", N_("Short text")
    LONG_TEXT = "LONG_TEXT", N_("Long text")
    ONE_CHOICE = "ONE_CHOICE", N_("One choice")
    CHOICES = "CHOICES", N_("Several choices")
    YES_NO = "YES_NO", N_("Yes or no")


class WaitlistStatus(LabelledEnum):
    """A place on a full meetup's waitlist. WAITING and OFFERED are live (one per member
    and meetup); an OFFERED entry holds a seat until it is claimed or its window ends."""

    WAITING = "WAITING", N_("Waiting")
    OFFERED = "OFFERED", N_("Seat offered")
    CLAIMED = "CLAIMED", N_("Seat claimed")
    DECLINED = "DECLINED", N_("Offer declined")
    EXPIRED = "EXPIRED", N_("Offer expired")
    LEFT = "LEFT", N_("Left the waitlist")


# The event registration form. Aliases: the spellings the KO'DJ client posts.
class AttendanceReason(LabelledEnum):
    FIRST_TIME = "first_time", N_("First time"), "first-time"
    ATTENDED_BEFORE = "attended_before", N_("Attended before"), "several-times"
    NETWORKING = "networking", N_("Networking")
    LEARNING = "learning", N_("Learning")
    JOB_OPPORTUNITIES = "job_opportunities", N_("Job opportunities"), "job-opportunities"
    OTHERS = "others", N_("Others")


class InterestedField(LabelledEnum):
    AI = "ai", N_("AI")
    BACKEND = "backend", N_("Backend")
    FRONTEND = "frontend", N_("Frontend")
    UI = "ui", N_("UI/UX"), "UI"
    MOBILE = "mobile", N_("Mobile")
    CLOUD = "cloud", N_("Cloud")
    CYBER = "cyber", N_("Cybersecurity")
    DATA = "data", N_("Data")


# Residence statuses a post can employ (Immigration Act of Korea; facts on /jobs/visa-guide).
# Aliases: the sub-status F-2-R (regional) counts as F-2, and spellings without the dash.
class VisaStatus(LabelledEnum):
    D2 = "D-2", N_("D-2 Student (part-time with permission)"), "D2"
    D10 = "D-10", N_("D-10 Job seeker"), "D10"
    E7 = "E-7", N_("E-7 Specific activities"), "E7"
    E9 = "E-9", N_("E-9 Non-professional employment (EPS)"), "E9"
    F2 = "F-2", N_("F-2 Residence (incl. F-2-R regional)"), "F2", "F-2-R", "F2R"
    F4 = "F-4", N_("F-4 Overseas Korean"), "F4"
    F5 = "F-5", N_("F-5 Permanent residence"), "F5"
    F6 = "F-6", N_("F-6 Marriage migrant"), "F6"
    H1 = "H-1", N_("H-1 Working holiday"), "H1"


# The Korean a post requires, in rising order ("at most" filters by this order).
class KoreanLevel(LabelledEnum):
    NONE = "NONE", N_("No Korean needed")
    TOPIK_1 = "TOPIK_1", N_("TOPIK 1"), "1"
    TOPIK_2 = "TOPIK_2", N_("TOPIK 2"), "2"
    TOPIK_3 = "TOPIK_3", N_("TOPIK 3"), "3"
    TOPIK_4 = "TOPIK_4", N_("TOPIK 4"), "4"
    TOPIK_5 = "TOPIK_5", N_("TOPIK 5"), "5"
    TOPIK_6 = "TOPIK_6", N_("TOPIK 6"), "6"
    BUSINESS = "BUSINESS", N_("Business-fluent Korean")

    @classmethod
    def at_most(cls, level: KoreanLevel) -> list[str]:
        """The levels up to and including ``level``."""
        members = list(cls)
        return [m.value for m in members[: members.index(level) + 1]]


class WorkingLanguage(LabelledEnum):
    EN = "en", N_("English")
    KO = "ko", N_("Korean")
    UZ = "uz", N_("Uzbek")
    RU = "ru", N_("Russian")


class ConsentKind(LabelledEnum):
    TERMS = "terms", N_("Terms of Service")
    PRIVACY = "privacy", N_("Privacy Policy")
    ATTENDEE_LIST = "attendee_list", N_("Name on the attendee list of a meetup")
    # Optional, asked at sign-up and withdrawable on My Page at any time (marketing-type).
    NEWS_EMAILS = "news_emails", N_("Emails about new meetups, news and jobs")

    @classmethod
    def withdrawable(cls) -> frozenset[str]:
        """Kinds a member may withdraw and give again on My Page. Terms and privacy hold
        while the account exists (deleting the account ends them); an attendee-list
        agreement ends with the registration it came with."""
        return frozenset({cls.NEWS_EMAILS.value})


# My Page words two statuses for the member they belong to: their post waits for review,
# their accepted registration means they are registered. Every other status keeps its label.
MEMBER_STATUS_LABELS = {
    JobStatus.PENDING.value: N_("Waiting for review"),
    RegistrationStatus.ACCEPTED.value: N_("Registered"),
}


class AccountTokenPurpose(StrEnum):
    """What an emailed single-use link does (models/user.py AccountToken)."""

    PASSWORD_RESET = "password_reset"
    CONFIRM_SIGN_UP = "confirm_sign_up"
    TELEGRAM_LINK = "telegram_link"  # the bot's one-time deep link (services/telegram/linking.py)


class LoginMethod(StrEnum):
    PASSWORD = "password"
    GOOGLE = "google"
    TELEGRAM = "telegram"


class ExportStatus(StrEnum):
    PENDING = "PENDING"  # waiting for the scheduler
    RUNNING = "RUNNING"  # claimed by one worker
    READY = "READY"  # the ZIP is built; its link works once, for 24 hours
    DOWNLOADED = "DOWNLOADED"
    EXPIRED = "EXPIRED"
    FAILED = "FAILED"


class MailKind(StrEnum):
    """The emails of a meetup that go through the mail queue (services/mail_queue.py)."""

    CONFIRMATION = "confirmation"  # registered (ACCEPTED or PENDING), with the .ics
    ACCEPTED = "accepted"  # an organizer accepted a PENDING registration
    REJECTED = "rejected"  # ... or rejected it
    OFFER = "offer"  # a seat offered from the waitlist
    REMINDER = "reminder"  # 48 h before, with the "release my seat" link
    JOB_DIGEST = "job-digest"  # a saved job search's digest (services/job_alerts.py)
    STREAM = "stream"  # an online seat's stream link, before the start (issue 45)
    DIGEST = "digest"  # a member's personal digest (services/digest/)


class SearchKind(StrEnum):
    """What the site-wide search finds (services/search.py; the page names them)."""

    MEETUP = "meetup"
    NEWS = "news"
    JOB = "job"
    BLOG = "blog"
    TALK = "talk"


class AlertFrequency(LabelledEnum):
    """How often a saved job search sends its digest (services/job_alerts.py)."""

    DAILY = "DAILY", N_("Daily")
    WEEKLY = "WEEKLY", N_("Weekly")


class MailStatus(StrEnum):
    PENDING = "PENDING"  # waiting for its (next) attempt
    SENDING = "SENDING"  # claimed by one worker, being handed to the mail server
    SENT = "SENT"
    FAILED = "FAILED"  # given up (attempts used, or interrupted while sending)


class NotifyBy(LabelledEnum):
    """How a member wants one kind of meetup message: by email, by Telegram (the linked
    bot chat) or both. Telegram is used only while the chat is linked; without it, email."""

    EMAIL = "email", N_("Email")
    TELEGRAM = "telegram", N_("Telegram")
    BOTH = "both", N_("Email and Telegram")


class TelegramStatus(StrEnum):
    PENDING = "PENDING"
    SENDING = "SENDING"
    SENT = "SENT"
    FAILED = "FAILED"


class TalkStatus(LabelledEnum):
    """A talk of a meetup's programme: a draft (an accepted speaker application not yet
    placed, shown only in the back office), scheduled (public) or cancelled (public, marked)."""

    DRAFT = "draft", N_("Draft")
    SCHEDULED = "scheduled", N_("Scheduled")
    CANCELLED = "cancelled", N_("Cancelled")


class TalkLanguage(LabelledEnum):
    UZ = "uz", N_("Uzbek")
    EN = "en", N_("English")
    KO = "ko", N_("Korean")
    RU = "ru", N_("Russian")


class TalkLevel(LabelledEnum):
    ALL = "all", N_("All levels")
    BEGINNER = "beginner", N_("Beginner")
    INTERMEDIATE = "intermediate", N_("Intermediate")
    ADVANCED = "advanced", N_("Advanced")
