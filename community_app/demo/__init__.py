"""Demo content for UzDev Korea: members, meetups, news, jobs and the site copy.

``python -m community_app.ops.cli demo`` (``make demo``, part of ``make run``) migrates the
database and loads the demo content into it when it is empty. The data lives in the content modules beside this one
(``people``, ``site_copy``, ``meetups``, ``news``, ``jobs``, ``extras``); ``seed``
turns it into rows.
"""

from community_app.demo.seed import (
    DEMO_MEMBER_EMAIL,
    DEMO_ORGANIZER_EMAIL,
    DEMO_PASSWORD,
    load_demo,
)

__all__ = [
    "DEMO_MEMBER_EMAIL",
    "DEMO_ORGANIZER_EMAIL",
    "DEMO_PASSWORD",
    "load_demo",
]
