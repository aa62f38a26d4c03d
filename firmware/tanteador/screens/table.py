"""The table: scores in big digits, who deals, cuts and leads, trump, goal.

Layout (rows): 0-12 hand number (or, until the next press, the result of
the hand just recorded), goal progress or time left, signals reminder,
trump; 13-24 side names; 25-49 scores in 25 px digits, one column a side
(with four or more sides, a grid of names and medium digits when a score is
too wide for its column); 51-63 dealer, cutter and leader.

The hand starts here: UP/DOWN set the trump when the dealer turns it up
(DOWN from "?" goes oros, copas, espadas, bastos; UP the other way round),
OK opens the points entry.
"""

from micropython import const

from tanteador import i18n, icons
from tanteador.buttons import DOWN, LONG, OK, PRESS, REPEAT, UP
from tanteador.options import GOAL_TIME
from tanteador.screens import ui

_NAMES_Y = const(13)
_DIGITS_Y = const(25)
_SEATS_Y = const(52)


def clock(ms):
    """m:ss for a time left (rounded up, never negative)."""
    s = (max(0, ms) + 999) // 1000
    return "%d:%02d" % (s // 60, s % 60)


class Table:
    NAME = "table"

    def __init__(self):
        self._shown = None

    def _left(self, app):
        m = app.match
        return m.time_left_ms(app.hand_ms) if m.options.goal == GOAL_TIME else None

    def draw(self, fb, app):
        # Scores, names and seats change only with a new Table (a hand
        # recorded or undone): kept, so setting the trump or the clock's
        # tick redraws the top row alone.
        if not app.p.restore(self):
            self._body(fb, app)
            app.p.keep(self)
        self._top(fb, app)

    def _top(self, fb, app):
        """Row 0: the hand number (or the last result), the goal or time left, signals, trump."""
        m = app.match
        x = 128
        if m.over:
            pass
        elif app.trump is not None:
            x -= ui.SUIT_W
            ui.suit(fb, app, x, 0, app.trump)
        else:
            x = ui.right(fb, app, 0, "?", 127)
        if m.options.signals:
            x -= ui.ICON_W + 3
            ui.icon(fb, app, x, 2, icons.SIGNALS)
        target = m.progress()[1]
        left = self._left(app)
        self._shown = None if left is None else (left + 999) // 1000
        if left is not None:
            x = ui.right(fb, app, 0, clock(left), x - 3) - 9
            ui.icon(fb, app, x, 2, icons.CLOCK)
        else:
            x = ui.right(fb, app, 0, "%d" % target, x - 3) - 11
            ui.icon(fb, app, x, 2, icons.TROPHY)
        if app.banner is not None:
            from tanteador.screens.outcome import outcome

            h = m.hands[app.banner]
            app.p.bar(0, ui.LINE, 0, x - 2)
            ui.text(fb, app, 1, 0, ui.fit(outcome(app, h.winner, h.capote), x - 4), 0)
        else:
            ui.text(fb, app, 0, 0, app.t(i18n.HAND) % m.hand_no)

    def _body(self, fb, app):
        """Rows 13 on: the sides' names and scores, then who deals, cuts and leads."""
        m = app.match
        vals = m.progress()[0]
        n = len(vals)
        w = 128 // n
        big = n <= 3
        if not big:
            # Four to six sides get big digits too while every score fits its
            # column (hands won usually do); long point totals need the grid.
            big = True
            for v in vals:
                if ui.big_width("%d" % v) > w - 2:
                    big = False
        if big:
            for i in range(n):
                cx = i * w + w // 2
                ui.center(fb, app, _NAMES_Y, ui.fit(app.side_name(i), w - 4), cx)
                ui.big_center(fb, app, _DIGITS_Y, "%d" % vals[i], cx, 1, w - 2)
                if i:
                    fb.vline(i * w, _NAMES_Y + 2, _SEATS_Y - _NAMES_Y - 4, 1)
        else:
            for i in range(n):
                y = _NAMES_Y + (i // 2) * ui.LINE
                x0 = (i % 2) * 66
                ui.text(fb, app, x0, y, ui.fit(app.side_name(i), 32))
                ui.medium_right(fb, app, y + 1, "%d" % vals[i], x0 + 60)
        if m.over:
            ui.center(fb, app, _SEATS_Y, app.t(i18n.MATCH_OVER))
            return
        self._seats(fb, app, m)

    def _seats(self, fb, app, m):
        """Dealer, cutter and leader of the hand in play, each behind its icon."""
        y = _SEATS_Y
        parts = [(icons.DEALER, m.dealer), (icons.CUT, m.cutter), (icons.LEAD, m.leader)]
        if m.cutter == m.leader:
            parts = [parts[0], (icons.LEAD, m.leader)]
        w = 128 // len(parts)
        for k in range(len(parts)):
            ic, seat = parts[k]
            x = k * w
            x += ui.icon(fb, app, x, y + 2, ic) + 2
            ui.text(fb, app, x, y, ui.fit(app.seat_name(seat), w - (x - k * w) - 2))

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
                from tanteador.screens.entry import Entry

                app.push(Entry(app))

    def tick(self, app, now_ms):
        left = self._left(app)
        if left is not None and (left + 999) // 1000 != self._shown:
            app.dirty = True
