"""The organizers' back office: /admin/... (an organizer's bearer token; 401 without a
valid token, 403 for members). One module per area, each path written out in full:

- ``meetups.py``: /admin/meetups, with speakers, sessions, notes and the image
- ``registrations.py``: /admin/meetups/{id}/registrations, approval, check-in, CSV
- ``attendance.py``: /admin/meetups/{id}/check-in (a ticket), attendance, no-shows
- ``door.py``: /admin/meetups/{id}/door: the phones' held list and offline check-ins
- ``news.py``: /admin/news    - ``jobs.py``: /admin/jobs    - ``comments.py``: /admin/comments
- ``speakers.py``: /admin/speaker-applications
- ``reviews.py``: /admin/speaker-applications/reviews and decisions (organizers' scores,
  several accepted or declined at once), /admin/meetups/{id}/talk-feedback (and .csv)
- ``overview.py``: /admin/settings, /admin/statistics, /admin/audit
- ``telegram.py``: /admin/{meetups|news|jobs}/{id}/telegram: the channel announcement switch

Every call is one service call (``services/admin/``, ``services/meetups/admin_*.py``): the service checks the role
again, makes the change, records it in the audit log (GET /admin/audit) and expires the
public caches. Body fields are checked by the same rules as the back office's forms, so
one answer lists every invalid field with a translated message (Accept-Language: en or
uz).
"""

from community_app.api.routing import Router
from community_app.api.routes.admin import (
    attendance, comments, door, jobs, meetups, news, overview, registrations, reviews,
    speakers, telegram,
)

router = Router(prefix="/admin", tags=["admin"])
# reviews before speakers: its literal paths before /speaker-applications/{application_id}
for area in (meetups, registrations, attendance, door, news, jobs, reviews, speakers, comments,
             overview, telegram):
    router.include_router(area.router)
