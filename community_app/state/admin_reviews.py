"""/admin/speakers/reviews: the organizers' review queue of speaker applications
(services/admin/reviews.py): each organizer's score and comment, the others' shown once
one's own is given, sorted by the average or newest first, and several accepted (each a
draft talk of the meetup chosen beside the button: the upcoming ones, the next by default)
or declined at once."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.core import routes
from community_app.core.korea_time import korea_date_of
from community_app.i18n import both
from community_app.i18n.dates import date_texts
from community_app.models import ApplicationStatus
from community_app.services.admin import reviews as service
from community_app.state.admin import AdminList, AdminState, address_value
from community_app.state.messages import Message

STATUS_LABELS = ApplicationStatus.labels()
SORT_CHOICES = {"average": "average", "newest": "newest"}
OPEN = (ApplicationStatus.NEW.value, ApplicationStatus.IN_REVIEW.value)


@dataclasses.dataclass
class MeetupChoice:
    value: str
    label: str  # its title and Korea date


@dataclasses.dataclass
class OtherReview:
    name: str
    score: int
    comment: str


@dataclasses.dataclass
class ReviewRow:
    id: int
    full_name: str
    job_position: str
    topics: str
    status: str
    status_label: Message
    created: Message
    review_count: int
    reviewed: bool
    my_score: str
    my_comment: str
    average: str
    others: list[OtherReview]
    decidable: bool
    has_talk: bool


def _row(v: service.ReviewedApplication) -> ReviewRow:
    a = v.application
    return ReviewRow(
        id=a.id, full_name=a.full_name, job_position=a.job_position, topics=a.topics,
        status=a.status, status_label=both(STATUS_LABELS[a.status]),
        created=date_texts(a.created_at), review_count=v.review_count,
        reviewed=v.mine is not None,
        my_score=str(v.mine.score) if v.mine else "",
        my_comment=v.mine.comment if v.mine else "",
        average=f"{v.average:.1f}" if v.average is not None else "",
        others=[OtherReview(r.organizer_name, r.score, r.comment) for r in v.others],
        decidable=a.status in OPEN, has_talk=a.talk_id is not None,
    )


def _fetch(status_filter: str, sort: str):
    status = None if status_filter == "all" else status_filter

    def read(session, actor):
        return (service.review_queue(session, actor, status=status, sort=sort),
                [MeetupChoice(str(m.id), f"{m.title} · {korea_date_of(m.starts_at).isoformat()}")
                 for m in service.accept_meetups(session, actor)])

    return read


# /admin/speakers/reviews[?status=...&sort=newest]
LIST = AdminList(_fetch, {"status_filter": ("status", STATUS_LABELS, "all"),
                          "sort": ("sort", SORT_CHOICES, "average")})


class AdminReviewsState(AdminState):
    rows: list[ReviewRow] = []
    loaded: bool = False
    status_filter: str = "all"
    sort: str = "average"
    selected: list[int] = []
    # The meetup Accept puts the draft talks into (upcoming ones; default the next).
    meetup_choices: list[MeetupChoice] = []
    accept_meetup: str = ""

    def _show_list(self, data):
        queue, choices = data
        self.meetup_choices = choices
        if self.accept_meetup not in {c.value for c in choices}:
            self.accept_meetup = choices[0].value if choices else ""
        self.rows = [_row(v) for v in queue]
        open_ids = {r.id for r in self.rows if r.decidable}
        self.selected = [i for i in self.selected if i in open_ids]
        self.loaded = True

    def _load_list(self):
        return self._read_list(LIST, AdminReviewsState._show_list)

    def _filters(self, status: str, sort: str):
        return self._go(routes.ADMIN_SPEAKER_REVIEWS, status=address_value(status, "all"),
                        sort=address_value(sort, "average"))

    @rx.event
    def set_status_filter(self, value: str):
        return self._filters(value, self.sort)

    @rx.event
    def set_sort(self, value: str | list[str]):
        return self._filters(self.status_filter, address_value(value, "average"))

    @rx.event
    def toggle(self, application_id: int, on: bool):
        if on and application_id not in self.selected:
            self.selected = [*self.selected, application_id]
        elif not on:
            self.selected = [i for i in self.selected if i != application_id]

    @rx.event
    def review(self, data: dict):
        try:
            application_id = int(str(data.get("id", "")))
        except ValueError:
            return None
        score, comment = data.get("score", ""), str(data.get("comment", "") or "")
        ok, _, event = self._run(
            lambda s, a: service.review_application(s, a, application_id, score, comment),
            service.REVIEW_SAVED)
        if ok:
            self._reload_list()
        return event

    @rx.event
    def set_accept_meetup(self, value: str):
        self.accept_meetup = str(value or "")

    def _decide(self, decision: str):
        ids = list(self.selected)
        meetup_id = (int(self.accept_meetup) if decision == "accept"
                     and self.accept_meetup.isdigit() else None)
        ok, decided, event = self._run(
            lambda s, a: service.decide_applications(s, a, ids, decision, meetup_id=meetup_id))
        if ok:
            self.notice = both(service.DECIDED, n=len(decided))
            self.selected = []
            self._reload_list()
        return event

    @rx.event
    def accept_selected(self):
        return self._decide("accept")

    @rx.event
    def decline_selected(self):
        return self._decide("decline")
