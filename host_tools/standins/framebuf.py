"""CPython stand-in for MicroPython's ``framebuf``, byte for byte.

Only the monochrome formats are implemented (the display is MONO_VLSB, the
glyphs and icons are MONO_HLSB), and only the primitives the firmware may
use: fill, pixel, rect, fill_rect, hline, vline and blit; and GS8 for fill
alone, which the Painter clears a frame's bytes with (MicroPython fills a
GS8 buffer with memset, a 1-bit one a pixel at a time). Everything else
(text, line, ellipse, poly, scroll) is deliberately missing so that a use
of it fails on the PC before it reaches the device.

The behaviour follows MicroPython 1.22 and later: clipping, colour
handling (any non-zero colour sets a bit), the transparent ``key`` compared
after the palette as a 32-bit unsigned value, and positional-only
arguments. ``blit`` takes only FrameBuffer sources and palettes, as 1.22
does (tuple sources arrived in 1.26), so code tested here runs there too.
"""

from operator import index as _int

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_KNOWN = (MONO_VLSB, RGB565, GS4_HMSB, MONO_HLSB, MONO_HMSB, GS2_HMSB, GS8)
_MONO = (MONO_VLSB, MONO_HLSB, MONO_HMSB)


class FrameBuffer:
    """A 1-bit frame buffer over a writable buffer (bytearray, memoryview)."""

    def __init__(self, buffer, width, height, format, stride=None, /):
        width = _int(width)
        height = _int(height)
        format = _int(format)
        stride = width if stride is None else _int(stride)
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF:
            raise ValueError()
        if stride < width or stride > 0xFFFF:
            raise ValueError()
        if format not in _KNOWN:
            raise ValueError("invalid format")
        if format not in _MONO and format != GS8:
            raise NotImplementedError("stand-in supports the MONO_* formats and GS8's fill only")
        rows = height
        if format == MONO_VLSB:
            rows = (height + 7) & ~7
        elif format == GS8:
            # A byte a pixel: the size check below counts bits.
            rows = height * 8
        else:
            stride = (stride + 7) & ~7
        try:
            mv = memoryview(buffer)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        if mv.readonly:
            raise TypeError("object with buffer protocol required")
        if mv.format != "B" or mv.ndim != 1:
            mv = mv.cast("B")
        if rows * stride // 8 > len(mv):
            raise ValueError()
        self._mv = mv
        self._w = width
        self._h = height
        self._fmt = format
        self._stride = stride

    def _only_mono(self):
        if self._fmt == GS8:
            raise NotImplementedError("stand-in supports GS8's fill only")

    # Low level, coordinates already inside the buffer.
    def _get(self, x, y):
        if self._fmt == MONO_VLSB:
            return (self._mv[(y >> 3) * self._stride + x] >> (y & 7)) & 1
        bit = (x & 7) if self._fmt == MONO_HMSB else 7 - (x & 7)
        return (self._mv[(x + y * self._stride) >> 3] >> bit) & 1

    def _set(self, x, y, col):
        if self._fmt == MONO_VLSB:
            i = (y >> 3) * self._stride + x
            bit = y & 7
        else:
            i = (x + y * self._stride) >> 3
            bit = (x & 7) if self._fmt == MONO_HMSB else 7 - (x & 7)
        if col:
            self._mv[i] |= 1 << bit
        else:
            self._mv[i] &= ~(1 << bit) & 0xFF

    def _fill_rect(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        mv = self._mv
        if self._fmt == MONO_VLSB:
            stride = self._stride
            for yy in range(y, yend):
                base = (yy >> 3) * stride
                bit = 1 << (yy & 7)
                for i in range(base + x, base + xend):
                    mv[i] = (mv[i] | bit) if col else (mv[i] & ~bit & 0xFF)
        else:
            for yy in range(y, yend):
                for xx in range(x, xend):
                    self._set(xx, yy, col)

    def fill(self, c, /):
        """Fill the whole buffer with colour ``c``."""
        if self._fmt == GS8:
            # One byte a pixel, set to the colour's low byte.
            n = self._stride * self._h
            self._mv[:n] = bytes((_int(c) & 0xFF,)) * n
            return
        self._fill_rect(0, 0, self._w, self._h, _int(c) != 0)

    def pixel(self, x, y, c=None, /):
        """Get (two arguments) or set the pixel at (x, y); off-buffer: None."""
        self._only_mono()
        x = _int(x)
        y = _int(y)
        if 0 <= x < self._w and 0 <= y < self._h:
            if c is None:
                return self._get(x, y)
            self._set(x, y, _int(c) != 0)
        return None

    def fill_rect(self, x, y, w, h, c, /):
        """Fill a rectangle, clipped to the buffer."""
        self._only_mono()
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c) != 0)

    def rect(self, x, y, w, h, c, f=False, /):
        """Outline (or, when ``f`` is true, fill) a rectangle."""
        self._only_mono()
        x, y, w, h = _int(x), _int(y), _int(w), _int(h)
        col = _int(c) != 0
        if f:
            self._fill_rect(x, y, w, h, col)
        else:
            self._fill_rect(x, y, w, 1, col)
            self._fill_rect(x, y + h - 1, w, 1, col)
            self._fill_rect(x, y, 1, h, col)
            self._fill_rect(x + w - 1, y, 1, h, col)

    def hline(self, x, y, w, c, /):
        """Horizontal line of ``w`` pixels from (x, y)."""
        self._only_mono()
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c) != 0)

    def vline(self, x, y, h, c, /):
        """Vertical line of ``h`` pixels from (x, y)."""
        self._only_mono()
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c) != 0)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        """Draw ``fbuf`` at (x, y); source pixels equal to ``key`` (after the
        palette) are left out."""
        if isinstance(fbuf, (tuple, list)):
            # MicroPython 1.20+ also blits (buffer, width, height, format[, stride]).
            fbuf = FrameBuffer(*fbuf)
        if not isinstance(fbuf, FrameBuffer):
            raise TypeError()
        if palette is not None and not isinstance(palette, FrameBuffer):
            raise TypeError()
        self._only_mono()
        fbuf._only_mono()
        if palette is not None:
            palette._only_mono()
        x = _int(x)
        y = _int(y)
        key = _int(key) & 0xFFFFFFFF
        if x >= self._w or y >= self._h or -x >= fbuf._w or -y >= fbuf._h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._w, x + fbuf._w)
        y0end = min(self._h, y + fbuf._h)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = fbuf._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1
