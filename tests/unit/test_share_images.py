"""The generated pictures: covers of items without one, and link previews (Pillow)."""

from __future__ import annotations

import io
import itertools

from PIL import Image, ImageChops, ImageStat

from community_app.services import artwork, images
from community_app.services.artwork import ShareCard

CARD = ShareCard(
    "meetup", "meetup:7", "Meetup", "Koreys tilida texnik intervyu: amaliy seminar",
    (("date", "Saturday, December 12, 2026 · 2:00 PM"), ("place", "Seoul Global Center, Jongno-gu, Seoul")),
    "UzDev Korea",
)


def _open(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _difference(a: bytes, b: bytes) -> float:
    """Share of the pixels that visibly differ (by more than 24 levels in a channel)."""
    diff = ImageChops.difference(_open(a).convert("RGB"), _open(b).convert("RGB"))
    red, green, blue = diff.split()
    histogram = ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()
    return sum(histogram[25:]) / sum(histogram)


def test_a_cover_is_a_small_16_9_webp_the_same_for_the_same_item():
    first = artwork.draw_cover("news", "news:3")
    image = _open(first)
    assert image.format == "WEBP" and len(first) < 20_000
    assert image.size == artwork.COVER_SIZE == (800, 450)
    assert artwork.draw_cover("news", "news:3") == first


def test_every_item_gets_a_cover_of_its_own():
    items = [("news", 1, ""), ("news", 2, "tech"), ("news", 3, "social"), ("news", 4, "meetup"),
             ("meetup", 1, ""), ("meetup", 2, ""), ("meetup", 3, ""), ("news", 5, "tech"),
             ("news", 6, "tech"), ("news", 7, "social"), ("meetup", 4, ""), ("news", 8, "")]
    covers = [artwork.draw_cover(kind, images.cover_seed(kind, i), motif) for kind, i, motif in items]
    # Visibly different pictures, not just different bytes: a fifth of the pixels at least.
    for (first, a), (second, b) in itertools.combinations(zip(items, covers), 2):
        assert _difference(a, b) > 0.2, (first, second)


def test_a_preview_is_1200_by_630_with_the_title_drawn_on_it():
    data = artwork.draw_share_card(CARD)
    image = _open(data)
    assert image.format == "PNG" and image.size == (1200, 630)
    untitled = artwork.draw_share_card(ShareCard(**{**CARD.__dict__, "title": "x"}))
    # The title's area differs when the title does.
    title_box = (120, 180, 1080, 380)
    crop = lambda d: _open(d).convert("RGB").crop(title_box)  # noqa: E731
    assert ImageStat.Stat(ImageChops.difference(crop(data), crop(untitled))).mean[0] > 5


def test_a_long_title_still_fits_the_card_and_every_icon_draws():
    long = ShareCard(**{**CARD.__dict__, "title": "word " * 80})
    assert _open(artwork.draw_share_card(long)).size == (1200, 630)
    for icon in artwork.ICONS:
        card = ShareCard(**{**CARD.__dict__, "details": ((icon, "Haeundae Mobility"),)})
        assert _open(artwork.draw_share_card(card)).size == (1200, 630)
    bare = ShareCard(**{**CARD.__dict__, "details": ()})
    assert _open(artwork.draw_share_card(bare)).size == (1200, 630)


def test_drawing_works_without_the_system_fonts(monkeypatch, tmp_path):
    monkeypatch.setattr(artwork, "FONT_DIRS", (tmp_path,))
    artwork.font.cache_clear()
    try:
        assert _open(artwork.draw_share_card(CARD)).size == (1200, 630)
    finally:
        artwork.font.cache_clear()


def test_cover_addresses_are_signed_and_stable(monkeypatch, tmp_path):
    monkeypatch.setenv("COMMUNITY_VAR_DIR", str(tmp_path))
    url = images.cover_url("news", 12)
    assert url == images.cover_url("news", 12) != images.cover_url("news", 13)
    assert url.startswith("/api/v1/media/covers/news/12-") and url.endswith(".webp")
    name = url.rsplit("/", 1)[1]
    path = images.cover_file("news", name)
    assert path is not None and path.is_relative_to(tmp_path / "images")
    assert _open(path.read_bytes()).size == (800, 450)
    # A made-up id (or a key of another item or kind) is not served, nor drawn.
    forged = name.replace("12-", "99-")
    assert images.cover_file("news", forged) is None
    assert images.cover_file("meetup", name) is None
    assert images.cover_file("news", "../../etc/passwd") is None
    assert images.cover_url("news", None) == ""
    # A news item's type picks the emblem; the motif is signed with the rest.
    tech = images.cover_url("news", 12, "TECH")
    assert "/news/12-tech-" in tech and tech != url
    assert images.cover_file("news", tech.rsplit("/", 1)[1]) is not None
    assert images.cover_file("news", tech.rsplit("/", 1)[1].replace("-tech-", "-social-")) is None
    assert images.cover_url("news", 12, "<script>") == url


def test_a_preview_is_drawn_once_and_kept_under_the_var_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("COMMUNITY_VAR_DIR", str(tmp_path))
    calls = []
    real = artwork.draw_share_card
    monkeypatch.setattr(artwork, "draw_share_card", lambda card: calls.append(card) or real(card))
    first = images.share_file("en", CARD)
    again = images.share_file("en", CARD)
    assert first == again and first.is_file() and len(calls) == 1
    # What the picture shows is in its address: a new title is a new address.
    changed = ShareCard(**{**CARD.__dict__, "title": "Another title"})
    assert images.share_url("en", "7", changed) != images.share_url("en", "7", CARD)
    assert images.share_url("en", "7", CARD).startswith("/api/v1/media/share/en/meetup/7-")


def test_a_new_version_of_a_preview_deletes_the_older_ones_of_its_item_and_language(
        monkeypatch, tmp_path):
    monkeypatch.setenv("COMMUNITY_VAR_DIR", str(tmp_path))
    english, uzbek = images.share_file("en", CARD), images.share_file("uz", CARD)
    other_item = images.share_file("en", ShareCard(**{**CARD.__dict__, "seed": "meetup:8"}))
    edited = images.share_file("en", ShareCard(**{**CARD.__dict__, "title": "Another title"}))
    assert edited.is_file() and not english.exists()
    assert uzbek.is_file() and other_item.is_file()
    assert sorted(p.name for p in edited.parent.iterdir()) == [edited.name]
