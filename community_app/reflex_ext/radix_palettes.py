"""Radix Themes with only the colour palettes the site uses (configured in rxconfig.py).

Reflex's ``RadixThemesPlugin`` adds ``@radix-ui/themes/styles.css``: the components, the
layout utilities and the tokens of all 30 colour palettes (light and dark), 86 KB gzip of
render-blocking CSS. Radix publishes the same styles in parts; this plugin adds the base
tokens, the palettes in ``PALETTES``, the components and the utilities, which is the same
CSS for a site whose ``color_scheme`` values are all in ``PALETTES``.

The plugin also declares no frontend dependency of its own (the components import the
package themselves): Reflex bundles every plugin dependency as a "window library" for
dynamic components, a lazy ``import("@radix-ui/themes")`` in the root that makes the build
keep every Radix component (and its class names) in the chunk every page loads. The site
has no dynamic components.

Replaces: Reflex's ``RadixThemesPlugin`` (public) with a subclass whose stylesheet paths
hard-code the file layout inside ``@radix-ui/themes`` 3.3 (``tokens/base.css``,
``tokens/colors/<name>.css``, ``components.css``, ``utilities.css``). With the switch off
rxconfig.py gets Reflex's own plugin (``reflex_ext.build_plugins``).

Gain measured: 86 KB gzip of render-blocking CSS down to the site's 10 palettes (README,
issue 11 runs): the size of the built CSS, measured on the build itself. A build extension:
``make bench``'s A/B measures it only within ``on`` against ``off`` (the pages section),
not alone.

On an upgrade of Reflex or of its pinned ``@radix-ui/themes``: check those files still
exist in ``.web/node_modules/@radix-ui/themes`` (the build fails on a missing one) and that
``get_stylesheet_paths``/``get_frontend_dependencies`` are still the hooks Reflex calls.

Adding a ``color_scheme`` with a new colour? Add it to ``PALETTES`` (a unit test checks
every ``color_scheme`` written in ``ui/`` against this list).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import reflex as rx

# accent (indigo) and gray (slate) of the theme, then every colour_scheme of ui/.
PALETTES = (
    "indigo", "slate", "gray", "red", "green", "blue", "purple", "amber", "orange", "teal",
)


@dataclasses.dataclass
class RadixThemesPalettesPlugin(rx.plugins.RadixThemesPlugin):
    def get_frontend_dependencies(self, **context: Any) -> tuple[str, ...]:
        return ()

    def get_stylesheet_paths(self, **context: Any) -> tuple[str, ...]:
        if not self.enabled:
            return ()
        return (
            "@radix-ui/themes/tokens/base.css",
            *(f"@radix-ui/themes/tokens/colors/{name}.css" for name in PALETTES),
            "@radix-ui/themes/components.css",
            "@radix-ui/themes/utilities.css",
        )
