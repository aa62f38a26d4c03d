"""Match end: the winner, the key figures, a tune; rematch or a new match,
and for an event's match its signed result code (screens/resultqr.py).

Briscola chiamata shows every player's final score instead of hands and
points, highest first in two columns, under a title bar with the winner and
the play time.

A match ended from the menu (End match) shows its final standing the same
way, over the setup that follows it: it is no longer the app's match, and
OK or BACK goes on to the setup.
"""

from micropython import const

from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_NEW_MATCH = const(3)
_T_POINTS = const(30)
_T_MATCH_OVER = const(34)
_T_WINS_MATCH = const(35)
_T_NO_WINNER = const(36)
_T_HANDS = const(37)
_T_TIME = const(38)
_T_REMATCH = const(39)
_T_RESULT_CODE = const(124)

_PITCH = 9


def duration(ms):
    """h:mm:ss or m:ss of a play time."""
    s = ms // 1000
    if s >= 3600:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


class MatchEnd:
    NAME = "matchend"

    def __init__(self, app, tune=True, ended=None):
        self.sel = 0
        self.seam = 0
        # The match ended from the menu, or None for the app's own.
        self.ended = ended
        # Rematch, New match, and for a pushed event's match played to its end
        # its signed result (resultcode.py: two sides, or three to six).
        self.n = 3 if ended is None and app.match.sign else 2
        if tune:
            from tanteador.savefile import TUNE_END

            app.play(TUNE_END)

    def _match(self, app):
        return app.match if self.ended is None else self.ended

    def _name(self, app, side):
        """The label of ``side`` of the match shown (see App.side_name)."""
        m = self._match(app)
        names = m.options.names
        return "/".join([app.seat_name(s, names) for s in m.options.side_seats(side)])

    def draw(self, app):
        m = self._match(app)
        w = m.winner
        s = app.t(_T_NO_WINNER) if w is None else app.t(_T_WINS_MATCH) % self._name(app, w)
        if m.chiamata:
            # The winner and the time in the title: the scores need the room
            # of five or six names.
            t = duration(m.play_ms)
            ui.title(app, ui.fit(s, 120 - ui.width(t)))
            app.p.right(t, ui.WIDTH - 2, 0, 0)
            self._scores(app, ui.TITLE_H + 1)
        else:
            ui.title(app, app.t(_T_MATCH_OVER))
            ui.center(app, ui.fit(s, ui.WIDTH), ui.LINE)
            self._figures(app, ui.LINE + _PITCH)
        y = ui.HEIGHT - ui.LINE
        app.p.bar(y)
        if self.ended is not None:
            ui.center(app, app.t(_T_NEW_MATCH), y, ui.WIDTH // 2, 0)
            return
        label = app.t((_T_REMATCH, _T_NEW_MATCH, _T_RESULT_CODE)[self.sel])
        ui.center(app, "< " + label + " >", y, ui.WIDTH // 2, 0)

    def _figures(self, app, y):
        """Hands won, points and play time, a row each."""
        m = self._match(app)
        app.p.text(app.t(_T_HANDS), 0, y)
        app.p.right("-".join(["%d" % v for v in m.won]), ui.WIDTH, y)
        y += _PITCH
        app.p.text(app.t(_T_POINTS), 0, y)
        app.p.right("-".join(["%d" % v for v in m.totals]), ui.WIDTH, y)
        y += _PITCH
        app.p.text(app.t(_T_TIME), 0, y)
        app.p.right(duration(m.play_ms), ui.WIDTH, y)

    def _scores(self, app, y):
        """Every player's score, highest first (seat order on a tie), two to a row."""
        m = self._match(app)
        tot = m.totals
        order = sorted(range(len(tot)), key=lambda i: (-tot[i], i))
        for k in range(len(order)):
            i = order[k]
            # Columns 0-59 and 67-127, a divider at 63.
            x = (k % 2) * 67
            xr = x + 60 + (k % 2)
            yy = y + (k // 2) * ui.LINE
            v = "%d" % tot[i]
            app.p.right(v, xr, yy)
            app.p.text(ui.fit(app.seat_name(i, m.options.names), xr - x - ui.width(v) - 4), x, yy)
        # A score is read with the name to its left, not the one after it.
        app.p.vline(ui.WIDTH // 2 - 1, y + 1, ((len(order) + 1) // 2) * ui.LINE - 2, 1)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        if kind != _PRESS:
            return False
        if self.ended is not None:
            if b in (_UP, _DOWN):
                return False
            # The setup is below; the save made at the end named this screen.
            app.pop()
            app.save_soon()
            return
        if b in (_UP, _DOWN):
            ui.step(self, self.n, 1 if b == _DOWN else -1, False)
        elif b == _BACK:
            app.pop()
        elif b == _OK:
            if self.sel == 0:
                app.start(app.match.rematch())
            elif self.sel == 2:
                from tanteador.screens.resultqr import ResultQR

                app.push(ResultQR(app))
            else:
                app.new_setup(app.match.options)
