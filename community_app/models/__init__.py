"""All tables. Importing this module registers every table on ``SQLModel.metadata``."""

from community_app.models.blog import BlogPost, BlogStatus
from community_app.models.digest import DigestFrequency, DigestSend, DigestSettings
from community_app.models.door import DoorCheckIn
from community_app.models.enums import (
    AccountTokenPurpose, ConsentKind, ExportStatus, JobCategory, JobStatus, JobType, KoreanLevel, LoginMethod,
    VisaStatus, WorkingLanguage,
)
from community_app.models.job import JobPost
from community_app.models.mail import QueuedMail
from community_app.models.enums import MailKind, MailStatus
from community_app.models.meetup import (
    AttendanceReason, InterestedField, Meetup, MeetupNote, MeetupRegistration,
    MeetupReview, RegistrationStatus, WaitlistEntry, WaitlistStatus,
)
from community_app.models.news import Comment, CommentVote, News, NewsType
from community_app.models.registration import RegistrationAnswer, RegistrationQuestion
from community_app.models.enums import QuestionKind, SeatKind
from community_app.models.search import AlertDelivery, SavedJobSearch, SearchDocument
from community_app.models.enums import AlertFrequency, SearchKind
from community_app.models.privacy import Consent, DataExport, LoginEvent, ScheduledTask
from community_app.models.site import (
    AffiliatedProject, AuditEntry, Benefit, SiteSettings, TeamMember, TeamRole,
)
from community_app.models.speaker import (
    ApplicationStatus, Experience, Expertise, SpeakerApplication,
)
from community_app.models.talk import SpeakerProfile, Talk, TalkSpeaker
from community_app.models.enums import TalkLanguage, TalkLevel, TalkStatus
from community_app.models.talk_people import ApplicationReview, TalkFeedback, TalkStar
from community_app.models.telegram import TelegramLoginSeen, TelegramMessage
from community_app.models.enums import NotifyBy, TelegramStatus
from community_app.models.user import (
    AccountToken, Language, LoginCode, PasswordResetRequest, RefreshToken, Role, User,
)

__all__ = [
    "AccountToken", "AccountTokenPurpose", "PasswordResetRequest", "AffiliatedProject", "ApplicationStatus", "AttendanceReason", "AuditEntry", "Benefit",
    "BlogPost", "BlogStatus", "DoorCheckIn", "Comment", "CommentVote", "Experience", "Expertise",
    "InterestedField", "JobCategory", "JobPost", "JobStatus", "JobType",
    "Language", "LoginCode", "Meetup", "MeetupNote", "MeetupRegistration", "MeetupReview",
    "News", "NewsType", "RefreshToken", "RegistrationStatus", "Role", "SiteSettings",
    "SpeakerApplication", "TeamMember", "TeamRole", "User",
    "KoreanLevel", "VisaStatus", "WorkingLanguage", "Consent", "ConsentKind", "DataExport",
    "ExportStatus", "LoginEvent", "LoginMethod", "ScheduledTask", "WaitlistEntry",
    "WaitlistStatus", "QueuedMail", "MailKind", "MailStatus",
    "AlertDelivery", "AlertFrequency", "SavedJobSearch", "SearchDocument", "SearchKind",
    "DigestFrequency", "DigestSend", "DigestSettings",
    "NotifyBy", "TelegramLoginSeen", "TelegramMessage", "TelegramStatus",
    "ApplicationReview", "TalkFeedback", "TalkStar",
    "QuestionKind", "RegistrationAnswer", "RegistrationQuestion", "SeatKind",
    "SpeakerProfile", "Talk", "TalkSpeaker", "TalkLanguage", "TalkLevel", "TalkStatus",
]
