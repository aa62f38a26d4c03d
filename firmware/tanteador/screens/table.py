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

from tanteador.draw import SMALL, cut
from tanteador.matchoptions import GOAL_TIME
from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_PRESS = const(0)
_LONG = const(1)
_REPEAT = const(2)
# Icons (iconids.py), folded the same way.
_ICON_DEALER = const(8)
_ICON_CUT = const(9)
_ICON_LEAD = const(10)
_ICON_SIGNALS = const(11)
_ICON_CLOCK = const(12)
_ICON_FLAG = const(13)
_ICON_OUT = const(16)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_HAND = const(28)
_T_MATCH_OVER = const(34)

_DIGITS_Y = const(14)
_BANNER_H = const(13)     # the result's label: a text line and a row under it
_ROW = const(14)          # a grid row: the medium digits and a blank row
_BAND_Y = const(41)
_LINE2_Y = const(52)      # its line box overlaps the one above by a row both leave blank
_DEALER_Y = const(42)     # the label font's box (20 rows), capitals 45-57
_SLASH_W = ui.width("/")
# Two sides' names over their scores: a blank column at each edge and six
# between the names (two names, not one), the rest for the names.
_EDGE = const(1)
_GAP = const(6)
_NAMES_W = const(120)
# The least room they leave the side that neither cuts nor leads.
_KEEP_W = const(36)


def clock(ms):
    """m:ss for a time left (rounded up, never negative)."""
    s = (max(0, ms) + 999) // 1000
    return "%d:%02d" % (s // 60, s % 60)


def columns(vals):
    """True when the scores go in columns of 24 px digits, else in the grid."""
    n = len(vals)
    if n > 4:
        return False
    w = ui.WIDTH // n
    for v in vals:
        if ui.big_width("%d" % v) > w - 2:
            return False
    return True


def _hand_no(m):
    """The hand the band names: the one in play, or once the match is over
    the last one played (there is no hand in play to number)."""
    return len(m.hands) if m.over else m.hand_no


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
            x += app.p.icon(p[0], x, y + 3) + 2
        x += app.p.text(p[1], x, y) + 1


class Table:
    NAME = "table"

    def __init__(self, banner=None):
        # The hand just recorded (its index), told until the next press.
        self.banner = banner
        self._shown = None
        self._cols = True       # the scores in columns (not the grid)
        self._dealer_end = 0    # the column after the dealer's name
        # The hand's number and the goal's target as the band says them, made
        # once for each full redraw: a text looked up or worked out and
        # formatted costs more than its drawing, and a trump step draws the target.
        self._no = ""
        self._target = ""
        # The count of sides whose names row is still to draw, else 0: left
        # out of the background while the result's label covers it, then
        # drawn into it at the next tick.
        self._late = 0

    def _left(self, app):
        m = app.match
        return m.time_left_ms(app.hand_ms) if m.options.goal == GOAL_TIME else None

    def draw(self, app):
        # Scores, names and the dealer change only with a new Table (a hand
        # recorded or undone): kept, so setting the trump or the clock's
        # tick redraws the right of the hand's band alone.
        p = app.p
        if not p.restore(self):
            self._body(app)
            if self._cols:
                # No result label covers the hand's number there: it is kept too.
                self._hand(app)
            if self.banner is None:
                self._names(app)
            p.keep(self)
        elif self._late and self.banner is None:
            # A press before the tick that draws the names into the background.
            self._names(app)
            p.keep(self)
        self._top(app)

    def _goal(self, app):
        """(icon, text) of the goal line: time left, or the target."""
        left = self._left(app)
        if left is not None:
            return _ICON_CLOCK, clock(left)
        return _ICON_FLAG, self._target

    def _right_w(self, app):
        """Width of the band's right part; the same all hand long (tabular digits)."""
        m = app.match
        # Measured through the Painter: the band draws these texts next, and finds them drawn.
        w1 = app.p.width(self._no)
        if m.options.signals:
            w1 += ui.ICON_W + 3
        w2 = ui.ICON_W + 2 + app.p.width(self._goal(app)[1]) + 3 + max(ui.SUIT_W, app.p.width("?"))
        return max(w1, w2)

    def _top(self, app):
        """The band's right part that a press may change (goal or time, trump; in
        the grid the hand number, which the result replaces) and the result."""
        m = app.match
        if self.banner is not None:
            self._result(app, m)
        elif not self._cols:
            self._hand(app)
        y = _LINE2_Y
        x = ui.WIDTH
        if not m.over:
            if app.trump is not None:
                x -= ui.SUIT_W
                ui.suit(app, app.trump, x, y + 1)
            else:
                x = app.p.right("?", ui.WIDTH - 1, y)
            x -= 3
        ic, s = self._goal(app)
        left = self._left(app)
        self._shown = None if left is None else (left + 999) // 1000
        x = app.p.right(s, x, y) - ui.ICON_W - 2
        app.p.icon(ic, x, y + 2)

    def _hand(self, app):
        """The hand's number, and the signals reminder, at the band's top right."""
        m = app.match
        x = app.p.right(self._no, ui.WIDTH, _BAND_Y)
        if m.options.signals:
            app.p.icon(_ICON_SIGNALS, x - ui.ICON_W - 3, _BAND_Y + 2)

    def _result(self, app, m):
        """The last hand's result, highlighted: over the names row, or in the grid
        in place of the hand number."""
        from tanteador.screens.outcome import hand_outcome

        s = hand_outcome(app, m.hands[self.banner])
        if self._cols:
            app.p.bar(0, _BANNER_H, 0, ui.WIDTH, 0)
            s = ui.fit_drawn(app, s, 122)
            w = app.p.width(s)
            x = ui.WIDTH // 2 - w // 2
            app.p.bar(0, _BANNER_H, x - 2, w + 4)
            app.p.text(s, x, 0, 0)
        else:
            s = ui.fit_drawn(app, s, ui.WIDTH - self._dealer_end - 8)
            x = ui.WIDTH - 2 - app.p.width(s)
            # A row under the grid's last digits: the label does not touch them.
            app.p.bar(_BAND_Y + 1, _BANNER_H - 2, x - 2, 130 - x)
            app.p.text(s, x, _BAND_Y, 0)

    def _body(self, app):
        """The scores with the sides' names, then the dealer."""
        m = app.match
        self._no = app.t(_T_HAND) % _hand_no(m)
        vals, target = m.progress()
        self._target = "%d" % target
        n = len(vals)
        self._cols = columns(vals)
        if self._cols:
            w = ui.WIDTH // n
            # The names row is drawn last (_names), and not at all in the
            # answer to the press that recorded a hand: the result's label
            # covers it then.
            self._late = n
            for i in range(n):
                ui.big_center(app, "%d" % vals[i], _DIGITS_Y, i * w + w // 2, 1, w - 2)
                if i:
                    # Under the names: two sides' names may reach across it.
                    top = _DIGITS_Y if n == 2 else 2
                    app.p.vline(i * w, top, _DIGITS_Y + ui.BIG_H - 1 - top, 1)
        else:
            for i in range(n):
                y = (i // 2) * _ROW
                x0 = (i % 2) * 66
                s = "%d" % vals[i]
                ui.medium_right(app, s, x0 + 62, y)
                _put(app, self._side(app, m, i, 62 - ui.medium_width(s) - 4)[0], x0, y)
        if m.over:
            app.p.text(ui.fit(app.t(_T_MATCH_OVER), ui.WIDTH - self._right_w(app) - 4), 0, _LINE2_Y)
            return
        x = app.p.icon(_ICON_DEALER, 0, _DEALER_Y + 5) + 3
        room = ui.WIDTH - self._right_w(app) - 4 - x
        self._dealer_end = x + ui.label(app, ui.label_fit(app.seat_name(m.dealer), room), x, _DEALER_Y)

    def _names(self, app):
        """The names row over the scores in columns, if it is still to draw."""
        n = self._late
        self._late = 0
        m = app.match
        if n == 2:
            self._two(app, m)
        elif n:
            w = ui.WIDTH // n
            for i in range(n):
                p, lw = self._side(app, m, i, w - 4)
                _put(app, p, i * w + w // 2 - lw // 2, 0)

    def _two(self, app, m):
        """Two sides' names, each over its score, the longer one taking the room the other leaves."""
        # Each side's names measured once, for its whole label and a shortened one.
        members = [self._members(app, m, i) for i in range(2)]
        whole = [self._side(app, m, i, ui.WIDTH, members[i]) for i in range(2)]
        rooms = _shares([whole[i][1] for i in range(2)], _NAMES_W)
        marked = [i for i in range(2) if [1 for piece in whole[i][0] if piece[0] is not None]]
        if len(marked) == 1:
            # The side that cuts and leads is named whole first, as far as it
            # leaves the other _KEEP_W: who cuts and who leads is what the
            # row is read for, and the dealer's name is also the band's.
            k = marked[0]
            rooms[k] = min(whole[k][1], _NAMES_W - min(whole[1 - k][1], _KEEP_W))
            rooms[1 - k] = _NAMES_W - rooms[k]
        # A label that fits its room is the one already made: made again only to shorten it.
        p0, w0 = whole[0] if whole[0][1] <= rooms[0] else self._side(app, m, 0, rooms[0], members[0])
        p1, w1 = whole[1] if whole[1][1] <= rooms[1] else self._side(app, m, 1, rooms[1], members[1])
        x0 = min(max(32 - w0 // 2, _EDGE), ui.WIDTH - _EDGE - _GAP - w1 - w0)
        x1 = min(max(96 - w1 // 2, x0 + w0 + _GAP), ui.WIDTH - _EDGE - w1)
        _put(app, p0, x0, 0)
        _put(app, p1, x1, 0)

    def _members(self, app, m, side):
        """A side's seats as (names, their widths, marks): the cutter and the
        leader stand behind their marks, a seat sitting the hand out behind its own."""
        names = []
        marks = []
        out = m.sitting_out
        for s in m.options.side_seats(side):
            mk = None
            if not m.over:
                if s == m.leader:
                    mk = _ICON_LEAD
                elif s == m.cutter:
                    mk = _ICON_CUT
                elif s == out:
                    mk = _ICON_OUT
            names.append(app.seat_name(s))
            marks.append(mk)
        # A side of one seat draws its name as it is: measured through the
        # Painter, which keeps it as it measures it, the name is found drawn.
        measure = app.p.width if len(names) == 1 else ui.width
        return names, [measure(t) for t in names], marks

    def _side(self, app, m, side, room, members=None):
        """A side's label in ``room`` px: [(mark, text)...] and its width.

        ``members``: the side's ``_members``, when already measured. Each
        name's width is measured once: drawing the table follows a recorded hand.
        """
        names, widths, marks = self._members(app, m, side) if members is None else members
        fixed = _label_w(widths, marks, False)
        if fixed + sum(widths) > room and None in marks and len(set(marks)) > 1:
            # A team that cuts or leads, too long to name whole: its marked
            # members alone (the others know their partner).
            keep = [k for k in range(len(names)) if marks[k] is not None]
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
                t, w = cut(t, rooms[k])
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
        # The result told after a hand goes at the next press: a redraw.
        told = self.banner is not None
        self.banner = None
        m = app.match
        if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
            if not m.over and not m.options.trump_cycle:
                app.set_trump(ui.next_suit(app.trump, b == _DOWN))
                return
            return told
        if b != _OK:
            return told
        if kind == _LONG:
            from tanteador.screens.menu import Menu

            app.push(Menu(app))
        elif kind == _PRESS:
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
        if self._late and self.banner is not None:
            # The frame with the result's label is out: the names it covers
            # go into the background now, out of the answer to the press that
            # recorded the hand. The frame is drawn again as it is shown.
            p = app.p
            p.begin(0, self)
            if p.restore(self):
                self._names(app)
                p.keep(self)
                self._top(app)
            else:
                # Another screen drew since (a notice closed by a press):
                # the table is drawn whole.
                app.redraw()
        left = self._left(app)
        if left is not None and (left + 999) // 1000 != self._shown:
            app.redraw()
