"""The A/B of the Reflex extensions in one ``make bench`` run (issue 26, docs/performance.md).

``BENCH_EXTENSIONS`` lists the runs, one after the other on the same machine (default
``on,off,each,on``):

- ``on``: every extension (the site as deployed); ``off``: stock Reflex
  (``COMMUNITY_REFLEX_EXTENSIONS=off``, built into a folder of its own);
- ``on-NAME``: every extension but the run-time extension NAME
  (``COMMUNITY_REFLEX_EXTENSIONS_SKIP``, community_app/reflex_ext/__init__.py): what NAME
  alone gains; ``each`` is ``on-NAME`` for every run-time extension (``on-hydrate`` leaves
  ``lean_fetch`` out too: it needs hydrate's page-open event). The build extensions change
  the build, not the run: they are measured by ``on`` against ``off`` in the ``pages``
  section (Lighthouse);
- a mode given twice (``on`` at the start and at the end) measures the run-to-run noise.

Every run after the first ``on`` serves the build that run made (``COMMUNITY_PREBUILT=1
reflex run --backend-only``): no rebuild; ``BENCH_PREBUILT=1`` serves the build of ``make
build`` from the first run on. The ``on-NAME`` and noise runs run the sections of
``BENCH_AB_SECTIONS`` only (default ``load``: the run-time extensions act on page-open
events). At the end ``table()`` prints, per page of the ``load`` section, each run's
p50/p99 and the server's CPU per page load beside the first ``on`` run's.
"""

from __future__ import annotations

import os

from tests.prodserver import ROOT

STOCK_WEB = ROOT / ".make" / "web-stock"


def runtime_extensions() -> tuple[str, ...]:
    from community_app.reflex_ext import RUNTIME_ORDER

    return RUNTIME_ORDER


def modes(spec: str | None = None) -> list[str]:
    """The runs of ``BENCH_EXTENSIONS``, ``each`` expanded; a mode given again is labelled
    ``mode#2`` (the noise run)."""
    raw = [m.strip() for m in (spec or os.environ.get("BENCH_EXTENSIONS") or "on,off,each,on").split(",")
           if m.strip()]
    expanded: list[str] = []
    for mode in raw:
        if mode == "each":
            expanded += [f"on-{name}" for name in runtime_extensions()]
        elif mode in ("on", "off") or (mode.startswith("on-") and mode[3:] in runtime_extensions()):
            expanded.append(mode)
        else:
            raise SystemExit(f"BENCH_EXTENSIONS: unknown run {mode!r} (on, off, each, "
                             f"on-NAME with NAME one of {', '.join(runtime_extensions())})")
    labels, seen = [], {}
    for mode in expanded:
        seen[mode] = seen.get(mode, 0) + 1
        labels.append(mode if seen[mode] == 1 else f"{mode}#{seen[mode]}")
    return labels


def server_for(env: dict, label: str, built: bool) -> tuple[dict, tuple[str, ...]]:
    """The server's environment and ``reflex run`` arguments for one run; ``built``: the
    ``on`` build of this run exists (served as it is, without building again)."""
    mode = label.split("#")[0]
    if mode == "off":
        return {**env, "COMMUNITY_REFLEX_EXTENSIONS": "off", "REFLEX_WEB_WORKDIR": str(STOCK_WEB)}, ()
    mode_env = {**env, "COMMUNITY_REFLEX_EXTENSIONS": "on"}
    if mode.startswith("on-"):
        mode_env["COMMUNITY_REFLEX_EXTENSIONS_SKIP"] = mode[3:]
    if built:
        return {**mode_env, "COMMUNITY_PREBUILT": "1"}, ("--backend-only",)
    return mode_env, ()


def sections(label: str, wanted: list[str]) -> list[str]:
    if label in ("on", "off"):
        return wanted
    ab = [s for s in (os.environ.get("BENCH_AB_SECTIONS") or "load").split(",") if s]
    return [s for s in wanted if s in ab]


def table(results: dict[str, list[dict] | None]) -> None:
    """The load section's figures of every run beside the first ``on`` run's."""
    runs = {label: rows for label, rows in results.items() if rows}
    if "on" not in runs or len(runs) < 2:
        return
    pages = [row["page"] for row in runs["on"]]
    print("\n=== A/B of the Reflex extensions (section load: "
          f"{os.environ.get('LOAD_SESSIONS', '300')} sessions opening the page at once) ===")
    print("run: on = every extension; off = stock Reflex; on-NAME = every extension but NAME; "
          "#2 = the same run again (noise)")
    print(f"{'page':<10}{'run':<22}{'p50 s':>7}{'p99 s':>7}{'errors':>8}{'CPU ms/load':>13}{'vs on':>8}")
    for page in pages:
        base = next(r for r in runs["on"] if r["page"] == page)
        for label, rows in runs.items():
            row = next((r for r in rows if r["page"] == page), None)
            if row is None:
                continue
            cpu = row.get("cpu_ms")
            change = (f"{(cpu - base['cpu_ms']) / base['cpu_ms'] * 100:+.0f} %"
                      if cpu is not None and base.get("cpu_ms") else "n/a")
            print(f"{page:<10}{label:<22}{row['p50']:>7.2f}{row['p99']:>7.2f}{row['errors']:>8}"
                  f"{'n/a' if cpu is None else format(cpu, '.2f'):>13}{change:>8}")
