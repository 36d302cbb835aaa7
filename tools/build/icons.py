"""Tapete's icons, drawn here as PNG with zlib and struct (no image library): a card with an
oros coin on green baize, with distance fields; the maskable variant fills the square.
build.py ships ``ICONS``."""

from __future__ import annotations

import functools
import math
import struct
import zlib


def png(width: int, height: int, rows) -> bytes:
    """A PNG (8-bit RGBA) from rows of bytes."""
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def _rounded_box(px, py, cx, cy, hw, hh, r):
    """Signed distance to a rounded rectangle (negative inside)."""
    qx = abs(px - cx) - hw + r
    qy = abs(py - cy) - hh + r
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def icon(size: int, maskable: bool = False) -> bytes:
    """Tapete's icon: a card with an oros coin on green baize, drawn with distance fields.

    The maskable variant fills the whole square (the platform crops it) and keeps the
    card inside the central safe zone (radius 40%).
    """
    felt = (11, 93, 59)
    felt_dark = (7, 66, 42)
    cream = (250, 246, 235)
    gold = (224, 165, 38)
    gold_dark = (138, 90, 0)
    red = (176, 40, 40)
    s = float(size)
    scale = 0.62 if maskable else 0.8
    card_hw, card_hh = s * scale * 0.36, s * scale * 0.5
    cx, cy = s / 2, s / 2
    coin_r = card_hw * 0.62
    rows = []

    def mix(a, b, t):
        return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))

    for y in range(size):
        row = bytearray()
        py = y + 0.5
        for x in range(size):
            px = x + 0.5
            # background
            if maskable:
                col, alpha = mix(felt, felt_dark, py / s), 1.0
            else:
                d = _rounded_box(px, py, cx, cy, s * 0.47, s * 0.47, s * 0.12)
                alpha = min(max(0.5 - d, 0.0), 1.0)
                col = mix(felt, felt_dark, py / s)
            # card with a thin red frame
            d = _rounded_box(px, py, cx, cy, card_hw, card_hh, card_hw * 0.16)
            a = min(max(0.5 - d, 0.0), 1.0)
            if a > 0:
                frame = min(max(0.5 - abs(d + card_hw * 0.09) + card_hw * 0.025, 0.0), 1.0)
                inner = mix(cream, red, frame)
                col = mix(col, inner, a)
                alpha = max(alpha, a)
                # the coin: gold disc, dark ring, inner ring, centre dot
                r = math.hypot(px - cx, py - cy)
                dc = r - coin_r
                ca = min(max(0.5 - dc, 0.0), 1.0)
                if ca > 0:
                    ring = min(max(0.5 - abs(dc + coin_r * 0.06) + coin_r * 0.05, 0.0), 1.0)
                    ring2 = min(max(0.5 - abs(r - coin_r * 0.62) + coin_r * 0.035, 0.0), 1.0)
                    dot = min(max(0.5 - (r - coin_r * 0.18), 0.0), 1.0)
                    coin = mix(gold, gold_dark, max(ring, ring2, dot))
                    col = mix(col, coin, ca)
            row += bytes((round(col[0]), round(col[1]), round(col[2]), round(alpha * 255)))
        rows.append(row)
    return png(size, size, rows)


ICONS = {
    "icons/icon-192.png": (192, False),
    "icons/icon-512.png": (512, False),
    "icons/maskable-192.png": (192, True),
    "icons/maskable-512.png": (512, True),
}


@functools.lru_cache(maxsize=None)
def icon_bytes(size: int, maskable: bool) -> bytes:
    return icon(size, maskable)
