"""My Page's "My account" tab (ui/pages/mypage.py): personal info and photo, visa, password,
public profile, consents and my data (export), and the account's deletion.
"""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.services.validation import PHONE_HINT
from community_app.state.auth import AuthState
from community_app.state.job_texts import VISA_LABELS
from community_app.state.mypage import PASSWORD_FORM_ID, MyPageState
from community_app.state.sent_writes import sent
from community_app.ui.components.blocks import list_row
from community_app.ui.components.buttons import link_button
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.components.forms import error_text, field, form_alert, upload_button
from community_app.ui.components.forms import stacked_form, submit_button
from community_app.ui.components.google import google_confirm_button
from community_app.ui.components.mypage_parts import CARD, form_grid
from community_app.ui.components.select import native_select
from community_app.ui.components.telegram import telegram_card
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def account_tab() -> rx.Component:
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
            upload_button("avatar-upload", "upload", t("Upload photo"),
                          sent(MyPageState.upload_photo(
                              rx.upload_files(upload_id="avatar-upload",
                                              on_upload_progress=MyPageState.photo_progress_changed)
                          ), what=N_("Upload photo")),
                          input_label=t("Photo"), loading=MyPageState.uploading_photo),
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
        form_grid(
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
