"""The export's readable summary: one HTML page beside the JSON files, in the member's
language, with headings a person understands and dates in Korea time. Built from the same
data as the JSON files (``export.collect_member_data``), so the two never disagree."""

from __future__ import annotations

import datetime as dt
import html

from community_app.i18n import N_, gettext, normalize_language
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import ConsentKind

SUMMARY_FILE = "summary.html"
YES, NO = N_("Yes"), N_("No")

_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;"
    "color:#1f2937;line-height:1.5}h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;"
    "border-bottom:1px solid #e5e7eb;padding-bottom:.3rem}table{border-collapse:collapse;"
    "width:100%}th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;"
    "border-bottom:1px solid #f3f4f6}th{color:#4b5563;font-weight:600}p.none{color:#6b7280}"
)


def _when(value: object, lang: str) -> str:
    if not value:
        return ""
    try:
        moment = dt.datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    return f"{date_texts(moment)[lang]} {time_texts(moment)[lang]}"


def _table(lang: str, heading: str, rows: list[dict], columns: list[tuple[str, str]]) -> str:
    """A section: its heading, then a table of ``columns`` (key, message id) or a line
    saying there is nothing."""
    out = [f"<h2>{html.escape(gettext(heading, lang))}</h2>"]
    if not rows:
        out.append(f'<p class="none">{html.escape(gettext("Nothing here.", lang))}</p>')
        return "\n".join(out)
    out.append("<table><thead><tr>")
    out += [f"<th>{html.escape(gettext(label, lang))}</th>" for _, label in columns]
    out.append("</tr></thead><tbody>")
    for row in rows:
        cells = []
        for key, _ in columns:
            value = row.get(key)
            if key == "at" or key.endswith("_at"):
                value = _when(value, lang)
            elif isinstance(value, bool):
                value = gettext(YES if value else NO, lang)
            elif isinstance(value, list):
                value = ", ".join(str(v) for v in value)
            cells.append(f"<td>{html.escape('' if value is None else str(value))}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def summary_html(data: dict[str, object], lang: str | None) -> str:
    """The summary page of an export's ``data`` (file name -> content), in ``lang``."""
    lang = normalize_language(lang)
    profile = data["profile.json"]
    assert isinstance(profile, dict)
    profile_rows = [
        {"what": gettext(label, lang), "value": _when(profile.get(key), lang) if key.endswith("_at")
         else profile.get(key)}
        for key, label in (
            ("first_name", N_("First name")), ("last_name", N_("Last name")),
            ("username", N_("Username")), ("email", N_("Email")), ("phone", N_("Phone")),
            ("bio", N_("About me")), ("language", N_("Language")),
            ("joined_at", N_("Signed up")),
        )
    ]
    sections = [
        _table(lang, N_("Profile"), profile_rows, [("what", N_("Field")), ("value", N_("Value"))]),
        _table(lang, N_("Meetup registrations"), data["registrations.json"], [
            ("meetup_title", N_("Meetup")), ("status", N_("Status")),
            ("registered_at", N_("Registered")), ("expectation", N_("What you expected")),
            ("checked_in_at", N_("Checked in"))]),
        _table(lang, N_("Waitlists"), data["waitlist.json"], [
            ("meetup_title", N_("Meetup")), ("status", N_("Status")),
            ("joined_at", N_("Joined the waitlist")), ("expectation", N_("What you expected"))]),
        _table(lang, N_("Comments"), data["comments.json"], [
            ("news_title", N_("On")), ("text", N_("Comment")), ("created_at", N_("Written"))]),
        _table(lang, N_("Blog posts"), data["blog_posts.json"], [
            ("title", N_("Title")), ("status", N_("Status")), ("created_at", N_("Written"))]),
        _table(lang, N_("Job posts"), data["job_posts.json"], [
            ("title", N_("Title")), ("company_name", N_("Company")), ("status", N_("Status")),
            ("created_at", N_("Written"))]),
        _table(lang, N_("Speaker applications"), data["speaker_applications.json"], [
            ("topics", N_("Topics")), ("status", N_("Status")), ("created_at", N_("Sent"))]),
        _table(lang, N_("What you agreed to"), [
            {**c, "what": gettext(ConsentKind.labels().get(c["kind"], c["kind"]), lang)}
            for c in data["consents.json"]], [
            ("what", N_("Agreement")), ("meetup", N_("Meetup")), ("given_at", N_("Given"))]),
        _table(lang, N_("Sign-ins"), data["login_history.json"], [
            ("at", N_("When")), ("address", N_("Address")), ("user_agent", N_("Device")),
            ("method", N_("Method"))]),
        _table(lang, N_("Organizer actions and actions about you"), data["audit_entries.json"], [
            ("action", N_("Action")), ("detail", N_("Detail")), ("by_me", N_("By you")),
            ("created_at", N_("When"))]),
    ]
    title = gettext("Your data", lang)
    intro = gettext(
        "Everything we hold about you, as of the day you asked. The JSON files beside this "
        "page hold the same data for other programs; the images folder holds your pictures.",
        lang)
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>\n"
        f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(intro)}</p>\n"
        + "\n".join(sections) + "\n</body></html>\n"
    )
