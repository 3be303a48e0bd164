"""The organizer back office: one module per address (``routes.ADMIN_*``), each a body
inside ``ui.components.admin_frame.admin_page``. Importing this package registers them."""

from community_app.ui.pages.admin import (  # noqa: F401  (each import registers its page)
    audit,
    check_in,
    comments,
    jobs,
    meetup,
    meetups,
    news,
    news_item,
    overview,
    settings,
    speakers,
)
