"""/jobs/[job_id]: one job with everything a candidate needs (SPEC sections 2 and 8).

Unknown, malformed and PENDING ids show 'Job Not Found'. Closed, filled and expired
jobs stay readable, with their status shown.
"""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx

from community_app.core.db import session_scope, utcnow
from community_app.i18n.dates import date_texts, relative_texts
from community_app.core.routes import route_id as parse_job_id
from community_app.core import routes
from community_app.services import cache
from community_app.services import jobs as service
from community_app.services.errors import NotFound
from community_app.state.page_load import PageLoadState, PageRequest
from community_app.state.job_texts import (
    JobLabels,
    Texts,
    initials,
    job_labels,
    phone_href,
    safe_email,
    safe_website,
)

log = logging.getLogger(__name__)

CONTACT_SECTION_ID = "job-contact"
_BULLETS = ("- ", "* ", "• ", "– ")


@dataclasses.dataclass
class TextBlock:
    """A paragraph (``text``) or a bulleted list (``bullets``) of a job's free text."""

    text: str = ""
    bullets: list[str] = dataclasses.field(default_factory=list)


def text_blocks(value: str) -> list[TextBlock]:
    """Plain text as paragraphs and lists: lines starting with '- ' (or '* ', '• ') are
    list items; blank lines separate paragraphs. Nothing is interpreted as markup."""
    blocks: list[TextBlock] = []
    paragraph: list[str] = []

    def end_paragraph() -> None:
        if paragraph:
            blocks.append(TextBlock(text=" ".join(paragraph)))
            paragraph.clear()

    for raw in (value or "").splitlines():
        line = raw.strip()
        bullet = next((b for b in _BULLETS if line.startswith(b)), None)
        if bullet:
            end_paragraph()
            item = line[len(bullet):].strip()
            if blocks and blocks[-1].bullets:
                blocks[-1].bullets.append(item)
            else:
                blocks.append(TextBlock(bullets=[item]))
        elif line:
            paragraph.append(line)
        else:
            end_paragraph()
    end_paragraph()
    return blocks


@dataclasses.dataclass
class JobPage(JobLabels):
    """What the job page shows, every label in both languages."""

    company_description: list[TextBlock] = dataclasses.field(default_factory=list)
    posted_ago: Texts = dataclasses.field(default_factory=dict)
    description: list[TextBlock] = dataclasses.field(default_factory=list)
    requirements: list[TextBlock] = dataclasses.field(default_factory=list)
    experience: str = ""
    technologies: list[str] = dataclasses.field(default_factory=list)
    benefits: list[TextBlock] = dataclasses.field(default_factory=list)
    phone: str = ""
    phone_href: str = ""
    email: str = ""
    email_href: str = ""
    website: str = ""
    website_href: str = ""
    has_contact: bool = False
    # Where 'Continue' in the mention-us dialog goes: the website, else the email.
    contact_href: str = ""
    contact_is_website: bool = False
    has_poster: bool = False
    poster_name: str = ""
    poster_username: str = ""
    poster_bio: str = ""
    poster_image: str = ""
    poster_initials: str = ""


def job_page(job: service.JobView) -> JobPage:
    now = utcnow()
    website = safe_website(job.contact_website)
    email = safe_email(job.contact_email)
    phone = (job.contact_phone or "").strip()
    poster = job.posted_by
    return JobPage(
        **job_labels(job),
        company_description=text_blocks(job.company_description),
        posted_ago=relative_texts(job.created_at, now),
        posted_on=date_texts(job.created_at, "long"),
        description=text_blocks(job.description),
        requirements=text_blocks(job.requirements),
        experience=job.experience.strip(),
        technologies=list(job.technologies),
        benefits=text_blocks(job.benefits),
        phone=phone,
        phone_href=phone_href(phone),
        # An address that is not a safe link is still shown, as plain text.
        email=(job.contact_email or "").strip(),
        email_href=f"mailto:{email}" if email else "",
        website=(job.contact_website or "").strip(),
        website_href=website,
        has_contact=bool(phone or (job.contact_email or "").strip() or (job.contact_website or "").strip()),
        contact_href=website or (f"mailto:{email}" if email else ""),
        contact_is_website=bool(website),
        has_poster=poster is not None,
        poster_name=(f"{poster.first_name} {poster.last_name}".strip() if poster else ""),
        poster_username=poster.username if poster else "",
        poster_bio=poster.bio.strip() if poster else "",
        poster_image=(poster.image_url or "") if poster else "",
        poster_initials=initials(poster.first_name, poster.last_name, poster.username) if poster else "",
    )


@dataclasses.dataclass
class JobRead:
    job: JobPage | None = None
    not_found: bool = False
    failed: bool = False


def read_job(request: PageRequest) -> JobRead:
    """The job the address names (no lock held)."""
    cache.needs_database()
    job_id = parse_job_id(request.path.rstrip("/").rsplit("/", 1)[-1])
    try:
        if job_id is None:
            raise NotFound(service.JOB_NOT_FOUND)
        with session_scope() as session:
            return JobRead(job_page(service.get_job(session, job_id)))
    except NotFound:
        return JobRead(not_found=True)
    except Exception:  # noqa: BLE001 - any other failure shows the error state
        log.exception("loading job %s failed", job_id)
        return JobRead(failed=True)


class JobDetailState(rx.State):
    job: JobPage = JobPage()
    loading: bool = True
    not_found: bool = False
    failed: bool = False
    bookmark_notice: bool = False

    def _apply_load(self, data: JobRead) -> None:
        """The page load's update (``state/page_load.py``): what ``read_job`` read."""
        self.job = data.job or JobPage()
        self.not_found, self.failed = data.not_found, data.failed
        self.bookmark_notice = False
        self.loading = False

    @rx.event
    def retry(self):
        """The error panel's button: the skeleton, then the page load again."""
        self.loading, self.failed = True, False
        return PageLoadState.load(routes.JOB_DETAIL)

    @rx.event
    def bookmark(self):
        """Bookmarks are not built yet: say so (SPEC section 8)."""
        self.bookmark_notice = True
