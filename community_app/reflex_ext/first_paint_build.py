"""Post-processing of the production build (a Reflex plugin's ``post_build`` step, added in
rxconfig.py; it runs after Vite and before the brotli/gzip copies are made).

Three things make the first paint of a page on a phone wait for work it does not need:

- **Unused CSS.** Radix Themes' ``components.css`` and ``utilities.css`` are loaded whole:
  657 KB of render-blocking CSS. ``purge_css`` keeps a rule only if every
  Radix class (``rt-*``) its selector requires (``.name``, and one selector of each
  ``:where(...)``/``:is(...)``) can be on an element: written somewhere in the built
  JavaScript or HTML (the only places a class name can come from), or, for the classes
  Radix builds from a prop's value (``rt-r-size`` + ``-2``, ``md:rt-r-m`` + ``-3``, read
  from Radix's prop definitions in the build), a value the build writes for that prop (at
  that breakpoint), the prop's default, or any value when a state gives it. Rules without
  a Radix class (tokens, resets, the site's own CSS) are kept as they are.
- **Hydration before the first paint.** Every page is prerendered HTML, but its module
  script (React Router's) imports the route modules at once: on a fast connection the
  browser evaluates ~500 KB of JavaScript before it paints the HTML it already has.
  ``defer_hydration`` makes the same script start after the first frame has been painted
  (or at once in a background tab, where no frame is painted): same modules, same order.
  Its module preloads are made a few per task (each costs the main thread about a
  millisecond, four on a phone: the 43 of the home page were one 40-70 ms task).
- **No HTML for pages with an id in their address.** React Router prerenders the static
  routes only; ``/news/12`` got the SPA fallback (a spinner), so its header, its layout
  and its largest element all waited for the JavaScript. ``prerender_shells`` (a
  ``pre_compile`` file task, before Vite) asks React Router to prerender each route of
  ``SHELL_ROUTES`` (``core/shells.py``) once more at an address with ``_`` for every parameter
  (``/news/_``): the page as it is before its data comes (the frame and the page's
  loading placeholder). ``serving/web.py`` answers ``/news/12`` with that HTML; the
  browser then hydrates the same route for the real address.

Replaces: nothing of Reflex's code; rewrites its build output with the public plugin hooks
(``pre_compile``'s ``add_modify_task``, ``post_build``): the regular expressions below
match React Router 8.4's prerendered module script and the ``export default {...}`` of
Reflex's ``react-router.config.js``; the purge reads Radix Themes 3.3's ``rt-`` classes.

Gain measured (docs/performance.md "What grew since 1be04f3", "Lighthouse per page (the
latest run)" and the runs before them, Lighthouse mobile): the shared CSS from 657 KB to
267 KB (keeping every value of a prefix the build writes, as until issue 46: 519 KB; 4,768
rules to 1,648); hydration after the first paint and the shells took the public pages' LCP
to 1.1-1.7 s (an empty Reflex page: 2.9 s); preloads six per task took ``/``'s longest task
from 45-80 ms to under 10 ms. A build extension: ``make
bench``'s A/B measures it only as ``on`` against ``off`` with the whole stock build (the
pages section), not alone; that is what the figures above are.

On a Reflex or React Router upgrade: build once with the switch on and check the build
log's "first paint: ... N pages hydrate after the first paint" (N must be every page);
tests/unit/test_build_output.py (the rewrites, on hand-written HTML) and
tests/e2e/test_serving.py (the real build: Radix styles survive, shells served).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import reflex as rx
import tinycss2

from community_app.core.shells import SHELL_ROUTES, shell_address

log = logging.getLogger(__name__)

# --- prerendered shells of the pages with an id in their address ---------------------
# Which routes have one, and where: core/shells.py (serving/web.py answers with them).


def prerender_shells(config_js: str) -> str:
    """React Router's config (``export default {...};`` as Reflex writes it) with the
    shells added to the prerendered addresses (every static route stays prerendered)."""
    match = re.fullmatch(r"\s*export default (\{.*\});\s*", config_js, re.S)
    if not match or '"prerender": true' not in config_js:
        return config_js
    shells = json.dumps([shell_address(route) for route in SHELL_ROUTES])
    return (
        f"const config = {match[1]};\n"
        f"config.prerender = async ({{ getStaticPaths }}) => [...getStaticPaths(), ...{shells}];\n"
        "export default config;\n"
    )


# --- hydration after the first paint -------------------------------------------------

# React Router's prerendered pages end with this module script (framework mode, ssr=False).
_ROUTER_SCRIPT = re.compile(
    r'<script type="module" async="">\s*import "(?P<manifest>[^"]+)";\s*'
    r"(?P<routes>(?:import \* as route\d+ from \"[^\"]+\";\s*)+)"
    r"\s*window\.__reactRouterRouteModules = (?P<modules>\{[^<]*?\});\s*"
    r'import\("(?P<entry>[^"]+)"\);\s*</script>'
)
_ROUTE_IMPORT = re.compile(r'import \* as (route\d+) from "([^"]+)";')
_MODULE_PRELOAD = re.compile(r'<link rel="modulepreload" href="(?P<href>[^"]+)"/>')
DEFERRED_MARK = "/* uzdev: hydrate after first paint */"
# Traces: a batch of 6 took 8-11 ms of the main thread on the development machine, 32-44
# ms in Lighthouse's 4x simulation, at its 50 ms line whenever the host stalls; 3 stay clear.
PRELOADS_PER_TASK = 3


def defer_hydration(html: str) -> str:
    """``html`` with React Router's module script started after the first paint, and its
    ``modulepreload`` links added by that script (all at once, so the modules still load
    in parallel, but after the stylesheet and the first frame instead of competing with
    them); unchanged when the script is not there (or already deferred)."""
    if not _ROUTER_SCRIPT.search(html):
        return html
    preloads = _MODULE_PRELOAD.findall(html)
    html = _MODULE_PRELOAD.sub("", html)

    def rewrite(match: re.Match[str]) -> str:
        imports = "".join(
            f"const {name} = await import({json.dumps(path)});"
            for name, path in _ROUTE_IMPORT.findall(match["routes"])
        )
        return (
            f'<script type="module">{DEFERRED_MARK}'
            "const start = async () => {"
            f"const preloads = {json.dumps(preloads)};"
            # Each preload costs the main thread about a millisecond (more on a phone):
            # PRELOADS_PER_TASK at a time, so 20 of them are not one long task.
            "for (let i = 0; i < preloads.length; i++) {"
            f"if (i > 0 && i % {PRELOADS_PER_TASK} === 0) await new Promise((next) => setTimeout(next, 0));"
            'const link = document.createElement("link");'
            'link.rel = "modulepreload"; link.href = preloads[i]; document.head.appendChild(link);'
            "}"
            f"await import({json.dumps(match['manifest'])});"
            f"{imports}"
            f"window.__reactRouterRouteModules = {match['modules']};"
            f"import({json.dumps(match['entry'])});"
            "};"
            # rAF runs once the page can render (stylesheets loaded); the timeout after it
            # lets that frame be painted first. Hidden tabs paint no frame: start at once.
            'if (document.visibilityState === "hidden") start();'
            "else requestAnimationFrame(() => setTimeout(start, 0));"
            "</script>"
        )

    return _ROUTER_SCRIPT.sub(rewrite, html, count=1)


# --- Radix Themes CSS the build uses -------------------------------------------------

_RADIX_CLASS = re.compile(r"(?:[a-z]{2}:)?rt-[A-Za-z0-9_-]+")
_BREAKPOINT = re.compile(r"^[a-z]{2}:")
# Layout at-rules whose block holds rules (purged inside); any other at-rule is kept whole.
_NESTING_AT_RULES = {"media", "layer", "supports", "container", "scope"}
# Radix's prop definitions as the minified build writes them:
# ``mx:{type:`enum | string`,values:ao,responsive:!0,className:`rt-r-mx`,...}``.
_PROP_DEF = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*):\{([^{}]*?className:[`\"'](rt-[\w-]+)[`\"'][^{}]*)\}")
_DEFAULT = re.compile(r"(?<![\w$])default:[`\"']([^`\"']*)[`\"']")
_RESPONSIVE_KEY = re.compile(r"(?:^|[{,\s])[\"']?(initial|xs|sm|md|lg|xl)[\"']?\s*:\s*$")
_STATE_VALUE = re.compile(r"_rx_state_(?!\s*\?)")  # a state var as the value, not a condition


@dataclasses.dataclass(frozen=True)
class RadixUsage:
    """What the build writes of Radix's classes: ``names``, every ``rt-*`` name written
    (breakpoint prefixes and trailing dashes removed); ``props``, each prop definition's
    class prefix -> the props that set it (``rt-r-size`` -> ``size``); ``values``, each
    such prop -> the (breakpoint, value) pairs written for it (``""`` for the base value);
    ``defaults``, each class prefix -> the prop defaults Radix applies unasked; ``dynamic``,
    the props given a state's value somewhere (every value of theirs is kept)."""

    names: frozenset[str]
    props: dict[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    values: dict[str, frozenset[tuple[str, str]]] = dataclasses.field(default_factory=dict)
    defaults: dict[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    dynamic: frozenset[str] = frozenset()


def radix_classes_in(texts: Iterable[str]) -> frozenset[str]:
    """Every ``rt-*`` name written in the built JavaScript and HTML (breakpoint prefixes
    such as ``md:`` removed; trailing dashes of name prefixes removed)."""
    found: set[str] = set()
    for text in texts:
        for name in _RADIX_CLASS.findall(text):
            found.add(_BREAKPOINT.sub("", name).rstrip("-"))
    return frozenset(found)


def _expression_at(text: str, start: int) -> tuple[str, list[tuple[int, str]]]:
    """The JavaScript expression that starts at ``start`` (up to the ``,``, ``;`` or
    closing bracket that ends it) and its string literals with their offsets."""
    depth, literals, i, end = 0, [], start, min(len(text), start + 2000)
    while i < end:
        ch = text[i]
        if ch in "\"'`":
            j = i + 1
            while j < end and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            literals.append((i, text[i + 1:j]))
            i = j + 1
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif ch in ",;" and depth == 0:
            break
        i += 1
    return text[start:i], literals


def radix_usage_in(texts: Iterable[str]) -> RadixUsage:
    """``RadixUsage`` of the built JavaScript and HTML."""
    texts = list(texts)
    props: dict[str, set[str]] = {}
    defaults: dict[str, set[str]] = {}
    for text in texts:
        for match in _PROP_DEF.finditer(text):
            prop, body, prefix = match[1], match[2], match[3]
            props.setdefault(prefix, set()).add(prop)
            defaults.setdefault(prefix, set()).update(_DEFAULT.findall(body))
    names = {p for ps in props.values() for p in ps}
    values: dict[str, set[tuple[str, str]]] = {p: set() for p in names}
    dynamic: set[str] = set()
    if names:
        given = re.compile(r"(?<![\w$.-])[\"']?(" + "|".join(map(re.escape, sorted(names)))
                           + r")[\"']?\s*:(?!:)")
        for text in texts:
            for match in given.finditer(text):
                expression, literals = _expression_at(text, match.end())
                if expression.lstrip().startswith("{type:"):
                    continue  # a prop definition, not a value
                if _STATE_VALUE.search(expression):
                    dynamic.add(match[1])
                for offset, value in literals:
                    key = _RESPONSIVE_KEY.search(text, max(match.end(), offset - 12), offset)
                    values[match[1]].add(("", value))
                    if key and key[1] != "initial":
                        values[match[1]].add((key[1], value))
    return RadixUsage(
        names=radix_classes_in(texts),
        props={k: frozenset(v) for k, v in props.items()},
        values={k: frozenset(v) for k, v in values.items()},
        defaults={k: frozenset(v) for k, v in defaults.items()},
        dynamic=frozenset(dynamic),
    )


def _class_is_used(name: str, used: RadixUsage) -> bool:
    """A class is used when it is written in the build. Radix builds a prop's class at run
    time from a prefix and the value (``rt-r-size`` + ``-2``, ``md:rt-r-m`` + ``-3``): such
    a class is used when its value is written for one of the props with that prefix (at
    that breakpoint), is the prop's default, or the prop takes a state's value somewhere. A
    prefix without a prop definition in the build: used when the prefix is written."""
    breakpoint = _BREAKPOINT.match(name)
    bare = name[breakpoint.end():] if breakpoint else name
    if bare in used.names and not (breakpoint and bare.startswith("rt-r-")):
        return True
    prefixes = [p for p in used.props if bare.startswith(p + "-")]
    if prefixes:
        prefix = max(prefixes, key=len)
        value = bare[len(prefix) + 1:]
        given = used.props[prefix]
        at = breakpoint[0][:-1] if breakpoint else ""
        return (
            bool(given & used.dynamic)
            or (not at and value in used.defaults.get(prefix, ()))
            or any((at, value) in used.values.get(prop, ()) for prop in given)
        )
    parts = bare.split("-")
    return any("-".join(parts[:end]) in used.names for end in range(len(parts), 1, -1))


def _split_selectors(prelude: list) -> list[list]:
    """A rule's selector list split at its top-level commas (tinycss2 tokens)."""
    selectors: list[list] = [[]]
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            selectors.append([])
        else:
            selectors[-1].append(token)
    return [s for s in selectors if any(t.type not in ("whitespace", "comment") for t in s)]


def _can_match(selector: list, used: RadixUsage) -> bool:
    """Whether a selector can match an element of the build: every Radix class it requires
    is used. ``.name`` is required, and ``:where(...)``/``:is(...)`` require one of their
    selectors (``.rt-Text:where(.rt-r-size-3)``); ``:not(.b)``, ``:has(...)`` and the like
    require nothing."""
    for previous, token in zip([None, *selector], selector, strict=False):
        if (token.type == "ident" and previous is not None and previous.type == "literal"
                and previous.value == "." and "rt-" in token.value
                and not _class_is_used(token.value, used)):
            return False
        if (token.type == "function" and token.lower_name in ("where", "is")
                and previous is not None and previous.type == "literal" and previous.value == ":"):
            alternatives = _split_selectors(token.arguments)
            if alternatives and not any(_can_match(a, used) for a in alternatives):
                return False
    return True


def _purge_rules(rules: list, used: RadixUsage) -> tuple[str, int]:
    """The serialised rules that can match, and how many selectors were dropped."""
    out: list[str] = []
    dropped = 0
    for rule in rules:
        if rule.type == "qualified-rule":
            selectors = _split_selectors(rule.prelude)
            kept = [s for s in selectors if _can_match(s, used)]
            dropped += len(selectors) - len(kept)
            if kept:
                prelude = ",".join(tinycss2.serialize(s).strip() for s in kept)
                out.append(f"{prelude}{{{tinycss2.serialize(rule.content)}}}")
        elif (rule.type == "at-rule" and rule.content is not None
              and rule.lower_at_keyword in _NESTING_AT_RULES):
            inner, inner_dropped = _purge_rules(
                tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True),
                used,
            )
            dropped += inner_dropped
            if inner or rule.lower_at_keyword == "layer":
                out.append(f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}{{{inner}}}")
        elif rule.type != "error":
            out.append(rule.serialize())
    return "".join(out), dropped


def purge_css(css: str, used: RadixUsage | frozenset[str]) -> str:
    """``css`` without the rules that need a Radix class the build never writes
    (``used``: ``radix_usage_in`` of the build, or only the names of ``radix_classes_in``)."""
    if not isinstance(used, RadixUsage):
        used = RadixUsage(names=used)
    rules = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    purged, _ = _purge_rules(rules, used)
    return purged


# --- the plugin ----------------------------------------------------------------------


def optimize_build(client_dir: Path) -> dict[str, Any]:
    """Purge the global CSS and defer hydration in every prerendered page of
    ``client_dir`` (Vite's output). Returns figures for the build log."""
    assets = client_dir / "assets"
    scripts = [p.read_text(errors="replace") for p in assets.glob("*.js")]
    pages = sorted(client_dir.rglob("*.html"))
    used = radix_usage_in([*scripts, *(p.read_text(errors="replace") for p in pages)])
    figures: dict[str, Any] = {"css_before": 0, "css_after": 0, "pages_deferred": 0}
    for sheet in assets.glob("*.css"):
        css = sheet.read_text()
        purged = purge_css(css, used)
        figures["css_before"] += len(css)
        figures["css_after"] += len(purged)
        sheet.write_text(purged)
    for page in pages:
        html = page.read_text()
        deferred = defer_hydration(html)
        if deferred != html:
            page.write_text(deferred)
            figures["pages_deferred"] += 1
    return figures


@dataclasses.dataclass
class FirstPaintPlugin(rx.plugins.Plugin):
    """``pre_compile``: prerender the shells of ``SHELL_ROUTES``; ``post_build``: purge
    unused Radix CSS, start hydration after the first paint."""

    def pre_compile(self, **context: Any) -> None:
        # Runs on the file Reflex writes during this compile, before Vite reads it.
        context["add_modify_task"]("react-router.config.js", prerender_shells)

    def post_build(self, **context: Any) -> None:
        figures = optimize_build(Path(context["static_dir"]))
        log.info(  # a normal build step: INFO (the site's log level), never a warning
            "first paint: CSS %d -> %d bytes, %d pages hydrate after the first paint",
            figures["css_before"], figures["css_after"], figures["pages_deferred"],
        )
