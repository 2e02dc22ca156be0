"""Icons drawn as shapes: the emoji of the text boards that the picture font does not have.

Each is drawn once per size and colour, supersampled for smooth edges, and kept.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from bot.pictures.base import RGB, SUPERSAMPLE, reduce, supersampled


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    return [
        (
            cx + (outer if i % 2 == 0 else inner) * math.sin(i * math.pi / 5),
            cy - (outer if i % 2 == 0 else inner) * math.cos(i * math.pi / 5),
        )
        for i in range(10)
    ]


@lru_cache(maxsize=64)
def star(size: int, colour: RGB) -> Image.Image:
    """⭐: a five-pointed star."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE
    draw.polygon(_star_points(s / 2, s * 0.54, s * 0.5, s * 0.2), fill=colour)
    return reduce(image)


@lru_cache(maxsize=64)
def check(size: int, colour: RGB) -> Image.Image:
    """✅: a tick."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE
    draw.line(
        [(s * 0.12, s * 0.55), (s * 0.4, s * 0.82), (s * 0.9, s * 0.2)],
        fill=colour,
        width=round(s * 0.16),
        joint="curve",
    )
    return reduce(image)


@lru_cache(maxsize=64)
def hourglass(size: int, colour: RGB) -> Image.Image:
    """⏳: two glass bulbs between two bars, sand below."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE
    bar = s * 0.1
    draw.rectangle((s * 0.15, 0, s * 0.85, bar), fill=colour)
    draw.rectangle((s * 0.15, s - bar, s * 0.85, s), fill=colour)
    left, right, mid = s * 0.24, s * 0.76, s / 2
    draw.polygon(
        [(left, bar), (right, bar), (mid + s * 0.05, mid), (mid - s * 0.05, mid)],
        outline=colour,
        width=round(s * 0.06),
    )
    draw.polygon(
        [(mid - s * 0.05, mid), (mid + s * 0.05, mid), (right, s - bar), (left, s - bar)],
        outline=colour,
        width=round(s * 0.06),
    )
    draw.polygon(
        [(mid, s * 0.62), (right - s * 0.06, s - bar), (left + s * 0.06, s - bar)], fill=colour
    )
    return reduce(image)


@lru_cache(maxsize=16)
def flame(size: int) -> Image.Image:
    """🔥: an orange flame with a yellow heart."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE

    def tongue(scale: float, colour: RGB) -> None:
        cx, bottom = s / 2, s * 0.98
        w, h = s * 0.42 * scale, s * 0.95 * scale
        draw.ellipse((cx - w, bottom - w * 2, cx + w, bottom), fill=colour)
        draw.polygon(
            [
                (cx - w * 0.98, bottom - w),
                (cx + s * 0.06 * scale, bottom - h),
                (cx + w * 0.98, bottom - w),
            ],
            fill=colour,
        )

    tongue(1.0, (236, 88, 32))
    tongue(0.55, (255, 200, 60))
    return reduce(image)


@lru_cache(maxsize=64)
def clock(size: int, colour: RGB) -> Image.Image:
    """⏰: a clock face showing that a turn clock runs."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE
    width = round(s * 0.1)
    draw.ellipse((width / 2, width / 2, s - width / 2, s - width / 2), outline=colour, width=width)
    draw.line([(s / 2, s * 0.22), (s / 2, s / 2), (s * 0.72, s * 0.62)], fill=colour, width=width)
    return reduce(image)


@lru_cache(maxsize=64)
def arrow(size: int, colour: RGB, up: bool) -> Image.Image:
    """⬆️ / ⬇️: which way a pile or a set runs."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE
    points = [
        (s / 2, 0),
        (s, s * 0.5),
        (s * 0.68, s * 0.5),
        (s * 0.68, s),
        (s * 0.32, s),
        (s * 0.32, s * 0.5),
        (0, s * 0.5),
    ]
    draw.polygon(points if up else [(x, s - y) for x, y in points], fill=colour)
    return reduce(image)


@lru_cache(maxsize=64)
def robot(size: int, colour: RGB) -> Image.Image:
    """🤖: a robot's head for an AI seat."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE
    draw.line([(s / 2, s * 0.05), (s / 2, s * 0.25)], fill=colour, width=round(s * 0.08))
    draw.ellipse((s * 0.42, 0, s * 0.58, s * 0.16), fill=colour)
    draw.rounded_rectangle((s * 0.08, s * 0.25, s * 0.92, s * 0.95), radius=s * 0.16, fill=colour)
    for x in (0.33, 0.67):
        draw.ellipse((s * (x - 0.1), s * 0.45, s * (x + 0.1), s * 0.65), fill=(0, 0, 0, 0))
    draw.rectangle((s * 0.3, s * 0.76, s * 0.7, s * 0.83), fill=(0, 0, 0, 0))
    return reduce(image)


@lru_cache(maxsize=64)
def trophy(size: int, colour: RGB) -> Image.Image:
    """🏆: a cup for the winners."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE
    width = round(s * 0.09)
    draw.ellipse((0, s * 0.12, s * 0.4, s * 0.5), outline=colour, width=width)
    draw.ellipse((s * 0.6, s * 0.12, s, s * 0.5), outline=colour, width=width)
    draw.pieslice((s * 0.15, -s * 0.35, s * 0.85, s * 0.65), 0, 180, fill=colour)
    draw.rectangle((s * 0.15, 0, s * 0.85, s * 0.16), fill=colour)
    draw.rectangle((s * 0.44, s * 0.6, s * 0.56, s * 0.82), fill=colour)
    draw.rectangle((s * 0.22, s * 0.82, s * 0.78, s), fill=colour)
    return reduce(image)


@lru_cache(maxsize=64)
def dot(size: int, colour: RGB, hollow: bool = False) -> Image.Image:
    """A round token or marker; hollow: an empty place for one."""
    image, draw = supersampled(size, size)
    s = size * SUPERSAMPLE
    width = round(s * 0.12)
    if hollow:
        draw.ellipse(
            (width / 2, width / 2, s - width / 2, s - width / 2), outline=colour, width=width
        )
    else:
        draw.ellipse((0, 0, s - 1, s - 1), fill=colour)
    return reduce(image)
