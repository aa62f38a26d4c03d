"""Drawing for the screens: text in the project's fonts, numbers, icons.

The app owns one ``Painter(fb)``; screens draw through it and nothing else.
It uses only the framebuf primitives fill, pixel, rect, fill_rect, hline,
vline and blit, so the PC stand-in gives the same bytes as the device.

Every string drawn is appended to ``Painter.texts`` and every icon id to
``Painter.icons``: that is the text model of the screen the tests read.
``begin()`` clears the screen and both lists at the start of a frame.

Glyphs are blitted one at a time from a small FrameBuffer over a scratch
buffer (MicroPython cannot blit read-only bytes), so drawing allocates
only a few small objects per glyph. Characters the fonts lack are drawn as
an outlined box, never an error.
"""

import framebuf
from micropython import const

from tanteador import fonts, icons

# Icons (iconids.py), folded: no name is kept on the device's heap.
_ICON_LARGE = const(4)
_ICON_FRENCH = const(17)

SMALL = fonts.SMALL
MEDIUM = fonts.MEDIUM
BIG = fonts.BIG
LABEL = fonts.LABEL

WIDTH = const(128)
HEIGHT = const(64)
LINE = const(12)  # SMALL line box height; accents on capitals use its top rows
_KEEP_TEXTS = const(24)
# The largest bitmap of a glyph or an icon, in bytes: the size of the buffer a
# glyph is copied into to be drawn. Worked out from the fonts and the icons
# at start, it took 11.5 ms of a Pico's reset; a test holds it to them.
_GLYPH_BYTES = const(75)

_HLSB = framebuf.MONO_HLSB


def _box(font):
    """(width, top row, height) of the box drawn for a missing character."""
    h = (font[1] * 7 + 5) // 10
    return max(3, h * 5 // 7), font[1] - h, h


def _glyphs(s, font):
    """The glyph number in ``font`` of each character of ``s``; -1 where it has none.

    It walks the UTF-8 bytes, not the characters: MicroPython makes a string
    of every character it iterates over and looks it up among its interned
    names, about 0.1 ms a character on the lab's RP2040, twenty times a byte's cost.
    """
    first = font[3]
    count = font[4]
    out = []
    cp = 0
    more = 0
    for b in s.encode():
        if more:
            cp = cp << 6 | b & 0x3F
            more -= 1
            if more:
                continue
        elif b >= 0xC0:
            # A lead byte: the bytes that follow it, and its own bits of the character.
            more = 3 if b >= 0xF0 else 2 if b >= 0xE0 else 1
            cp = b & (0x3F >> more)
            continue
        else:
            cp = b
        g = cp - first
        if g < 0 or g >= count:
            g = font[5].find(chr(cp))
            if g >= 0:
                g += count
        out.append(g)
    return out


def text_width(s, font=SMALL):
    """Width in pixels of ``s`` drawn in ``font`` (no trailing spacing)."""
    idx = font[6]
    sp = font[2]
    w = 0
    for g in _glyphs(s, font):
        w += (idx[g * 5 + 2] if g >= 0 else _box(font)[0]) + sp
    return w - sp if w else 0


def ellipsize(s, width, font=SMALL):
    """``s`` cut to fit ``width`` pixels, ending in '…' when cut."""
    if text_width(s, font) <= width:
        return s
    return cut(s, width, font)[0]


def cut(s, width, font=SMALL):
    """``s``, wider than ``width`` pixels, cut to fit them with '…' after it: (text, its width).

    For a caller that has measured ``s`` already: the cut's width comes
    out of the same walk of its glyphs, not from another one.
    """
    # The longest start whose width, with the ellipsis after it, fits.
    idx = font[6]
    sp = font[2]
    dots = text_width("…", font)
    room = width - dots
    w = 0
    n = 0
    for g in _glyphs(s, font):
        step = (idx[g * 5 + 2] if g >= 0 else _box(font)[0]) + sp
        if w + step > room:
            break
        w += step
        n += 1
    return s[:n] + "…", w + dots


def wrap(s, width, font=SMALL):
    """Split ``s`` into lines no wider than ``width`` pixels.

    Breaks at spaces and at newlines; a word longer than a line is split
    between characters.
    """
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = word if not line else line + " " + word
            if text_width(cand, font) <= width:
                line = cand
                continue
            if line:
                lines.append(line)
            while text_width(word, font) > width and len(word) > 1:
                n = len(word) - 1
                while n > 1 and text_width(word[:n], font) > width:
                    n -= 1
                lines.append(word[:n])
                word = word[n:]
            line = word
        lines.append(line)
    return lines


def suit_icon(suit, large=False, cards=0):
    """Icon id of suit ``suit`` (0..3), small or large, in card style ``cards``."""
    i = suit + _ICON_LARGE if large else suit
    return i + _ICON_FRENCH if cards else i


class Painter:
    """Draws on ``fb`` (128x64 MONO_VLSB FrameBuffer or compatible).

    ``texts``: strings drawn since ``begin()``, in drawing order.
    ``icons``: icon ids drawn since ``begin()`` (suits as iconids.OROS.. or
    the large ids).
    """

    def __init__(self, fb, buf=None):
        self.fb = fb
        self.buf = buf
        self.texts = []
        self.icons = []
        # A screen's background (what a small change leaves alone), see keep():
        # (owner, frame bytes, texts, icons), and the buffer it lives in, made
        # now, while the heap is emptiest: the table keeps its background at
        # its first frame, and by then a 1 KB block may no longer be found.
        self._kept = None
        self._bg = None if buf is None else bytearray(len(buf))
        self._owner = None
        self._buf = bytearray(_GLYPH_BYTES)
        # Texts drawn once and kept (see _line).
        self._lines = {}
        # Palette for drawing in colour 0: ink -> 0, background -> 1 (the key).
        self._inv = framebuf.FrameBuffer(bytearray(1), 2, 1, _HLSB)
        self._inv.pixel(0, 0, 1)
        # The frame's bytes seen as a byte a pixel: framebuf fills a 1-bit frame
        # a pixel at a time (0.8 ms on the lab's RP2040), a GS8 one with memset.
        self._bytes = None if buf is None else framebuf.FrameBuffer(buf, len(buf), 1, framebuf.GS8)

    def begin(self, color=0, owner=None):
        """Start a frame of screen ``owner``: clear the screen and the text/icon records.

        A frame of another screen than the last one drops the background kept.
        """
        if self._bytes is None:
            self.fb.fill(color)
        else:
            self._bytes.fill(0xFF if color else 0)
        self.texts.clear()
        self.icons.clear()
        if owner is not self._owner:
            self._owner = owner
            self._kept = None

    def keep(self, owner):
        """Keep what is drawn so far as ``owner``'s background.

        A screen draws its parts that a press leaves alone, keeps them, and
        next time (``restore``) redraws only the rest. Nothing is kept
        without the frame's buffer.
        """
        buf = self.buf
        bg = self._bg
        if buf is None or bg is None:
            return
        bg[:] = buf
        self._kept = (owner, bg, self.texts[:], self.icons[:])

    def restore(self, owner):
        """Put ``owner``'s background back into the frame -> True; False if none is kept."""
        k = self._kept
        buf = self.buf
        if k is None or k[0] is not owner or buf is None:
            return False
        buf[:] = k[1]
        self.texts.extend(k[2])
        self.icons.extend(k[3])
        return True

    # -- primitives, so screens need nothing else
    def fill_rect(self, x, y, w, h, color=1):
        """Filled rectangle."""
        self.fb.fill_rect(x, y, w, h, color)

    def rect(self, x, y, w, h, color=1, fill=False):
        """Rectangle outline, or filled when ``fill``."""
        if fill:
            self.fb.fill_rect(x, y, w, h, color)
        else:
            self.fb.rect(x, y, w, h, color)

    def hline(self, x, y, w, color=1):
        """Horizontal line."""
        self.fb.hline(x, y, w, color)

    def vline(self, x, y, h, color=1):
        """Vertical line."""
        self.fb.vline(x, y, h, color)

    # -- bitmaps
    def _bitmap(self, data, off, w, h, x, y, color):
        n = ((w + 7) >> 3) * h
        self._buf[0:n] = data[off:off + n]
        src = framebuf.FrameBuffer(self._buf, w, h, _HLSB)
        if color:
            self.fb.blit(src, x, y, 0)
        else:
            self.fb.blit(src, x, y, 1, self._inv)

    def _draw(self, fb, s, x, y, color, font):
        # The glyph loop of every text, on ``fb``: _bitmap written out, names held locally.
        idx = font[6]
        data = memoryview(font[7])
        sp = font[2]
        buf = self._buf
        blit = fb.blit
        fbuf = framebuf.FrameBuffer
        inv = None if color else self._inv
        x0 = x
        for g in _glyphs(s, font):
            if g < 0:
                bw, top, bh = _box(font)
                fb.rect(x, y + top, bw, bh, color)
                x += bw + sp
                continue
            i = g * 5
            w = idx[i + 2]
            h = idx[i + 3]
            if h:
                n = ((w + 7) >> 3) * h
                off = (idx[i] << 8) | idx[i + 1]
                buf[0:n] = data[off:off + n]
                if inv is None:
                    blit(fbuf(buf, w, h, _HLSB), x, y + idx[i + 4], 0)
                else:
                    blit(fbuf(buf, w, h, _HLSB), x, y + idx[i + 4], 1, inv)
            x += w + sp
        return x - x0 - sp if x > x0 else 0

    def _line(self, s):
        """``s`` in the small font as (bytes, width, height, format): drawn once, then kept.

        Names, labels and results come back frame after frame; a kept one is
        a single blit instead of one per glyph. Up to _KEEP_TEXTS are kept,
        each as the tuple ``blit`` takes for its source: a FrameBuffer kept
        with it would cost 16 bytes more a text.
        """
        hit = self._lines.get(s)
        if hit is None:
            w = text_width(s, SMALL)
            buf = None
            if w:
                buf = bytearray(((w + 7) >> 3) * SMALL[0])
                self._draw(framebuf.FrameBuffer(buf, w, SMALL[0], _HLSB), s, 0, 0, 1, SMALL)
            if len(self._lines) >= _KEEP_TEXTS:
                self._lines.clear()
            hit = self._lines[s] = (buf, w, SMALL[0], _HLSB)
        return hit

    def text(self, s, x, y, color=1, font=SMALL):
        """Draw ``s`` with its line box's top-left at (x, y); return its width.

        ``color`` 0 draws dark text (on a highlight bar); the background is
        never touched.
        """
        if not isinstance(s, str):
            s = str(s)
        self.texts.append(s)
        if font is not SMALL:
            return self._draw(self.fb, s, x, y, color, font)
        line = self._line(s)
        if line[0] is not None:
            if color:
                self.fb.blit(line, x, y, 0)
            else:
                self.fb.blit(line, x, y, 1, self._inv)
        return line[1]

    def center(self, s, y, color=1, font=SMALL, x=0, w=WIDTH):
        """Draw ``s`` centred in the span x..x+w; return its left x."""
        if not isinstance(s, str):
            s = str(s)
        left = x + (w - self.width(s, font)) // 2
        self.text(s, left, y, color, font)
        return left

    def lines(self, s, y, width):
        """Draw ``s`` word-wrapped to ``width`` pixels, each line centred on
        the screen, from row ``y``; return the row below it."""
        for line in wrap(s, width):
            self.text(line, (WIDTH >> 1) - self.width(line) // 2, y)
            y += LINE
        return y

    def right(self, s, xr, y, color=1, font=SMALL):
        """Draw ``s`` so that it ends at column ``xr`` - 1; return its left x."""
        if not isinstance(s, str):
            s = str(s)
        left = xr - self.width(s, font)
        self.text(s, left, y, color, font)
        return left

    def width(self, s, font=SMALL):
        """Width of ``s`` in ``font``, for a text about to be drawn.

        A small-font text is drawn and kept as it is measured: the text()
        that follows finds it, so its glyphs are walked once, not twice.
        """
        return self._line(s)[1] if font is SMALL else text_width(s, font)

    def icon(self, icon_id, x, y, color=1):
        """Draw an icon (iconids.DEALER, iconids.OROS, ...); return its width."""
        idx = icons.INDEX
        i = icon_id * 4
        w = idx[i + 2]
        self.icons.append(icon_id)
        self._bitmap(memoryview(icons.DATA), (idx[i] << 8) | idx[i + 1], w, idx[i + 3],
                     x, y, color)
        return w

    # -- widgets
    def bar(self, y, h=LINE, x=0, w=WIDTH, color=1):
        """A filled band (highlight or title bar); draw text on it in colour 0."""
        self.fb.fill_rect(x, y, w, h, color)

    def progress(self, x, y, w, h, value, total):
        """Outlined bar filled in proportion value/total (clamped)."""
        self.fb.rect(x, y, w, h, 1)
        if total > 0 and w > 2 and h > 2:
            value = min(max(value, 0), total)
            fill = (w - 2) * value // total
            if fill:
                self.fb.fill_rect(x + 1, y + 1, fill, h - 2, 1)
