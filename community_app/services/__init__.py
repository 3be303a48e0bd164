"""Business rules, in pure Python: no Reflex and no FastAPI here.

Each function takes a SQLModel session and returns plain objects, or raises one of the
typed errors of ``community_app.services.errors``.
"""

# Every write through a session expires the cached reads it touches (installed on import,
# so any code that reaches the business rules has it).
from community_app.services import cache as _cache  # noqa: E402, F401

# Every commit that writes searchable content re-indexes it (services/search.py).
from community_app.services import search as _search  # noqa: E402, F401
