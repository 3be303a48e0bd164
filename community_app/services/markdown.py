"""Markdown to safe HTML, on the server: news articles, blog posts and the editors' previews.

- ``render_markdown``: CommonMark (plus tables and strikethrough; a single line break stays
  a line break) rendered by markdown-it-py, then sanitised by nh3 with an allowlist of the
  tags Markdown produces. Any other tag the author typed is removed (its text stays;
  ``<script>``/``<style>`` go with their content); links get ``rel="noopener noreferrer
  nofollow"`` and only http(s)/mailto addresses. The result is cached by the text's hash
  (a pure function of the text, so an in-process LRU is always right).
- ``plain_text``: the words of the Markdown without its markup (headings, emphasis, list
  marks, links' addresses and HTML gone), for a summary: news cards, the back office's
  card preview, blog cards (they used to show raw ``## ...`` and ``**...**``).
- ``plain_excerpt``: ``plain_text`` cut at a word for a card.

The browser gets finished HTML: no Markdown engine is shipped to the pages.
"""

from __future__ import annotations

import hashlib
import html
import re
import threading
from collections import OrderedDict

import nh3
from markdown_it import MarkdownIt

CACHE_SIZE = 512

_md = MarkdownIt("commonmark", {"breaks": True, "html": True}).enable(["table", "strikethrough"])

ALLOWED_TAGS = {
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code",
    "em", "strong", "s", "del", "ul", "ol", "li", "a", "img",
    "table", "thead", "tbody", "tr", "th", "td",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title"},
    "ol": {"start"},
    "code": {"class"},
    "th": {"style"},
    "td": {"style"},
}
URL_SCHEMES = {"http", "https", "mailto"}


def render_markdown(text: str) -> str:
    """Safe HTML of the Markdown ``text`` (empty text: empty string)."""
    if not text or not text.strip():
        return ""
    key = hashlib.sha256(text.encode()).digest()
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    html = _render(text)
    with _lock:
        _cache[key] = html
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return html


_cache: OrderedDict[bytes, str] = OrderedDict()
_lock = threading.Lock()


def _render(text: str) -> str:
    html = _md.render(text.replace("\r\n", "\n"))
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
        filter_style_properties={"text-align"},
    ).strip()


_BLOCK_TAG = re.compile(r"</?(?:p|br|hr|h[1-6]|li|ul|ol|blockquote|pre|table|thead|tbody|tr|th|td|img)\b[^>]*>")
_TAG = re.compile(r"<[^>]+>")


def plain_text(text: str) -> str:
    """The words of the Markdown ``text`` as one line of plain text: what a reader sees of
    it, without its markup (a block ends a word; a link or emphasis does not: "Seoul.")."""
    # The rendered HTML is already sanitised: dropping its tags leaves only text.
    spaced = _TAG.sub("", _BLOCK_TAG.sub(" ", render_markdown(text)))
    return " ".join(html.unescape(spaced).split())


def plain_excerpt(text: str, limit: int = 160) -> str:
    """The first words of the Markdown ``text`` as plain text, at most ``limit``
    characters, cut at a word with an ellipsis when longer."""
    plain = plain_text(text)
    if len(plain) <= limit:
        return plain
    cut = plain[: limit - 1].rsplit(" ", 1)[0] if " " in plain[: limit - 1] else plain[: limit - 1]
    return cut.rstrip(" ,.;:-") + "…"
