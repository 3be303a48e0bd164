"""Site-wide values every page needs: the maintenance switch and the contact email."""

from __future__ import annotations

import reflex as rx

from community_app.db import session_scope
from community_app.services.site import get_site_settings
from community_app.settings import get_settings


class SiteState(rx.State):
    maintenance: bool = False
    contact_email: str = get_settings().default_contact_email

    @rx.event
    def load(self):
        with session_scope() as session:
            current = get_site_settings(session)
        self.maintenance = current.maintenance
        self.contact_email = current.contact_email
