"""/admin/speakers/reviews: the review queue of speaker applications (?status=&sort=)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_reviews import LIST, AdminReviewsState
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_reviews import reviews_section


@admin_page(routes.ADMIN_SPEAKER_REVIEWS, area="speakers", title=N_("Review queue"),
            state=AdminReviewsState, read=LIST.read, show=AdminReviewsState._show_list)
def admin_speaker_reviews() -> rx.Component:
    return reviews_section()
