"""Generate firmware/tanteador/fonts.py, icons.py and iconids.py.

The fonts are rendered 1-bit (no antialiasing) with Pillow from the DejaVu
fonts (Bitstream Vera licence; DejaVu changes are public domain, see
host_tools/FONTS). At 10 px the accents FreeType draws are single stray
pixels, so accented letters are composed here: the DejaVu base letter plus
an accent drawn by hand, placed the same way on every letter.

The icons (suits, dealer, cut, ...) are drawn by hand below as pixel strings.

Usage:  python -m host_tools.generators.fontgen [--fonts DIR] [--preview DIR]

The output is deterministic: running it twice gives the same files, and a
test compares the checked-in modules with a fresh run.
"""

import argparse
import os
import sys

from PIL import Image, ImageDraw, ImageFont

from host_tools import ROOT

OUT_DIR = os.path.join(ROOT, "firmware", "tanteador")
# Where Debian's fonts-dejavu-core package puts them.
DEFAULT_FONTS = "/usr/share/fonts/truetype/dejavu"

# ---------------------------------------------------------------- small font
SMALL_FILE = "DejaVuSans.ttf"
SMALL_SIZE = 10
SMALL_HEIGHT = 12      # rows of the line box
SMALL_BASE = 10        # box row just below the baseline: caps use rows 3..9
SMALL_SPACING = 1      # blank columns after every glyph
SMALL_SPACE = 3        # advance of ' '
CAP_ACCENT_ROW = 0     # accents on capitals: rows 0-1, a blank row, then the cap
LOW_ACCENT_ROW = 2     # accents on lowercase: rows 2-3, a blank row, x-height 5..9

# Accents, as rows of '#' (ink) and '.' (blank); 2 rows tall except the
# diaeresis, drawn on the lower row so it sits as close as the others.
ACCENTS = {
    "acute": (".#", "#."),
    "grave": ("#.", ".#"),
    "circ": (".#.", "#.#"),
    "tilde": (".#.#", "#.#."),
    "diaer": ("...", "#.#"),
    "cedilla": (".#", "##"),
}

# letter -> (base letter, accent). 'ı' (dotless i) carries the i accents.
COMPOSE = {}
for _acc, _pairs in (
    ("acute", "aAeEiIoOuU"),
    ("grave", "aAeEiIoOuU"),
    ("circ", "aAeEiIoOuU"),
    ("tilde", "aAoOnN"),
    ("diaer", "aAeEiIoOuUyY"),
):
    _marked = {
        "acute": "áÁéÉíÍóÓúÚ",
        "grave": "àÀèÈìÌòÒùÙ",
        "circ": "âÂêÊîÎôÔûÛ",
        "tilde": "ãÃõÕñÑ",
        "diaer": "äÄëËïÏöÖüÜÿŸ",
    }[_acc]
    for _base, _ch in zip(_pairs, _marked):
        COMPOSE[_ch] = ("ı" if _base == "i" else _base, _acc)
COMPOSE["ç"] = ("c", "cedilla")
COMPOSE["Ç"] = ("C", "cedilla")

# Signs DejaVu renders as blobs at this size, drawn by hand: rows, top box row.
# And 'J': DejaVu's hangs below the baseline with no top bar, so "J1" reads
# "]1"; this one sits on the baseline under a bar.
HAND = {
    "J": (("####", "..#.", "..#.", "..#.", "..#.", "#.#.", ".#.."), 3),
    "«": ((".#.#", "#.#.", ".#.#"), 6),
    "»": (("#.#.", ".#.#", "#.#."), 6),
    "º": ((".#.", "#.#", ".#.", "...", "###"), 3),
    "ª": (("##.", ".##", "#.#", "...", "###"), 3),
    "’": ((".#", ".#", "#."), 3),
    "‘": ((".#", "#.", "#."), 3),
    "”": ((".#.#", ".#.#", "#.#."), 3),
    "“": ((".#.#", "#.#.", "#.#."), 3),
}

# Signs drawn as DejaVu draws them, then the hand-drawn ones.
DIRECT_EXTRA = "œŒæÆ¿¡·–—×…€°" + "".join(c for c in HAND if ord(c) > 126)

SMALL_EXTRA = "".join(sorted(COMPOSE, key=ord)) + DIRECT_EXTRA

# ------------------------------------------------------------------ big font
BIG_FILE = "DejaVuSansCondensed-Bold.ttf"
BIG_SIZE = 33
BIG_CHARS = "0123456789-:/+ "
BIG_SPACING = 1
BIG_SPACE = 8

# --------------------------------------------------------------- medium font
# Scores that do not fit in big digits (a grid of five or six sides): digits
# 13 px tall, the least that reads across a card table.
MED_FILE = "DejaVuSansCondensed-Bold.ttf"
MED_SIZE = 18
MED_CHARS = "0123456789-:/+ "
MED_SPACING = 1
MED_SPACE = 5

# ---------------------------------------------------------------- label font
# The dealer's name on the table, read from across it: capitals 13 px tall.
# Accents are composed like the small font's, from larger hand-drawn marks:
# on capitals in rows 0-1 above a blank row, on lowercase in rows 3-4.
LABEL_FILE = "DejaVuSansCondensed-Bold.ttf"
LABEL_SIZE = 18
LABEL_HEIGHT = 20
LABEL_BASE = 16        # caps use rows 3..15, descenders 16..19
LABEL_SPACING = 1
LABEL_SPACE = 5
LABEL_CAP_ROW = 0
LABEL_LOW_ROW = 3
LABEL_ACCENTS = {
    "acute": ("..##", "##.."),
    "grave": ("##..", "..##"),
    "circ": (".##.", "#..#"),
    "tilde": (".###..#", "#..###."),
    "diaer": ("##.##", "##.##"),
    "cedilla": (".##", "##."),
}
# Names use letters; of the signs only those a name may hold, and the ellipsis
# that shortens one.
LABEL_EXTRA = "".join(sorted(COMPOSE, key=ord)) + "œŒæÆ·…ºª’"
LABEL_HAND = {
    "º": ((".##.", "#..#", "#..#", ".##.", "....", "####"), 3),
    "ª": ((".##.", "...#", ".###", "#..#", ".###", "....", "####"), 3),
    "’": ((".##", ".##", ".#.", "#.."), 3),
}

# --------------------------------------------------------------------- icons
# Ids are the order here; names become constants in iconids.py, except names
# starting with "_": those icons are reached by an offset.
SMALL_SUIT = 11
ICONS = [
    # Small suits, at most 11x11: they share a 12-row text line with its text.
    ("OROS", (   # a coin: rim and centre
        "...#####...",
        ".##.....##.",
        ".#..###..#.",
        "#..#...#..#",
        "#.#..#..#.#",
        "#.#.###.#.#",
        "#.#..#..#.#",
        "#..#...#..#",
        ".#..###..#.",
        ".##.....##.",
        "...#####...",
    )),
    ("COPAS", (  # a goblet: wide bowl, stem, foot
        "#.........#",
        "###########",
        "###########",
        ".#########.",
        "..#######..",
        "...#####...",
        ".....#.....",
        ".....#.....",
        ".....#.....",
        "...#####...",
        "..#######..",
    )),
    ("ESPADAS", (  # a sword: blade, guard, grip, pommel
        ".....#.....",
        "....###....",
        "....###....",
        "....###....",
        "....###....",
        "....###....",
        ".#########.",
        ".....#.....",
        ".....#.....",
        "....###....",
        "....###....",
    )),
    ("BASTOS", (   # a club with cut-off branches
        "........##.",
        ".......####",
        "......#####",
        ".....#####.",
        "..#.#####..",
        "...#####...",
        "...####....",
        "..####.....",
        ".###.#.....",
        "###........",
        ".#.........",
    )),
    # Large suits (trump screen), 24x24.
    ("OROS_L", (   # a coin: rim and embossed centre
        ".........######.........",
        "......############......",
        ".....######..######.....",
        "....####........####....",
        "...###...######...###...",
        "..###..##########..###..",
        ".###..############..###.",
        ".###.####......####.###.",
        ".##..###.######.###..##.",
        "###.###.########.###.###",
        "###.###.########.###.###",
        "##..###.########.###..##",
        "##..###.########.###..##",
        "###.###.########.###.###",
        "###.###.########.###.###",
        ".##..###.######.###..##.",
        ".###.####......####.###.",
        ".###..############..###.",
        "..###..##########..###..",
        "...###...######...###...",
        "....####........####....",
        ".....######..######.....",
        "......############......",
        ".........######.........",
    )),
    ("COPAS_L", (
        "##....................##",
        "########################",
        "########################",
        "#......................#",
        "########################",
        ".######################.",
        ".######################.",
        "..####################..",
        "..####################..",
        "...##################...",
        ".....##############.....",
        ".......##########.......",
        ".........######.........",
        "..........####..........",
        "...........##...........",
        "...........##...........",
        "..........####..........",
        "...........##...........",
        "...........##...........",
        "..........####..........",
        "........########........",
        "......############......",
        ".....##############.....",
        ".....##############.....",
    )),
    ("ESPADAS_L", (
        "...........##...........",
        "..........####..........",
        "..........####..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..........#.##..........",
        "..##....##########....##",
        "...####################.",
        "..##....##########....##",
        "..........####..........",
        "...........##...........",
        "..........####..........",
        "..........####..........",
        "..........####..........",
        ".........######.........",
        ".........######.........",
    )),
    ("BASTOS_L", (   # a club with cut-off branches
        "....................##..",
        "..................#####.",
        ".................#######",
        "................########",
        "...............#########",
        "..............#########.",
        ".......##....#########..",
        "........##..#########...",
        ".........##########.....",
        "..........########......",
        ".........########.......",
        "........#######.........",
        ".......#######..........",
        "......########..........",
        "......######.##.........",
        ".....######...##........",
        "....######..............",
        "....#####...............",
        "...#####................",
        "..#####.................",
        ".#####..................",
        "#####...................",
        "####....................",
        ".##.....................",
    )),
    # Small markers, 7-9 px.
    ("DEALER", (   # the dealer button: a white disc, D cut out (a circled D reads as (c))
        "..#####..",
        ".#######.",
        "##....###",
        "##.##..##",
        "##.###.##",
        "##.##..##",
        "##....###",
        ".#######.",
        "..#####..",
    )),
    ("CUT", (      # scissors
        "#.....#",
        ".#...#.",
        "..#.#..",
        "...#...",
        "..#.#..",
        "##...##",
        "##...##",
    )),
    ("LEAD", (     # arrow to the right: plays first
        "....#...",
        "....##..",
        "#######.",
        "########",
        "#######.",
        "....##..",
        "....#...",
    )),
    ("SIGNALS", (  # an eye: signals between partners allowed
        "..#####..",
        ".#.....#.",
        "#..###..#",
        "#.#####.#",
        "#..###..#",
        ".#.....#.",
        "..#####..",
    )),
    ("CLOCK", (
        "..###..",
        ".#.#.#.",
        "#..#..#",
        "#..##.#",
        "#.....#",
        ".#...#.",
        "..###..",
    )),
    ("FLAG", (     # the finishing flag: the goal (a trophy looked like the cups suit)
        "#########",
        "##..##..#",
        "##..##..#",
        "###..##.#",
        "###..##.#",
        "#########",
        "#........",
        "#........",
    )),
    ("UP", (
        "...#...",
        "..###..",
        ".#####.",
        "#######",
    )),
    ("DOWN", (
        "#######",
        ".#####.",
        "..###..",
        "...#...",
    )),
    ("OUT", (      # pause bars: sits this hand out (chiamata, six players)
        "##.##",
        "##.##",
        "##.##",
        "##.##",
        "##.##",
        "##.##",
        "##.##",
    )),
    # French suits (CARDS_FRENCH), small: at most 11x11, to fit a text row.
    ("_DIAMONDS", (   # suit 0, as oros
        "....#....",
        "...###...",
        "...###...",
        "..#####..",
        ".#######.",
        "#########",
        ".#######.",
        "..#####..",
        "...###...",
        "...###...",
        "....#....",
    )),
    ("_HEARTS", (   # suit 1, as copas
        ".###...###.",
        "#####.#####",
        "###########",
        "###########",
        "###########",
        ".#########.",
        "..#######..",
        "..#######..",
        "...#####...",
        "....###....",
        ".....#.....",
    )),
    ("_SPADES", (   # suit 2, as espadas
        ".....#.....",
        "....###....",
        "...#####...",
        "..#######..",
        ".#########.",
        "###########",
        "###########",
        "###########",
        ".###.#.###.",
        "....###....",
        "...#####...",
    )),
    ("_CLUBS", (   # suit 3, as bastos
        "....###....",
        "...#####...",
        "...#####...",
        "...#####...",
        ".##.###.##.",
        "###########",
        "###########",
        "###########",
        ".##..#..##.",
        "....###....",
        "...#####...",
    )),
    # French suits, large (trump screen), 24x24.
    ("_DIAMONDS_L", (
        "........................",
        "...........##...........",
        "..........####..........",
        ".........######.........",
        "........########........",
        "........########........",
        ".......##########.......",
        "......############......",
        ".....##############.....",
        "....################....",
        "....################....",
        "...##################...",
        "...##################...",
        "....################....",
        "....################....",
        ".....##############.....",
        "......############......",
        ".......##########.......",
        "........########........",
        "........########........",
        ".........######.........",
        "..........####..........",
        "...........##...........",
        "........................",
    )),
    ("_HEARTS_L", (
        "........................",
        "...######......######...",
        "..#########..#########..",
        ".##########..##########.",
        ".######################.",
        "########################",
        "########################",
        "########################",
        ".######################.",
        ".######################.",
        "..####################..",
        "...##################...",
        "....################....",
        ".....##############.....",
        "......############......",
        "......############......",
        ".......##########.......",
        "........########........",
        ".........######.........",
        "..........####..........",
        "..........####..........",
        "...........##...........",
        "........................",
        "........................",
    )),
    ("_SPADES_L", (
        "........................",
        "...........##...........",
        "..........####..........",
        ".........######.........",
        "........########........",
        ".......##########.......",
        "......############......",
        ".....##############.....",
        "....################....",
        "...##################...",
        "..####################..",
        ".######################.",
        ".######################.",
        ".######################.",
        ".######################.",
        "..####################..",
        "..####################..",
        "...#######.##.#######...",
        "......##...##...##......",
        "..........####..........",
        ".........######.........",
        ".........######.........",
        "........########........",
        ".......##########.......",
    )),
    ("_CLUBS_L", (
        "........................",
        ".........######.........",
        "........########........",
        ".......##########.......",
        ".......##########.......",
        ".......##########.......",
        ".......##########.......",
        "........########........",
        "........########........",
        "...##################...",
        "..####################..",
        ".######################.",
        ".######################.",
        ".######################.",
        ".######################.",
        "..########.##.########..",
        "..########.##.########..",
        "...######..##..######...",
        "...........##...........",
        "..........####..........",
        "..........####..........",
        ".........######.........",
        "........########........",
        ".......##########.......",
    )),
]

LICENCE_NOTE = (
    "Glyphs rendered from the DejaVu fonts (DejaVu Sans and DejaVu Sans\n"
    "Condensed Bold). DejaVu fonts are (c) Bitstream (Bitstream Vera\n"
    "licence); DejaVu changes are in the public domain. See host_tools/FONTS."
)


# ------------------------------------------------------------- bitmap helpers
class Glyph:
    """A bitmap in line-box coordinates: ``rows`` start at box row ``y``."""

    def __init__(self, rows, y):
        self.rows = [list(r) for r in rows]
        self.y = y

    @property
    def w(self):
        return len(self.rows[0]) if self.rows else 0

    @property
    def h(self):
        return len(self.rows)

    def trim(self):
        """Drop blank rows and columns around the ink."""
        while self.rows and not any(self.rows[0]):
            self.rows.pop(0)
            self.y += 1
        while self.rows and not any(self.rows[-1]):
            self.rows.pop()
        if not self.rows:
            return self
        cols = [any(r[c] for r in self.rows) for c in range(self.w)]
        left = cols.index(True)
        right = len(cols) - cols[::-1].index(True)
        self.rows = [r[left:right] for r in self.rows]
        return self


# Rendered alone, a glyph is placed by the rounded top of its own ink, so
# FreeType's rounding sets some letters a row below others (the stems of
# 'i' and 'l' under the baseline of 'a' and 'H'). After this tall glyph every
# character shares one top, hence one baseline; the spaces keep the two apart.
_REFERENCE = "\u0124  "


def _ink_after_reference(font, ch):
    """Rows of pixels of ``ch`` drawn after the reference (the reference cut off)."""
    size = font.size * 3
    img = Image.new("1", (size * 4, size * 2), 0)
    d = ImageDraw.Draw(img)
    d.fontmode = "1"
    ox, oy = size // 2, size
    d.text((ox, oy), _REFERENCE + ch, font=font, fill=1, anchor="ls")
    start = ox + int(font.getlength(_REFERENCE))
    px = img.load()
    return [[1 if px[x, y] else 0 for x in range(start - 2, img.width)] for y in range(img.height)]


def render(font, ch, base_row):
    """Render one character 1-bit; returns a trimmed Glyph whose y is the
    box row, given that the capitals end just above box row ``base_row``."""
    cap = Glyph(_ink_after_reference(font, "H"), 0).trim()
    return Glyph(_ink_after_reference(font, ch), base_row - (cap.y + cap.h)).trim()


def pattern(rows):
    return [[1 if c == "#" else 0 for c in r] for r in rows]


def overlay(g, mark, mx, my):
    """Return a Glyph of ``g`` with ``mark`` rows drawn at (mx, my) in g's
    column/box coordinates; grows the bitmap as needed."""
    top = min(g.y, my)
    bottom = max(g.y + g.h, my + len(mark))
    left = min(0, mx)
    right = max(g.w, mx + len(mark[0]))
    rows = [[0] * (right - left) for _ in range(bottom - top)]
    for r, row in enumerate(g.rows):
        for c, v in enumerate(row):
            if v:
                rows[g.y - top + r][c - left] = 1
    for r, row in enumerate(mark):
        for c, v in enumerate(row):
            if v:
                rows[my - top + r][mx - left + c] = 1
    return Glyph(rows, top).trim()


def compose(font, ch, base_row=SMALL_BASE, accents=ACCENTS, cap_row=CAP_ACCENT_ROW,
            low_row=LOW_ACCENT_ROW):
    """An accented letter: its base letter rendered, the accent drawn on it."""
    base, acc = COMPOSE[ch]
    g = render(font, base, base_row)
    mark = pattern(accents[acc])
    mw = len(mark[0])
    mx = (g.w - mw + 1) // 2
    if acc == "cedilla":
        return overlay(g, mark, mx, base_row)
    row = cap_row if base.isupper() else low_row
    return overlay(g, mark, mx, row)


def tabular(glyphs, chars):
    """Pad the glyphs of ``chars`` to one width so numbers do not jitter."""
    w = max(glyphs[c].w for c in chars)
    for c in chars:
        g = glyphs[c]
        left = (w - g.w) // 2
        g.rows = [[0] * left + r + [0] * (w - g.w - left) for r in g.rows]


# ------------------------------------------------------------------ packing
def pack_hlsb(rows):
    """Rows of 0/1 -> MONO_HLSB bytes (bit 7 leftmost, rows padded to bytes)."""
    out = bytearray()
    for r in rows:
        for b in range(0, len(r), 8):
            v = 0
            for i, bit in enumerate(r[b:b + 8]):
                if bit:
                    v |= 0x80 >> i
            out.append(v)
    return bytes(out)


def build_font(glyphs, chars, first, count):
    """Index (5 bytes a glyph: offset hi, lo, width, height, y) and data."""
    index = bytearray()
    data = bytearray()
    order = [chr(first + i) for i in range(count)] + [c for c in chars if not first <= ord(c) < first + count]
    for ch in order:
        g = glyphs[ch]
        off = len(data)
        y = max(g.y, 0)
        rows = g.rows[y - g.y:]
        data += pack_hlsb(rows)
        assert off < 0x10000 and g.w < 256 and len(rows) < 256
        index += bytes((off >> 8, off & 0xFF, g.w, len(rows), y))
    extra = "".join(c for c in order if not first <= ord(c) < first + count)
    return extra, bytes(index), bytes(data)


def text_glyphs(font, extra, base, hand, space, accents=ACCENTS, cap_row=CAP_ACCENT_ROW,
                low_row=LOW_ACCENT_ROW):
    """ASCII 33..126 and the ``extra`` characters of a text font: accented
    letters composed, the ``hand`` signs drawn by hand, the rest rendered."""
    glyphs = {}
    for code in range(33, 127):
        glyphs[chr(code)] = render(font, chr(code), base)
    # The hand-drawn letters replace DejaVu's.
    for ch in extra + "".join(c for c in hand if c not in extra):
        if ch in COMPOSE:
            glyphs[ch] = compose(font, ch, base, accents, cap_row, low_row)
        elif ch in hand:
            rows, top = hand[ch]
            glyphs[ch] = Glyph(pattern(rows), top)
        else:
            glyphs[ch] = render(font, ch, base)
    tabular(glyphs, "0123456789")
    glyphs[" "] = Glyph([[0] * space], base)
    return glyphs


def make_small(fontdir):
    font = ImageFont.truetype(os.path.join(fontdir, SMALL_FILE), SMALL_SIZE)
    glyphs = text_glyphs(font, SMALL_EXTRA, SMALL_BASE, HAND, SMALL_SPACE)
    for ch, g in glyphs.items():
        if g.y < 0 or g.y + g.h > SMALL_HEIGHT:
            raise SystemExit("small glyph %r outside the line box: rows %d..%d" % (ch, g.y, g.y + g.h))
    return glyphs


def make_label(fontdir):
    """The label font: every character a name may hold, capitals 13 px tall."""
    font = ImageFont.truetype(os.path.join(fontdir, LABEL_FILE), LABEL_SIZE)
    glyphs = text_glyphs(font, LABEL_EXTRA, LABEL_BASE, LABEL_HAND, LABEL_SPACE,
                         LABEL_ACCENTS, LABEL_CAP_ROW, LABEL_LOW_ROW)
    for ch, g in glyphs.items():
        if g.y < 0 or g.y + g.h > LABEL_HEIGHT:
            # Only signs reach beyond the box (brackets, '|'): cut to it.
            cut = max(0, -g.y)
            g.rows = g.rows[cut:LABEL_HEIGHT - g.y]
            g.y += cut
    cap = glyphs["H"]
    if cap.h < 13:
        raise SystemExit("label capitals are %d px, not 13" % cap.h)
    return glyphs


def make_digits(fontdir, name, size, chars, space):
    font = ImageFont.truetype(os.path.join(fontdir, name), size)
    glyphs = {}
    for ch in chars:
        if ch != " ":
            glyphs[ch] = render(font, ch, 0)
    tabular(glyphs, "0123456789")
    # The line box is the digits' box; signs reaching beyond it ('/') are cut.
    top = min(glyphs[d].y for d in "0123456789")
    bottom = max(glyphs[d].y + glyphs[d].h for d in "0123456789")
    for g in glyphs.values():
        cut_top = max(0, top - g.y)
        cut_bottom = max(0, g.y + g.h - bottom)
        g.rows = g.rows[cut_top:g.h - cut_bottom]
        g.y = g.y + cut_top - top
    glyphs[" "] = Glyph([[0] * space], 0)
    return glyphs, bottom - top, -top


def font_source(name, doc, height, base, spacing, glyphs, chars, first, count):
    extra, index, data = build_font(glyphs, chars, first, count)
    # The space only advances: height 0, nothing to blit.
    sp = (ord(" ") - first) if first <= 32 < first + count else count + extra.index(" ")
    index = bytearray(index)
    index[sp * 5 + 3] = 0
    return (
        "# %s\n%s = (%d, %d, %d, %d, %d, %r,\n    %s,\n    %s)\n"
        % (doc, name, height, base, spacing, first, count, extra, wrap_bytes(bytes(index)), wrap_bytes(data)),
        len(index) + len(data),
    )


def wrap_bytes(b, width=76):
    """A bytes literal split over lines (implicit concatenation)."""
    toks = []
    for v in b:
        c = chr(v)
        toks.append(c if 32 <= v < 127 and c not in "\\'" else "\\x%02x" % v)
    parts = []
    line = ""
    for t in toks:
        if len(line) + len(t) > width:
            parts.append("b'" + line + "'")
            line = ""
        line += t
    if line or not parts:
        parts.append("b'" + line + "'")
    return "(" + "\n    ".join(parts) + ")"


def fonts_module(fontdir):
    small = make_small(fontdir)
    big, big_h, big_base = make_digits(fontdir, BIG_FILE, BIG_SIZE, BIG_CHARS, BIG_SPACE)
    med, med_h, med_base = make_digits(fontdir, MED_FILE, MED_SIZE, MED_CHARS, MED_SPACE)
    parts = []
    total = 0
    src, n = font_source("SMALL", "Text: ASCII 32..126 and the accented letters of es/fr/pt/it.",
                         SMALL_HEIGHT, SMALL_BASE, SMALL_SPACING, small, SMALL_EXTRA, 32, 95)
    parts.append(src)
    total += n
    src, n = font_source("BIG", "Scores: digits %d px tall, tabular." % big_h,
                         big_h, big_base, BIG_SPACING, big, BIG_CHARS, 48, 10)
    parts.append(src)
    total += n
    src, n = font_source("MEDIUM", "Scores when big digits do not fit: digits %d px tall." % med_h,
                         med_h, med_base, MED_SPACING, med, MED_CHARS, 48, 10)
    parts.append(src)
    total += n
    label = make_label(fontdir)
    src, n = font_source("LABEL", "The dealer's name: the characters of names, capitals 13 px tall.",
                         LABEL_HEIGHT, LABEL_BASE, LABEL_SPACING, label, LABEL_EXTRA, 32, 95)
    parts.append(src)
    total += n
    head = (
        '"""Bitmap fonts. GENERATED by host_tools/generators/fontgen.py: do not edit.\n\n'
        + LICENCE_NOTE + "\n\n"
        "A font is a tuple (height, baseline, spacing, first, count, extra, index, data):\n"
        "height rows in the line box; baseline = box row just below the baseline;\n"
        "spacing = blank columns after each glyph; glyphs for chars first..first+count-1,\n"
        "then the chars of ``extra`` in order; index = 5 bytes a glyph (data offset hi,\n"
        "lo, width, height, top row in the box); data = MONO_HLSB rows, each padded\n"
        "to whole bytes. A glyph of height 0 only advances (space).\n"
        '"""\n\n'
    )
    return head + "\n".join(parts), total, {"SMALL": small, "BIG": big, "MEDIUM": med, "LABEL": label}


def icons_module():
    index = bytearray()
    data = bytearray()
    names = []
    french = [n for n, _ in ICONS].index("_DIAMONDS")
    for i, (name, rows) in enumerate(ICONS):
        w = len(rows[0])
        if any(len(r) != w for r in rows):
            raise SystemExit("icon %s: ragged rows" % name)
        # The suits' sizes are a contract with the screens: small ones fit a
        # text line (12 rows) with room to spare, large ones are 24x24; the
        # French suits follow the Spanish layout.
        k = i - french if i >= french else i
        if k < 4 and (w > SMALL_SUIT or len(rows) > SMALL_SUIT):
            raise SystemExit("icon %s: small suits are at most %dx%d" % (name, SMALL_SUIT, SMALL_SUIT))
        if 4 <= k < 8 and (w, len(rows)) != (24, 24):
            raise SystemExit("icon %s: large suits are 24x24" % name)
        off = len(data)
        data += pack_hlsb(pattern(rows))
        index += bytes((off >> 8, off & 0xFF, w, len(rows)))
        if not name.startswith("_"):
            names.append("%s = %d" % (name, i))
    # The French suits keep the Spanish layout (small, then large), so
    # one offset maps a Spanish suit icon to its French one.
    order = [n for n, _ in ICONS]
    spanish = ["OROS", "COPAS", "ESPADAS", "BASTOS"]
    fr = ["_DIAMONDS", "_HEARTS", "_SPADES", "_CLUBS"]
    if order[:8] != spanish + [n + "_L" for n in spanish] \
            or order[french:french + 8] != fr + [n + "_L" for n in fr]:
        raise SystemExit("the French suits must follow the Spanish layout")
    src = (
        '"""Icons. GENERATED by host_tools/generators/fontgen.py (drawn there by hand): do not edit.\n\n'
        "INDEX has 4 bytes an icon (data offset hi, lo, width, height); DATA holds\n"
        "MONO_HLSB rows padded to whole bytes. The icons' ids are in iconids.py.\n"
        '"""\n\nINDEX = %s\nDATA = %s\n'
        % (wrap_bytes(bytes(index)), wrap_bytes(bytes(data)))
    )
    ids = (
        '"""The icons\' ids by name. GENERATED by host_tools/generators/fontgen.py: do not edit.\n\n'
        "The firmware never loads this module (a name in a module's globals is heap\n"
        "the device keeps): each module folds the ids it draws as private constants\n"
        "(``_ICON_DEALER = const(8)``), held to these by tests/engine/test_folded_ids.py.\n"
        "Suit ids equal the suit numbers of rules.py (OROS=0 .. BASTOS=3); the large\n"
        "suits are suit + LARGE. French suits (matchoptions.CARDS_FRENCH) are the\n"
        "same plus FRENCH.\n"
        '"""\n\n'
        + "\n".join(names)
        + "\nLARGE = %d\nFRENCH = %d\nCOUNT = %d\n" % (4, french, len(ICONS))
    )
    return src, ids, len(index) + len(data)


def preview(glyph_sets, outdir, scale=4):
    """PNG sheets of every glyph and icon, for checking by eye."""
    os.makedirs(outdir, exist_ok=True)
    for name, glyphs in glyph_sets.items():
        h = max(g.y + g.h for g in glyphs.values()) + 2
        chars = list(glyphs)
        per = 32 if name in ("SMALL", "LABEL") else 16
        cell = max(g.w for g in glyphs.values()) + 3
        lines = [chars[i:i + per] for i in range(0, len(chars), per)]
        img = Image.new("1", (per * cell + 2, len(lines) * (h + 2) + 2), 0)
        px = img.load()
        for li, line in enumerate(lines):
            for ci, ch in enumerate(line):
                g = glyphs[ch]
                for r, row in enumerate(g.rows):
                    for c, v in enumerate(row):
                        if v:
                            px[1 + ci * cell + c, 1 + li * (h + 2) + g.y + r] = 1
        img.resize((img.width * scale, img.height * scale), Image.NEAREST).save(
            os.path.join(outdir, "font_%s.png" % name.lower()))
    w = sum(len(r[0]) + 3 for _, r in ICONS)
    img = Image.new("1", (w, 26), 0)
    px = img.load()
    x = 1
    for _, rows in ICONS:
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch == "#":
                    px[x + c, 1 + r] = 1
        x += len(rows[0]) + 3
    img.resize((img.width * scale, img.height * scale), Image.NEAREST).save(
        os.path.join(outdir, "icons.png"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fonts", default=DEFAULT_FONTS, help="folder holding the DejaVu .ttf files")
    ap.add_argument("--out", default=OUT_DIR, help="where fonts.py, icons.py and iconids.py go")
    ap.add_argument("--preview", help="also write PNG sheets of the glyphs here")
    ap.add_argument("--check", action="store_true", help="fail if the files would change")
    args = ap.parse_args(argv)
    fsrc, fbytes, sets = fonts_module(args.fonts)
    isrc, idsrc, ibytes = icons_module()
    changed = []
    for name, src in (("fonts.py", fsrc), ("icons.py", isrc), ("iconids.py", idsrc)):
        path = os.path.join(args.out, name)
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old != src:
            changed.append(name)
            if not args.check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(src)
    if args.preview:
        preview(sets, args.preview)
    print("fonts: %d bytes of glyph data, icons: %d bytes" % (fbytes, ibytes))
    if args.check and changed:
        print("out of date: " + ", ".join(changed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
