"""Every enumeration's labels are written once, in models/enums.py.

A page or a state that needs the labels of an enumeration reads ``Enum.labels()`` (or
``label_texts()``); a second copy of them drifts (the registration form once said
'Cybersecurity' where the back office said 'Cyber'). The scan is simple on purpose: a
module under ``community_app/state`` or ``community_app/ui`` that spells two or more of one
enumeration's English labels as string literals keeps its own copy of them.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from community_app.models import enums
from community_app.models._base import LabelledEnum

ROOT = Path(__file__).resolve().parents[2] / "community_app"
SCANNED = sorted(p for folder in ("state", "ui") for p in (ROOT / folder).rglob("*.py"))
# The footer links to the documents a consent is given to, by their titles.
SAME_WORDS_OTHER_MEANING = {"ui/components/footer.py": {"ConsentKind"}}
LABELLED = [
    cls for _, cls in inspect.getmembers(enums, inspect.isclass)
    if issubclass(cls, LabelledEnum) and cls is not LabelledEnum
]


def _literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_the_scan_sees_the_modules_and_the_enumerations():
    assert len(SCANNED) > 20
    names = {cls.__name__ for cls in LABELLED}
    assert {"Expertise", "Experience", "JobType", "JobStatus", "JobCategory", "NewsType",
            "RegistrationStatus", "BlogStatus", "InterestedField", "VisaStatus"} <= names


def test_every_member_has_a_label():
    for cls in LABELLED:
        assert all(member.label for member in cls), cls.__name__
        assert list(cls.labels()) == cls.values()


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_keeps_its_own_copy_of_an_enumerations_labels(path: Path):
    literals = _literals(path)
    copies = {}
    allowed = SAME_WORDS_OTHER_MEANING.get(str(path.relative_to(ROOT)), set())
    for cls in LABELLED:
        if cls.__name__ in allowed:
            continue
        found = sorted(literals & {m.label for m in cls if m.label != m.value})
        if len(found) >= 2:
            copies[cls.__name__] = found
    assert not copies, (
        f"{path.relative_to(ROOT)} spells the labels {copies}: read them from "
        "models/enums.py (Enum.labels() / label_texts()) instead"
    )
