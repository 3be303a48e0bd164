"""My Page's "My talks" tab (state/mypage_talks.py): starred talks, talks to rate, and for
a speaker their talks, the feedback on them and, when the account is linked to a speaker
profile, the form that edits it."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.mypage_talks import MY_TALKS_HEADING_ID
from community_app.state.mypage_talks import MyTalksState as S
from community_app.state.sent_writes import sent
from community_app.ui.components.blocks import list_row
from community_app.ui.components.forms import (
    error_text, field_label, submit_button, upload_button,
)
from community_app.ui.components.mypage_parts import CARD
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def _notice(msg, color: str) -> rx.Component:
    return rx.cond(msg.contains("en"),
                   rx.callout(t_var(msg), color_scheme=color, size="1", role="status", width="100%"))


def _muted(text) -> rx.Component:
    return rx.text(text, color=COLORS["muted"], size="2")


def _starred(row) -> rx.Component:
    return rx.el.li(list_row(
        rx.vstack(
            rx.link(row.title, href=row.href, font_weight="600"),
            rx.text(row.meetup_title, " · ", t_var(row.date), " · ", t_var(row.time),
                    color=COLORS["muted"], size="2"),
            rx.cond(row.cancelled, rx.badge(t("Cancelled"), color_scheme="red", variant="soft")),
            spacing="1", min_width="0",
        ),
        rx.button(rx.icon("star-off", size=16), t("Unstar"), variant="soft", color_scheme="gray",
                  type="button", on_click=sent(S.unstar(row.talk_id), what=N_("Unstar")),
                  aria_label=t("Unstar") + " " + row.title),
        stack_on_phones=True,
    ), list_style="none")


def _rate(row) -> rx.Component:
    key = row.talk_id.to_string()
    return rx.el.li(
        rx.form(
            rx.vstack(
                rx.link(row.title, href=row.href, font_weight="600"),
                rx.text(row.meetup_title, " · ", t_var(row.date), color=COLORS["muted"],
                        size="2"),
                rx.el.input(type="hidden", name="talkId", value=key),
                rx.el.fieldset(
                    rx.el.legend(t("Your rating"), font_weight="500", font_size="14px"),
                    rx.hstack(
                        *[rx.el.label(
                            rx.el.input(type="radio", name="rating", value=str(n),
                                        id=f"rate-{n}-" + key),
                            " ", str(n), display="inline-flex", gap="4px",
                            align_items="center", min_height="44px", min_width="44px",
                            cursor="pointer")
                          for n in range(1, 6)],
                        spacing="3", wrap="wrap",
                    ),
                    border="none", padding="0", margin="0",
                ),
                rx.el.label(t("Comment for the speaker (optional)"), html_for="rate-comment-" + key,
                            font_weight="500", font_size="14px"),
                rx.text_area(id="rate-comment-" + key, name="comment", rows="2", width="100%"),
                submit_button(t("Send rating"), width="auto"),
                spacing="2", width="100%",
            ),
            on_submit=sent(S.rate, what=N_("Send rating")),
            no_validate=True,
            reset_on_submit=True,
            width="100%",
            aria_label=t("Rate") + " " + row.title,
        ),
        class_name="uzdev-card",
        padding="12px 16px",
        list_style="none",
    )


def _speaking(row) -> rx.Component:
    """A talk of the member's (its page, meetup, date, status; the speaker page when an
    application of theirs made it) or an application not yet a talk."""
    return rx.el.li(list_row(
        rx.vstack(
            rx.cond(row.href != "", rx.link(row.title, href=row.href, font_weight="600"),
                    rx.text(row.title, font_weight="600")),
            rx.cond(row.is_talk,
                    rx.text(row.meetup_title, " · ", t_var(row.date), color=COLORS["muted"],
                            size="2"),
                    rx.text(t("Application sent"), " · ", t_var(row.date),
                            color=COLORS["muted"], size="2")),
            spacing="1", min_width="0",
        ),
        rx.hstack(
            rx.badge(t_var(row.status), color_scheme=rx.cond(row.cancelled, "red", "gray"),
                     variant="soft", class_name="my-speaking-status"),
            rx.cond(row.speaker_page != "",
                    rx.fragment(
                        rx.cond(row.confirmed,
                                rx.badge(t("Confirmed"), color_scheme="green", variant="soft"),
                                rx.badge(t("Not confirmed yet"), color_scheme="amber",
                                         variant="soft")),
                        rx.link(t("Open speaker page"), href=row.speaker_page),
                    )),
            spacing="3", align="center", wrap="wrap",
        ),
        stack_on_phones=True,
    ), list_style="none")


def _comment(c) -> rx.Component:
    return rx.el.li(rx.text(rx.el.strong(c.rating, "/5"),
                            rx.cond(c.comment != "", rx.fragment(" · ", c.comment)), size="2"))


def _feedback(row) -> rx.Component:
    return rx.el.li(
        rx.vstack(
            rx.text(row.title, font_weight="600"),
            rx.text(row.meetup_title, color=COLORS["muted"], size="2"),
            rx.cond(
                row.count > 0,
                rx.fragment(
                    rx.text(t("Average"), ": ", rx.el.strong(row.average), " · ", t("Ratings"), ": ",
                            row.count, size="2", class_name="my-talk-rating"),
                    rx.el.ul(rx.foreach(row.comments, _comment), class_name="uzdev-stack uzdev-gap-1",
                             padding_left="0", list_style="none"),
                ),
                _muted(t("No ratings yet.")),
            ),
            spacing="1", width="100%",
        ),
        class_name="uzdev-card",
        padding="12px 16px",
        list_style="none",
    )


def _speaker_field(label, name: str, *, long: bool = False, hint=None) -> rx.Component:
    input_id, error_id = f"speaker-{name}", f"speaker-{name}-error"
    invalid = S.speaker_errors.contains(name)
    props = dict(id=input_id, name=name, default_value=S.speaker_form[name], width="100%",
                 aria_invalid=rx.cond(invalid, "true", "false"), aria_describedby=error_id)
    return rx.vstack(
        field_label(label, input_id),
        rx.text_area(rows="5" if name == "bio" else "3", **props) if long
        else rx.input(size="3", auto_complete="off", **props),
        rx.cond(invalid, rx.fragment(),
                rx.text(hint, color=COLORS["muted"], size="1")) if hint is not None else rx.fragment(),
        error_text(S.speaker_errors, name, id_=error_id),
        spacing="1", width="100%",
    )


def _speaker_photo() -> rx.Component:
    """The profile's photo: upload or replace (JPEG, PNG or WebP, 5 MB), or remove."""
    return rx.vstack(
        rx.text(t("Photo"), font_weight="500", size="2"),
        rx.hstack(
            rx.cond(S.speaker_form["photo"] != "",
                    rx.image(src=S.speaker_form["photo"], alt=t("Your speaker photo"),
                             width="72px", height="72px", object_fit="cover",
                             border_radius="50%", id="my-speaker-photo"),
                    _muted(t("No photo yet."))),
            upload_button("speaker-photo", "image-up", t("Upload a photo"),
                          sent(S.upload_speaker_photo(rx.upload_files(upload_id="speaker-photo")),
                               what=N_("Upload a photo"))),
            rx.cond(S.speaker_form["photo"] != "",
                    rx.button(rx.icon("trash-2", size=16), t("Remove the photo"), variant="soft",
                              color_scheme="red", type="button",
                              on_click=sent(S.remove_speaker_photo, what=N_("Remove the photo")))),
            spacing="3", align="center", wrap="wrap",
        ),
        rx.text(t("JPEG, PNG or WebP, at most 5 MB."), color=COLORS["muted"], size="1"),
        error_text(S.speaker_errors, "photo", id_="speaker-photo-error"),
        spacing="2", width="100%",
    )


def _speaker_profile() -> rx.Component:
    """The member's own speaker profile (only when the account is linked to one)."""
    return rx.vstack(
        rx.heading(t("My speaker profile"), as_="h3", size="4", id="my-speaker-profile"),
        rx.text(t("Shown on your speaker page."), " ",
                # Underlined: a link inside a line of text (axe's link-in-text-block).
                rx.link(t("Open my speaker page"), href=S.speaker_form["page"],
                        text_decoration="underline"),
                color=COLORS["muted"], size="2"),
        _notice(S.speaker_notice, "green"),
        _notice(S.speaker_error, "red"),
        _speaker_photo(),
        rx.form(
            rx.vstack(
                _speaker_field(t("Name"), "name"),
                _speaker_field(t("Job position"), "jobPosition"),
                _speaker_field(t("Company"), "company"),
                _speaker_field(t("Bio (Markdown)"), "bio", long=True),
                _speaker_field(t("Links (one per line)"), "links", long=True,
                               hint=t("At most 5 http(s) addresses.")),
                submit_button(t("Save speaker profile"), width="auto"),
                spacing="3", width="100%",
            ),
            key=S.speaker_form_key,
            on_submit=sent(S.save_speaker_profile, what=N_("Save speaker profile")),
            no_validate=True,
            width="100%",
            aria_labelledby="my-speaker-profile",
        ),
        spacing="2", width="100%",
    )


def _part(title, items, row, empty_text, id_: str) -> rx.Component:
    return rx.vstack(
        rx.heading(title, as_="h3", size="4", id=id_),
        rx.cond(items.length() > 0,
                rx.el.ul(rx.foreach(items, row), class_name="uzdev-stack uzdev-gap-2",
                         padding_left="0", margin="0", width="100%", aria_labelledby=id_),
                _muted(empty_text)),
        spacing="2", width="100%",
    )


def talks_tab() -> rx.Component:
    return rx.vstack(
        rx.heading(t("My talks"), as_="h2", size="6", id=MY_TALKS_HEADING_ID, tab_index=-1,
                   outline="none"),
        _notice(S.talks_notice, "green"),
        _notice(S.talks_error, "red"),
        error_text(S.rating_errors, "rating", id_="rating-error"),
        rx.cond(
            S.talks_loaded,
            rx.vstack(
                _part(t("Starred talks"), S.starred, _starred,
                      t("Star talks on a meetup's programme to find them here and in your calendar."),
                      "my-starred-talks"),
                _part(t("Rate the talks you heard"), S.to_rate, _rate,
                      t("No talks to rate right now."), "my-talks-to-rate"),
                rx.cond(S.speaker_form.contains("page"), _speaker_profile()),
                rx.cond(
                    (S.speaking.length() > 0) | (S.feedback.length() > 0),
                    rx.vstack(
                        _part(t("Talks I give"), S.speaking, _speaking,
                              t("No accepted talks yet."), "my-speaking"),
                        _part(t("Feedback on my talks"), S.feedback, _feedback,
                              t("No feedback yet."), "my-talk-feedback"),
                        spacing="5", width="100%",
                    ),
                ),
                spacing="5", width="100%",
            ),
            _muted(t("Loading...")),
        ),
        spacing="4",
        on_mount=S.load_talks,
        **CARD,
    )
