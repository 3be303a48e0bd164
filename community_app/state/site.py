"""Site-wide values every page needs: the maintenance switch and the contact email.

Set by the page load (``state/page_load.py``) from the shared cache on every page load."""

from __future__ import annotations

import reflex as rx

from community_app.core.settings import get_settings


class SiteState(rx.State):
    maintenance: bool = False
    contact_email: str = get_settings().default_contact_email
