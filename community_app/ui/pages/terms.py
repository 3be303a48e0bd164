"""Terms of Service (/terms), linked from the footer."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.core import routes
from community_app.ui.components.document import document_page
from community_app.ui.layouts.frame import page

SECTIONS = (
    (
        N_("1. Who we are"),
        (
            N_(
                "UzDev Korea is a volunteer community of Uzbek software developers who live, "
                "work and study in South Korea. We run this website to share news, organise "
                "meetups, list jobs and connect members with each other. The community is "
                "not a company and does not charge for membership."
            ),
        ),
    ),
    (
        N_("2. Your account"),
        (
            N_(
                "You need an account to register for events, comment on news and use My Page. "
                "Give us true information, keep your password and sign-in codes to yourself, "
                "and tell us at once if you think someone else has used your account."
            ),
            N_(
                "You may close your account at any time by writing to us. We may suspend an "
                "account that breaks these terms, after telling you why whenever we can."
            ),
        ),
    ),
    (
        N_("3. Events"),
        (
            N_(
                "Seats at meetups are limited and given in the order registrations arrive, or "
                "after an organizer's approval where the event says so. If you cannot come, "
                "please cancel your registration so that someone else can take the seat."
            ),
            N_(
                "At our events we follow a simple code of conduct: be respectful, be inclusive "
                "and help each other learn. Organizers may ask anyone who harasses others to leave."
            ),
        ),
    ),
    (
        N_("4. What you post"),
        (
            N_(
                "You are responsible for comments, blog posts, job posts and speaker "
                "applications you send. Do not post anything unlawful, hateful, misleading or "
                "that belongs to someone else. Job posts must describe real positions."
            ),
            N_(
                "You keep the rights to what you write. By posting it you allow the community "
                "to show it on this website. Organizers may hide or remove content that breaks "
                "these terms."
            ),
        ),
    ),
    (
        N_("5. Jobs board"),
        (
            N_(
                "Job posts are published by members and partner companies. We review them, "
                "but we are not a party to any hiring and cannot guarantee an offer. Check "
                "every employer yourself and never pay anyone to get a job."
            ),
        ),
    ),
    (
        N_("6. Liability"),
        (
            N_(
                "The website is offered as it is, by volunteers. We do our best to keep it "
                "available and correct, but we are not liable for losses caused by an outage, "
                "an error in the content or a change to an event."
            ),
        ),
    ),
    (
        N_("7. Changes and contact"),
        (
            N_(
                "We may update these terms; the date at the top shows the latest version. "
                "These terms are governed by the laws of the Republic of Korea. Questions "
                "are welcome at hello@uzdev.kr."
            ),
        ),
    ),
)


@page(routes.TERMS)
def terms() -> rx.Component:
    return document_page(
        N_("Terms of Service"),
        N_("Last updated: 1 November 2026"),
        N_(
            "These terms explain the rules for using the UzDev Korea website. By using the "
            "site you agree to them."
        ),
        SECTIONS,
    )
