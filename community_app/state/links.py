"""Outside links the public pages show (projects, people's profiles)."""

from __future__ import annotations

from urllib.parse import urlsplit


def safe_url(url: str | None) -> str:
    """The link when it is http(s), else '' (never javascript:, data: and the like)."""
    try:
        scheme = urlsplit(url or "").scheme.lower()
    except ValueError:
        return ""
    return url if url and scheme in ("http", "https") else ""


def profile_site(url: str) -> str:
    """Which kind of profile a link is: 'LinkedIn', 'GitHub' or '' (another website)."""
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""
    for domain, name in (("linkedin.com", "LinkedIn"), ("github.com", "GitHub")):
        if host == domain or host.endswith("." + domain):
            return name
    return ""
