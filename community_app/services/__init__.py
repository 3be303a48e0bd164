"""Business rules, in pure Python: no Reflex and no FastAPI here.

Each function takes a SQLModel session and returns plain objects, or raises one of the
typed errors of ``community_app.services.errors``.

Importing them changes nothing: what every session does around its writes (the cache's
expiry, the search index, the attendee-list consent) is installed at start, once, by
``services/session_hooks.install()``.
"""
