"""Match end: the winner, the key figures, a tune; rematch or a new match.

Briscola chiamata shows every player's final score instead of hands and
points, highest first in two columns, under a title bar with the winner and
the play time.
"""

from tanteador import i18n
from tanteador.buttons import BACK, DOWN, OK, PRESS, UP
from tanteador.screens import ui

_PITCH = 9


def duration(ms):
    """h:mm:ss or m:ss of a play time."""
    s = ms // 1000
    if s >= 3600:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


class MatchEnd:
    NAME = "matchend"

    def __init__(self, app, tune=True):
        self.sel = 0
        if tune:
            from tanteador.savefile import TUNE_END

            app.play(TUNE_END)

    def draw(self, fb, app):
        m = app.match
        w = m.winner
        s = app.t(i18n.NO_WINNER) if w is None else app.t(i18n.WINS_MATCH) % app.side_name(w)
        if m.chiamata:
            # The winner and the time in the title: the scores need the room
            # of five or six names.
            t = duration(m.play_ms)
            ui.title(fb, app, ui.fit(s, 120 - ui.width(t)))
            ui.right(fb, app, 0, t, 126, 0)
            self._scores(fb, app, ui.TITLE_H + 1)
        else:
            ui.title(fb, app, app.t(i18n.MATCH_OVER))
            ui.center(fb, app, ui.LINE, ui.fit(s, 128))
            self._figures(fb, app, ui.LINE + _PITCH)
        y = 64 - ui.LINE
        fb.fill_rect(0, y, 128, ui.LINE, 1)
        label = app.t(i18n.REMATCH if self.sel == 0 else i18n.NEW_MATCH)
        ui.center(fb, app, y, "< " + label + " >", 64, 0)

    def _figures(self, fb, app, y):
        """Hands won, points and play time, a row each."""
        m = app.match
        ui.text(fb, app, 0, y, app.t(i18n.HANDS))
        ui.right(fb, app, y, "-".join(["%d" % v for v in m.won]))
        y += _PITCH
        ui.text(fb, app, 0, y, app.t(i18n.POINTS))
        ui.right(fb, app, y, "-".join(["%d" % v for v in m.totals]))
        y += _PITCH
        ui.text(fb, app, 0, y, app.t(i18n.TIME))
        ui.right(fb, app, y, duration(m.play_ms))

    def _scores(self, fb, app, y):
        """Every player's score, highest first (seat order on a tie), two to a row."""
        m = app.match
        tot = m.totals
        order = sorted(range(len(tot)), key=lambda i: (-tot[i], i))
        for k in range(len(order)):
            i = order[k]
            # Columns 0-59 and 67-127, a divider at 63.
            x = (k % 2) * 67
            xr = x + 60 + (k % 2)
            yy = y + (k // 2) * ui.LINE
            v = "%d" % tot[i]
            ui.right(fb, app, yy, v, xr)
            ui.text(fb, app, x, yy, ui.fit(app.seat_name(i), xr - x - ui.width(v) - 4))
        # A score is read with the name to its left, not the one after it.
        fb.vline(63, y + 1, ((len(order) + 1) // 2) * ui.LINE - 2, 1)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        if kind != PRESS:
            return
        if b in (UP, DOWN):
            self.sel ^= 1
            app.dirty = True
        elif b == BACK:
            app.pop()
        elif b == OK:
            if self.sel == 0:
                app.start(app.match.rematch())
            else:
                # The finished match's other screens (entry, menu...) go
                # first: the setup and the draw load on a heap with room.
                app.sweep()
                from tanteador.screens.setup import Setup

                app.push(Setup(app, app.match.options))
