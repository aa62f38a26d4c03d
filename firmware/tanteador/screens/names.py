"""Names of the players: each one picked from the list set from the PC, or the default."""

from tanteador import i18n
from tanteador.buttons import BACK, DOWN, OK, PRESS, REPEAT, UP
from tanteador.screens import ui


class Names:
    NAME = "names"

    def __init__(self, setup, app):
        self.setup = setup
        # "" stands for the default label ("P1", "J1"...).
        self.choices = [""] + app.player_names()
        self.sel = 0
        self.seam = 0
        self.editing = False

    def _next(self, i, d):
        names = self.setup.names
        ch = self.choices
        k = 0
        for j in range(len(ch)):
            if ch[j] == names[i]:
                k = j
        for _ in range(len(ch)):
            k = (k + d) % len(ch)
            c = ch[k]
            if not c or c not in names:
                return c
        return names[i]

    def draw(self, app):
        ui.title(app, app.t(i18n.NAMES))
        s = self.setup
        items = [("%d" % (i + 1), app.seat_name(i, s.names)) for i in range(len(s.names))]
        ui.rows(app, items, self.sel, ui.TITLE_H + 1, 4, self.editing, self.seam)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        n = len(self.setup.names)
        if b in (UP, DOWN) and kind in (PRESS, REPEAT):
            d = 1 if b == DOWN else -1
            if self.editing:
                self.setup.names[self.sel] = self._next(self.sel, -d)
            else:
                ui.step(self, n, d, kind == REPEAT)
        elif kind != PRESS:
            return False
        elif self.editing:
            self.editing = False
        elif b == BACK:
            app.pop()
        elif b == OK:
            self.editing = True
