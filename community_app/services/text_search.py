"""Case-insensitive text filters that run in SQL (SQLite and PostgreSQL alike).

JSON list columns (tags, keywords, technologies) are matched in their stored JSON text:
the search term is JSON-escaped the same way, so a term matches only inside one element.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable

import sqlalchemy as sa
from sqlmodel import func, or_

MAX_FILTER_LENGTH = 200

# The apostrophes of Uzbek Latin (o‘, g‘ and the tutuq belgisi ’) as people type them: the
# modifier letters, curly quotes, the ASCII quote, the backtick and the acute accent.
APOSTROPHES = "'‘’ʻʼ`´ʹ′"
_APOSTROPHE = re.compile(f"[{APOSTROPHES}]")
_VISA_CODE = re.compile(r"\b([a-z])-(?=\d)")  # "d-10" -> "d10", "f-2-r" -> "f2-r"
_TERM = re.compile(r"[^\W_]+")


def fold(text: str | None) -> str:
    """``text`` as search terms separated by spaces, the one folding every search uses
    (services/search.py): compatibility forms unified (NFKC), lower case, the apostrophes
    dropped (o‘zbek, o'zbek, oʻzbek and ozbek are one word), a visa code one word (D-10 ->
    d10), everything else but letters and digits a separator."""
    text = unicodedata.normalize("NFKC", text or "").lower()
    text = _VISA_CODE.sub(r"\1", _APOSTROPHE.sub("", text))
    return " ".join(_TERM.findall(text))


def terms_of(text: str | None) -> list[str]:
    """The folded terms of ``text``, in order."""
    return fold(text).split()


def clean_filter(value: str | None) -> str:
    """A filter value as typed by a person: trimmed, and never longer than 200 characters."""
    return (value or "").strip()[:MAX_FILTER_LENGTH]


def contains_ci(column, term: str):
    """``column`` contains ``term``, ignoring case; LIKE wildcards in ``term`` are literal."""
    return func.lower(column).contains(term.lower(), autoescape=True)


def searched(query: sa.Select, search: str | None, columns: Iterable) -> sa.Select:
    """``query`` narrowed to the rows where any of ``columns`` contains the ``search`` term
    (any case); all of them without a term."""
    if term := clean_filter(search):
        query = query.where(or_(*(contains_ci(column, term) for column in columns)))
    return query


def equals_ci(column, value: str):
    return func.lower(column) == value.lower()


def _json_text(value: str) -> str:
    """How a string is written inside the stored JSON text (quotes and escapes)."""
    return json.dumps(value)[1:-1]


def json_list_contains_ci(column, term: str):
    """Some element of a JSON list of strings contains ``term``, ignoring case."""
    return contains_ci(sa.cast(column, sa.Text), _json_text(term))


def json_list_has_ci(column, element: str):
    """``element`` itself is one of the strings of a JSON list, ignoring case."""
    return contains_ci(sa.cast(column, sa.Text), f'"{_json_text(element)}"')
