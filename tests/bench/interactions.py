"""How fast the pages answer typing and choosing (part of the 'pages' section; issue 46).

Each scenario opens its page in Chromium (Playwright) at a phone's width with DevTools' CPU
throttling at 4x (Lighthouse's mobile preset slows the CPU the same way), waits until the
page's state is in (``#uzdev-ready``), then acts as a person does with real (trusted) input
events, and reads the browser's Event Timing entries (``PerformanceObserver`` type
``event``): an interaction's latency is the longest entry of its ``interactionId`` (input
delay + handlers + the time to the next paint), which is what Interaction to Next Paint
takes. The scenario's figure is its slowest interaction; each scenario runs ``INP_RUNS``
times (default 5) on a fresh page and the median is printed, with every run's.

- ``/jobs typing``: "python" typed into the jobs search, one key each 150 ms: the results
  for the first letters arrive while the later ones are typed, so a long render of the
  list shows up as the input delay of the next key.
- ``/jobs filter``: the phone's "Filters" button pressed, then the first filter (a native
  select) changed with the arrow key twice, 600 ms apart (the list re-renders for each).
- ``/search typing``: "meetup" typed into the site search the same way.

Figures to compare, not a test: a busy host stretches every figure.
"""

from __future__ import annotations

import os
import statistics

CHROME = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
RUNS = max(1, int(os.environ.get("INP_RUNS", "5")))
INP_GOAL_MS = 100
KEY_GAP_MS = 150

OBSERVER = """
window.__uzdevEvents = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.interactionId) window.__uzdevEvents.push([e.interactionId, e.name, e.duration]);
  }
}).observe({ type: "event", buffered: true, durationThreshold: 16 });
"""


def _type(page, selector: str, text: str) -> None:
    page.click(selector)
    for letter in text:
        page.keyboard.press(letter)
        page.wait_for_timeout(KEY_GAP_MS)  # a person's pace between keys


def _jobs_typing(page) -> None:
    _type(page, "#jobs-search", "python")


def _jobs_filter(page) -> None:
    toggle = page.locator(".jobs-filters-toggle")
    if toggle.is_visible():
        toggle.click()
        page.wait_for_timeout(300)  # the panel opens, as a person waits to see it
    first = page.locator("#jobs-filters select").first
    first.focus()
    for _ in range(2):
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(600)  # a person reads the list before the next choice


def _search_typing(page) -> None:
    _type(page, "#site-search", "meetup")


SCENARIOS = {
    "/jobs typing": ("/jobs", _jobs_typing),
    "/jobs filter": ("/jobs", _jobs_filter),
    "/search typing": ("/search", _search_typing),
}


def _one_run(browser, url: str, act) -> tuple[float, int]:
    """The slowest interaction of one run (ms) and how many interactions were seen."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=False)
    try:
        page = context.new_page()
        page.add_init_script(OBSERVER)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(url)
        page.wait_for_selector("#uzdev-ready[data-ready='true']", state="attached", timeout=60_000)
        page.wait_for_load_state("load")
        page.wait_for_timeout(1000)  # the first data render and the list's slices are done
        page.evaluate("window.__uzdevEvents = []")
        act(page)
        page.wait_for_timeout(1500)  # the last answer arrives and renders
        events = page.evaluate("window.__uzdevEvents")
    finally:
        context.close()
    worst: dict[int, float] = {}
    for interaction, _name, duration in events:
        worst[interaction] = max(worst.get(interaction, 0.0), duration)
    return (max(worst.values(), default=0.0), len(worst))


def measure(base_url: str) -> dict[str, dict]:
    """Each scenario's runs: ``{"median": ms, "runs": [...], "interactions": n}``."""
    from playwright.sync_api import sync_playwright

    results: dict[str, dict] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROME, args=["--no-sandbox"])
        try:
            for label, (path, act) in SCENARIOS.items():
                runs = [_one_run(browser, base_url + path, act) for _ in range(RUNS)]
                results[label] = {"median": statistics.median(r[0] for r in runs),
                                  "runs": [r[0] for r in runs],
                                  "interactions": max(r[1] for r in runs)}
        finally:
            browser.close()
    return results


def rows(results: dict[str, dict]) -> list[str]:
    lines = [f"\nInteraction to next paint (Chromium, 390 px, CPU 4x slower, {RUNS} runs each: the "
             f"slowest interaction of a run; median of the runs); goal <= {INP_GOAL_MS} ms"]
    for label, r in results.items():
        runs = "/".join(f"{v:.0f}" for v in r["runs"])
        verdict = "ok" if r["median"] <= INP_GOAL_MS else "ABOVE"
        lines.append(f"  {label:<16} INP {r['median']:>5.0f} ms  (runs {runs}; "
                     f"{r['interactions']} interactions)  {verdict}")
    return lines
