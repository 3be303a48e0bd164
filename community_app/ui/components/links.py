"""The community's external links (footer)."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class SocialLink:
    name: str  # brand name, also the accessible label
    url: str
    icon: str  # file under assets/social/


SOCIAL_LINKS = (
    SocialLink("Telegram", "https://t.me/uzdevkorea", "/social/telegram.svg"),
    SocialLink("X", "https://x.com/uzdevkorea", "/social/x.svg"),
    SocialLink("Instagram", "https://www.instagram.com/uzdevkorea", "/social/instagram.svg"),
    SocialLink("LinkedIn", "https://www.linkedin.com/company/uzdevkorea", "/social/linkedin.svg"),
    SocialLink("GitHub", "https://github.com/uzdev-korea", "/social/github.svg"),
)
