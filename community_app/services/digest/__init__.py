"""The personal digest (issue 44): what happened since the last one and what is coming,
chosen for one member, sent only to members who gave the news-emails consent.

The package's modules: the member's choices and when the next digest is due
(``member_choices.py``), what it carries (``content.py``), the email and Telegram message
and their delivery (``messages.py``), the scheduler's task that claims and sends
(``sending.py``), the consent and the unsubscribe link that stop it (``opting_out.py``), the
member's preview and the back office's audience and test (``previews.py``).
"""

# Registered on import, as before the split: the scheduler's task "digests" and the consent
# hook that drops unsent digests.
from community_app.services.digest import opting_out, sending  # noqa: F401

# The run as a whole, by the package's name (tests/bench/digest.py drives it so).
from community_app.services.digest.member_choices import ensure_settings  # noqa: F401
from community_app.services.digest.sending import PER_RUN, send_due_digests  # noqa: F401
