"""Privacy Policy (/privacy), linked from the footer."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.core import routes
from community_app.ui.components.document import document_page
from community_app.ui.layouts.frame import page

SECTIONS = (
    (
        N_("1. What we collect"),
        (
            N_(
                "When you sign up we keep your email address, phone number, name and, if you "
                "add one, your photo. If you sign in with Google we receive your name, email "
                "address and Google account identifier. When you register for an event we keep "
                "the answers you give in the form."
            ),
            N_(
                "Speaker applications keep the contact details, links and topics you send. "
                "Our servers also keep short technical logs (time, address and page requested) "
                "to keep the site secure."
            ),
        ),
    ),
    (
        N_("2. Why we use it"),
        (
            N_(
                "We use your data to run your account, send you sign-in codes, manage event "
                "seats and check-in, answer speaker applications and show your comments and "
                "posts. We do not sell your data and we do not show advertising."
            ),
        ),
    ),
    (
        N_("3. Who can see it"),
        (
            N_(
                "Other visitors see only what you publish: your username, photo, comments, "
                "published blog posts and job posts. Event organizers see the registrations "
                "for their events. We share nothing else unless the law requires it."
            ),
        ),
    ),
    (
        N_("4. Storage in your browser"),
        (
            N_(
                "The site keeps your chosen language and, when you sign in, your session "
                "tokens in your browser's local storage. We use no advertising or tracking "
                "cookies."
            ),
        ),
    ),
    (
        N_("5. How long we keep it"),
        (
            N_(
                "We keep your account data while your account exists. Sign-in codes expire "
                "after 10 minutes. Speaker applications are deleted two years after the "
                "decision. When you close your account we delete your personal data within "
                "30 days, except where the law requires us to keep it."
            ),
        ),
    ),
    (
        N_("6. Your rights"),
        (
            N_(
                "Under the Personal Information Protection Act of Korea you may ask to see, "
                "correct or delete your data, or to stop its processing. Write to "
                "hello@uzdev.kr and we will answer within 10 days."
            ),
        ),
    ),
)


@page(routes.PRIVACY)
def privacy() -> rx.Component:
    return document_page(
        N_("Privacy Policy"),
        N_("Last updated: 1 November 2026"),
        N_(
            "This policy explains what personal data UzDev Korea collects, why, and what "
            "you can ask us to do with it."
        ),
        SECTIONS,
    )
