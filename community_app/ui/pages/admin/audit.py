"""/admin/audit: who did what, and when (?search=&page=)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_settings import AdminAuditState, read_audit
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_people import audit_section


@admin_page(routes.ADMIN_AUDIT, area="audit", title=N_("Audit log"),
            state=AdminAuditState, read=read_audit, show=AdminAuditState._show)
def admin_audit() -> rx.Component:
    return audit_section()
