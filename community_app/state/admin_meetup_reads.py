"""/admin/meetups: what the meetups screens read (the list by its filter; one meetup and
its registrations, as the address asks) and the registration questions as the back office
shows and sends them. The state that shows them: state/admin_meetups.py."""

from __future__ import annotations

import dataclasses

from community_app.i18n import both
from community_app.models import QuestionKind
from community_app.services.meetups import admin_edits, admin_registrations
from community_app.state.admin import AdminList, address, address_text, item_id, whole_list
from community_app.state.messages import Message
from community_app.state.page_load import PageRequest

FILTERS = ("upcoming", "past", "all")
REGISTRATIONS_VIEW = "registrations"


def _fetch(filter: str):  # noqa: A002 - the state's var
    kind = None if filter == "all" else filter

    def read(session, actor):
        page = admin_edits.list_meetups_admin(session, actor, kind, whole_list())
        return page.items, admin_registrations.attendance_summary(session, actor)

    return read


# /admin/meetups[?type=past|all]
LIST = AdminList(_fetch, {"filter": ("type", FILTERS, "upcoming")}, has_mode=True)


def read_details(meetup_id: int):
    return lambda s, a: admin_edits.get_meetup_admin(s, a, meetup_id)


def read_registrations(meetup_id: int, search: str, question_id: int | None = None,
                   answer: str = ""):
    return lambda s, a: admin_registrations.list_registrations(
        s, a, meetup_id, search=search, question_id=question_id, answer=answer)


def question_id_of(value: str) -> int | None:
    return int(value) if value.isdigit() and 0 < len(value) < 10 else None


def read_item(request: PageRequest):
    """/admin/meetups/<id>[?view=registrations&search=...], /admin/meetups/new: the
    meetup (and its registrations), nothing for the empty form; "missing" until found."""
    meetup_id = item_id(request)
    if meetup_id is None:
        return {}, None
    details = read_details(meetup_id)
    if not address(request.query, "view", (REGISTRATIONS_VIEW,)):
        return {"mode": "missing"}, lambda s, a: (details(s, a), None)
    search = address_text(request.query, "search")
    question, answer = address_text(request.query, "question"), address_text(request.query, "answer")
    registrations = read_registrations(meetup_id, search, question_id_of(question), answer)
    return ({"mode": "missing", "search": search, "answer_question": question,
             "answer_filter": answer},
            lambda s, a: (details(s, a), registrations(s, a)))


@dataclasses.dataclass
class QuestionAdminRow:
    id: int
    label_en: str
    label_uz: str
    kind: Message
    required: bool
    builtin: str
    at_door: bool
    options: str  # "New / Yangi, Experienced / Tajribali"


def question_admin_row(q) -> QuestionAdminRow:
    return QuestionAdminRow(
        id=q.id, label_en=q.label_en, label_uz=q.label_uz,
        kind=both(QuestionKind.labels().get(q.kind, q.kind)), required=q.required,
        builtin=q.builtin, at_door=q.at_door,
        options=", ".join(f"{o.en} / {o.uz}" for o in q.options))


def question_form(form: dict) -> dict:
    """The back office's question form as the rule reads it: options one per line,
    "English | O‘zbekcha"."""
    options = []
    for line in str(form.get("options") or "").splitlines():
        en, _, uz = line.partition("|")
        if en.strip() or uz.strip():
            options.append({"en": en.strip(), "uz": uz.strip()})
    ticked = {"on", "true", "1"}
    return {"kind": str(form.get("kind") or ""), "labelEn": str(form.get("labelEn") or ""),
            "labelUz": str(form.get("labelUz") or ""),
            "required": str(form.get("required") or "").lower() in ticked,
            "atDoor": str(form.get("atDoor") or "").lower() in ticked, "options": options}
