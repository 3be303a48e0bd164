"""The layout shifts a visitor sees while a page loads (Chromium's Layout Instability API;
shifts after the visitor's own input are not counted, as in CLS): ``WATCH`` goes into
``page.add_init_script`` before the page opens, ``shift(page)`` reads the sum so far and
``shifts(page)`` what moved (for the assertion's message)."""

from __future__ import annotations

from playwright.sync_api import Page

WATCH = """
window.__uzdevShift = 0;
window.__uzdevShifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    window.__uzdevShift += e.value;
    window.__uzdevShifts.push([e.value, e.startTime, (e.sources || []).map((s) => [
      s.node ? (s.node.nodeName + "." + (s.node.className || "") + "#" + (s.node.id || "")) : "?",
      s.previousRect.y, s.currentRect.y, s.currentRect.height])]);
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def shift(page: Page) -> float:
    return page.evaluate("window.__uzdevShift")


def shifts(page: Page) -> list:
    return page.evaluate("window.__uzdevShifts")
