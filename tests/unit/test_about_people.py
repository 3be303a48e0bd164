"""The About page's people cards: initials, profile kind, safe links."""

from __future__ import annotations

from community_app.services.content import PersonView
from community_app.state.about import initials, person_card
from community_app.state.links import profile_site, safe_url


def test_initials():
    assert initials("Sardor Tursunov") == "ST"
    assert initials("Madina") == "M"
    assert initials("  jasur   karimov  ") == "JK"
    assert initials("O‘tkir Hoshimov Olimovich") == "OO"
    assert initials("‘") == "?"
    assert initials("") == "?"


def test_profile_site():
    assert profile_site("https://www.linkedin.com/in/someone") == "LinkedIn"
    assert profile_site("https://github.com/someone") == "GitHub"
    assert profile_site("https://notgithub.com/someone") == ""
    assert profile_site("https://example.dev") == ""


def test_safe_url_keeps_only_web_links():
    assert safe_url("https://example.dev/a") == "https://example.dev/a"
    assert safe_url("http://example.dev") == "http://example.dev"
    assert safe_url("javascript:alert(1)") == ""
    assert safe_url("data:text/html,hi") == ""
    assert safe_url("") == "" and safe_url(None) == ""
    assert safe_url("http://[::1") == ""


def test_person_card():
    card = person_card(PersonView(3, "organizer", "Gulnora Axmedova", "Events lead", "",
                                  "", "https://www.linkedin.com/in/gulnora"))
    assert card["initials"] == "GA"
    assert card["role_uz"] == "Events lead"  # English when the Uzbek role is missing
    assert card["image_url"] == ""
    assert card["profile_site"] == "LinkedIn"
    no_link = person_card(PersonView(4, "contributor", "A B", "r", "r", "javascript:x", ""))
    assert no_link["profile_url"] == "" and no_link["profile_site"] == "" and no_link["image_url"] == ""
