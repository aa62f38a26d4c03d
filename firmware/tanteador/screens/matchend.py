"""Match end: the winner, the key figures, a tune; rematch or a new match."""

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
            from tanteador.app import TUNE_END

            app.play(TUNE_END)

    def draw(self, fb, app):
        m = app.match
        ui.title(fb, app, app.t(i18n.MATCH_OVER))
        y = ui.LINE
        w = m.winner
        s = app.t(i18n.NO_WINNER) if w is None else app.t(i18n.WINS_MATCH) % app.side_name(w)
        ui.center(fb, app, y, ui.fit(s, 128))
        y += _PITCH
        ui.text(fb, app, 0, y, app.t(i18n.HANDS))
        ui.right(fb, app, y, "-".join(["%d" % v for v in m.won]))
        y += _PITCH
        ui.text(fb, app, 0, y, app.t(i18n.POINTS))
        ui.right(fb, app, y, "-".join(["%d" % v for v in m.totals]))
        y += _PITCH
        ui.text(fb, app, 0, y, app.t(i18n.TIME))
        ui.right(fb, app, y, duration(m.play_ms))
        y = 64 - ui.LINE
        fb.fill_rect(0, y, 128, ui.LINE, 1)
        label = app.t(i18n.REMATCH if self.sel == 0 else i18n.NEW_MATCH)
        ui.center(fb, app, y, "< " + label + " >", 64, 0)

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
