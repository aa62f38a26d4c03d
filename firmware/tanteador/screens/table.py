"""The table: scores, who deals (in letters read from across the table), cuts and leads.

Layout (rows):
- 0-40, scores. Up to four sides whose scores fit 24 px digits: a row of
  side names (0-11; the cutter's and the leader's names behind their marks)
  over the digits (14-38), one column a side. Otherwise a grid of two
  columns, a side a row of 14 (name, then its score in 13 px digits).
  Briscola chiamata (five or six players) shows each player's score, which
  can be below zero; with six, the dealer sits the hand out, marked so in
  the grid.
- 41-63, the hand: the dealer's mark and name in 13 px capitals on the
  left; on the right the hand number (and the signals reminder) over the
  goal or time left and the trump.
After a hand is counted its result (who won, void, capote) shows until the
next press, as a highlighted label that hides no score and not the
dealer: over the names row where the scores go in columns (the result
names its side), in the grid in place of the hand number, fitted to the
room the dealer's name leaves. The press acts on the table as any other
(UP/DOWN the trump, OK the trump picker or the entry): the label is no
screen of its own to close.

The hand starts here: UP/DOWN set the trump when the dealer turns it up
(DOWN from "?" goes oros, copas, espadas, bastos; UP the other way round),
OK opens the points entry.
"""

from micropython import const

from tanteador import i18n, icons
from tanteador.draw import SMALL
from tanteador.buttons import DOWN, LONG, OK, PRESS, REPEAT, UP
from tanteador.matchoptions import GOAL_TIME
from tanteador.screens import ui

_DIGITS_Y = const(14)
_BANNER_H = const(13)     # the result's label: a text line and a row under it
_ROW = const(14)          # a grid row: the medium digits and a blank row
_BAND_Y = const(41)
_LINE2_Y = const(52)      # its line box overlaps the one above by a row both leave blank
_DEALER_Y = const(42)     # the label font's box (20 rows), capitals 45-57
_SLASH_W = ui.width("/")


def clock(ms):
    """m:ss for a time left (rounded up, never negative)."""
    s = (max(0, ms) + 999) // 1000
    return "%d:%02d" % (s // 60, s % 60)


def columns(vals):
    """True when the scores go in columns of 24 px digits, else in the grid."""
    n = len(vals)
    if n > 4:
        return False
    w = 128 // n
    for v in vals:
        if ui.big_width("%d" % v) > w - 2:
            return False
    return True


def _shares(widths, room):
    """Room for each of a team's names: short names whole, the rest shared evenly."""
    out = list(widths)
    left = len(widths)
    for w in sorted(widths):
        share = room // left
        if w > share:
            break
        room -= w
        left -= 1
    else:
        return out
    for k in range(len(out)):
        if out[k] > share:
            out[k] = share
    return out


def _label_w(widths, marks, names=True):
    """Width of a side's label: its marks and slashes, and with ``names`` its names' ``widths``."""
    # A slash follows a name's glyph spacing, and a blank column follows it.
    w = (len(marks) - 1) * (_SLASH_W + 2)
    for k in range(len(marks)):
        if marks[k] is not None:
            w += ui.icon_width(marks[k]) + 2
        if names:
            w += widths[k]
    return w


def _put(app, pieces, x, y):
    """Draw a side's label (see Table._side) from (x, y)."""
    for p in pieces:
        if p[0] is not None:
            x += ui.icon(None, app, x, y + 3, p[0]) + 2
        x += ui.text(None, app, x, y, p[1]) + 1


class Table:
    NAME = "table"

    def __init__(self):
        self._shown = None
        self._cols = True       # the scores in columns (not the grid)
        self._dealer_end = 0    # the column after the dealer's name

    def _left(self, app):
        m = app.match
        return m.time_left_ms(app.hand_ms) if m.options.goal == GOAL_TIME else None

    def draw(self, fb, app):
        # Scores, names and the dealer change only with a new Table (a hand
        # recorded or undone): kept, so setting the trump or the clock's
        # tick redraws the right of the hand's band alone.
        if not app.p.restore(self):
            self._body(fb, app)
            app.p.keep(self)
        self._top(fb, app)

    def _goal(self, app):
        """(icon, text) of the goal line: time left, or the target."""
        m = app.match
        left = self._left(app)
        if left is not None:
            return icons.CLOCK, clock(left)
        return icons.FLAG, "%d" % m.progress()[1]

    def _right_w(self, app):
        """Width of the band's right part; the same all hand long (tabular digits)."""
        m = app.match
        w1 = ui.width(app.t(i18n.HAND) % m.hand_no)
        if m.options.signals:
            w1 += ui.ICON_W + 3
        w2 = ui.ICON_W + 2 + ui.width(self._goal(app)[1]) + 3 + max(ui.SUIT_W, ui.width("?"))
        return max(w1, w2)

    def _top(self, fb, app):
        """The band's right part (hand number, signals, goal or time, trump) and the result."""
        m = app.match
        y = _BAND_Y
        if app.banner is not None:
            self._result(fb, app, m)
        if app.banner is None or self._cols:
            x = ui.right(fb, app, y, app.t(i18n.HAND) % m.hand_no, 128)
            if m.options.signals:
                ui.icon(fb, app, x - ui.ICON_W - 3, y + 2, icons.SIGNALS)
        y = _LINE2_Y
        x = 128
        if not m.over:
            if app.trump is not None:
                x -= ui.SUIT_W
                ui.suit(fb, app, x, y + 1, app.trump)
            else:
                x = ui.right(fb, app, y, "?", 127)
            x -= 3
        ic, s = self._goal(app)
        left = self._left(app)
        self._shown = None if left is None else (left + 999) // 1000
        x = ui.right(fb, app, y, s, x) - ui.ICON_W - 2
        ui.icon(fb, app, x, y + 2, ic)

    def _result(self, fb, app, m):
        """The last hand's result, highlighted: over the names row, or in the grid
        in place of the hand number."""
        from tanteador.screens.outcome import hand_outcome

        s = hand_outcome(app, m.hands[app.banner])
        if self._cols:
            app.p.bar(0, _BANNER_H, 0, 128, 0)
            s = ui.fit(s, 122)
            x = 64 - ui.width(s) // 2
            app.p.bar(0, _BANNER_H, x - 2, ui.width(s) + 4)
            ui.text(fb, app, x, 0, s, 0)
        else:
            s = ui.fit(s, 128 - self._dealer_end - 8)
            x = 126 - ui.width(s)
            # A row under the grid's last digits: the label does not touch them.
            app.p.bar(_BAND_Y + 1, _BANNER_H - 2, x - 2, 130 - x)
            ui.text(fb, app, x, _BAND_Y, s, 0)

    def _body(self, fb, app):
        """The scores with the sides' names, then the dealer."""
        m = app.match
        vals = m.progress()[0]
        n = len(vals)
        self._cols = columns(vals)
        if self._cols:
            w = 128 // n
            if n == 2:
                self._two(app, m)
            for i in range(n):
                cx = i * w + w // 2
                if n > 2:
                    p, lw = self._side(app, m, i, w - 4)
                    _put(app, p, cx - lw // 2, 0)
                ui.big_center(fb, app, _DIGITS_Y, "%d" % vals[i], cx, 1, w - 2)
                if i:
                    # Under the names: two sides' names may reach across it.
                    top = _DIGITS_Y if n == 2 else 2
                    fb.vline(i * w, top, _DIGITS_Y + ui.BIG_H - 1 - top, 1)
        else:
            for i in range(n):
                y = (i // 2) * _ROW
                x0 = (i % 2) * 66
                s = "%d" % vals[i]
                ui.medium_right(fb, app, y, s, x0 + 62)
                _put(app, self._side(app, m, i, 62 - ui.medium_width(s) - 4)[0], x0, y)
        if m.over:
            ui.text(fb, app, 0, _LINE2_Y, ui.fit(app.t(i18n.MATCH_OVER), 128 - self._right_w(app) - 4))
            return
        x = ui.icon(fb, app, 0, _DEALER_Y + 5, icons.DEALER) + 3
        room = 128 - self._right_w(app) - 4 - x
        self._dealer_end = x + ui.label(fb, app, x, _DEALER_Y, ui.label_fit(app.seat_name(m.dealer), room))

    def _two(self, app, m):
        """Two sides' names, each over its score, the longer one taking the room the other leaves."""
        whole = [self._side(app, m, i, 128) for i in range(2)]
        # Two blank columns at the edges, eight between the names: two names, not one.
        rooms = _shares([whole[i][1] for i in range(2)], 116)
        # A label that fits its room is the one already made: made again only to shorten it.
        p0, w0 = whole[0] if whole[0][1] <= rooms[0] else self._side(app, m, 0, rooms[0])
        p1, w1 = whole[1] if whole[1][1] <= rooms[1] else self._side(app, m, 1, rooms[1])
        x0 = min(max(32 - w0 // 2, 2), 118 - w1 - w0)
        x1 = min(max(96 - w1 // 2, x0 + w0 + 8), 126 - w1)
        _put(app, p0, x0, 0)
        _put(app, p1, x1, 0)

    def _side(self, app, m, side, room):
        """A side's label in ``room`` px: [(mark, text)...] and its width.

        The cutter and the leader stand behind their marks. Each name's
        width is measured once: drawing the table follows a recorded hand.
        """
        seats = []
        marks = []
        out = m.sitting_out
        for s in m.options.side_seats(side):
            mk = None
            if not m.over:
                if s == m.leader:
                    mk = icons.LEAD
                elif s == m.cutter:
                    mk = icons.CUT
                elif s == out:
                    mk = icons.OUT
            seats.append(s)
            marks.append(mk)
        names = [app.seat_name(s) for s in seats]
        widths = [ui.width(t) for t in names]
        fixed = _label_w(widths, marks, False)
        if fixed + sum(widths) > room and None in marks and len(set(marks)) > 1:
            # A team that cuts or leads, too long to name whole: its marked
            # members alone (the others know their partner).
            keep = [k for k in range(len(seats)) if marks[k] is not None]
            names = [names[k] for k in keep]
            widths = [widths[k] for k in keep]
            marks = [marks[k] for k in keep]
            fixed = _label_w(widths, marks, False)
        last = len(names) - 1
        rooms = _shares(widths, room - fixed)
        # Pieces of (mark, text): a mark starts a piece, names without one
        # join the last. Widths add up (a glyph's spacing between two texts),
        # so the label's is counted as it is built.
        pieces = []
        total = -1
        for k in range(len(names)):
            t = names[k]
            w = widths[k]
            if w > rooms[k]:
                t = ui.fit(t, rooms[k])
                w = ui.width(t)
            if k < last:
                t += "/"
                w += SMALL[2] + _SLASH_W
            if marks[k] is None and pieces:
                pieces[-1][1] += t
                total += SMALL[2] + w
            else:
                if marks[k] is not None:
                    total += ui.icon_width(marks[k]) + 2
                pieces.append([marks[k], t])
                total += w + 1
        return pieces, total

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        if app.banner is not None:
            app.banner = None
            app.dirty = True
        m = app.match
        if b in (UP, DOWN) and kind in (PRESS, REPEAT):
            if not m.over and not m.options.trump_cycle:
                from tanteador.screens.trump import next_suit

                app.set_trump(next_suit(app.trump, b == DOWN))
            return
        if b != OK:
            return
        if kind == LONG:
            from tanteador.screens.menu import Menu

            app.push(Menu(app))
        elif kind == PRESS:
            if app.match.over:
                from tanteador.screens.matchend import MatchEnd

                app.push(MatchEnd(app, tune=False))
            elif app.trump is None:
                # OK before the trump was set: pick it, then on to the points.
                from tanteador.screens.trump import Trump

                app.push(Trump(app))
            else:
                app.push(app.hand_entry())

    def tick(self, app, now_ms):
        left = self._left(app)
        if left is not None and (left + 999) // 1000 != self._shown:
            app.dirty = True
