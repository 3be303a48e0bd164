"""Every extension of Reflex the site makes: the only place that reaches into Reflex's
private internals or rewrites its build output (docs/reflex-extensions.md).

One switch: ``COMMUNITY_REFLEX_EXTENSIONS=off`` (``settings.reflex_extensions``) runs the
site on stock Reflex: nothing is patched, the build is Reflex's own (no plugin of this
package), no page head is rewritten into Reflex's HTML, and no version is checked. Every
page and feature works either way; with it on, pages load faster (the figures are in each
module's docstring and in docs/reflex-extensions.md).

With the switch on, ``install()`` first checks that Reflex, granian and React Router are
the versions these extensions were written for (``WRITTEN_FOR``); another version stops
the start with a message that names the switch. Then it installs the run-time extensions
in ``RUNTIME_ORDER`` (the order matters: both ``lean_fetch`` and ``event_admission`` wrap
``BaseStateEventProcessor._execute_event``; admission must be the outermost wrapper, so an
event waits for its slot before anything of it runs). ``build_plugins(theme)`` gives
rxconfig.py the plugins of the build.

For the A/B of each run-time extension alone (``make bench``, docs/performance.md),
``COMMUNITY_REFLEX_EXTENSIONS_SKIP=lean_fetch[,...]`` leaves the named ones out with the
switch on (the build is the same; ``lean_fetch`` needs ``hydrate``'s page-open event and is
left out with it). Not a production setting: every extension is on in production.

Every module is listed in ``RUNTIME_ORDER`` or ``build_plugins``. Features that need no
private name (the page heads, the serving of a copied build) live in ``serving/``.
"""

from __future__ import annotations

import logging
import os
from importlib import metadata
from typing import Any

from community_app.core.settings import reflex_extensions

log = logging.getLogger(__name__)

SWITCH = "COMMUNITY_REFLEX_EXTENSIONS"

# The versions every extension was written and measured for. A patch release of the same
# minor version passes the guard (0.10.2 for 0.10.1: a patch keeps the internals the
# extensions read; their own tests and the stock-Reflex subset say whether it did); another
# minor version, a pre-release or a lower patch stops the start. On such an upgrade: run the
# site with the switch off first, then port each extension (docs/reflex-extensions.md).
WRITTEN_FOR = {
    "reflex": "0.10.1",
    "reflex-base": "0.10.1",
    "granian": "2.8.7",
    "react-router": "8.4.0",
}

# The run-time extensions, installed in this order (innermost wrapper first).
RUNTIME_ORDER = ("hydrate", "lean_fetch", "event_admission")
SKIP = f"{SWITCH}_SKIP"
# An extension that works only on top of another: left out with it.
NEEDS = {"lean_fetch": "hydrate"}


class VersionMismatch(RuntimeError):
    """A framework version the extensions were not written for."""


def enabled() -> bool:
    return reflex_extensions()


def react_router_version() -> str:
    """The React Router version Reflex writes into the frontend's package.json."""
    from reflex_base.constants.installer import PackageJson

    return PackageJson.DEPENDENCIES["react-router"]


def installed_versions() -> dict[str, str]:
    found = {name: metadata.version(name) for name in WRITTEN_FOR if name != "react-router"}
    found["react-router"] = react_router_version()
    return found


def accepted(found: str | None, wanted: str) -> bool:
    """``found`` is ``wanted`` or a later patch release of its minor version."""
    from packaging.version import InvalidVersion, Version

    if found is None:
        return False
    try:
        have, want = Version(found), Version(wanted)
    except InvalidVersion:
        return found == wanted
    return (have.release[:2] == want.release[:2] and have >= want
            and not have.is_prerelease and not have.is_devrelease)


def version_problems(found: dict[str, str] | None = None) -> list[str]:
    found = installed_versions() if found is None else found
    return [
        f"{name} {found.get(name, 'missing')} (written for {wanted})"
        for name, wanted in WRITTEN_FOR.items()
        if not accepted(found.get(name), wanted)
    ]


def check_versions(found: dict[str, str] | None = None) -> None:
    """Refuse to start with extensions written for other framework versions."""
    problems = version_problems(found)
    if problems:
        raise VersionMismatch(
            "The site's Reflex extensions (community_app/reflex_ext) were written for other "
            f"versions: {', '.join(problems)}. Start the site on stock Reflex with "
            f"{SWITCH}=off, then port each extension (docs/reflex-extensions.md)."
        )


def skipped() -> set[str]:
    """The run-time extensions left out for an A/B measurement (``COMMUNITY_REFLEX_EXTENSIONS_SKIP``,
    comma-separated; empty by default). An unknown name stops the start: a typo must not
    measure "all on" under another name."""
    names = {n.strip() for n in os.environ.get(SKIP, "").split(",") if n.strip()}
    unknown = names - set(RUNTIME_ORDER)
    if unknown:
        raise ValueError(f"{SKIP}: unknown extension(s) {sorted(unknown)}; "
                         f"the run-time extensions are {', '.join(RUNTIME_ORDER)}")
    return names | {name for name, needed in NEEDS.items() if needed in names}


def install() -> bool:
    """Install the run-time extensions (called once by community_app.py, before the app is
    made). Returns whether they are on."""
    if not enabled():
        log.warning("%s=off: the site runs on stock Reflex (no extension installed)", SWITCH)
        return False
    check_versions()
    from community_app.reflex_ext import event_admission, hydrate, lean_fetch

    steps = {
        "hydrate": hydrate.install,
        "lean_fetch": lambda: lean_fetch.install(hydrate.browser_holds_every_default,
                                                 hydrate.page_states),
        "event_admission": event_admission.install,
    }
    left_out = skipped()
    for name in RUNTIME_ORDER:
        if name not in left_out:
            steps[name]()
    if left_out:
        log.warning("%s: %s left out (an A/B measurement, not a production setting)",
                    SKIP, ", ".join(n for n in RUNTIME_ORDER if n in left_out))
    return True


def build_plugins(theme: Any) -> list[Any]:
    """The Reflex plugins of the build for rxconfig.py: Radix Themes with ``theme``, and
    with the switch on, only the site's palettes, the first-paint rewrite and identical
    builds."""
    import reflex as rx

    if not enabled():
        return [rx.plugins.RadixThemesPlugin(theme=theme)]
    check_versions()
    from community_app.reflex_ext.first_paint_build import FirstPaintPlugin
    from community_app.reflex_ext.identical_build import IdenticalBuildPlugin
    from community_app.reflex_ext.radix_palettes import RadixThemesPalettesPlugin

    # The same asset names from every build of a commit, in any folder, for any port; the
    # websocket goes to the page's own origin (identical_build.py).
    return [RadixThemesPalettesPlugin(theme=theme), FirstPaintPlugin(), IdenticalBuildPlugin()]
