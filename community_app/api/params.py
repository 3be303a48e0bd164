"""Query parameters shared by the list endpoints.

Their limits are checked by the services (``services.paging``), so a bad value is answered
422 with a translated message; the schema documents them.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

PageNumber = Annotated[
    int, Query(description="Page number; the first page is 0.", json_schema_extra={"minimum": 0})
]
PageSize = Annotated[
    int,
    Query(
        description="Items per page, 1 to 100.", json_schema_extra={"minimum": 1, "maximum": 100}
    ),
]
