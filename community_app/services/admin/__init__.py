"""The back office's rules, one module per area (comments, jobs, news, settings, speakers)
and what they share (``common``: the audit-writing save/remove, the searched list). The
meetups' back office lives with the meetups, in ``services/meetups/admin_*.py``."""
