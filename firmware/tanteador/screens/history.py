"""History: the recorded hands, newest last; OK opens one to edit it."""

from tanteador import i18n
from tanteador.buttons import BACK, DOWN, OK, PRESS, REPEAT, UP
from tanteador.screens import ui

_ROWS = 4  # rows of LINE px below the title: 4 fit in 64 px


class History:
    NAME = "history"

    def __init__(self, app):
        n = len(app.match.hands)
        self.sel = n - 1 if n else 0

    def draw(self, fb, app):
        hands = app.match.hands
        ui.title(fb, app, app.t(i18n.HISTORY))
        if not hands:
            ui.center(fb, app, 28, app.t(i18n.NO_HANDS))
            return
        top = min(max(0, self.sel - _ROWS + 1), max(0, len(hands) - _ROWS))
        if self.sel < top:
            top = self.sel
        y = ui.TITLE_H + 1
        for i in range(top, min(len(hands), top + _ROWS)):
            h = hands[i]
            inv = i == self.sel
            c = 0 if inv else 1
            if inv:
                fb.fill_rect(0, y, 128, ui.LINE, 1)
            ui.text(fb, app, 1, y, "%d" % h.number, c)
            if h.trump is not None:
                ui.suit(fb, app, 16, y + 1, h.trump, c)
            ui.text(fb, app, 32, y, "-".join(["%d" % p for p in h.points]), c)
            w = app.t(i18n.VOID) if h.winner is None else app.side_name(h.winner)
            ui.right(fb, app, y, ui.fit(w, 44), 127, c)
            y += ui.LINE

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        n = len(app.match.hands)
        if b in (UP, DOWN) and kind in (PRESS, REPEAT):
            if n:
                self.sel = (self.sel + (1 if b == DOWN else -1)) % n
                app.dirty = True
        elif kind != PRESS:
            return
        elif b == BACK:
            app.pop()
        elif b == OK and n:
            from tanteador.screens.handedit import HandEdit

            app.push(HandEdit(self.sel))
