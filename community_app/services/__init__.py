"""Business rules, in pure Python: no Reflex and no FastAPI here.

Each function takes a SQLModel session and returns plain objects, or raises one of the
typed errors of ``community_app.services.errors``.
"""
