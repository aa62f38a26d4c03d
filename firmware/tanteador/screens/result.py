"""The result of the hand just recorded; then the table or the match end."""

from tanteador import i18n
from tanteador.buttons import BACK, OK, PRESS
from tanteador.screens import ui


class Result:
    NAME = "result"

    def __init__(self, index):
        self.index = index

    def draw(self, fb, app):
        from tanteador.screens.confirm import outcome, points_rows

        h = app.match.hands[self.index]
        ui.title(fb, app, app.t(i18n.HAND) % (self.index + 1), h.trump)
        points_rows(fb, app, h.points, ui.LINE + 2)
        ui.center(fb, app, 64 - ui.LINE, ui.fit(outcome(app, h.winner, h.capote), 128))

    def handle(self, ev, app):
        if ev[1] != PRESS or ev[0] not in (OK, BACK):
            return
        app.pop()
        if app.match.over:
            from tanteador.screens.matchend import MatchEnd

            app.push(MatchEnd(app))
