"""The call for speakers (/speakers/register): the application form and its photo.

The rules live in ``services/speakers.py`` (``validate_speaker_application``, run by
``submit_speaker_application``) and ``services/uploads.py`` (the photo); this state only
keeps what was typed, shows every problem at its field and opens the success modal.
"""

from __future__ import annotations

import asyncio
import json
import logging

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.models import Experience, Expertise
from community_app.services.errors import DomainError, Invalid, InvalidMany
from community_app.services.speakers import (
    submit_speaker_application,
    validate_speaker_application,
)
from community_app.services.uploads import IMAGE_INVALID, MAX_IMAGE_BYTES, prepare_image
from community_app.state.lang import LangState
from community_app.state.messages import FormMessages, field_messages, from_error, message
from community_app.state.page_load import PageRequest
from community_app.state.sent_writes import write

log = logging.getLogger(__name__)

# The form's field names (the service's names), in the order the page shows them.
FIELDS = (
    "email",
    "phone",
    "fullName",
    "jobPosition",
    "yearsOfExperience",
    "expertiseField",
    "topics",
    "linkedinUrl",
    "githubUrl",
    "portfolioUrl",
)
PHOTO = "photo"
PHOTO_UPLOAD_ID = "speaker-photo"

# (value, label message id) of the stored values, in SPEC section 3 order: the labels
# live with the enumerations (models/enums.py), shared with the back office and the API.
EXPERIENCE_OPTIONS = tuple(Experience.labels().items())
EXPERTISE_OPTIONS = tuple(Expertise.labels().items())

SUBMIT_FAILED = N_("Failed to submit application. Please try again.")


def form_values(form: dict) -> dict[str, str]:
    """The submitted text of every field (missing ones empty), without surrounding spaces."""
    values = {}
    for name in FIELDS:
        value = form.get(name)
        values[name] = value.strip() if isinstance(value, str) else ""
    return values


def first_invalid(fields: dict) -> str | None:
    """The first field with a problem, in the order the form shows them."""
    for name in (*FIELDS, PHOTO):
        if name in fields:
            return name
    return None


def focus_field(name: str):
    """Move the keyboard focus to a field (its input, select trigger or photo button)."""
    element_id = json.dumps(f"field-{name}")
    return rx.call_script(f"document.getElementById({element_id})?.focus()")


class SpeakerState(FormMessages, rx.State):
    values: dict[str, str] = {}
    success: bool = False
    form_version: int = 0  # changes after a success, so the form starts empty
    photo_name: str = ""
    photo_busy: bool = False
    # The photo, already checked and re-encoded (no metadata), until the form is sent.
    _photo: bytes = b""

    def _apply_load(self, _request: PageRequest) -> None:
        """The page load's update (``state/page_load.py``): an empty form."""
        self._clear_messages()
        self.busy = False
        self.success = False

    # --- the photo ---------------------------------------------------------------------

    @rx.event
    async def receive_photo(self, files: list[rx.UploadFile]):
        if not files:  # the browser refused the file: photo_rejected says so
            return
        self.errors = {k: v for k, v in self.errors.items() if k != PHOTO}
        self._photo, self.photo_name = b"", ""
        upload = files[0]
        self.photo_busy = True
        yield
        try:
            data = await upload.read(MAX_IMAGE_BYTES + 1)
            prepared = await asyncio.to_thread(prepare_image, data, field=PHOTO)
            self._photo = prepared.data
            self.photo_name = (upload.name or "photo")[-80:]
        except Invalid as exc:
            self.errors = {**self.errors, **field_messages(exc)}
        except Exception:  # noqa: BLE001 - an unreadable upload is no image
            log.exception("Reading the speaker photo failed")
            self.errors = {**self.errors, PHOTO: message(IMAGE_INVALID)}
        finally:
            self.photo_busy = False

    @rx.event
    def photo_rejected(self, _rejected: list[dict]):
        """The browser refused the file (type or size) before sending it."""
        self._photo, self.photo_name = b"", ""
        self.errors = {**self.errors, PHOTO: message(IMAGE_INVALID)}

    @rx.event
    def remove_photo(self):
        self._photo, self.photo_name = b"", ""
        self.errors = {k: v for k, v in self.errors.items() if k != PHOTO}

    # --- sending -------------------------------------------------------------------------

    @rx.event
    @write
    async def submit(self, form: dict):
        if self.busy:
            return
        self.values = form_values(form)
        photo_error = self.errors.get(PHOTO)
        self.errors = {PHOTO: photo_error} if photo_error else {}
        self.error = {}
        # Every rule of the form at once (the service's own rules); a photo the browser or
        # the image check refused keeps its message too, and nothing is sent then.
        problems = validate_speaker_application(self.values)
        if problems or photo_error:
            self.errors = {**self.errors, **field_messages(InvalidMany(problems))}
            yield focus_field(first_invalid(self.errors))
            return
        self.busy = True
        yield
        try:
            language = (await self.get_state(LangState)).current
            values, photo = self.values, self._photo or None

            client = self.router.session.client_ip

            def send() -> None:  # photo, database and mail: off the event loop
                with session_scope() as session:
                    submit_speaker_application(
                        session, values, photo=photo, language=language, client=client
                    )

            await asyncio.to_thread(send)
        except InvalidMany as exc:
            self.errors = field_messages(exc)
        except DomainError as exc:
            self.errors = field_messages(exc)
            if not self.errors:
                self.error = from_error(exc)
        except Exception:  # noqa: BLE001 - the form says so instead of breaking
            log.exception("Submitting a speaker application failed")
            self.error = message(SUBMIT_FAILED)
        else:
            self._finish()
        finally:
            self.busy = False
        first = first_invalid(self.errors)
        if first:
            yield focus_field(first)

    def _finish(self) -> None:
        self.values = {}
        self._photo, self.photo_name = b"", ""
        self.form_version += 1
        self.success = True

    @rx.event
    def set_success_open(self, is_open: bool):
        self.success = is_open

    @rx.event
    def back_home(self):
        self.success = False
        return rx.redirect("/")
