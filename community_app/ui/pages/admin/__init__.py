"""The organizer back office: one module per address (``routes.ADMIN_*``), each a body
inside ``ui.components.admin_frame.admin_page``. Importing this package imports (and so
registers) every module in it."""

from community_app.ui.layouts.frame import import_pages

import_pages(__name__, __path__)
