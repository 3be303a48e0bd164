"""The production build's post-processing (community_app/reflex_ext/first_paint_build.py): unused Radix CSS
is dropped and nothing a built component names is; pages hydrate after the first paint;
the pages with an id in their address get a prerendered shell."""

from __future__ import annotations

import re

from community_app.reflex_ext.first_paint_build import (
    DEFERRED_MARK,
    PRELOADS_PER_TASK,
    defer_hydration,
    optimize_build,
    prerender_shells,
    purge_css,
    radix_classes_in,
    radix_usage_in,
)
from community_app.core.shells import shell_for

JS = 'const a="rt-Button",b="rt-BaseButton";const p={className:"rt-r-size"};x("rt-variant")'
CSS = (
    ".rt-Button{height:32px}"
    ".rt-TableRoot{display:table}"
    ".rt-BaseButton:where(.rt-variant-solid){color:red}"
    ".rt-TableRoot,.rt-Button:hover{outline:0}"
    ".rt-Button:not(.rt-TableRoot){gap:1px}"
    ":root{--space-1:4px}"
    ".uzdev-prose{line-height:1.7}"
    ".rt-r-size-2{font-size:14px}"
    "@media (min-width:1024px){.md\\:rt-r-size-3{font-size:16px}.md\\:rt-TableRoot{x:y}}"
    "@media (min-width:1280px){.rt-TableRow{x:y}}"
    "@keyframes rt-fade{from{opacity:0}to{opacity:1}}"
    "@layer components{.rt-TableCell{x:y}.rt-Button{z:1}}"
)


def _purged() -> str:
    return purge_css(CSS, radix_classes_in([JS]))


def test_rules_of_components_the_build_never_names_are_dropped():
    css = _purged()
    assert "rt-TableRoot{" not in css and "rt-TableRoot," not in css
    assert "rt-TableRow" not in css and "rt-TableCell" not in css
    assert "md\\:rt-TableRoot" not in css


def test_what_a_built_component_can_match_is_kept_unchanged():
    css = _purged()
    for kept in (
        ".rt-Button{height:32px}",
        ".rt-BaseButton:where(.rt-variant-solid){color:red}",
        # One selector of a list dropped, the others kept.
        ".rt-Button:hover{outline:0}",
        # :not(.unused) still matches: not a requirement.
        ".rt-Button:not(.rt-TableRoot){gap:1px}",
        ":root{--space-1:4px}",
        ".uzdev-prose{line-height:1.7}",
        # Classes Radix builds from a prefix and a prop value.
        ".rt-r-size-2{font-size:14px}",
        "@media (min-width:1024px){.md\\:rt-r-size-3{font-size:16px}}",
        "@keyframes rt-fade{from{opacity:0}to{opacity:1}}",
        "@layer components{.rt-Button{z:1}}",
    ):
        assert kept in css, kept
    # A media block left without rules goes.
    assert "1280px" not in css


def test_class_names_are_read_with_breakpoints_and_prefixes():
    used = radix_classes_in(['"md:rt-r-fd-column"', "`rt-r-${x}`", '"rt-Flex"'])
    assert {"rt-r-fd-column", "rt-Flex", "rt-r"} <= used


# A minified build as Vite writes it: Radix's prop definitions (a prefix each, a default for
# some) and the site's components giving values, one responsive, one from a state.
BUILT_JS = (
    "const s={size:{type:`enum`,className:`rt-r-size`,values:o,default:`2`,responsive:!0}},"
    "m={m:{type:`enum | string`,values:ao,responsive:!0,className:`rt-r-m`,customProperties:[`--m`]},"
    "p:{type:`enum | string`,values:ao,responsive:!0,className:`rt-r-p`,customProperties:[`--p`]}},"
    "w={weight:{type:`enum`,className:`rt-r-weight`,values:q,responsive:!0}};"
    "f(Text,{size:`4`,m:{initial:`1`,md:`3`},p:n.is_uz_rx_state_?`5`:`6`,weight:n.w_rx_state_});"
    "f(Button,{className:`rt-Button`});f(Text,{className:`rt-Text`})"
)
RADIX_CSS = (
    ".rt-Text:where(.rt-r-size-1){font-size:1px}"
    ".rt-Text:where(.rt-r-size-2){font-size:2px}"
    ".rt-Text:where(.rt-r-size-4){font-size:4px}"
    ".rt-TableRoot:where(.rt-r-size-4){font-size:4px}"
    ".rt-Button:where(.rt-Text,.rt-Badge){x:y}"
    ".rt-Button:where(.rt-Badge){gone:1}"
    ".rt-r-m-1{margin:1px}.rt-r-m-2{margin:2px}.rt-r-m-3{margin:3px}"
    ".rt-r-p-5{padding:5px}.rt-r-p-6{padding:6px}.rt-r-p-7{padding:7px}"
    ".rt-r-weight-bold{font-weight:700}"
    "@media (width>=1024px){.md\\:rt-r-m-1{margin:1px}.md\\:rt-r-m-3{margin:3px}"
    ".md\\:rt-r-size-4{font-size:4px}.md\\:rt-r-weight-bold{font-weight:700}}"
)


def test_radix_classes_built_from_a_value_are_kept_only_for_the_values_the_build_writes():
    css = purge_css(RADIX_CSS, radix_usage_in([BUILT_JS]))
    for kept in (
        ".rt-Text:where(.rt-r-size-4){font-size:4px}",  # written: size 4
        ".rt-Text:where(.rt-r-size-2){font-size:2px}",  # the prop's default, applied unasked
        ".rt-r-m-1{margin:1px}", ".rt-r-m-3{margin:3px}",  # a responsive value's parts
        "@media (width>=1024px){.md\\:rt-r-m-3{margin:3px}",  # at its breakpoint
        ".rt-r-p-5{padding:5px}", ".rt-r-p-6{padding:6px}",  # both sides of a condition
        # A value from the state: any value can come, every one is kept.
        ".rt-r-weight-bold{font-weight:700}", ".md\\:rt-r-weight-bold{font-weight:700}",
        ".rt-Button:where(.rt-Text,.rt-Badge){x:y}",  # one of :where's selectors is used
    ):
        assert kept in css, kept
    for dropped in (
        "rt-r-size-1{", "rt-TableRoot",  # a value never written; a component never named
        "rt-r-m-2{", "rt-r-p-7{",
        "md\\:rt-r-m-1{",  # written for the base width only, not at md
        "md\\:rt-r-size-4{",  # written, but never for a breakpoint
        "gone:1",  # :where requires a class never written
    ):
        assert dropped not in css, dropped


ROUTER_SCRIPT = (
    '<head><link rel="modulepreload" href="/assets/manifest-757ff6e8.js"/>'
    '<link rel="modulepreload" href="/assets/site-CCWwt21i.js"/></head>'
    '<script>window.__reactRouterContext = {"ssr":false};</script>'
    '<script type="module" async="">import "/assets/manifest-757ff6e8.js";\n'
    'import * as route0 from "/assets/root-a0ADKGqo.js";\n'
    'import * as route1 from "/assets/_about_._index-CKwjcvEl.js";\n'
    "  \n"
    '  window.__reactRouterRouteModules = {"root":route0,"routes/[about]._index":route1};\n'
    "\n"
    'import("/assets/entry.client-D3JR-U0f.js");</script><!--$?--><template id="B:0">'
)


def test_hydration_starts_after_the_first_paint_with_the_same_modules_in_order():
    html = defer_hydration(ROUTER_SCRIPT)
    script = re.search(r'<script type="module">(.*?)</script>', html).group(1)
    assert DEFERRED_MARK in script
    assert "import \"/assets" not in script.split("const start")[0]  # no static import
    order = [script.index(p) for p in (
        '"/assets/manifest-757ff6e8.js"', '"/assets/root-a0ADKGqo.js"',
        '"/assets/_about_._index-CKwjcvEl.js"', "window.__reactRouterRouteModules",
        '"/assets/entry.client-D3JR-U0f.js"')]
    assert order == sorted(order)
    assert 'window.__reactRouterRouteModules = {"root":route0,"routes/[about]._index":route1}' in script
    assert "requestAnimationFrame" in script and "visibilityState" in script
    # The module preloads are made by the script once it starts, not by the head.
    assert "<head></head>" in html
    assert '["/assets/manifest-757ff6e8.js", "/assets/site-CCWwt21i.js"]' in script
    assert script.index("modulepreload") < script.index('await import("/assets/manifest')
    # A few preloads per task, with a pause in between: not one long task for all of them.
    loop = script[script.index("for (let i = 0; i < preloads.length"):script.index('await import("/assets/manifest')]
    assert f"i % {PRELOADS_PER_TASK} === 0) await new Promise((next) => setTimeout(next, 0))" in loop
    assert 0 < PRELOADS_PER_TASK < 10
    # The rest of the page is untouched; a second pass changes nothing.
    assert html.startswith('<head></head><script>window.__reactRouterContext = {"ssr":false};</script>')
    assert html.endswith('<!--$?--><template id="B:0">')
    assert defer_hydration(html) == html


def test_optimize_build_rewrites_css_and_pages_in_place(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "app-AbCdEf12.js").write_text(JS)
    (tmp_path / "assets" / "styles-AbCdEf12.css").write_text(CSS)
    (tmp_path / "news").mkdir()
    (tmp_path / "news" / "index.html").write_text(ROUTER_SCRIPT)
    figures = optimize_build(tmp_path)
    assert figures["pages_deferred"] == 1
    assert figures["css_after"] < figures["css_before"]
    assert "rt-TableRoot{" not in (tmp_path / "assets" / "styles-AbCdEf12.css").read_text()
    assert DEFERRED_MARK in (tmp_path / "news" / "index.html").read_text()


def test_pages_with_an_id_in_their_address_are_served_their_route_s_shell():
    assert shell_for("/news/12") == "/news/_"
    assert shell_for("/news/12/") == "/news/_"
    assert shell_for("/events/upcoming/details/3") == "/events/_/details/_"
    assert shell_for("/events/past/register/3") == "/events/_/register/_"
    assert shell_for("/jobs/4") == "/jobs/_"
    assert shell_for("/blog/7") == "/blog/_"
    assert shell_for("/members/dilnoza") == "/members/_"
    # The visa guide is a page of its own (serving/web.py serves a built page first).
    for other in ("/news", "/news/1/2", "/events/upcoming/3", "/jobs", "/blog", "/admin/news/3", "/"):
        assert shell_for(other) is None


def test_the_shells_are_prerendered_besides_every_static_route():
    reflex_config = ('export default {"basename": "/", "ssr": false, "prerender": true, '
                     '"build": "build"};')
    config = prerender_shells(reflex_config)
    assert config.startswith('const config = {"basename": "/", "ssr": false, "prerender": true')
    assert ('config.prerender = async ({ getStaticPaths }) => '
            '[...getStaticPaths(), ...["/news/_", "/events/_/details/_", '
            '"/events/_/register/_", "/jobs/_", "/blog/_", "/members/_", "/talks/_", '
            '"/speakers/_"]];') in config
    assert config.rstrip().endswith("export default config;")
    # Development (no prerendering) and an already rewritten config are left alone.
    dev = 'export default {"basename": "/", "ssr": false};'
    assert prerender_shells(dev) == dev
    assert prerender_shells(config) == config
