"""The menu (long OK): undo, redo, history, settings, end match, button test, about."""

from micropython import const

from tanteador import i18n
from tanteador.buttons import BACK, DOWN, OK, PRESS, REPEAT, UP
from tanteador.screens import ui

_ROWS = const(4)  # rows of LINE px below the title: 4 fit in 64 px


def _end(app):
    app.end_match()


class Menu:
    NAME = "menu"

    def __init__(self, app):
        items = []
        if app.match is not None:
            items += [i18n.UNDO, i18n.REDO, i18n.HISTORY]
        items.append(i18n.SETTINGS)
        if app.match is not None:
            items.append(i18n.END_MATCH)
        items += [i18n.HWTEST, i18n.ABOUT]
        self.items = items
        self.sel = 0
        self.seam = 0

    def draw(self, app):
        ui.title(app, app.t(i18n.MENU))
        ui.rows(app, [(app.t(i), "") for i in self.items], self.sel, ui.LINE + 2, _ROWS, seam=self.seam)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        if b in (UP, DOWN) and kind in (PRESS, REPEAT):
            ui.step(self, len(self.items), 1 if b == DOWN else -1, kind == REPEAT)
        elif kind != PRESS:
            return False
        elif b == BACK:
            app.pop()
        elif b == OK:
            self.pick(app, self.items[self.sel])

    def pick(self, app, item):
        if item in (i18n.UNDO, i18n.REDO):
            app.undo(item == i18n.REDO)
        elif item == i18n.HISTORY:
            from tanteador.screens.history import History

            app.replace(History(app))
        elif item == i18n.SETTINGS:
            from tanteador.screens.settings import Settings

            app.push(Settings(app))
        elif item == i18n.END_MATCH:
            from tanteador.screens.ask import Ask

            app.push(Ask(i18n.END_MATCH, i18n.END_ASK, _end))
        elif item == i18n.HWTEST:
            from tanteador.screens.hwtest import HwTest

            app.push(HwTest())
        elif item == i18n.ABOUT:
            from tanteador.screens.about import About

            app.push(About())
