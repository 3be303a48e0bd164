"""/mypage: the member's personal page behind the auth gate of SPEC section 4.

A sidebar (Events, Job posting, My Blogs, My account) with the member's name or
'Anonymous', email or 'No Email Given', join date and Sign out; one section at a time.
"""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.models import JobCategory, JobType
from community_app.state.auth import AuthState
from community_app.state.job_texts import VISA_LABELS
from community_app.state.mypage import (
    CANCEL_OPENER, EVENTS_HEADING_ID, PASSWORD_FORM_ID, MyPageState, read_mypage,
)
from community_app.state.mypage_meetups import MyMeetupsState
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import list_row
from community_app.ui.components.buttons import link_button
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.components.forms import error_text, field, form_alert, labelled_upload
from community_app.ui.components.forms import stacked_form, submit_button
from community_app.ui.components.google import google_confirm_button
from community_app.ui.components.job_visa_fields import choice_select, visa_fields
from community_app.ui.components.logout import logout_dialog
from community_app.ui.components.select import native_select
from community_app.ui.components.job_alerts import alerts_tab
from community_app.ui.components.mypage_digest import digest_tab
from community_app.ui.components.mypage_talks import talks_tab
from community_app.ui.components.mypage_blogs import blogs_tab
from community_app.ui.components.telegram import telegram_card
from community_app.ui.components.mypage_meetups import my_meetups_cards
from community_app.ui.components.mypage_parts import CARD, rows_or, status_badge
from community_app.services.validation import PHONE_HINT
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page, protected
from community_app.ui.styles import CENTRED_LINES, COLORS
from community_app.state.sent_writes import sent

SECTIONS = (
    ("events", "calendar", N_("Events")),
    ("talks", "star", N_("My talks")),
    ("jobs", "briefcase", N_("Job posting")),
    ("blogs", "notebook-pen", N_("My Blogs")),
    ("alerts", "bell", N_("Job alerts")),
    ("digest", "mail", N_("Digest")),
    ("account", "user-cog", N_("My account")),
)
JOB_TYPES = JobType.labels()
CATEGORIES = JobCategory.labels()


# --- sidebar -----------------------------------------------------------------------------


def _profile() -> rx.Component:
    name = (AuthState.user_first_name + " " + AuthState.user_last_name).strip()
    return rx.vstack(
        rx.cond(
            AuthState.image_url != "",
            rx.image(src=AuthState.image_url, alt=AuthState.first_name, width="72px", height="72px",
                     border_radius="50%", object_fit="cover"),
            rx.center(rx.icon("user", size=36, color="white"), width="72px", height="72px",
                      border_radius="50%", background_color=COLORS["primary"]),
        ),
        rx.heading(rx.cond(name != "", name, t("Anonymous")), as_="h1", size="5", id="mypage-name"),
        rx.text(rx.cond(AuthState.email != "", AuthState.email, t("No Email Given")),
                color=COLORS["muted"], size="2", id="mypage-email"),
        rx.text(t("Member since"), " ", t_var(AuthState.joined_on), color=COLORS["muted"], size="2",
                id="mypage-joined"),
        spacing="2",
        **CENTRED_LINES,
        width="100%",
    )


def _nav_item(key: str, icon: str, label: str) -> rx.Component:
    active = MyPageState.section == key
    return rx.el.button(
        rx.hstack(rx.icon(icon, size=18), rx.text(t(label)), align="center", spacing="2"),
        on_click=MyPageState.show_section(key),
        type="button",
        aria_current=rx.cond(active, "page", "false"),
        width="100%",
        min_height="44px",
        padding="10px 12px",
        border_radius="8px",
        border="none",
        cursor="pointer",
        text_align="left",
        font_size="15px",
        background_color=rx.cond(active, "#eef2ff", "transparent"),
        color=rx.cond(active, COLORS["primary"], COLORS["text"]),
        _hover={"background_color": "#eef2ff"},
    )


def _sidebar() -> rx.Component:
    return rx.vstack(
        _profile(),
        rx.separator(size="4"),
        rx.el.nav(
            rx.vstack(*[_nav_item(*s) for s in SECTIONS], spacing="1", width="100%"),
            aria_label=t("My Page"),
            width="100%",
        ),
        # Organizers: the way to the back office (issue 42), as in the header.
        rx.cond(
            AuthState.is_organizer,
            link_button(rx.icon("sliders-horizontal", size=18), t("Back office"), href=routes.ADMIN,
                        variant="soft", width="100%", id="mypage-back-office"),
        ),
        logout_dialog(
            rx.button(rx.icon("log-out", size=18), t("Sign out"), variant="outline", color_scheme="red",
                      width="100%", size="3"),
        ),
        spacing="4",
        **{**CARD, "width": ["100%", "100%", "100%", "280px"]},
        flex_shrink="0",
    )


# --- events -----------------------------------------------------------------------------


def _event_row(row) -> rx.Component:
    return list_row(
        rx.vstack(
            rx.link(row.title, href="/events/" + row.type + "/details/" + row.meetup_id.to(str),
                    font_weight="600"),
            rx.text(t_var(row.date), " · ", t_var(row.time), " · ",
                    rx.cond(row.online, t("Online"), row.location),
                    color=COLORS["muted"], size="2"),
            rx.cond(row.note != "", rx.text(t("A note from the organizers: {note}", note=row.note),
                                            size="2", class_name="decision-note")),
            spacing="1",
            min_width="0",
        ),
        rx.hstack(
            status_badge(row.status),
            rx.cond(
                ~row.past & ~row.cancelled,
                rx.button(t("Cancel registration"), variant="soft", color_scheme="red", size="2",
                          on_click=MyPageState.ask_cancel(row.meetup_id, row.title),
                          id=CANCEL_OPENER + "-" + row.meetup_id.to(str)),
            ),
            rx.cond(
                ~row.past & row.cancelled,
                link_button(t("Register again"), size="sm", variant="soft",
                            href="/events/upcoming/register/" + row.meetup_id.to(str)),
            ),
            align="center",
            wrap="wrap",
        ),
        stack_on_phones=True,
    )


def _events_list(rows, empty_text: str) -> rx.Component:
    return rows_or(
        rows,
        _event_row,
        rx.vstack(
            rx.icon("calendar-x", size=32, color=COLORS["muted"]),
            rx.text(t(empty_text), color=COLORS["muted"]),
            link_button(t("Browse Events"), href=routes.EVENTS),
            align="center",
            padding_y="24px",
            width="100%",
        ),
    )


def _cancel_dialog() -> rx.Component:
    return confirm_dialog(
        t("Cancel registration?"),
        t("Your seat at {title} goes to someone else.", title=MyPageState.cancel_title),
        confirm_label=t("Yes, cancel"), cancel_label=t("Keep my seat"),
        on_confirm=sent(MyMeetupsState.confirm_cancel, what=N_("Cancel registration")),
        on_cancel=MyPageState.keep_registration,
        open_=MyPageState.cancel_id > 0,
    )


def _events() -> rx.Component:
    return rx.vstack(
        rx.heading(t("My events"), as_="h2", size="6", id=EVENTS_HEADING_ID, tab_index=-1,
                   outline="none"),
        form_alert(MyPageState.events_error, visible=MyPageState.events_error.contains("en")),
        rx.tabs.root(
            rx.tabs.list(
                rx.tabs.trigger(t("Upcoming"), value="upcoming"),
                rx.tabs.trigger(t("Past"), value="past"),
            ),
            rx.tabs.content(_events_list(MyPageState.upcoming, N_("You have no upcoming events.")),
                            value="upcoming", padding_top="8px"),
            rx.tabs.content(_events_list(MyPageState.past, N_("You have no past events yet.")),
                            value="past", padding_top="8px"),
            value=MyPageState.events_tab,
            on_change=MyPageState.show_events_tab,
            width="100%",
        ),
        _cancel_dialog(),
        spacing="3",
        **CARD,
    )


# --- job posting --------------------------------------------------------------------------


def _select(label: str, name: str, options: dict[str, str], errors) -> rx.Component:
    return choice_select(label, name, options, errors)


def _textarea(label: str, name: str, errors=None, rows: str = "4", **props) -> rx.Component:
    return rx.vstack(
        rx.el.label(t(label), html_for=f"field-{name}", font_weight="500", font_size="14px"),
        rx.text_area(id=f"field-{name}", name=name, rows=rows, width="100%", **props),
        error_text(errors, name, id_=f"field-{name}-error") if errors is not None else rx.fragment(),
        spacing="1", width="100%",
    )


def _grid(*children) -> rx.Component:
    return rx.grid(*children, columns=rx.breakpoints(initial="1", sm="2"), gap="12px", width="100%")


def _job_row(job) -> rx.Component:
    return list_row(
        rx.vstack(rx.text(job.title, font_weight="600"),
                  rx.text(job.company, " · ", t_var(job.date), color=COLORS["muted"], size="2"),
                  spacing="1"),
        status_badge(job.status),
        padding_y="10px",
    )


def _jobs() -> rx.Component:
    e = MyPageState.job_errors
    form = stacked_form(
        _grid(
            field(t("Job title"), "title", errors=e),
            field(t("Company"), "companyName", errors=e),
            field(t("Location"), "location", errors=e, placeholder=t("e.g. Seoul")),
            field(t("Experience"), "experience", errors=e, placeholder=t("e.g. 3+ years")),
            _select(N_("Job type"), "jobType", JOB_TYPES, e),
            _select(N_("Category"), "category", CATEGORIES, e),
            field(t("Minimum salary (KRW per year)"), "salaryMin", errors=e, input_mode="numeric"),
            field(t("Maximum salary (KRW per year)"), "salaryMax", errors=e, input_mode="numeric"),
        ),
        rx.el.label(
            rx.hstack(rx.checkbox(name="remote", aria_label=t("Remote work possible")), rx.text(t("Remote work possible")), align="center"),
        ),
        visa_fields(e),
        _textarea(N_("Description"), "description", e),
        _textarea(N_("Requirements and experience"), "requirements", e),
        field(t("Technologies and skills"), "technologies", errors=e,
              hint=t("Separate with commas: Python, React, AWS")),
        _textarea(N_("Benefits"), "benefits", e, rows="3"),
        _textarea(N_("About the company"), "companyDescription", e, rows="3"),
        field(t("Keywords"), "keywords", errors=e, hint=t("Separate with commas")),
        _grid(
            field(t("Contact phone"), "contactPhone", errors=e, type_="tel"),
            field(t("Contact email"), "contactEmail", errors=e, type_="email"),
        ),
        field(t("Website"), "contactWebsite", errors=e, placeholder="https://"),
        submit_button(t("Submit job post"), width="auto"),
        on_submit=sent(MyPageState.submit_job, what=N_("Submit job post")), key=MyPageState.job_form_key, align="stretch",
    )
    return rx.vstack(
        rx.heading(t("Job posting"), as_="h2", size="6"),
        rx.text(t("Post a job for the community. An organizer reviews it before it is published."),
                color=COLORS["muted"]),
        form_alert(MyPageState.job_notice, visible=MyPageState.job_notice.contains("en"), color="green"),
        rx.cond(MyPageState.job_errors.contains("form"),
                form_alert(MyPageState.job_errors["form"], visible=True),
                rx.cond(MyPageState.job_errors.length() > 0,
                        rx.callout.root(rx.callout.text(t("Please correct the highlighted fields.")),
                                        color_scheme="red", role="alert", width="100%"))),
        form,
        rx.heading(t("My job posts"), as_="h3", size="4", padding_top="12px"),
        rows_or(MyPageState.my_jobs, _job_row,
                rx.text(t("You have not posted a job yet."), color=COLORS["muted"])),
        spacing="3",
        **CARD,
    )


# --- blogs --------------------------------------------------------------------------------

def _account() -> rx.Component:
    e = MyPageState.account_errors
    photo = rx.vstack(
        rx.text(t("Photo"), font_weight="500", font_size="14px"),
        rx.hstack(
            rx.cond(
                AuthState.image_url != "",
                rx.image(src=AuthState.image_url, alt=t("Your photo"), width="64px", height="64px",
                         border_radius="50%", object_fit="cover", id="account-photo"),
                rx.center(rx.icon("user", size=28, color="white"), width="64px", height="64px",
                          border_radius="50%", background_color=COLORS["primary"]),
            ),
            labelled_upload(rx.upload(
                rx.button(rx.icon("upload", size=16), t("Upload photo"), variant="soft", type="button",
                          loading=MyPageState.uploading_photo),
                id="avatar-upload",
                accept={"image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"], "image/webp": [".webp"]},
                max_files=1,
                multiple=False,
                no_drag=True,
                on_drop=sent(MyPageState.upload_photo(
                    rx.upload_files(upload_id="avatar-upload", on_upload_progress=MyPageState.photo_progress_changed)
                ), what=N_("Upload photo")),
                border="none",
                padding="0",
            ), t("Photo")),
            rx.cond(
                AuthState.image_url != "",
                rx.button(rx.icon("trash-2", size=16), t("Delete photo"), variant="soft", color_scheme="red",
                          type="button", on_click=sent(MyPageState.delete_photo, what=N_("Delete photo"))),
            ),
            align="center", wrap="wrap", spacing="3",
        ),
        rx.cond(
            MyPageState.uploading_photo,
            rx.progress(value=MyPageState.photo_progress, max=100, width="100%", aria_label=t("Uploading")),
        ),
        rx.text(t("JPEG, PNG or WebP, at most 5 MB."), color=COLORS["muted"], size="1"),
        error_text(e, "photo", id_="photo-error"),
        spacing="2", width="100%",
    )
    form = stacked_form(
        _grid(
            field(t("First name"), "firstName", errors=e, default_value=AuthState.user_first_name,
                  autocomplete="given-name"),
            field(t("Last name"), "lastName", errors=e, default_value=AuthState.user_last_name,
                  autocomplete="family-name"),
        ),
        # What public attendee lists show (services/meetups/attendees.py): never the last name.
        field(t("Name on attendee lists"), "attendeeName", errors=e,
              default_value=MyPageState.attendee_name, autocomplete="nickname", max_length=50,
              hint=t("Shown to everyone on the attendee lists of the events you register for. "
                     "Leave it empty to show only your first name.")),
        field(t("Email"), "email", default_value=AuthState.email, disabled=True,
              hint=t("Your email is your sign-in and cannot be changed here.")),
        field(t("Phone"), "phone", errors=e, default_value=AuthState.phone, type_="tel",
              placeholder="01012345678", autocomplete="tel", hint=t(PHONE_HINT)),
        rx.hstack(
            rx.button(t("Cancel"), type="button", variant="soft", color_scheme="gray", size="3",
                      on_click=MyPageState.cancel_account),
            submit_button(t("Save Changes"), width="auto"),
            justify="end", width="100%",
        ),
        on_submit=sent(MyPageState.save_account, what=N_("Save Changes")), key=MyPageState.account_key, align="stretch",
    )
    return rx.vstack(_personal(photo, form), _my_visa(), _password(), _public_profile(),
                     telegram_card(), _my_data(), spacing="4", width="100%")


def _my_visa() -> rx.Component:
    """The member's visa (docs/product.md): /jobs and the alerts saved there start from it;
    saved when chosen, as "My visa" on /jobs."""
    return rx.vstack(
        rx.heading(t("My visa"), as_="h2", size="6"),
        rx.el.label(t("Your visa status"), html_for="my-visa", font_weight="500", font_size="14px"),
        native_select("my-visa", [("", N_("Not set")), *VISA_LABELS.items()],
                      value=MyPageState.my_visa, on_change=sent(MyPageState.set_my_visa, what=N_("My visa")),
                      aria_describedby="my-visa-hint"),
        rx.text(t("The jobs board and the job alerts you save there start from it. Change it "
                  "any time, here or on the jobs board."),
                color=COLORS["muted"], size="2", id="my-visa-hint"),
        form_alert(MyPageState.visa_notice, visible=MyPageState.visa_notice.contains("en"),
                   color="green"),
        spacing="2",
        **CARD,
    )


def _password() -> rx.Component:
    """Change the password (the current one, then the new one twice); a Google-only
    account has none: it sets one by the reset link (docs/decisions.md)."""
    e = MyPageState.password_errors
    form = stacked_form(
        field(t("Current password"), "currentPassword", type_="password",
              autocomplete="current-password", errors=e),
        field(t("New password"), "newPassword", type_="password", autocomplete="new-password",
              errors=e, hint=t("At least 8 characters, with an uppercase letter, a lowercase "
                               "letter, a number and a special character.")),
        field(t("Confirm new password"), "confirmPassword", type_="password",
              autocomplete="new-password", errors=e),
        form_alert(e["form"], visible=e.contains("form")),
        submit_button(t("Change password"), width="auto"),
        on_submit=sent(MyPageState.change_password, what=N_("Change password")), key=MyPageState.password_key, align="stretch",
        id=PASSWORD_FORM_ID,
    )
    google_only = rx.vstack(
        rx.text(t("You sign in with Google, so your account has no password. To set one, ask "
                  "for a link by email."), size="2"),
        link_button(t("Set a password"), href=routes.FORGOT_PASSWORD, variant="outline",
                    id="set-password-link"),
        spacing="2", align="start",
    )
    return rx.vstack(
        rx.heading(t("Change password"), as_="h2", size="6"),
        form_alert(MyPageState.password_notice, visible=MyPageState.password_notice.contains("en"),
                   color="green"),
        rx.cond(MyPageState.confirm_with_google, google_only, form),
        spacing="3",
        **CARD,
    )


def _public_profile() -> rx.Component:
    """The opt-in public member page: off by default; its address once on."""
    return rx.vstack(
        rx.heading(t("Public profile"), as_="h2", size="6"),
        rx.el.label(
            rx.hstack(
                rx.switch(checked=MyPageState.public_profile, on_change=sent(MyPageState.set_public_profile, what=N_("Show my public profile page")),
                          id="public-profile-switch"),
                rx.text(t("Show my public profile page")),
                align="center", spacing="3",
            ),
            cursor="pointer",
        ),
        rx.text(t("Others then see your name, your published posts and the meetups you attended."),
                color=COLORS["muted"], size="2"),
        form_alert(MyPageState.profile_notice, visible=MyPageState.profile_notice.contains("en"),
                   color="green"),
        rx.cond(
            MyPageState.public_profile,
            rx.link(t("Open my public page"), href="/members/" + AuthState.username,
                    id="public-profile-link"),
        ),
        spacing="3",
        **CARD,
    )


def _consent_row(row) -> rx.Component:
    return list_row(
        rx.text(t_var_label(row.label), rx.cond(row.meetup != "", rx.text.span(" · ", row.meetup)),
                size="2"),
        rx.text(
            t_var(row.date),
            rx.cond(row.withdrawn.contains("en"),
                    rx.text.span(" · ", t("withdrawn"), " ", t_var(row.withdrawn))),
            size="2", color=COLORS["muted"],
        ),
        padding_y="6px",
        align="start",
    )


def t_var_label(label):
    from community_app.models import ConsentKind

    return rx.match(label, *[(l, t(l)) for l in ConsentKind.labels().values()], label)


def _my_data() -> rx.Component:
    export = rx.vstack(
        rx.heading(t("Download my data"), as_="h3", size="4"),
        rx.text(t("A ZIP with everything we hold about you: profile, registrations, comments, posts, consents, sign-ins and your images. The link works once, for 24 hours."),
                color=COLORS["muted"], size="2"),
        rx.cond(
            (MyPageState.export_status == "PENDING") | (MyPageState.export_status == "RUNNING"),
            rx.vstack(rx.text(t("Preparing your data..."), size="2"),
                      rx.progress(value=MyPageState.export_progress, max=100, width="100%",
                                  aria_label=t("Preparing your data...")), width="100%"),
        ),
        rx.cond(
            MyPageState.export_url != "",
            # The browser fetches the file: a link is the client-side router's, which looked
            # this API address up among the site's pages (the 404 page) unless told to
            # leave it to the document (reload_document). A plain link: rx.link's own hover
            # colour drew the words in the button's colour (blank while hovered, issue 42).
            link_button(rx.icon("download", size=16), t("Download the ZIP"),
                        href=MyPageState.export_url,
                        link_props={"download": "my-data.zip", "reload_document": True,
                                    "id": "export-download",
                                    "on_click": MyPageState.export_downloaded}),
            rx.cond(
                MyPageState.export_status == "FAILED",
                # The build failed for good (after its retries: services/privacy/export.py).
                rx.vstack(
                    rx.callout.root(
                        rx.callout.icon(rx.icon("triangle-alert", size=16)),
                        rx.callout.text(t("We could not prepare your data. Please ask again.")),
                        color_scheme="red", role="alert", width="100%",
                    ),
                    rx.button(rx.icon("rotate-ccw", size=16), t("Ask again"), type="button",
                              variant="soft", on_click=sent(MyPageState.request_export, what=N_("Download my data"))),
                    spacing="2", width="100%",
                ),
                rx.button(rx.icon("archive", size=16), t("Download my data"), type="button", variant="soft",
                          on_click=sent(MyPageState.request_export, what=N_("Download my data")),
                          disabled=(MyPageState.export_status == "PENDING") | (MyPageState.export_status == "RUNNING")),
            ),
        ),
        spacing="2", width="100%",
    )
    delete = rx.cond(MyPageState.deletion_pending.contains("en"), _deletion_pending(), _deletion_form())
    consents = rx.vstack(
        rx.heading(t("What you agreed to"), as_="h3", size="4"),
        rx.el.label(
            rx.hstack(
                rx.switch(checked=MyPageState.news_emails, on_change=sent(MyPageState.set_news_emails, what=N_("Emails about new meetups, news and jobs")),
                          id="news-emails-switch"),
                rx.text(t("Emails about new meetups, news and jobs"), size="2"),
                align="center", spacing="3",
            ),
            cursor="pointer",
        ),
        rx.text(t("You can stop these emails here at any time. The Terms of Service and the Privacy Policy hold while you have an account."),
                color=COLORS["muted"], size="1"),
        form_alert(MyPageState.consent_notice, visible=MyPageState.consent_notice.contains("en"),
                   color="green"),
        rx.foreach(MyPageState.consents, _consent_row),
        spacing="1", width="100%",
    )
    return rx.vstack(consents, rx.separator(size="4"), export, rx.separator(size="4"), delete,
                     form_alert(MyPageState.deletion_notice,
                                visible=MyPageState.deletion_notice.contains("en"), color="green"),
                     spacing="4", **CARD)


DELETION_FORM_ID = "deletion-form"


def _deletion_pending() -> rx.Component:
    """A deletion asked for: its date and the way back (also after a reload)."""
    return rx.vstack(
        rx.heading(t("Delete my account"), as_="h3", size="4"),
        rx.callout.root(
            rx.callout.icon(rx.icon("clock", size=16)),
            rx.callout.text(t_var(MyPageState.deletion_pending), weight="medium"),
            color="red", role="status", width="100%",
        ),
        rx.text(t("Until then you can still sign in and download your data. Changed your mind?"),
                color=COLORS["muted"], size="2"),
        rx.button(rx.icon("undo-2", size=16), t("Cancel the deletion"), type="button",
                  on_click=sent(MyPageState.cancel_deletion, what=N_("Cancel the deletion"))),
        spacing="2", width="100%", align="start",
    )


def _deletion_form() -> rx.Component:
    """Keep or remove the content, the password (or Google), checked; then "are you sure?"
    (the button sends the form twice: state/mypage_data.delete_account)."""
    confirm = confirm_dialog(
        t("Delete your account?"),
        t("Your personal data will be erased 7 days from now. Until then you can cancel on this page."),
        confirm_label=t("Yes, delete my account"), cancel_label=t("Cancel"),
        on_cancel=MyPageState.keep_account, open_=MyPageState.deletion_confirming,
        confirm_form=DELETION_FORM_ID,
    )
    return stacked_form(
        rx.heading(t("Delete my account"), as_="h3", size="4"),
        rx.text(t("Your personal data is erased 7 days after you ask; until then you can cancel here."),
                color=COLORS["muted"], size="2"),
        rx.radio_group.root(
            rx.vstack(
                rx.el.label(rx.hstack(rx.radio_group.item(value="keep"),
                                      rx.text(t("Keep my comments and posts as 'deleted member'"), size="2"))),
                rx.el.label(rx.hstack(rx.radio_group.item(value="remove"),
                                      rx.text(t("Remove my comments and posts"), size="2"))),
            ),
            name="content", default_value="keep",
        ),
        rx.cond(
            MyPageState.confirm_with_google,
            rx.vstack(
                rx.text(t("You sign in with Google: confirm with Google that it is you."), size="2"),
                google_confirm_button(MyPageState.confirm_deletion_with_google),
                rx.cond(MyPageState.google_confirmed,
                        rx.text(t("Confirmed with Google. Press \"Delete my account\" to finish."),
                                size="2", color="#15803d", id="google-confirmed", role="status")),
                spacing="2", width="100%",
            ),
            field(t("Password"), "password", type_="password", autocomplete="current-password"),
        ),
        form_alert(MyPageState.deletion_error, visible=MyPageState.deletion_error.contains("en")),
        rx.button(rx.icon("trash-2", size=16), t("Delete my account"), type="submit", color_scheme="red"),
        confirm,
        on_submit=sent(MyPageState.delete_account, what=N_("Delete my account")), spacing="2", align="stretch", id=DELETION_FORM_ID,
    )


def _personal(photo, form) -> rx.Component:
    return rx.vstack(
        rx.heading(t("Personal info"), as_="h2", size="6"),
        form_alert(MyPageState.account_notice, visible=MyPageState.account_notice.contains("en"), color="green"),
        photo,
        rx.separator(size="4"),
        form,
        spacing="4",
        **CARD,
    )


@page(routes.MYPAGE, title=N_("My Page"), on_load=PageData(MyPageState, read_mypage, MyPageState._apply_load), members_only=True)
def mypage() -> rx.Component:
    return content_container(
        rx.script(src="/editor.js"),
        protected(
            rx.flex(
                _sidebar(),
                rx.box(
                    rx.match(
                        MyPageState.section,
                        ("jobs", _jobs()),
                        ("blogs", blogs_tab()),
                        ("alerts", alerts_tab()),
                        ("digest", digest_tab()),
                        ("talks", talks_tab()),
                        ("account", _account()),
                        rx.vstack(_events(), my_meetups_cards(), spacing="4", width="100%"),
                    ),
                    flex="1",
                    min_width="0",
                    width="100%",
                ),
                flex_direction=["column", "column", "column", "row"],
                gap="20px",
                width="100%",
                align_items="flex-start",
            )
        ),
    )
