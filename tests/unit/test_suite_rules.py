"""Rules of the test suite itself (issue 24): it must pass on a slow or busy machine.

- No fixed wait: ``wait_for_timeout``, ``time.sleep`` and ``asyncio.sleep`` appear in tests/
  only with a comment on the same line saying why (a polling interval with a deadline, a
  simulated slow server). Wait for the condition instead (tests/waiting.py, Playwright's
  ``expect``).
- No assertion on wall-clock time: latency and throughput are ``make bench``'s figures.
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
THIS = Path(__file__).resolve()

FIXED_WAIT = re.compile(r"\b(wait_for_timeout|time\.sleep|asyncio\.sleep)\(")
CLOCK = re.compile(r"\b(perf_counter|monotonic|process_time)\(\)|\belapsed\b|\bp99\b|\bduration\b|\blatenc")


def _lines():
    for path in sorted(TESTS.rglob("*.py")):
        if path == THIS:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield path.relative_to(TESTS.parent), number, line


def test_every_fixed_wait_says_why_on_its_line():
    bare = [f"{path}:{n}: {line.strip()}" for path, n, line in _lines()
            if FIXED_WAIT.search(line) and "#" not in line.split(FIXED_WAIT.search(line).group(0))[1]]
    assert bare == [], "fixed waits without a reason (wait for the condition instead):\n" + "\n".join(bare)


def test_no_test_asserts_a_duration():
    timed = [f"{path}:{n}: {line.strip()}" for path, n, line in _lines()
             if "bench" not in path.parts and line.lstrip().startswith("assert") and CLOCK.search(line)]
    assert timed == [], "assertions on wall-clock time (make bench measures speed):\n" + "\n".join(timed)


def test_the_rules_see_what_they_forbid():
    assert FIXED_WAIT.search("    page.wait_for_timeout(500)")
    assert FIXED_WAIT.search("        time.sleep(0.2)  # polling")
    assert CLOCK.search("assert time.monotonic() - began < 5")
    assert CLOCK.search("assert p99 < P99_BOUND_S")


def test_every_test_the_makefile_names_exists():
    """The Makefile's hand-picked runs (the stock-Reflex subset) name tests by node id: a
    renamed test must not turn that run into "not found" at the end of CI."""
    makefile = (TESTS.parent / "Makefile").read_text(encoding="utf-8")
    ids = re.findall(r"(tests/[\w/]+\.py)(?:::(\w+))?", makefile)
    missing = [f"{path}::{name}" if name else path for path, name in ids
               if not (TESTS.parent / path).is_file()
               or (name and not re.search(rf"^def {name}\(", (TESTS.parent / path).read_text(encoding="utf-8"), re.M))]
    assert ids and missing == []
