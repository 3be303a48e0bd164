"""One module per route; importing this package imports each of them (and the back
office's, ``ui/pages/admin/``), which registers its page on ``PAGES`` with ``@page``."""

from community_app.ui.layouts.frame import PAGES, import_pages

import_pages(__name__, __path__)

__all__ = ["PAGES"]
