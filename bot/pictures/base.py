"""Shared drawing of the pictures of the table: canvas, fonts, colours, card shapes, PNG.

Everything is drawn here with Pillow, no artwork. A picture is `WIDTH` pixels wide; Discord
shows an embed's image about 400 pixels wide on a desktop and a little narrower on a phone, so
nothing a player must read is drawn smaller than `SMALL` pixels, and card numbers much larger.
The background is opaque, so the picture reads the same on a dark or a light theme.
"""

from __future__ import annotations

import io
import threading
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, Protocol

from fontpkg.pil import truetype
from PIL import Image, ImageDraw, ImageFont

from bot.i18n import t
from bot.text import looks

WIDTH = 800
SMALL = 22
"""The smallest text: about 11 pixels on a desktop, still legible on a phone."""
LABEL = 26
BIG = 34

RGB = tuple[int, int, int]
TABLE: RGB = (29, 38, 48)
PANEL: RGB = (43, 55, 68)
PANEL_LIT: RGB = (62, 78, 96)
INK: RGB = (241, 244, 247)
MUTED: RGB = (163, 176, 190)
TURN: RGB = (255, 201, 71)
"""Whose turn it is: a warm yellow ring and label."""
CARD: RGB = (250, 247, 240)
CARD_INK: RGB = (33, 36, 43)
CARD_EDGE: RGB = (120, 128, 140)
BACK: RGB = (70, 92, 140)
"""Card backs: the deck, hidden hands."""
GOOD: RGB = (96, 200, 126)
BAD: RGB = (236, 94, 94)

HUES: dict[str, RGB] = {
    "red": (222, 62, 62),
    "orange": (240, 138, 36),
    "yellow": (240, 200, 40),
    "green": (52, 168, 90),
    "blue": (52, 120, 226),
    "purple": (140, 86, 212),
    "pink": (232, 92, 168),
    "brown": (140, 94, 60),
}

HEADER = 52
"""Height of the top line of every picture."""

FAMILY = "Noto Sans"
"""Latin and Cyrillic, SIL Open Font License, installed with the bot (fontpkg-noto-sans)."""
SUPERSAMPLE = 4
"""Shapes are drawn this many times larger and reduced, for smooth edges."""

_threads = threading.local()


@dataclass(frozen=True)
class Seats:
    """Who sits at the table, as the text board names them, whether a turn clock runs, and
    whether the game waits for anyone at all."""

    names: tuple[str, ...]
    ai: tuple[bool, ...]
    clock: bool
    halted: Literal["", "paused", "abandoned"] = ""
    """Why nobody acts though the rules wait for someone: the game is paused (nobody at the
    table) or was ended early; empty while it runs (or once it ended by the rules)."""


class Painter(Protocol):
    """One game's pictures (bot/pictures/<slug>.py), drawn from the views the text shows."""

    def board(self, view: Any, seats: Seats, lang: str) -> Image.Image:
        """The public board from the public view (nothing secret is in it)."""

    def hand(self, view: Any, seats: Seats, lang: str) -> Image.Image:
        """One seat's private picture from that seat's view."""


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The picture font at `size`; each thread loads its own, as FreeType faces are not
    safe to share between threads."""
    fonts: dict[tuple[int, bool], ImageFont.FreeTypeFont] = _threads.__dict__.setdefault(
        "fonts", {}
    )
    key = (size, bold)
    if key not in fonts:
        fonts[key] = truetype(
            FAMILY, size, weight=700 if bold else 400, layout_engine=ImageFont.Layout.BASIC
        )
    return fonts[key]


@dataclass(frozen=True)
class Ink:
    """A line of text rendered once: its ink as a mask, placed relative to the line's top."""

    mask: Image.Image
    top: int
    """Rows from the top of the line (the font's ascent) to the ink."""
    line: int
    """Height of a line of this size: ascent and descent."""


def placed(shape: Ink, xy: tuple[float, float], anchor: str) -> tuple[int, int]:
    """Where the top left of a line's ink goes for `Canvas.text` at `xy` and `anchor`."""
    width, height = shape.mask.size
    x, y = xy
    x -= {"l": 0, "m": width / 2, "r": width}[anchor[0]]
    if anchor[1] == "c":
        y -= height / 2
    else:
        y += shape.top - {"t": 0, "m": shape.line / 2}[anchor[1]]
    return round(x), round(y)


@lru_cache(maxsize=4096)
def ink(text: str, size: int, bold: bool = False) -> Ink:
    """`text` rendered (kept: boards draw the same labels and numbers again and again)."""
    f = font(size, bold)
    ascent, descent = f.getmetrics()
    left, top, right, bottom = (int(edge) for edge in f.getbbox(text, anchor="ls"))
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor="ls")
    return Ink(mask, ascent + top, ascent + descent)


@lru_cache(maxsize=1024)
def has_glyph(char: str) -> bool:
    """Whether the font draws `char` (an emoji in a member's name it does not, nor the
    invisible joiners between an emoji's parts)."""
    if unicodedata.category(char) == "Cf":
        return False
    missing = ink("\uffff", BIG).mask
    drawn = ink(char, BIG).mask
    return drawn.size != missing.size or drawn.tobytes() != missing.tobytes()


def drawable(text: str) -> str:
    """`text` without the characters the font lacks; empty if nothing is left but marks and
    spaces (accents with no letter to sit on would float on their own)."""
    text = "".join(c for c in text if has_glyph(c)).strip()
    if all(unicodedata.category(c).startswith("M") or c.isspace() for c in text):
        return ""
    return text


def measure(text: str, size: int, bold: bool = False) -> int:
    """How wide `text` is drawn: its ink, as `ink` cuts it (a leading combining mark reaches
    left of the advance that `getlength` counts)."""
    if not text:
        return 0
    left, _, right, _ = font(size, bold).getbbox(text, anchor="ls")
    return int(right) - int(left)


@lru_cache(maxsize=2048)
def fitted(text: str, size: int, bold: bool, width: int) -> str:
    """`text` as the font can draw it (`drawable`), cut with "…" to fit `width` pixels."""
    text = drawable(text)
    if measure(text, size, bold) <= width:
        return text
    while text and measure(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def seat_name(seats: Seats, seat: int, lang: str) -> str:
    """A seat's name as the pictures show it; a name the font cannot draw at all is a number."""
    return _seat_names(seats, lang)[seat]


@lru_cache(maxsize=256)
def _seat_names(seats: Seats, lang: str) -> tuple[str, ...]:
    """Every seat's name as drawn. Names the text tells apart may look the same once the font's
    missing characters are left out ("🎲 Sam", "🎯 Sam"): these get their seats' numbers, as
    `bot.session.typed_names` numbers names typed alike ("Sam #1", "Sam #2")."""
    names = [
        drawable(name) or t(lang, "pic-seat", number=seat + 1)
        for seat, name in enumerate(seats.names)
    ]
    alike = Counter(map(looks, names))
    return tuple(
        f"{name} #{seat + 1}" if alike[looks(name)] > 1 else name for seat, name in enumerate(names)
    )


def supersampled(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent image `SUPERSAMPLE` times the size, to draw a shape on and `reduce`."""
    image = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def reduce(image: Image.Image) -> Image.Image:
    """A supersampled shape at its real size, with smooth edges."""
    return image.reduce(SUPERSAMPLE)


@lru_cache(maxsize=256)
def rounded(
    width: int, height: int, fill: RGB, edge: RGB | None = None, radius: int = 10, border: int = 2
) -> Image.Image:
    """A rounded rectangle with smooth corners: a card, a chip, a slot."""
    image, draw = supersampled(width, height)
    s = SUPERSAMPLE
    draw.rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1),
        radius=radius * s,
        fill=fill,
        outline=edge,
        width=border * s if edge else 0,
    )
    return reduce(image)


class Canvas:
    """A picture being drawn (or a card face): text, tiles and panels."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)

    @classmethod
    def table(cls, height: int) -> Canvas:
        """A new picture: the table's background, `WIDTH` wide."""
        return cls(Image.new("RGB", (WIDTH, height), TABLE))

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = LABEL,
        colour: RGB = INK,
        bold: bool = False,
        anchor: str = "lt",
    ) -> int:
        """Draw a line of text; returns its width.

        `anchor`: horizontal l, m or r (of the ink), then vertical t (the line's top), m (the
        line's middle) or c (the ink's centre: numbers sit in the middle of a card).
        """
        if not text:
            return 0
        shape = ink(text, size, bold)
        self.image.paste(colour, placed(shape, xy, anchor), shape.mask)
        return shape.mask.size[0]

    def fit(
        self,
        xy: tuple[float, float],
        text: str,
        width: int,
        size: int = LABEL,
        colour: RGB = INK,
        bold: bool = False,
        anchor: str = "lt",
    ) -> int:
        """Draw text cut to `width` pixels (names, long labels)."""
        return self.text(xy, fitted(text, size, bold, width), size, colour, bold, anchor)

    def tile(self, image: Image.Image, xy: tuple[float, float]) -> None:
        """Paste a drawn shape (transparent where it is not) with its top left at `xy`."""
        x, y = round(xy[0]), round(xy[1])
        self.image.paste(image, (x, y), image)

    def centred(self, image: Image.Image, centre: tuple[float, float]) -> None:
        """Paste a drawn shape centred on `centre`."""
        width, height = image.size
        self.tile(image, (centre[0] - width / 2, centre[1] - height / 2))

    def panel(
        self,
        box: tuple[float, float, float, float],
        fill: RGB = PANEL,
        edge: RGB | None = None,
        radius: int = 14,
        border: int = 3,
    ) -> None:
        """A rounded area of the table (a player's place, a pile's spot)."""
        self.draw.rounded_rectangle(
            box, radius=radius, fill=fill, outline=edge, width=border if edge else 0
        )

    def header(self, left: str, right: str = "") -> None:
        """The top line: where the game stands, and on the right a short fact (the left one
        is cut short where both would not fit)."""
        width = self.image.width
        self.draw.rectangle((0, 0, width, HEADER), fill=PANEL)
        taken = self.text((width - 20, HEADER / 2), right, LABEL, MUTED, anchor="rm")
        self.fit((20, HEADER / 2), left, width - 60 - taken, LABEL, INK, True, "lm")


def png(image: Image.Image, colours: Image.Image) -> bytes:
    """The picture as a PNG in its game's `colours` (bot.pictures.palettes), compressed lightly.

    At most 256 colours, compressed lightly, is the fastest way found to a PNG of a few tens
    of kilobytes (a full-colour PNG takes longer to compress and is three times larger). Each
    pixel takes the nearest of the colours, undithered: the drawing is flat.
    """
    buffer = io.BytesIO()
    image.quantize(palette=colours, dither=Image.Dither.NONE).save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()
