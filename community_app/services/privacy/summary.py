"""The export's readable summary: one HTML page beside the JSON files, in the member's
language, with headings a person understands and dates in Korea time. Built from the same
data as the JSON files (``export.collect_member_data``), so the two never disagree, and
with the sections ``personal_data.TABLES`` gives each exported table (heading, columns)."""

from __future__ import annotations

import datetime as dt
import html

from community_app.i18n import N_, gettext, normalize_language
from community_app.i18n.dates import date_texts, time_texts
from community_app.services.privacy import personal_data

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


def _labelled(rows: list[dict], labels, lang: str) -> list[dict]:
    """The rows with each code of a labelled column shown as its words."""
    if not labels:
        return rows
    out = []
    for row in rows:
        row = dict(row)
        for key, words_of in labels:
            words = words_of()
            if row.get(key) in words:
                row[key] = gettext(words[row[key]], lang)
        out.append(row)
    return out


def summary_html(data: dict[str, object], lang: str | None) -> str:
    """The summary page of an export's ``data`` (file name -> content), in ``lang``: one
    section per exported table of ``personal_data.TABLES``, in its order, with the
    columns its ``Export.summary`` names."""
    lang = normalize_language(lang)
    sections = []
    for _name, spec in personal_data.exports():
        export = spec.export
        content = data.get(export.file)
        if export.one:
            row = content if isinstance(content, dict) else {}
            rows = [{"what": gettext(label, lang),
                     "value": _when(row.get(key), lang) if key.endswith("_at") else row.get(key)}
                    for key, label in export.summary]
            sections.append(_table(lang, export.label, rows,
                                   [("what", N_("Field")), ("value", N_("Value"))]))
            continue
        rows = _labelled(content if isinstance(content, list) else [], export.labels, lang)
        sections.append(_table(lang, export.label, rows, list(export.summary)))
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
