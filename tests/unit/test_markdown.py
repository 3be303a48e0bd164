"""Markdown rendered on the server (services/markdown.py): what readers get as HTML."""

from __future__ import annotations

from community_app.services import markdown
from community_app.services.markdown import render_markdown


def test_headings_emphasis_lists_and_line_breaks():
    html = render_markdown("# Title\n\n## Part\n\nSome **bold** and *soft*\nnext line\n\n- one\n- two")
    assert "<h1>Title</h1>" in html
    assert "<h2>Part</h2>" in html
    assert "<strong>bold</strong>" in html and "<em>soft</em>" in html
    assert "soft</em><br>\nnext line" in html
    assert "<ul>\n<li>one</li>\n<li>two</li>\n</ul>" in html


def test_code_is_escaped_not_run():
    html = render_markdown("Use `a < b`.\n\n```python\nif x < 1 and y > 2:\n    print('<b>')\n```")
    assert "<code>a &lt; b</code>" in html
    assert '<pre><code class="language-python">if x &lt; 1 and y &gt; 2:' in html
    assert "print('&lt;b&gt;')" in html


def test_links_keep_safe_addresses_only():
    html = render_markdown("[site](https://uzdev.kr) [mail](mailto:a@b.kr) [bad](javascript:alert(1))")
    assert '<a href="https://uzdev.kr" rel="noopener noreferrer nofollow">site</a>' in html
    assert 'href="mailto:a@b.kr"' in html
    assert "javascript:" not in html.replace("[bad](javascript:alert(1))", "")
    assert html.count("<a ") == 2


def test_raw_html_and_scripts_are_removed_text_stays():
    html = render_markdown(
        "Hello\n\n<script>alert('x')</script><b>raw html</b> stays text\n\n"
        '<img src="/x.png" onerror="alert(1)"> <iframe src="https://evil"></iframe>'
        '<p style="color:red" onclick="x()">styled</p>'
    )
    assert "<script" not in html and "alert('x')" not in html
    assert "<b>" not in html and "raw html stays text" in html
    assert "onerror" not in html and "onclick" not in html and "style=" not in html
    assert "<iframe" not in html
    assert '<img src="/x.png">' in html
    assert "styled" in html


def test_empty_text_is_empty_html():
    assert render_markdown("") == ""
    assert render_markdown("  \n ") == ""


def test_rendering_is_cached_by_content():
    text = "Cached *once* " + "x" * 20
    first = render_markdown(text)
    calls = []
    original = markdown._render
    markdown._render = lambda t: calls.append(t) or original(t)
    try:
        assert render_markdown(text) == first
        assert calls == []
        render_markdown(text + " changed")
        assert len(calls) == 1
    finally:
        markdown._render = original
