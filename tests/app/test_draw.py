"""draw.Painter, the fonts and the icons."""

import os
import subprocess
import sys
import tempfile

import pytest

import framebuf
from host_tools.harness import mplane
from tanteador import draw, fonts, iconids, icons

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ACCENTED = "áéíóúàèìòùâêîôûãõçñüïëÿÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕÇÑÜÏËŸ"
SIGNS = "œŒ¿¡º ª·«»–’…€"


def screen():
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    return buf, fb, draw.Painter(fb)


def lit(fb, w=128, h=64):
    """Set of lit (x, y) pixels."""
    return {(x, y) for y in range(h) for x in range(w) if fb.pixel(x, y)}


def glyph_pixels(ch, font=draw.SMALL):
    buf, fb, p = screen()
    p.text(ch, 10, 10, font=font)
    return {(x - 10, y - 10) for x, y in lit(fb)}


# ------------------------------------------------------------------ widths
def test_the_glyph_buffer_holds_the_largest_glyph_and_icon():
    """The Painter copies each glyph or icon into a buffer of a fixed size:
    held here to the fonts and icons as they are generated, both ways (a
    larger size only wastes the heap)."""
    sizes = []
    for font in (draw.SMALL, draw.MEDIUM, draw.BIG, draw.LABEL):
        idx = font[6]
        sizes += [((idx[i + 2] + 7) >> 3) * idx[i + 3] for i in range(0, len(idx), 5)]
    idx = icons.INDEX
    sizes += [((idx[i + 2] + 7) >> 3) * idx[i + 3] for i in range(0, len(idx), 4)]
    assert draw._GLYPH_BYTES == max(sizes)
    assert len(draw.Painter(framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB))._buf) == max(sizes)


def test_widths_add_up_with_spacing():
    sp = draw.SMALL[2]
    assert draw.text_width("") == 0
    for a, b in (("a", "b"), ("M", "i"), ("é", "ñ"), ("1", "0")):
        assert draw.text_width(a + b) == draw.text_width(a) + sp + draw.text_width(b)


def test_text_returns_its_width_and_stays_inside_it():
    for s in ("Hola", "Ñandú", "Wij", "120", "¿Sí?", "d’oros"):
        buf, fb, p = screen()
        w = p.text(s, 5, 20)
        assert w == draw.text_width(s) > 0
        xs = [x for x, _ in lit(fb)]
        ys = [y for _, y in lit(fb)]
        assert min(xs) >= 5 and max(xs) < 5 + w
        assert min(ys) >= 20 and max(ys) < 20 + draw.SMALL[0]


def test_digits_are_tabular_in_every_font():
    for font in (draw.SMALL, draw.MEDIUM, draw.BIG):
        widths = {draw.text_width(d, font) for d in "0123456789"}
        assert len(widths) == 1


def test_small_font_is_about_eight_rows_of_caps():
    ys = [y for _, y in glyph_pixels("H")]
    assert max(ys) - min(ys) + 1 == 7
    assert draw.SMALL[0] == draw.LINE <= 12


# ---------------------------------------------------------------- coverage
def test_every_character_has_ink():
    chars = [chr(c) for c in range(33, 127)] + list(ACCENTED + SIGNS.replace(" ", ""))
    for ch in chars:
        assert glyph_pixels(ch), ch
    assert glyph_pixels(" ") == set()
    assert draw.text_width(" ") > 0


def test_accents_add_pixels_above_or_below_the_base_letter():
    bases = {"á": "a", "é": "e", "í": "ı", "ó": "o", "ú": "u", "ñ": "n", "ç": "c",
             "Á": "A", "É": "E", "Í": "I", "Ó": "O", "Ú": "U", "Ñ": "N", "Ç": "C",
             "à": "a", "â": "a", "ã": "a", "ü": "u", "ÿ": "y", "Ÿ": "Y", "È": "E"}
    for acc, base in bases.items():
        if base == "ı":
            continue
        a, b = glyph_pixels(acc), glyph_pixels(base)
        extra = a - {(x + dx, y) for x, y in b for dx in range(-3, 4)}
        assert extra, acc
        top_b = min(y for _, y in b)
        bottom_b = max(y for _, y in b)
        assert all(y < top_b or y > bottom_b for _, y in extra), acc


def test_accents_are_told_apart():
    groups = ["aáàâãä", "eéèêë", "iíìîï", "oóòôõö", "uúùûü", "AÁÀÂÃÄ", "EÉÈÊË", "OÓÒÔÕÖ"]
    for g in groups:
        shapes = [frozenset(glyph_pixels(c)) for c in g]
        assert len(set(shapes)) == len(g), g


def test_accented_capitals_fit_in_the_line_box():
    for ch in ACCENTED:
        ys = [y for _, y in glyph_pixels(ch)]
        assert 0 <= min(ys) and max(ys) < draw.LINE, ch


# ----------------------------------------------------------------- unknown
def test_unknown_characters_draw_a_box_and_never_raise():
    for ch in ("\u2603", "\t", "\x00", "\U0001F600", "ß"):
        px = glyph_pixels(ch)
        w = draw.text_width(ch)
        assert w >= 3 and px
        xs = [x for x, _ in px]
        ys = [y for _, y in px]
        # An outline: its corners are lit, its middle is not.
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        assert {(x0, y0), (x1, y0), (x0, y1), (x1, y1)} <= px
        assert ((x0 + x1) // 2, (y0 + y1) // 2) not in px
    buf, fb, p = screen()
    assert p.text("1a2", 0, 0, 1, draw.BIG) == draw.text_width("1a2", draw.BIG)


def test_non_strings_are_drawn_as_text():
    buf, fb, p = screen()
    p.text(42, 0, 0)
    assert p.texts == ["42"]


# ---------------------------------------------------------------- clipping
def test_clipping_at_every_edge_never_raises():
    buf, fb, p = screen()
    for x in (-300, -40, -7, -1, 0, 100, 121, 127, 128, 500):
        for y in (-40, -30, -11, -5, 0, 50, 60, 63, 64, 200):
            p.text("Ñandú ¿Sí? 120", x, y)
            p.text("120", x, y, 1, draw.BIG)
            p.text("12:05", x, y, 0, draw.BIG)
            p.icon(draw.suit_icon(x & 3, True), x, y, 1)
            p.icon(iconids.CLOCK, x, y, 0)
            p.bar(y, x=x)
            p.progress(x, y, 30, 6, 1, 3)


def test_fully_off_screen_draws_nothing_and_partly_off_draws_part():
    buf, fb, p = screen()
    p.text("Hola", 128, 0)
    p.text("Hola", -50, 0)
    p.text("88", 0, 64, 1, draw.BIG)
    p.icon(draw.suit_icon(0, True), 0, -24, 1)
    assert not any(buf)
    p.text("Hola", -3, -2)
    assert any(buf)
    whole = glyph_pixels("Hola")
    assert 0 < len(lit(fb)) < len(whole)


# --------------------------------------------------------------- big digits
def test_big_digits_are_at_least_24_px_tall():
    for d in "0123456789":
        ys = [y for _, y in glyph_pixels(d, draw.BIG)]
        assert max(ys) - min(ys) + 1 >= 24, d
    assert draw.BIG[0] >= 24


def test_big_number_of_three_sides_fits_in_medium():
    assert 3 * draw.text_width("120", draw.MEDIUM) + 2 * draw.text_width("-", draw.MEDIUM) < 128
    assert 2 * draw.text_width("120", draw.BIG) + draw.text_width("-", draw.BIG) <= 128


# ---------------------------------------------------------- colour, widgets
def test_colour_zero_text_clears_only_the_ink():
    buf, fb, p = screen()
    p.bar(20)
    before = lit(fb)
    p.text("Menú", 2, 20, 0)
    ink = {(x + 2, y + 20) for x, y in glyph_pixels("Menú")}
    assert lit(fb) == before - ink


def test_progress_fills_in_proportion():
    for value, total, filled in ((0, 3, 0), (1, 4, 25), (4, 4, 100), (9, 4, 100), (-1, 4, 0), (1, 0, 0)):
        buf, fb, p = screen()
        p.progress(0, 0, 102, 6, value, total)
        inside = sum(1 for x in range(1, 101) if fb.pixel(x, 3))
        assert inside == filled


def test_center_and_right():
    buf, fb, p = screen()
    left = p.center("Tanteador", 10)
    w = draw.text_width("Tanteador")
    assert abs(left - (128 - w - left)) <= 1
    assert p.right("12:05", 128, 30) == 128 - draw.text_width("12:05")


def test_suits_and_icons_are_recorded_and_sized():
    buf, fb, p = screen()
    for s in range(4):
        w = p.icon(draw.suit_icon(s, False), 0, 0, 1)
        assert 9 <= w <= 11                 # a text line (12 rows) holds a suit with a row to spare
        w = p.icon(draw.suit_icon(s, True), 0, 20, 1)
        assert 20 <= w <= 24
    assert p.icons == [0, 4, 1, 5, 2, 6, 3, 7]
    for name in ("DEALER", "CUT", "LEAD", "SIGNALS", "CLOCK", "FLAG", "UP", "DOWN", "OUT"):
        assert p.icon(getattr(iconids, name), 60, 0) > 0
    distinct = set()
    for i in range(iconids.COUNT):
        buf, fb, p = screen()
        p.icon(i, 0, 0)
        distinct.add(frozenset(lit(fb, 32, 32)))
    assert len(distinct) == iconids.COUNT


def test_texts_record_and_begin_clears():
    buf, fb, p = screen()
    p.text("a", 0, 0)
    p.center("b", 10)
    p.text("7", 0, 20, 1, draw.BIG)
    p.text("c", 2, 40, 0)
    assert p.texts == ["a", "b", "7", "c"]
    texts = p.texts
    p.begin()
    assert p.texts == [] and p.icons == [] and texts is p.texts
    assert not any(buf)


# -------------------------------------------------------------------- wrap
@pytest.mark.parametrize("font", [draw.SMALL, draw.LABEL])
def test_a_cut_is_the_ellipsis_and_its_width(font):
    # A name too long for its room, cut: the same text as the ellipsis gives, and that text's width.
    for s in ("Begoña", "João Ávila", "Wolfgang Amadeus", "ÆØ∂x Ümlaut", "WWWWWWWWWWWW"):
        full = draw.text_width(s, font)
        for room in range(-2, full):
            text, w = draw.cut(s, room, font)
            assert text == draw.ellipsize(s, room, font) and text.endswith("…")
            assert w == draw.text_width(text, font)


def test_wrap_fits_and_keeps_the_words():
    s = "Puntuación rechazada: la suma de los dos lados debe ser 120 puntos."
    for width in (30, 40, 60, 90, 124):
        lines = draw.wrap(s, width)
        assert all(draw.text_width(l) <= width for l in lines)
        assert "".join(lines).replace(" ", "") == s.replace(" ", "")
        if width >= max(draw.text_width(w) for w in s.split()):
            assert " ".join(lines) == s
    assert len(draw.wrap(s, 124)) == 3


def test_wrap_splits_long_words_and_newlines():
    lines = draw.wrap("Supercalifragilístico\nok", 30)
    assert all(draw.text_width(l) <= 30 for l in lines)
    assert "".join(lines[:-1]) == "Supercalifragilístico"
    assert lines[-1] == "ok"
    assert draw.wrap("", 50) == [""]


# ----------------------------------------------------- only framebuf calls
class Spy:
    """A FrameBuffer wrapper that records which methods are called."""

    def __init__(self, fb):
        self._fb = fb
        self.used = set()

    def __getattr__(self, name):
        self.used.add(name)
        return getattr(self._fb, name)


def test_only_framebuf_primitives_are_used():
    buf, fb, _ = screen()
    spy = Spy(fb)
    p = draw.Painter(spy)
    p.begin()
    p.text("Ñ\u2603", 0, 0)
    p.text("3", 0, 20, 0, draw.BIG)
    p.icon(iconids.LEAD, 50, 0)
    p.bar(30)
    p.progress(0, 50, 50, 5, 1, 2)
    p.rect(0, 0, 5, 5)
    p.rect(0, 0, 5, 5, 1, True)
    p.hline(0, 0, 3)
    p.vline(0, 0, 3)
    assert spy.used <= {"fill", "pixel", "rect", "fill_rect", "hline", "vline", "blit"}
    assert "blit" in spy.used


# ------------------------------------------------------------- generated
def test_font_data_is_small():
    size = sum(len(f[6]) + len(f[7]) for f in (fonts.SMALL, fonts.MEDIUM, fonts.BIG))
    assert size < 6 * 1024
    # The dealer's name in 13 px capitals: every character a name may hold.
    assert len(fonts.LABEL[6]) + len(fonts.LABEL[7]) < 4.5 * 1024
    assert len(icons.INDEX) + len(icons.DATA) < 1024


def test_generated_modules_are_up_to_date():
    from host_tools.generators import fontgen

    if not os.path.exists(os.path.join(fontgen.DEFAULT_FONTS, fontgen.SMALL_FILE)):
        pytest.skip("DejaVu fonts not installed (Debian: fonts-dejavu-core)")
    assert fontgen.main(["--check"]) == 0


# ------------------------------------------------- same bytes on MicroPython
SCENE = r"""
import gc
import framebuf
from tanteador import draw, iconids, icons
gc.collect()
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
p = draw.Painter(fb, buf)
out = []
p.begin()
p.bar(0)
p.center("Mano 7 · Ñandú", 0, 0)
p.text("120", 0, 14, 1, draw.BIG)
p.text("-", 60, 14, 1, draw.BIG)
p.right("95", 128, 14, 1, draw.BIG)
p.icon(draw.suit_icon(0, False), 0, 50, 1)
p.icon(draw.suit_icon(3, True), 14, 50, 1)
x = 40
for i in (iconids.DEALER, iconids.CUT, iconids.LEAD, iconids.SIGNALS, iconids.CLOCK, iconids.FLAG, iconids.OUT):
    x += p.icon(i, x, 54) + 2
out.append(bytes(buf).hex())
p.begin()
for i, s in enumerate(("ÁÉÍÓÚ áéíóú àèìòù", "âêîôû ãõ ç ñ ü ï ë ÿ", "œ Œ ¿¡ º ª · « » – ’ … €", "ÀÈÌÒÙ ÂÊÎÔÛ ÃÕÇÑÜÏËŸ")):
    p.text(s, -2 + i, i * 12 - 3, i & 1)
p.bar(50)
p.text("Configuración del sonido", 2, 50, 0)
p.text("\u2603\U0001F0A1x", 116, 58)
p.progress(90, 2, 30, 5, 2, 3)
p.text("12:05", -10, 40, 0, draw.BIG)
p.text("61-40-19", 70, 30, 1, draw.MEDIUM)
out.append(bytes(buf).hex())
p.begin(1)
for i, s in enumerate(draw.wrap("Puntuación rechazada: la suma debe ser 120.", 100)):
    p.text(s, 3, i * 12, 0)
for s in range(4):
    p.icon(draw.suit_icon(s, False), 70 + s * 14, 40, 0)
out.append(bytes(buf).hex())
# repr() escapes non-ASCII on MicroPython only: compare the UTF-8 bytes.
out.append("|".join(p.texts).encode("utf-8").hex())
out.append(repr(p.icons))
print("\n".join(out))
"""


def run_scene_cpython():
    ns = {}
    old = sys.stdout
    import io
    sys.stdout = io.StringIO()
    try:
        exec(compile(SCENE, "scene", "exec"), ns)
        return sys.stdout.getvalue().strip()
    finally:
        sys.stdout = old


def run_scene_micropython():
    mp = mplane.require_micropython()
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scene.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(SCENE)
        res = subprocess.run([mp, "-X", "heapsize=190K", path], capture_output=True,
                             text=True, env=env, timeout=60)
    assert res.returncode == 0, res.stderr + res.stdout
    return res.stdout.strip()


@pytest.mark.micropython
def test_same_bytes_on_micropython_and_cpython():
    cp = run_scene_cpython().split("\n")
    mp = run_scene_micropython().split("\n")
    assert len(cp) == len(mp) == 5
    for a, b in zip(cp, mp):
        assert a == b
    assert any(int(h, 16) for h in cp[:3])


MEMORY = r"""
import gc
gc.collect()
a = gc.mem_alloc()
import framebuf
from tanteador import draw, fonts, iconids, icons
gc.collect()
b = gc.mem_alloc()
p = draw.Painter(framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB))
for i in range(20):
    p.begin()
    p.text("Álvaro · Élodie · Ñandú ¿Sí?", 0, i)
    p.text("120", 0, 20, 1, draw.BIG)
    p.icon(draw.suit_icon(i & 3, True), 100, 30, 1)
gc.collect()
c = gc.mem_alloc()
for i in range(300):
    p.begin()
    p.text("Jugador %d · Élodie" % i, 0, 0)
gc.collect()
d = gc.mem_alloc()
print(b - a, c - a, d - a)
"""


@pytest.mark.micropython
def test_memory_on_micropython():
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    res = subprocess.run([mplane.require_micropython(), "-X", "heapsize=190K", "-c", MEMORY], capture_output=True,
                         text=True, env=env, timeout=60)
    assert res.returncode == 0, res.stderr
    imported, after, many = map(int, res.stdout.split())
    # The unix port is 64-bit: a Pico needs less. Keep fonts+icons+draw modest
    # (the dealer's 13 px letters weigh about 4 KB of it).
    assert imported < 20 * 1024
    assert after - imported < 3 * 1024
    # Texts are kept for redrawing, but only so many: 300 different ones weigh no more.
    assert many - imported < 8 * 1024


def test_a_kept_background_comes_back_for_its_screen_only():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    p = draw.Painter(fb, buf)
    a, b = object(), object()
    p.begin(0, a)
    assert not p.restore(a)
    p.text("Ana", 0, 0)
    p.keep(a)
    p.text("61", 0, 30)
    first = bytes(buf)
    # The next frame of the same screen: the kept part back, the rest drawn anew.
    p.begin(0, a)
    assert p.restore(a)
    p.text("61", 0, 30)
    assert bytes(buf) == first and p.texts == ["Ana", "61"]
    # Another screen in between drops it.
    p.begin(0, b)
    assert not p.restore(a) and not p.restore(b)
    p.begin(0, a)
    assert not p.restore(a)


def test_without_the_frame_buffer_nothing_is_kept():
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    p = draw.Painter(fb)
    p.begin(0, fb)
    p.keep(fb)
    assert not p.restore(fb)
