"""Radix's styles survive the build's CSS purge (community_app/reflex_ext/first_paint_build.py):
every selector of Radix's whole stylesheet that matches an element of the page as shown is
in the page's own stylesheets. Both sides are read by the browser's own CSS parser (Radix's
file is loaded into a constructed stylesheet in the page), so the comparison is selector
text against selector text as Chromium writes it (with the few shorter forms the build's
minifier writes, ``:first-child`` for ``:nth-child(1)``, made the same). A rule of a media query counts whatever
the screen's width: the purge keeps or drops a selector, not a query."""

from __future__ import annotations

import functools

from playwright.sync_api import Page

from tests.prodserver import ROOT

RADIX_CSS = ROOT / ".web" / "node_modules" / "@radix-ui" / "themes" / "styles.css"

_MISSING = r"""(full) => {
  const parts = (text) => {  // a selector list split at its top-level commas
    const out = []; let depth = 0, start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (c === ',' && depth === 0) { out.push(text.slice(start, i).trim()); start = i + 1; }
    }
    out.push(text.slice(start).trim());
    return out;
  };
  // The build's minifier writes some selectors shorter than Radix's file does.
  const same = (one) => one.replace(/:nth-child\(1\)/g, ':first-child')
    .replace(/:nth-last-child\(1\)/g, ':last-child').replace(/:nth-of-type\(1\)/g, ':first-of-type')
    .replace(/:nth-last-of-type\(1\)/g, ':last-of-type');
  const selectors = (rules, into) => {
    for (const r of rules) {
      if (r.selectorText) for (const one of parts(r.selectorText)) into.add(same(one));
      if (r.cssRules) selectors(r.cssRules, into);
    }
    return into;
  };
  const present = new Set();
  for (const sheet of document.styleSheets) { try { selectors(sheet.cssRules, present); } catch (e) {} }
  const radix = new CSSStyleSheet();
  radix.replaceSync(full);
  const onPage = new Set();
  for (const el of document.querySelectorAll('[class*="rt-"]')) for (const c of el.classList) onPage.add(c);
  const classes = /\.((?:[a-z]{2}\\:)?rt-[A-Za-z0-9_-]+)/g;
  const missing = [];
  for (const one of selectors(radix.cssRules, new Set())) {
    if (present.has(one)) continue;
    const names = [...one.matchAll(classes)].map((m) => m[1].replace('\\:', ':'));
    if (!names.length || !names.some((n) => onPage.has(n))) continue;
    const bare = one.replace(/::?(before|after|placeholder|selection|marker|-webkit-[a-z-]+|-moz-[a-z-]+)(\([^)]*\))?/g, '');
    try { if (document.querySelector(bare || '*')) missing.push(one); } catch (e) {}
  }
  return missing.sort();
}"""


@functools.cache
def _radix_css() -> str:
    return RADIX_CSS.read_text()


def missing_radix_rules(page: Page) -> list[str]:
    """The selectors of Radix's stylesheet that match an element of ``page`` and that the
    page's stylesheets lack (the purge dropped a rule the page needs): [] when none."""
    return page.evaluate(_MISSING, _radix_css())
