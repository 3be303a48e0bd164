"""Field rules shared by every form and API call (SPEC section 5). One rule, one place."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from urllib.parse import urlsplit

import phonenumbers

from community_app.i18n import N_
from community_app.core.korea_time import parse_date, parse_time
from community_app.models import AttendanceReason, InterestedField
from community_app.services.errors import Invalid

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
PHONE_RE = re.compile(r"^010\d{8}$")  # a Korean mobile number as stored (SPEC section 9)
PHONE_MAX = 20  # users.phone
USERNAME_RE = re.compile(r"^[^\W\d_]+$")  # letters only (any alphabet)
# A handle a REST client chose (the KO'DJ client sends the email's local part): letters,
# digits, dots, hyphens and underscores, starting with a letter or a digit.
HANDLE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{1,49}$")
PASSWORD_SPECIAL_RE = re.compile(r"[^A-Za-z0-9]")

EMAIL_REQUIRED = N_("Email address is required")
EMAIL_INVALID = N_("Please enter a valid email address")
PHONE_INVALID = N_("Please enter a valid phone number (01012345678)")
# A number that is not a Korean one (or nothing like a number): the same words, and how to
# type a number from abroad (issue 42: members often find us before they move).
PHONE_INVALID_ABROAD = N_(
    "Please enter a valid phone number (01012345678), or one from abroad with + and "
    "the country code (+998901234567)"
)
PHONE_HINT = N_(
    "A Korean mobile (010…), or a number from abroad with + and the country code "
    "(+998 90 123 45 67)."
)
PASSWORD_WEAK = N_(
    "Password must be at least 8 characters and include an uppercase letter, "
    "a lowercase letter, a number and a special character"
)
PASSWORDS_DIFFER = N_("Passwords do not match")
USERNAME_INVALID = N_("Username must contain letters only")
NAME_TOO_LONG = N_("Names can be at most 100 characters.")
FIRST_NAME_REQUIRED = N_("First name is required")
NAME_MAX = 100

PASSWORD_MIN_LENGTH = 8
URL_MAX = 500
MAX_EMAIL_LENGTH = 254


def email_problem(value: str | None) -> str | None:
    value = (value or "").strip()
    if not value:
        return EMAIL_REQUIRED
    if len(value) > MAX_EMAIL_LENGTH or not EMAIL_RE.match(value):
        return EMAIL_INVALID
    return None


# The kinds of number a person answers (libphonenumber's types): not premium-rate,
# toll-free, shared-cost, pager or voicemail numbers.
_PERSONAL_TYPES = frozenset({
    phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
    phonenumbers.PhoneNumberType.FIXED_LINE, phonenumbers.PhoneNumberType.VOIP,
    phonenumbers.PhoneNumberType.PERSONAL_NUMBER,
})


def phone_problem(value: str | None) -> str | None:
    """None when the number, once normalised (``normalize_phone``), is one the site keeps:
    a Korean mobile number (010 and 8 digits, SPEC section 9), or a number of another
    country in E.164 form (+998901234567) that libphonenumber knows as a person's (mobile,
    fixed line, VoIP). A number typed the Korean way (0..., +82...) or nothing at all is
    refused with SPEC's text; anything else with the text that also says how to type a
    number from abroad."""
    number = normalize_phone(value)
    if PHONE_RE.match(number) or _foreign_number(number) is not None:
        return None
    return PHONE_INVALID if _looks_korean(number) else PHONE_INVALID_ABROAD


def _looks_korean(number: str) -> bool:
    """Empty, or typed the Korean way: a leading 0 (010...) or Korea's country code."""
    return not number or number.startswith(("0", "+82", "82"))


def _foreign_number(number: str) -> str | None:
    """``number`` (E.164) when it is a valid number of a country other than Korea that a
    person answers; else None."""
    if not re.fullmatch(r"\+[1-9]\d{6,14}", number) or number.startswith("+82"):
        return None
    try:
        parsed = phonenumbers.parse(number, None)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(parsed):
        return None
    if phonenumbers.number_type(parsed) not in _PERSONAL_TYPES:
        return None
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)


def password_problem(value: str | None) -> str | None:
    value = value or ""
    ok = (
        len(value) >= PASSWORD_MIN_LENGTH
        and len(value) <= 128
        and any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
        and PASSWORD_SPECIAL_RE.search(value) is not None
    )
    return None if ok else PASSWORD_WEAK


def confirmation_problem(password: str | None, confirmation: str | None) -> str | None:
    return None if (password or "") == (confirmation or "") else PASSWORDS_DIFFER


def name_problems(first_name: str, last_name: str, *, required: bool = True) -> dict[str, str]:
    """The member's name as others see it (comments, posts, attendee lists): a first name
    (required where the form asks for it) and a last name, 100 characters each."""
    first_name, last_name = first_name.strip(), last_name.strip()
    problems: dict[str, str] = {}
    if required and not first_name:
        problems["firstName"] = FIRST_NAME_REQUIRED
    elif len(first_name) > NAME_MAX:
        problems["firstName"] = NAME_TOO_LONG
    if len(last_name) > NAME_MAX:
        problems["lastName"] = NAME_TOO_LONG
    return problems


def username_problem(value: str | None) -> str | None:
    value = (value or "").strip()
    return None if 2 <= len(value) <= 50 and USERNAME_RE.match(value) else USERNAME_INVALID


def handle_problem(value: str | None) -> str | None:
    """A username a client chose: 2 to 50 letters, digits, '.', '-' or '_'."""
    return None if HANDLE_RE.match((value or "").strip()) else USERNAME_INVALID


def normalize_phone(value: str | None) -> str:
    """The number as stored, from the ways people type it (spaces, hyphens, dots and
    brackets dropped):

    - a Korean mobile number as ``01012345678``, however typed: ``010-1234-5678``,
      ``(010) 1234 5678``, with Korea's country code (``+82 10-1234-5678``, ``82-10-...``,
      ``0082 10 ...``, ``+82 010 ...``): one form, so the same number is one number
      (users.phone is unique) and numbers stored before issue 42 stay as they are;
    - any other number with its country code in E.164: ``+998 90 123-45-67`` and
      ``00998 90 ...`` are ``+998901234567``.

    Anything else is returned trimmed (or compacted, when it is only digits), for
    ``phone_problem`` to refuse."""
    compact = re.sub(r"[\s().\-\u2010-\u2015]", "", value or "")
    if compact.startswith("00"):
        compact = "+" + compact[2:]
    if korean := re.fullmatch(r"\+?820?(10\d{8})", compact):
        return "0" + korean.group(1)
    if compact.startswith("+"):
        return _foreign_number(compact) or compact
    return compact if re.fullmatch(r"\d+", compact) else (value or "").strip()


def web_url_host(value: str) -> str | None:
    """The host name of an http(s) URL (lower case), or None when it is not such a URL."""
    if not value or len(value) > URL_MAX or any(ch.isspace() for ch in value):
        return None
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError:
        return None
    host = (parts.hostname or "").rstrip(".")
    if parts.scheme.lower() not in ("http", "https") or not host:
        return None
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.split(".")
    if len(labels) < 2 or not all(labels):
        return None
    return host


# --- the event registration form (SPEC section 5) ---------------------------------------

REASON_INVALID = N_("Please select your attendance reason")
FIELD_INVALID = N_("Please select your field of interest")
EXPECTATION_TOO_SHORT = N_("Please provide at least 10 characters")
EXPECTATION_TOO_LONG = N_("Please keep your expectation under 2000 characters")
CONSENT_MISSING = N_("You must agree to the terms and conditions")

EXPECTATION_MIN_LENGTH = 10

# The title of a back-office item (a meetup, a news item).
TITLE_MAX = 200
TITLE_REQUIRED = N_("Title is required (200 characters at most).")
EXPECTATION_MAX_LENGTH = 2000


def reason_problem(value: object) -> str | None:
    """One of the attendance reasons (their values, or the KO'DJ client's spellings)."""
    return None if AttendanceReason.parse(value) is not None else REASON_INVALID


def interest_problem(value: object) -> str | None:
    """One of the fields of interest (their values, or the KO'DJ client's spellings)."""
    return None if InterestedField.parse(value) is not None else FIELD_INVALID


def expectation_problem(value: object) -> str | None:
    """10 to 2000 characters once trimmed."""
    text = value.strip() if isinstance(value, str) else ""
    if len(text) < EXPECTATION_MIN_LENGTH:
        return EXPECTATION_TOO_SHORT
    if len(text) > EXPECTATION_MAX_LENGTH:
        return EXPECTATION_TOO_LONG
    return None


def consent_problem(value: object) -> str | None:
    """The box is ticked: the JSON value true, nothing else."""
    return None if value is True else CONSENT_MISSING


def same_site_path(value: str | None, default: str = "/") -> str:
    """``value`` when it is a path of this site, else ``default``: never an open redirect.
    Browsers drop tabs and line breaks from addresses and read a backslash as a slash, so
    ``/\\t/evil.example`` would lead off the site: any such character, a scheme or a host
    refuses the value."""
    if not value or not value.startswith("/") or len(value) > 2000:
        return default
    if any(ch.isspace() or ord(ch) < 0x20 or ch == "\x7f" or ch == "\\" for ch in value):
        return default
    parts = urlsplit(value)
    if value.startswith("//") or parts.scheme or parts.netloc:
        return default
    return value


# --- rule builders: one rule per field, used by a service's form check and by the API's
# body model alike (``api.schemas.rules.checked_by``), so both give the same message -----

Rule = Callable[[object], str | None]


class Problem(str):
    """A rule's message id with the values of its placeholders (``{values}``)."""

    params: dict[str, object]

    def __new__(cls, message_id: str, **params: object) -> Problem:
        problem = super().__new__(cls, message_id)
        problem.params = params
        return problem


def as_text(value: object) -> str:
    """A text value, trimmed; '' when missing or not a string."""
    return value.strip() if isinstance(value, str) else ""


def whole_number(value: object) -> int | None:
    """An int from an int or a digit string, with or without thousands separators
    (3000000, 3,000,000, 3 000 000); None for anything else (bools included)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"-?\d{1,3}(?:([, ])\d{3})(?:\1\d{3})*", text):
            text = re.sub(r"[, ]", "", text)
        if re.fullmatch(r"-?\d{1,12}", text):
            return int(text)
    return None


def bounds(rule: Rule) -> dict[str, int]:
    """The limits a rule was made with (``maximum``/``minimum`` of a text rule, ``low``/
    ``high`` of a number rule): the API's body models read them from the rule, so each
    limit is written once, where the rule is."""
    return getattr(rule, "bounds", {})


def text_rule(message: str, maximum: int, *, required: bool = False, minimum: int = 0) -> Rule:
    """Text of ``minimum`` to ``maximum`` characters once trimmed (and not empty if
    required)."""

    def problem(value: object) -> str | None:
        value = as_text(value)
        if (required and not value) or not minimum <= len(value) <= maximum:
            return message
        return None

    problem.bounds = {"maximum": maximum, "minimum": minimum}
    return problem


def date_rule(message: str) -> Rule:
    """A YYYY-MM-DD date (Korea time)."""
    return lambda value: None if parse_date(as_text(value)) else message


def clock_rule(message: str) -> Rule:
    """An HH:MM clock time (24-hour, Korea time)."""
    return lambda value: None if parse_time(as_text(value)) else message


def number_rule(message: str, low: int, high: int, *, optional: bool = True) -> Rule:
    """A whole number from ``low`` to ``high`` (a digit string counts); left empty is
    fine when ``optional``."""

    def problem(value: object) -> str | None:
        if optional and value in (None, ""):
            return None
        number = whole_number(value)
        return None if number is not None and low <= number <= high else message

    problem.bounds = {"low": low, "high": high}
    return problem


def choice_or_none(field: str, value: str | None, allowed: Sequence[str], message_id: str,
                   separator: str = ", ") -> str | None:
    """A list filter's choice: ``value`` as its spelling in ``allowed`` (trimmed, case
    ignored), None when empty; Invalid(``field``, ``message_id``, values=the choices joined
    by ``separator``) for anything else."""
    value = (value or "").strip()
    if not value:
        return None
    for option in allowed:
        if option.lower() == value.lower():
            return option
    raise Invalid(field, message_id, values=separator.join(allowed))


def choice_rule(message: str, values: Iterable[str], *, case: Callable[[str], str]) -> Rule:
    """One of ``values`` (after ``case``, e.g. ``str.upper``); left empty is fine."""
    allowed = set(values)

    def problem(value: object) -> str | None:
        if value in (None, ""):
            return None
        return None if case(as_text(value)) in allowed else message

    return problem


def optional_email_rule(value: object) -> str | None:
    """Empty, or a valid email address."""
    return email_problem(as_text(value)) if as_text(value) else None


URL_INVALID = N_("Please enter a valid URL (http or https).")


def optional_url_problem(value: object) -> str | None:
    """Empty, or an http(s) URL."""
    text = as_text(value)
    return URL_INVALID if text and web_url_host(text) is None else None


def collect(data: Mapping[str, object], rules: Mapping[str, Rule]) -> dict[str, str]:
    """field -> message id of every field of ``data`` its rule refuses."""
    return {field: message for field, rule in rules.items() if (message := rule(data.get(field)))}
