"""The personal digest as the member reads it (services/digest/): the email (text and
HTML, ``List-Unsubscribe``) and the short Telegram message, and their delivery by the
queues (``deliver``).

- **Channels** (My Page): email (text and HTML, ``List-Unsubscribe`` with the RFC 8058
  one-click POST) and Telegram (a short message with links) when the bot is linked; a
  member who chose Telegram alone gets the email when the bot is not linked or blocked.
- **Links carry no sign-in**: only the unsubscribe link carries a key, the member's own
  random ``unsubscribe_token``, which turns the digest emails off and does nothing else.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import html

from sqlmodel import Session

from community_app.core import routes
from community_app.core.settings import get_settings, site_address
from community_app.i18n import N_, gettext, normalize_language
from community_app.i18n.dates import date_texts
from community_app.models import DigestSettings, MailKind, User
from community_app.services import mail_queue
from community_app.services.digest.content import MEETUPS_HEADING, Content
from community_app.services.telegram import notify

TELEGRAM_ITEMS = 8  # links in the short Telegram message


SUBJECT = N_("Your {site} digest: {count} new")
GREETING = N_("Hello {name},")
INTRO = N_("Here is what is new since {date}, and what is coming.")
NEW_MARK = N_("New")
CHOICES_LINE = N_("Change how often and how the digest comes on My Page: {url}")
UNSUBSCRIBE_LINE = N_("Stop these emails with one click: {url}")
WHY_LINE = N_("You get this digest because you agreed to emails about new meetups, news and "
              "jobs.")
TELEGRAM_MORE = N_("All of it on My Page: {url}")
MY_PAGE = N_("My Page")
UNSUBSCRIBE = N_("Unsubscribe")


# ---------------------------------------------------------------- the messages


@dataclasses.dataclass(frozen=True)
class Digest:
    member: User
    lang: str
    content: Content
    subject: str
    text: str
    html: str
    telegram: str
    unsubscribe_url: str  # the page (a click in the email)
    unsubscribe_post_url: str  # RFC 8058 one-click POST

    def headers(self) -> dict[str, str]:
        return {"List-Unsubscribe": f"<{self.unsubscribe_post_url}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def unsubscribe_api_path(token: str) -> str:
    return f"/api/v1/public/digest/unsubscribe/{token}"


def compose(member: User, content: Content, token: str) -> Digest:
    """The digest's email (text and HTML) and Telegram message in the member's language."""
    lang = normalize_language(member.language)
    base = site_address()
    site = get_settings().site_name
    mypage = f"{base}{routes.MYPAGE_DIGEST}"
    unsubscribe_url = f"{base}{routes.digest_unsubscribe(token)}"
    subject = gettext(SUBJECT, lang, site=site, count=content.new_count)
    name = member.first_name or member.username
    since = date_texts(content.since, "long")[lang]
    new = gettext(NEW_MARK, lang)

    lines = [gettext(GREETING, lang, name=name), "", gettext(INTRO, lang, date=since)]
    parts = [f"<p>{html.escape(gettext(GREETING, lang, name=name))}</p>",
             f"<p>{html.escape(gettext(INTRO, lang, date=since))}</p>"]
    short = [subject]
    for section in content.sections:
        heading = gettext(section.heading, lang)
        lines += ["", heading.upper()]
        parts.append(f'<h2 style="font-size:18px;margin:24px 0 8px">{html.escape(heading)}</h2><ul>')
        for item in section.items:
            mark = f" ({new})" if item.new and section.heading == MEETUPS_HEADING else ""
            detail = f" — {item.detail}" if item.detail else ""
            lines += [f"• {item.title}{mark}{detail}", f"  {item.url}"]
            parts.append(f'<li style="margin-bottom:8px"><a href="{html.escape(item.url)}">'
                         f"{html.escape(item.title)}</a>{html.escape(mark)}"
                         + (f"<br><span style=\"color:#555\">{html.escape(item.detail)}</span>"
                            if item.detail else "") + "</li>")
            if len(short) <= TELEGRAM_ITEMS and (item.new or section.heading == MEETUPS_HEADING):
                short.append(f"• {item.title}\n{item.url}")
        parts.append("</ul>")
    footer = [gettext(WHY_LINE, lang), gettext(CHOICES_LINE, lang, url=mypage),
              gettext(UNSUBSCRIBE_LINE, lang, url=unsubscribe_url)]
    lines += [""] + footer
    parts.append('<hr><p style="color:#555;font-size:13px">'
                 + "<br>".join(html.escape(f) for f in footer[:1]) + "<br>"
                 + f'<a href="{html.escape(mypage)}">{html.escape(gettext(MY_PAGE, lang))}</a>'
                 + f' · <a href="{html.escape(unsubscribe_url)}">'
                 + f'{html.escape(gettext(UNSUBSCRIBE, lang))}</a></p>')
    document = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
                f"<title>{html.escape(subject)}</title></head>"
                '<body style="font-family:sans-serif;line-height:1.5;max-width:640px">'
                + "".join(parts) + "</body></html>")
    short.append(gettext(TELEGRAM_MORE, lang, url=mypage))
    return Digest(member, lang, content, subject, "\n".join(lines) + "\n", document,
                  "\n\n".join(short), unsubscribe_url, f"{base}{unsubscribe_api_path(token)}")


def _email(digest: Digest, ref_id: int) -> dict:
    """The digest's email as ``mail_queue.enqueue`` takes it (and the Telegram queue keeps
    it, to send instead if the member blocked the bot)."""
    return dict(kind=MailKind.DIGEST.value, meetup_id=None, subject=digest.subject,
                body=digest.text, html=digest.html, lang=digest.lang, ref_id=ref_id,
                headers=digest.headers())


def _telegram_key(period: str) -> str:
    return f"digest:{period}"


def deliver(session: Session, digest: Digest, settings: DigestSettings, ref_id: int,
            period: str, now: dt.datetime) -> list[str]:
    """Queue the digest on the member's channels, in the caller's transaction; the
    channels it went to."""
    member = digest.member
    mail_args = _email(digest, ref_id)
    went = []
    if settings.by_telegram and member.telegram_chat_id is not None:
        if notify.send_to_member(session, member, digest.telegram, key=_telegram_key(period),
                                 fallback_mail=None if settings.by_email else mail_args):
            went.append("telegram")
    if settings.by_email or not went:
        if mail_queue.enqueue(session, mail_args["kind"], member, None, digest.subject,
                              digest.text, digest.lang, ref_id=ref_id, now=now,
                              headers=digest.headers(), html=digest.html):
            went.append("email")
    return went

