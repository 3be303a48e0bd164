"""Pictures drawn on the server with Pillow, on the site's card design (ui/styles.py colours,
the gradient and soft shapes of assets/news-default.svg):

- ``draw_cover``: an item's own cover (800x450 WebP, the cards' 16:9), for news and meetups that
  have no uploaded picture. Its colours, shapes and emblem are picked by a seed (the item's
  kind, id and title), so every item looks different and the same item always the same.
- ``draw_share_card``: the 1200x630 preview a shared link shows (Open Graph, Twitter): the
  item's cover as background, a white card with the title, the date and the place.

Pure functions of their input (no database, no files written): ``services/images.py``
caches what they draw on disk. Fonts are DejaVu Sans from Debian's fonts-dejavu-core when
present, else Pillow's own scalable font: drawing never fails for want of a font.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import math
import random
import textwrap
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

COVER_SIZE = (800, 450)
SHARE_SIZE = (1200, 630)

# Pairs of the site's colours (ui/styles.py: primary, primary_dark, accent, and the indigo
# and teal of the illustrations), one pair per cover.
GRADIENTS = (
    ("#1d4ed8", "#0ea5a4"),
    ("#1e3a8a", "#4f46e5"),
    ("#4f46e5", "#0ea5a4"),
    ("#0f766e", "#1d4ed8"),
    ("#1e3a8a", "#0ea5a4"),
    ("#312e81", "#1d4ed8"),
    ("#0e7490", "#4f46e5"),
    ("#1d4ed8", "#7c3aed"),
)
INK = "#0f172a"
MUTED = "#475569"
PRIMARY = "#1d4ed8"
ACCENT = "#0ea5a4"
BADGE = "#ef4444"

FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),  # Debian 12: fonts-dejavu-core
    Path(__file__).resolve().parents[2] / "assets" / "fonts",
)


@functools.lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        path = folder / name
        if path.is_file():
            try:
                return ImageFont.truetype(str(path), size)
            except OSError:
                continue
    return ImageFont.load_default(size)


def _rng(seed: str) -> random.Random:
    return random.Random(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big"))


def _gradient(size: tuple[int, int], start: str, end: str, angle: float) -> Image.Image:
    """A linear gradient from ``start`` to ``end`` across ``size``, turned by ``angle``."""
    width, height = size
    side = int((width**2 + height**2) ** 0.5) + 2
    mask = Image.linear_gradient("L").resize((side, side)).rotate(angle, resample=Image.BICUBIC)
    left, top = (side - width) // 2, (side - height) // 2
    mask = mask.crop((left, top, left + width, top + height))
    return Image.composite(Image.new("RGB", size, end), Image.new("RGB", size, start), mask)


def _shapes(image: Image.Image, rng: random.Random) -> None:
    """Soft white circles, a few waves and a dot grid, placed by ``rng``."""
    width, height = image.size
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for _ in range(rng.randint(2, 4)):
        r = rng.randint(height // 6, height // 2)
        x, y = rng.randint(-r // 2, width), rng.randint(-r // 2, height)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255, rng.randint(14, 30)))
    base = rng.uniform(0.62, 0.85) * height
    amplitude = rng.uniform(0.04, 0.09) * height
    phase, waves = rng.uniform(0, 6.28), rng.uniform(1.2, 2.4)
    for offset in range(rng.randint(2, 4)):
        points = [
            (x, base + offset * height * 0.05
             + amplitude * math.sin(phase + waves * 6.28 * x / width))
            for x in range(0, width + 8, 8)
        ]
        draw.line(points, fill=(255, 255, 255, 46), width=max(2, width // 400))
    gx, gy = rng.randint(width // 20, width // 3), rng.randint(height // 12, height // 3)
    step = max(14, width // 40)
    for row in range(4):
        for column in range(6):
            cx, cy = gx + column * step, gy + row * step
            draw.ellipse((cx - 2, cy - 2, cx + 2, cy + 2), fill=(255, 255, 255, 70))
    image.paste(layer, (0, 0), layer)


def _code_window(draw: ImageDraw.ImageDraw, box, rng: random.Random, colour: str) -> None:
    """An editor window: three dots, then indented lines of code in two colours."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    for index, dot in enumerate((BADGE, "#f59e0b", "#22c55e")):
        cx, cy, r = x0 + w * (0.09 + index * 0.06), y0 + h * 0.1, w * 0.022
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=dot)
    draw.line([(x0, y0 + h * 0.2), (x1, y0 + h * 0.2)], fill="#e2e8f0", width=2)
    indent = 0
    for line in range(6):
        indent = max(0, min(3, indent + rng.choice((-1, 0, 1))))
        y = y0 + h * (0.3 + line * 0.11)
        start = x0 + w * (0.08 + indent * 0.07)
        first = start + w * rng.uniform(0.12, 0.22)
        draw.rounded_rectangle((start, y, first, y + h * 0.05), h * 0.025, fill=colour)
        draw.rounded_rectangle((first + w * 0.03, y, min(x1 - w * 0.08, first + w * rng.uniform(0.15, 0.4)),
                                y + h * 0.05), h * 0.025, fill="#cbd5e1")


def _people(draw: ImageDraw.ImageDraw, box, rng: random.Random, colour: str) -> None:
    """Three people side by side (heads and shoulders), one in the accent colour."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    marked = rng.randrange(3)
    for index in range(3):
        cx = x0 + w * (0.25 + index * 0.25)
        fill = colour if index == marked else "#c7d2fe"
        r = w * 0.075
        draw.ellipse((cx - r, y0 + h * 0.28 - r, cx + r, y0 + h * 0.28 + r), fill=fill)
        draw.rounded_rectangle((cx - w * 0.11, y0 + h * 0.45, cx + w * 0.11, y0 + h * 0.72),
                               w * 0.08, fill=fill)
    draw.rounded_rectangle((x0 + w * 0.12, y1 - h * 0.16, x1 - w * 0.12, y1 - h * 0.11),
                           h * 0.025, fill="#e2e8f0")


def _emblem(image: Image.Image, kind: str, rng: random.Random, box: tuple[int, int, int, int]) -> None:
    """The picture of ``kind`` in ``box``: a calendar (meetup), an editor (tech news),
    people (social news), a newspaper page (other news)."""
    draw = ImageDraw.Draw(image, "RGBA")
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    radius = max(8, w // 14)
    draw.rounded_rectangle((x0 + w * 0.04, y0 + h * 0.05, x1 + w * 0.04, y1 + h * 0.05),
                           radius, fill=(15, 23, 42, 46))
    draw.rounded_rectangle(box, radius, fill="#ffffff")
    pad = w * 0.08
    colour = rng.choice((PRIMARY, "#4f46e5", ACCENT))
    if kind == "meetup":
        draw.rounded_rectangle((x0, y0, x1, y0 + h * 0.26), radius, fill=colour)
        draw.rectangle((x0, y0 + h * 0.16, x1, y0 + h * 0.26), fill=colour)
        for ring in (0.3, 0.7):
            cx = x0 + w * ring
            draw.rounded_rectangle((cx - w * 0.03, y0 - h * 0.06, cx + w * 0.03, y0 + h * 0.1),
                                   w * 0.03, fill="#cbd5e1")
        marked = rng.randrange(12)
        for index in range(12):
            row, column = divmod(index, 4)
            cx = x0 + pad + column * (w - 2 * pad) / 3.6 + w * 0.05
            cy = y0 + h * 0.38 + row * h * 0.19
            r = w * 0.055
            fill = BADGE if index == marked else "#e2e8f0"
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif kind == "tech":
        _code_window(draw, box, rng, colour)
    elif kind == "social":
        _people(draw, box, rng, colour)
    else:
        draw.rounded_rectangle((x0 + pad, y0 + pad, x0 + w * 0.55, y0 + pad + h * 0.07),
                               h * 0.035, fill=colour)
        draw.rounded_rectangle((x0 + pad, y0 + pad + h * 0.13, x0 + w * 0.35, y0 + pad + h * 0.17),
                               h * 0.02, fill="#94a3b8")
        pic = (x0 + pad, y0 + h * 0.36, x0 + w * 0.47, y0 + h * 0.72)
        draw.rounded_rectangle(pic, radius // 2, fill="#c7d2fe")
        px0, py0, px1, py1 = pic
        draw.polygon([(px0 + 6, py1 - 6), (px0 + (px1 - px0) * 0.35, py0 + (py1 - py0) * 0.45),
                      (px0 + (px1 - px0) * 0.6, py1 - (py1 - py0) * 0.3),
                      (px1 - 6, py1 - 6)], fill=colour)
        lines = rng.randint(3, 5)
        for line in range(lines):
            length = rng.uniform(0.28, 0.4)
            y = y0 + h * 0.38 + line * h * 0.09
            draw.rounded_rectangle((x0 + w * 0.53, y, x0 + w * (0.53 + length), y + h * 0.035),
                                   h * 0.02, fill="#cbd5e1")
        draw.rounded_rectangle((x0 + pad, y1 - h * 0.18, x1 - pad, y1 - h * 0.145),
                               h * 0.02, fill="#e2e8f0")


def _background(size: tuple[int, int], seed: str) -> tuple[Image.Image, random.Random]:
    rng = _rng(seed)
    start, end = rng.choice(GRADIENTS)
    if rng.random() < 0.5:
        start, end = end, start
    image = _gradient(size, start, end, rng.uniform(0, 360))
    _shapes(image, rng)
    return image, rng


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _webp(image: Image.Image) -> bytes:
    """WebP at quality 80: a cover in 6-8 KB (its PNG is 14-36 KB)."""
    out = io.BytesIO()
    image.save(out, "WEBP", quality=80, method=4)
    return out.getvalue()


def draw_cover(kind: str, seed: str, motif: str = "", size: tuple[int, int] = COVER_SIZE) -> bytes:
    """A WebP cover for an item of ``kind`` ("news" or "meetup"), chosen by ``seed``; its
    emblem is the ``motif``'s ("tech", "social", "meetup") or the kind's. The emblem stays
    in the middle third of the height: the event page shows the cover cropped to 4:1."""
    image, rng = _background(size, f"{kind}:{seed}")
    width, height = size
    w = int(width * rng.uniform(0.24, 0.28))
    h = int(w * 0.72)
    x = int(width * rng.uniform(0.3, 0.7) - w / 2)
    y = int((height - h) / 2)
    _emblem(image, motif or kind, rng, (x, y, x + w, y + h))
    return _webp(image)


@dataclasses.dataclass(frozen=True)
class ShareCard:
    """What a preview shows: ``kicker`` above the title (the kind: "Meetup", "News"), the
    title, up to two detail lines with their icon (``ICONS``: ("date", "Dec 12, 2026"),
    ("place", "Seoul")) and the site's name; ``seed`` picks the background (the item's
    cover seed, so preview and cover look alike)."""

    kind: str
    seed: str
    kicker: str
    title: str
    details: tuple[tuple[str, str], ...]
    site_name: str


ICONS = ("date", "place", "company", "person")


def _wrap(draw: ImageDraw.ImageDraw, text: str, max_width: int, max_lines: int,
          sizes: tuple[int, ...]) -> tuple[list[str], ImageFont.ImageFont, int]:
    """The title in at most ``max_lines`` lines of the largest size that fits (the last line
    cut with an ellipsis when even the smallest does not)."""
    for size in sizes:
        face = font(size, bold=True)
        average = max(1, draw.textlength("abcdefghij", font=face) / 10)
        columns = max(8, int(max_width / average))
        lines = textwrap.wrap(text, columns) or [""]
        while columns > 8 and any(draw.textlength(line, font=face) > max_width for line in lines):
            columns -= 1
            lines = textwrap.wrap(text, columns)
        if len(lines) <= max_lines:
            return lines, face, size
    lines = lines[:max_lines]
    last = lines[-1]
    while last and draw.textlength(last + "…", font=face) > max_width:
        last = last[:-1]
    lines[-1] = last.rstrip() + "…"
    return lines, face, size


def _marker(draw: ImageDraw.ImageDraw, icon: str, x: int, y: int, size: int) -> None:
    """A small drawn icon before a detail line (one of ``ICONS``)."""
    if icon == "date":
        draw.rounded_rectangle((x, y + size * 0.15, x + size, y + size), size // 6, outline=PRIMARY,
                               width=3)
        draw.rectangle((x, y + size * 0.15, x + size, y + size * 0.38), fill=PRIMARY)
    elif icon == "place":
        r = size * 0.36
        cx, cy = x + size / 2, y + size * 0.4
        draw.polygon([(cx - r * 0.85, cy + r * 0.45), (cx + r * 0.85, cy + r * 0.45), (cx, y + size)],
                     fill=ACCENT)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ACCENT)
        draw.ellipse((cx - r * 0.4, cy - r * 0.4, cx + r * 0.4, cy + r * 0.4), fill="#ffffff")
    elif icon == "company":
        draw.rectangle((x + size * 0.12, y + size * 0.1, x + size * 0.88, y + size), fill=PRIMARY)
        for row in range(3):
            for column in range(2):
                wx = x + size * (0.27 + column * 0.3)
                wy = y + size * (0.22 + row * 0.24)
                draw.rectangle((wx, wy, wx + size * 0.16, wy + size * 0.12), fill="#ffffff")
    else:  # person
        r = size * 0.22
        cx = x + size / 2
        draw.ellipse((cx - r, y + size * 0.08, cx + r, y + size * 0.08 + 2 * r), fill=ACCENT)
        draw.pieslice((x + size * 0.1, y + size * 0.55, x + size * 0.9, y + size * 1.35), 180, 360,
                      fill=ACCENT)


def _logo(draw: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    """assets/logo.svg, drawn: a rounded square with the "UZ" strokes and the red dot."""
    draw.rounded_rectangle((x, y, x + size, y + size), size // 4, fill=PRIMARY)
    s = size / 40
    width = max(2, round(3.2 * s))
    draw.arc((x + 9 * s, y + 15.5 * s, x + 21 * s, y + 27.5 * s), 0, 180, fill="#ffffff", width=width)
    draw.line([(x + 9 * s, y + 11 * s), (x + 9 * s, y + 21.5 * s)], fill="#ffffff", width=width)
    draw.line([(x + 21 * s, y + 11 * s), (x + 21 * s, y + 21.5 * s)], fill="#ffffff", width=width)
    draw.line([(x + 24 * s, y + 11 * s), (x + 32 * s, y + 11 * s), (x + 24 * s, y + 29 * s),
               (x + 32 * s, y + 29 * s)], fill="#ffffff", width=width, joint="curve")
    draw.ellipse((x + 30 * s, y + 30 * s, x + 36 * s, y + 36 * s), fill=BADGE)


def draw_share_card(card: ShareCard) -> bytes:
    """The 1200x630 PNG preview of ``card``."""
    width, height = SHARE_SIZE
    image, _ = _background(SHARE_SIZE, f"{card.kind}:{card.seed}")
    image = image.filter(ImageFilter.GaussianBlur(1))
    draw = ImageDraw.Draw(image, "RGBA")
    margin = 56
    panel = (margin, margin, width - margin, height - margin)
    draw.rounded_rectangle((panel[0] + 10, panel[1] + 14, panel[2] + 10, panel[3] + 14), 36,
                           fill=(15, 23, 42, 60))
    draw.rounded_rectangle(panel, 36, fill="#ffffff")
    left, inner = panel[0] + 64, panel[2] - panel[0] - 128
    y = panel[1] + 56
    # The community's name and logo at the top right; the kicker left of them.
    name_face = font(30, bold=True)
    name_x = panel[2] - 64 - int(draw.textlength(card.site_name, font=name_face))
    _logo(draw, name_x - 62, panel[1] + 52, 48)
    draw.text((name_x, panel[1] + 60), card.site_name, font=name_face, fill=INK)
    kicker = font(30, bold=True)
    [label], _, _ = _wrap(draw, card.kicker.upper(), name_x - 62 - left - 84, 1, (30,))
    draw.rounded_rectangle((left, y, left + draw.textlength(label, font=kicker) + 36, y + 48), 24,
                           fill="#e0e7ff")
    draw.text((left + 18, y + 8), label, font=kicker, fill=PRIMARY)
    y += 80
    # Without detail lines the title may take four lines (a page's description).
    lines, face, size = _wrap(draw, card.title, inner, 3 if card.details else 4,
                              (64, 56, 48, 42) if card.details else (56, 48, 42))
    for line in lines:
        draw.text((left, y), line, font=face, fill=INK)
        y += int(size * 1.22)
    y += 18
    detail_face = font(32)
    for icon, detail in card.details[:2]:
        if not detail:
            continue
        _marker(draw, icon, left, y + 4, 30)
        text, _, _ = _wrap(draw, detail, inner - 50, 1, (32,))
        draw.text((left + 50, y), text[0], font=detail_face, fill=MUTED)
        y += 50
    draw.rectangle((panel[0] + 36, panel[3] - 12, panel[2] - 36, panel[3] - 6), fill=ACCENT)
    return _png(image)
