"""Layout check: every text and icon of a screen inside its box, none over another.

A ``Recorder`` sits between an App's Painter and its frame buffer while one
frame is drawn from scratch. It logs each text and icon with the box it was
given (its line box, or the icon's cell) and the box its pixels really
inked, and every filled band and line. ``problems()`` then says, in words,
what a reader of the screen would see wrong:

- a text or icon leaving the screen;
- two texts or icons inking over each other, or two icons touching;
- a line (a divider, a frame) crossing a text or icon;
- light ink drawn on a light band (invisible), or a band covering part of
  something drawn before it (a band covering all of it simply replaced it);
- dark ink on a band (a title, a highlighted row) that does not lie inside
  one band (an icon spilling out of its row), or dark text on a title or
  banner without a blank band row under it (a descender touching the band's
  edge looks cut off);
- two light bands touching, or light ink touching a light band: they read
  as one (a highlight under a title, digits hanging from a banner).

CPython only: the firmware's drawing runs unchanged, the recorder watches
the calls.
"""

W = 128
H = 64
LINE = 12


class Item:
    """One text or icon: ``given`` and ``ink`` are (x0, y0, x1, y1), ends excluded."""

    def __init__(self, kind, what, color, given, font=None):
        self.kind = kind
        self.what = what
        self.color = color
        self.given = given
        self.font = font
        self.ink = None

    @property
    def height(self):
        """Rows of ink (0 for none)."""
        return self.ink[3] - self.ink[1] if self.ink else 0

    def __repr__(self):
        return "%s %r at %s" % (self.kind, self.what, _fmt(self.ink or self.given))


def _fmt(b):
    return "x %d..%d y %d..%d" % (b[0], b[2] - 1, b[1], b[3] - 1)


def _union(a, b):
    if a is None:
        return b
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _meets(a, b, gap=0):
    """Boxes overlap (``gap`` 1: or touch)."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _inside(a, b):
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def _ink_of(src):
    """Bounding box of the set pixels of a (stand-in) FrameBuffer, or None."""
    x0 = y0 = None
    x1 = y1 = 0
    get = src._get
    for y in range(src._h):
        for x in range(src._w):
            if get(x, y):
                x0 = x if x0 is None else min(x0, x)
                y0 = y if y0 is None else y0
                x1 = max(x1, x + 1)
                y1 = y + 1
    return None if x0 is None else (x0, y0, x1, y1)


class _Fb:
    """The frame buffer as the screens see it, logging what they draw."""

    def __init__(self, fb, rec):
        self._fb = fb
        self._rec = rec

    def fill(self, c):
        self._rec.events.clear()
        self._fb.fill(c)

    def fill_rect(self, x, y, w, h, c):
        self._rec.band((x, y, x + w, y + h), c)
        self._fb.fill_rect(x, y, w, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._rec.band((x, y, x + w, y + h), c)
        else:
            self._rec.line((x, y, x + w, y + 1), c)
            self._rec.line((x, y + h - 1, x + w, y + h), c)
            self._rec.line((x, y, x + 1, y + h), c)
            self._rec.line((x + w - 1, y, x + w, y + h), c)
        self._fb.rect(x, y, w, h, c, f)

    def hline(self, x, y, w, c):
        self._rec.line((x, y, x + w, y + 1), c)
        self._fb.hline(x, y, w, c)

    def vline(self, x, y, h, c):
        self._rec.line((x, y, x + 1, y + h), c)
        self._fb.vline(x, y, h, c)

    def pixel(self, x, y, c=None):
        if c is None:
            return self._fb.pixel(x, y)
        self._rec.line((x, y, x + 1, y + 1), c)
        return self._fb.pixel(x, y, c)

    def blit(self, src, x, y, key=-1, palette=None):
        if isinstance(src, tuple):
            # A kept text: the (buffer, width, height, format) that blit takes as well.
            import framebuf

            src = framebuf.FrameBuffer(*src)
        item = self._rec.current
        if item is not None:
            b = _ink_of(src)
            if b is not None:
                item.ink = _union(item.ink, (x + b[0], y + b[1], x + b[2], y + b[3]))
        self._fb.blit(src, x, y, key, palette)

    def __getattr__(self, name):
        return getattr(self._fb, name)


class Recorder:
    """Watches painter ``p`` draw: ``frame()`` redraws the top screen from
    scratch with ``render()`` (the app's) and returns the events (items,
    bands and lines in drawing order)."""

    @staticmethod
    def items(events):
        """The texts and icons among ``events``."""
        return [ev[1] for ev in events if ev[0] == "item"]

    def __init__(self, p, render):
        self.p = p
        self.render = render
        self.events = []
        self.current = None

    def band(self, box, c):
        self.events.append(("band", box, c))

    def line(self, box, c):
        self.events.append(("line", box, c))

    def _item(self, kind, what, color, given, draw, font=None):
        it = Item(kind, what, color, given, font)
        self.current = it
        try:
            res = draw()
        finally:
            self.current = None
        self.events.append(("item", it, color))
        return res

    def frame(self):
        """Draw the app's top screen once, with nothing kept, and return the events."""
        from tanteador import draw as D
        from tanteador import icons

        p = self.p
        fb = _Fb(p.fb, self)
        real_fb = p.fb
        text, icon = p.text, p.icon

        def rec_text(s, x, y, color=1, font=D.SMALL):
            s = s if isinstance(s, str) else str(s)
            given = (x, y, x + D.text_width(s, font), y + font[0])
            return self._item("text", s, color, given, lambda: text(s, x, y, color, font), font)

        def rec_icon(icon_id, x, y, color=1):
            i = icon_id * 4
            given = (x, y, x + icons.INDEX[i + 2], y + icons.INDEX[i + 3])
            return self._item("icon", icon_id, color, given, lambda: icon(icon_id, x, y, color))

        p.fb = fb
        p.text, p.icon = rec_text, rec_icon
        # Texts kept as bitmaps are blitted whole; drop them so each is drawn anew.
        p._lines.clear()
        p._kept = None
        # The frame cleared through the logging buffer, which starts the log anew.
        fast, p._bytes = p._bytes, None
        try:
            self.render()
        finally:
            p.fb = real_fb
            p._bytes = fast
            del p.text, p.icon
        return list(self.events)


def problems(events):
    """What is wrong with a frame's layout, one sentence each ([] when fine)."""
    from tanteador import draw

    # Heights of the fonts whose letters reach below the baseline.
    descends = (draw.SMALL[0], draw.LABEL[0])
    out = []
    screen = (0, 0, W, H)
    items = []
    bands = []
    lines = []
    for ev in events:
        kind = ev[0]
        if kind == "band":
            box, c = ev[1], ev[2]
            for it in list(items):
                if it.ink is None or not _meets(it.ink, box):
                    continue
                if _inside(it.ink, box):
                    items.remove(it)     # replaced by the band
                else:
                    out.append("%r is partly covered by a band at %s" % (it, _fmt(box)))
            lines = _clip(lines, box)
            if c and not _row(box):
                for it in items:
                    if it.color and it.ink and _meets(it.ink, box, 1) and not _meets(it.ink, box):
                        out.append("%r touches a light band at %s" % (it, _fmt(box)))
                for other, oc in bands:
                    if oc and _meets(box, other, 1) and not _meets(box, other):
                        out.append("bands at %s and %s touch and read as one" % (_fmt(other), _fmt(box)))
            bands.append((box, c))
        elif kind == "line":
            lines.append(ev[1])
        else:
            items.append(ev[1])
            it = ev[1]
            if it.ink is None:
                continue
            if it.color:
                for box, c in bands:
                    if c and _meets(it.ink, box):
                        out.append("%r is light ink on a light band at %s" % (it, _fmt(box)))
                        break
                    if c and not _row(box) and _meets(it.ink, box, 1):
                        out.append("%r touches a light band at %s" % (it, _fmt(box)))
                        break
            else:
                _dark(it, bands, out, descends)
    for it in items:
        if not _inside(it.given, screen) or (it.ink and not _inside(it.ink, screen)):
            out.append("%r leaves the screen" % it)
    inked = [it for it in items if it.ink is not None]
    for it in inked:
        for box in lines:
            if _meets(it.ink, box):
                out.append("%r is crossed by a line at %s" % (it, _fmt(box)))
    for i in range(len(inked)):
        a = inked[i]
        for b in inked[i + 1:]:
            if _meets(a.ink, b.ink):
                out.append("%r overlaps %r" % (a, b))
            elif a.kind == b.kind == "icon" and _meets(a.ink, b.ink, 1):
                out.append("%r touches %r" % (a, b))
    return out


def _clip(lines, band):
    """The lines left visible once ``band`` is drawn over them."""
    left = []
    for ln in lines:
        if not _meets(ln, band):
            left.append(ln)
            continue
        if ln[2] - ln[0] == 1 and band[0] <= ln[0] < band[2]:
            parts = ((ln[0], ln[1], ln[2], band[1]), (ln[0], band[3], ln[2], ln[3]))
        elif ln[3] - ln[1] == 1 and band[1] <= ln[1] < band[3]:
            parts = ((ln[0], ln[1], band[0], ln[3]), (band[2], ln[1], ln[2], ln[3]))
        else:
            parts = ()
        left.extend(p for p in parts if p[0] < p[2] and p[1] < p[3])
    return left


def _row(box):
    """A list's highlighted row: its text line (12 rows a row, four under a title)."""
    return box[1] > 0 and box[3] - box[1] <= LINE


def _dark(it, bands, out, descends):
    """Dark ink must sit in one light band; text with a blank band row above and below it."""
    for box, c in reversed(bands):
        if not c or not _inside(it.ink, box):
            continue
        # Icons fill their cell and digits have no descenders; a list's
        # highlighted row is its text line: they may touch the band's edge.
        if it.kind == "icon" or it.font[0] not in descends or _row(box):
            return
        if it.ink[3] < box[3]:
            return
        out.append("%r touches the bottom of its band at %s" % (it, _fmt(box)))
        return
    out.append("%r is dark ink outside any band" % it)


# ------------------------------------------------------- glyphs and icons
def glyph(font, ch):
    """(top box row, rows of 0/1) of character ``ch`` in ``font`` (a fonts.py tuple)."""
    idx, data = font[6], font[7]
    g = ord(ch) - font[3]
    if not 0 <= g < font[4]:
        g = font[4] + font[5].index(ch)
    i = g * 5
    off = (idx[i] << 8) | idx[i + 1]
    return idx[i + 4], _rows(data, off, idx[i + 2], idx[i + 3])


def icon(icon_id):
    """Rows of 0/1 of an icon."""
    from tanteador import icons

    i = icon_id * 4
    idx = icons.INDEX
    return _rows(icons.DATA, (idx[i] << 8) | idx[i + 1], idx[i + 2], idx[i + 3])


def _rows(data, off, w, h):
    per = (w + 7) >> 3
    return [[1 if data[off + r * per + (c >> 3)] & (0x80 >> (c & 7)) else 0 for c in range(w)]
            for r in range(h)]


def alike(a, b, n=12):
    """How alike two bitmaps read, 0..1: their ink's overlap once both are
    stretched over one n x n grid (a shape drawn smaller still matches)."""
    def grid(rows):
        h, w = len(rows), len(rows[0])
        return [rows[r * h // n][c * w // n] for r in range(n) for c in range(n)]

    ga, gb = grid(a), grid(b)
    both = sum(1 for x, y in zip(ga, gb) if x and y)
    either = sum(1 for x, y in zip(ga, gb) if x or y)
    return both / either if either else 1.0


def mark_gap(font, ch):
    """Blank rows between an accent above a letter and the letter (0: they touch).

    The mark is the first run of inked rows; what follows after blank rows is
    the letter.
    """
    rows = glyph(font, ch)[1]
    inked = [any(r) for r in rows]
    k = inked.index(False) if False in inked else len(rows)
    gap = 0
    while k + gap < len(rows) and not inked[k + gap]:
        gap += 1
    return gap


def below_baseline(font, ch):
    """Rows from ``ch``'s lowest ink to the baseline of ``font``: 0 for a letter
    sitting on it, more for one hanging below it, less for one floating above."""
    top, rows = glyph(font, ch)
    return top + len(rows) - font[1]
