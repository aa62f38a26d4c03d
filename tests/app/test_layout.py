"""Layout: every screen in every language, with the widest names, keeps each
text and icon inside its box and clear of the others; the table reads from
across a card table."""

import pytest

from host_tools.device import gallery
from host_tools.device.hostboard import HostBoard
from host_tools.device.script import Player, parse
from tanteador import matchdoc
from tanteador import draw, i18n, iconids, icons, textids
from tanteador.app import App
from tanteador.match import Match
from tanteador.matchoptions import GOAL_POINTS, PAIRS, SOLO, TRIOS, MatchOptions
from tanteador.store import Store

from host_tools.harness import layout

# The widest names the device takes: 12 characters of its widest letter (all
# different, as the names list requires), and names with marks and accents.
WIDE = ["WWWWWWWWWWWW", "WWWWWWWWWWWM", "WWWWWWWWWWMW", "WWWWWWWWWMWW", "WWWWWWWWMWWW", "WWWWWWWMWWWW"]
ACCENTED = ["Mª José", "Íñigo", "Zoë", "João", "Chloé", "Ángel"]


def _problems(app):
    return layout.problems(layout.Recorder(app.stage.p, app.render).frame())


@pytest.mark.slow
@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_screen_keeps_its_texts_and_icons_in_their_boxes(lang, tmp_path):
    bad = []
    n = 0
    for names in (None, WIDE, ACCENTED):
        for sid in gallery.ids():
            n += 1
            app = gallery.reach(HostBoard(str(tmp_path / ("f%d" % n))), sid, lang, names)
            bad += ["%s %s: %s" % (sid, (names or ["-"])[0], p) for p in _problems(app)]
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------- the check itself
class _Frame:
    """A bare frame for the recorder: a Painter on a fresh buffer and a drawing."""

    def __init__(self, paint):
        from tanteador.draw import Painter
        import framebuf

        self.buffer = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buffer, 128, 64, framebuf.MONO_VLSB)
        self.p = Painter(self.fb, self.buffer)
        self.paint = paint

    def render(self):
        self.p.begin(0, self)
        self.paint(self.p)


def _check(paint):
    f = _Frame(paint)
    return layout.problems(layout.Recorder(f.p, f.render).frame())


def test_the_check_sees_each_kind_of_fault():
    assert _check(lambda p: (p.text("Ana", 0, 0), p.text("Beto", 30, 0))) == []
    # Two texts inking over each other.
    assert "overlaps" in _check(lambda p: (p.text("Ana", 0, 0), p.text("Beto", 10, 4)))[0]
    # A suit's foot spilling out of a title band.
    assert "outside any band" in _check(lambda p: (p.bar(0, 8), p.icon(draw.suit_icon(1, False), 0, 0, 0)))[0]
    # A descender on the bottom edge of a title band.
    assert "bottom of its band" in _check(lambda p: (p.bar(0, 12), p.text("History", 0, 0, 0)))[0]
    assert _check(lambda p: (p.bar(0, 13), p.text("History", 0, 0, 0))) == []
    # Two suits stacked without a blank row between them.
    assert "touches" in _check(lambda p: (p.icon(draw.suit_icon(0, False), 0, 0, 1), p.icon(draw.suit_icon(1, False), 0, 11, 1)))[0]
    assert _check(lambda p: (p.icon(draw.suit_icon(0, False), 0, 0, 1), p.icon(draw.suit_icon(1, False), 0, 12, 1))) == []
    # Light ink on a light band, a divider through a name, off the screen.
    assert "light band" in _check(lambda p: (p.bar(0, 12), p.text("Ana", 0, 0)))[0]
    assert "line" in _check(lambda p: (p.text("Ana", 0, 0), p.vline(5, 0, 20)))[0]
    assert "screen" in _check(lambda p: p.text("Ana", 120, 0))[0]
    # Digits hanging from a banner read as one shape with it.
    assert "touches a light band" in _check(lambda p: (p.bar(0, 13), p.text("2", 0, 13, 1, draw.BIG)))[0]
    assert _check(lambda p: (p.bar(0, 13), p.text("2", 0, 14, 1, draw.BIG))) == []
    # A band drawn over a whole text replaces it; over part of it, it cuts it.
    assert _check(lambda p: (p.text("Ana", 0, 0), p.bar(0, 13))) == []
    assert "partly covered" in _check(lambda p: (p.text("Ana", 0, 0), p.bar(6, 13)))[0]


# ---------------------------------------------------------------- the table
def _table(tmp_path, opts, points):
    m = Match(opts)
    for pts in points:
        m.record(0, pts, 60000)
    board = HostBoard(str(tmp_path))
    cfg = {"lang": "en", "contrast": 255, "timeout": 180, "sound": 1}
    Store(board.fs).save({"v": 1, "cfg": cfg, "m": matchdoc.to_dict(m), "scr": "table"})
    app = App(board, board.now)
    app.poll(board.now)
    Player(app, board).play(parse("wait 3s"))       # past the "match resumed" notice
    assert app.stage.screen.NAME == "table"
    return app, m


def _setups():
    for players in range(2, 7):
        yield MatchOptions(players=players, names=WIDE[:players])
    yield MatchOptions(players=4, sides=PAIRS, names=WIDE[:4])
    yield MatchOptions(players=6, sides=PAIRS, names=ACCENTED)
    yield MatchOptions(players=6, sides=TRIOS, names=WIDE)
    yield MatchOptions(players=3, names=ACCENTED[:3], goal=GOAL_POINTS, target=500)
    yield MatchOptions(players=6, names=ACCENTED, goal=GOAL_POINTS, target=500)


def _hands(o):
    """Hands that give every side points (and, on the points goal, three-digit totals)."""
    k = o.nsides
    split = {2: (70, 50), 3: (44, 40, 36), 4: (35, 30, 30, 25), 5: (30, 25, 25, 20, 20),
             6: (30, 20, 20, 20, 15, 15)}[k]
    return [split] * (5 if o.goal == GOAL_POINTS else 1)


@pytest.mark.parametrize("opts", list(_setups()), ids=lambda o: "%d-%d-%d" % (o.players, o.sides, o.goal))
def test_the_table_reads_from_across_the_table(opts, tmp_path):
    app, m = _table(tmp_path, opts, _hands(opts))
    events = layout.Recorder(app.stage.p, app.render).frame()
    assert layout.problems(events) == []
    items = layout.Recorder.items(events)
    vals = m.progress()[0]
    for v in vals:
        digits = [it for it in items if it.kind == "text" and it.what == "%d" % v]
        assert digits and min(it.height for it in digits) >= 13, (v, [it.height for it in digits])
        if len(vals) <= 4 and v < 10:
            # Hands won, two to four sides: the 24 px digits of before.
            assert min(it.height for it in digits) >= 24
    dealer = app.stage.seat_name(m.dealer)
    shown = [it for it in items if it.font is draw.LABEL]
    assert len(shown) == 1 and dealer.startswith(shown[0].what.rstrip("…"))
    assert shown[0].height >= 13
    assert iconids.DEALER in app.stage.p.icons and iconids.LEAD in app.stage.p.icons
    if m.cutter != m.leader:
        assert iconids.CUT in app.stage.p.icons


def test_a_dealer_with_a_short_name_is_shown_whole(tmp_path):
    app, m = _table(tmp_path, MatchOptions(players=4, names=ACCENTED[:4]), [])
    assert m.dealer == 0 and "Mª José" in app.stage.texts


# ----------------------------------------------------------------- the draw
def test_the_four_player_draw_says_who_partners_whom_and_names_everyone(tmp_path):
    for lang in i18n.LANGS:
        board = HostBoard(str(tmp_path / lang))
        app = gallery.reach(board, "draw-pairs", lang, ACCENTED)
        assert app.stage.t(textids.SEATS_PAIRS) in app.stage.texts
        for name in ACCENTED[:4]:
            assert name in app.stage.texts
        assert iconids.DEALER in app.stage.p.icons


def test_small_suits_fit_a_text_line_and_large_ones_are_24():
    for s in range(4):
        w, h = icons.INDEX[s * 4 + 2], icons.INDEX[s * 4 + 3]
        assert w <= 11 and h <= 11
        L = (s + iconids.LARGE) * 4
        assert (icons.INDEX[L + 2], icons.INDEX[L + 3]) == (24, 24)


# ---------------------------------------------------------------- the marks
# Letters that hang below the baseline by design; the label font keeps
# DejaVu's J, whose hook reads as a J at 13 px.
DESCENDERS = {"SMALL": "gjpqyÿQçÇ", "LABEL": "gjpqyÿQçÇJ"}
ACCENTED_LETTERS = "áéíóúàèìòùâêîôûãõñäëïöüÿÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕÑÄËÏÖÜŸ"


def _letters(font):
    chars = [chr(font[3] + i) for i in range(font[4])] + list(font[5])
    return [ch for ch in chars if ch.isalpha() and ch not in "ªº"]


@pytest.mark.parametrize("name", ["SMALL", "LABEL"])
def test_letters_sit_on_the_baseline(name):
    # "Dani", "Carla": the stems of i and l one row under the a and the C.
    font = getattr(draw, name)
    off = [ch for ch in _letters(font) if ch not in DESCENDERS[name] and layout.below_baseline(font, ch)]
    assert off == []
    assert all(layout.below_baseline(font, ch) > 0 for ch in DESCENDERS[name])


@pytest.mark.parametrize("name", ["SMALL", "LABEL"])
def test_accents_stand_clear_of_their_letters(name):
    # "Íñigo" read "Inigo": the acute fused into the I, the tilde on the n.
    font = getattr(draw, name)
    assert [ch for ch in ACCENTED_LETTERS if layout.mark_gap(font, ch) < 1] == []


def test_the_label_tilde_is_a_wave_across_its_letter():
    for ch in "ñÑãÃõÕ":
        rows = layout.glyph(draw.LABEL, ch)[1]
        mark = rows[:[any(r) for r in rows].index(False)]
        wide = sum(1 for c in range(len(rows[0])) if any(r[c] for r in mark))
        assert len(mark) >= 2 and 2 * wide > len(rows[0]), ch


def test_the_small_j_is_no_bracket():
    # "J1" read "]1": a stem hanging below the baseline, no top bar.
    rows = layout.glyph(draw.SMALL, "J")[1]
    assert sum(rows[0]) >= 3
    assert layout.below_baseline(draw.SMALL, "J") == 0


def test_the_goal_icon_is_told_apart_from_every_suit(tmp_path):
    # The goal and the trump sit side by side on the table: a trophy was a cup.
    app = gallery.reach(HostBoard(str(tmp_path)), "table")
    goal = layout.icon(app.stage.screen._goal(app.stage)[0])
    for cards in (0, 1):
        for s in range(4):
            assert layout.alike(goal, layout.icon(draw.suit_icon(s, False, cards))) < 0.5, (cards, s)


# A copyright sign as the small font's size would draw it.
COPYRIGHT = [[1 if c == "#" else 0 for c in r] for r in (
    "..#####..", ".#.....#.", "#..###..#", "#.#...#.#", "#.#.....#", "#.#...#.#", "#..###..#",
    ".#.....#.", "..#####..")]


def test_the_dealer_button_is_no_copyright_sign():
    assert layout.alike(layout.icon(iconids.DEALER), COPYRIGHT) < 0.6


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_draw_for_six_keeps_each_seat_clear_of_the_next(lang, tmp_path):
    # "4 cup 2 P2": a card ran into the next seat's number.
    app = gallery.reach(HostBoard(str(tmp_path)), "draw-six", lang)
    items = layout.Recorder.items(layout.Recorder(app.stage.p, app.render).frame())
    # The title, then each seat's suit, rank, number and name, row by row.
    seats = [items[1 + 4 * s:5 + 4 * s] for s in range(6)]
    space = draw.text_width(" ") + 2 * draw.SMALL[2]
    for left, right in zip(seats[0::2], seats[1::2]):
        end = max(it.ink[2] for it in left)
        start = min(it.ink[0] for it in right)
        assert start - end >= space, (left, right)


def test_portuguese_screens_show_french_suits(tmp_path):
    # Portuguese tables play French suits; the gallery's showed Spanish ones.
    spanish = []
    for sid in gallery.ids():
        app = gallery.reach(HostBoard(str(tmp_path / sid)), sid, "pt")
        spanish += [(sid, i) for i in app.stage.p.icons if i < iconids.FRENCH and i < 2 * iconids.LARGE]
    assert spanish == []
