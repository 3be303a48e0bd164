"""Catalog maintenance: ``python -m community_app.i18n extract|compile|check``.

- extract: collect every t()/N_()/gettext() message id from the code into
  locales/messages.pot and merge it into each language's .po (new ids get empty
  translations to fill in; ids no longer used are dropped).
- compile: build the .mo files (done automatically at start when they are stale).
- check: list Uzbek messages without a translation; exits 1 when there are any.
"""

from __future__ import annotations

import subprocess
import sys

from community_app.i18n import DOMAIN, LANGUAGES, LOCALES_DIR, compile_catalogs
from community_app.core.settings import ROOT

POT = LOCALES_DIR / f"{DOMAIN}.pot"
KEYWORDS = ["t", "N_", "gettext", "_", "both", "Np_:1,2", "ngettext:1,2"]


def extract() -> None:
    cmd = [
        sys.executable, "-m", "babel.messages.frontend", "extract",
        "-F", str(ROOT / "babel.cfg"), "-o", str(POT),
        "--no-location", "--sort-output", "--omit-header",
        "--no-default-keywords",
    ]
    for k in KEYWORDS:
        cmd += ["-k", k]
    subprocess.run([*cmd, str(ROOT / "community_app")], check=True, cwd=ROOT)
    for lang in LANGUAGES:
        po = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        action = "update" if po.exists() else "init"
        args = [sys.executable, "-m", "babel.messages.frontend", action,
                "-i", str(POT), "-d", str(LOCALES_DIR), "-D", DOMAIN, "-l", lang]
        if action == "update":
            args += ["--no-fuzzy-matching", "--ignore-obsolete", "--omit-header"]
        subprocess.run(args, check=True, cwd=ROOT)


def missing(lang: str = "uz") -> list[str]:
    from babel.messages.pofile import read_po

    po = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    return [m.id for m in catalog if m.id and (not translated(m) or m.fuzzy)]


def translated(message) -> bool:
    """A message with plural forms has a tuple of strings: every form must be there."""
    return all(message.string) if message.pluralizable else bool(message.string)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        extract()
    elif command == "compile":
        for path in compile_catalogs(force=True):
            print(f"compiled {path.relative_to(ROOT)}")
    elif command == "check":
        gaps = missing("uz")
        for message_id in gaps:
            print(f"missing uz: {message_id!r}")
        return 1 if gaps else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
