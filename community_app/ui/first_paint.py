"""The first paint of a full page load in the visitor's language and sign-in (issue 14).

The built pages are prerendered once, in English and signed out; the language and the
sign-in live in the browser's storage and reach the server with the page's first event
(``reflex_ext/hydrate.py``, or Reflex's own chain with the extensions off). Until that answer is applied the page would paint English and a
Login button for a few hundred ms. This inline script, the first of the head after
Reflex's colour-theme one (so it runs before anything of the body is painted):

- copies the stored language into the ``uzdev_lang`` cookie, so the server's head
  (``<html lang>``, title, description: ``serving/page_heads.py``) is in that language on the
  next full load;
- when the page will not stay as built (a language other than English, stored or the
  browser's, or a stored sign-in), marks ``<html>`` (class ``uzdev-wait``) and hides it
  (an inline ``visibility: hidden``: in effect at once, with no stylesheet to wait for;
  the body inherits it) until the frame's ``#uzdev-ready`` marker says the page's state is in (``data-ready="true"``: the language and the member applied in the same
  render), at most ``WAIT_MS`` (a broken websocket never leaves a blank page).

An English visitor who is signed out (the default, and what Lighthouse measures) gets
nothing hidden: the page paints as built. The script is part of the build, so the
Content-Security-Policy lists its hash with the build's other inline scripts
(``serving/security_headers.py``).
"""

from __future__ import annotations

import json

import reflex as rx

from community_app.state.auth import STORAGE_PREFIX
from community_app.state.lang import LANG_COOKIE_MAX_AGE, LANG_STORAGE_KEY

WAIT_CLASS = "uzdev-wait"
READY_ID = "uzdev-ready"
WAIT_MS = 5000

SCRIPT = """(function () {
  try {
    var root = document.documentElement, store = window.localStorage;
    var stored = store.getItem(%(lang_key)s);
    var known = stored === "en" || stored === "uz";
    if (known) document.cookie = "%(lang_key_raw)s=" + stored + "; path=/; max-age=%(max_age)d; samesite=lax";
    var browser = (navigator.language || "").toLowerCase().split("-")[0] === "uz" ? "uz" : "en";
    var member = !!(store.getItem(%(access)s) || store.getItem(%(refresh)s));
    if ((known ? stored : browser) === "en" && !member) return;
    root.classList.add(%(cls)s);
    root.style.visibility = "hidden";
    var watcher, timer;
    var show = function () {
      root.classList.remove(%(cls)s);
      root.style.visibility = "";
      if (watcher) watcher.disconnect();
      clearTimeout(timer);
    };
    var ready = function () {
      var marker = document.getElementById(%(ready)s);
      return marker !== null && marker.getAttribute("data-ready") === "true";
    };
    watcher = new MutationObserver(function () { if (ready()) show(); });
    watcher.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
    timer = setTimeout(show, %(wait)d);
  } catch (e) {
    document.documentElement.classList.remove(%(cls)s);
    document.documentElement.style.visibility = "";
  }
})();""" % {
    "lang_key": json.dumps(LANG_STORAGE_KEY),
    "lang_key_raw": LANG_STORAGE_KEY,
    "max_age": LANG_COOKIE_MAX_AGE,
    "access": json.dumps(f"{STORAGE_PREFIX}accessToken"),
    "refresh": json.dumps(f"{STORAGE_PREFIX}refreshToken"),
    "cls": json.dumps(WAIT_CLASS),
    "ready": json.dumps(READY_ID),
    "wait": WAIT_MS,
}


def first_paint_script() -> rx.Component:
    # rx.el.script: a plain <script> in the prerendered head (rx.script goes through Helmet,
    # client-side only, after the first paint).
    return rx.el.script(SCRIPT)
