"""Confirmation of a hand before it counts: every side's points and the result."""

from tanteador import i18n
from tanteador.buttons import BACK, OK, PRESS
from tanteador.rules import capote_side, hand_winner
from tanteador.screens import ui


def outcome(app, winner, capote):
    """Text of a hand's result: who wins, void, capote (when the option is on)."""
    if capote is not None and app.match.options.capote:
        return app.t(i18n.CAPOTE_BY) % app.side_name(capote)
    if winner is None:
        return app.t(i18n.VOID)
    return app.t(i18n.WINS_HAND) % app.side_name(winner)


def preview(app, points):
    """(winner, capote) these points would give, before they are recorded."""
    o = app.match.options
    return hand_winner(points, o.reverse), capote_side(points)


def points_rows(fb, app, points, y):
    """Points per side: big digits for two sides, rows for more; returns the next y."""
    n = len(points)
    if n == 2:
        for i in range(2):
            cx = 32 + 64 * i
            ui.center(fb, app, y, ui.fit(app.side_name(i), 62), cx)
            ui.big_center(fb, app, y + ui.LINE, "%d" % points[i], cx)
        return y + ui.LINE + ui.BIG_H + 1
    # Three sides one per row; more in two columns, a gap between them.
    cols = 1 if n <= 3 else 2
    for i in range(n):
        yy = y + (i // cols) * ui.LINE
        x0 = (i % cols) * 64
        xr = 127 if i % cols == cols - 1 else 56
        v = "%d" % points[i]
        ui.text(fb, app, x0 + 2, yy, ui.fit(app.side_name(i), xr - ui.width(v) - x0 - 6))
        ui.right(fb, app, yy, v, xr)
    return y + ((n + cols - 1) // cols) * ui.LINE + 1


class Confirm:
    NAME = "confirm"

    def __init__(self, points, edit=None):
        self.points = points
        self.edit = edit

    def draw(self, fb, app):
        ui.title(fb, app, app.t(i18n.CONFIRM))
        points_rows(fb, app, self.points, ui.LINE + 2)
        ui.center(fb, app, 64 - ui.LINE, ui.fit(outcome(app, *preview(app, self.points)), 128))

    def handle(self, ev, app):
        if ev[1] != PRESS:
            return
        if ev[0] == BACK:
            app.pop()
        elif ev[0] == OK:
            self.ok(app)

    def ok(self, app):
        from tanteador.rules import RulesError

        m = app.match
        try:
            if self.edit is None:
                m.record(app.trump, self.points, app.hand_ms)
            else:
                m.edit(self.edit, points=self.points)
        except RulesError as e:
            app.pop()
            app.screen.err = e.code
            return
        if self.edit is None:
            app.hand_ms = 0
            app.trump = m.next_trump
            from tanteador.screens.result import Result

            app.home()
            app.push(Result(len(m.hands) - 1))
        else:
            # Back to the hand being edited, which now shows the new points.
            app.pop()
            app.pop()
        app.commit()
