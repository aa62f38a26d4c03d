"""The menu (long OK): undo, redo, history, settings, end match, button test, about."""

from micropython import const

from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_HISTORY = const(40)
_T_MENU = const(43)
_T_UNDO = const(44)
_T_REDO = const(45)
_T_SETTINGS = const(46)
_T_END_MATCH = const(47)
_T_HWTEST = const(48)
_T_ABOUT = const(49)
_T_END_ASK = const(86)

_ROWS = const(4)  # rows of LINE px below the title: 4 fit in 64 px


def _end(app):
    app.end_match()


class Menu:
    NAME = "menu"

    def __init__(self, app):
        items = []
        if app.match is not None:
            items += [_T_UNDO, _T_REDO, _T_HISTORY]
        items.append(_T_SETTINGS)
        if app.match is not None:
            items.append(_T_END_MATCH)
        items += [_T_HWTEST, _T_ABOUT]
        self.items = items
        self.sel = 0
        self.seam = 0

    def draw(self, app):
        ui.title(app, app.t(_T_MENU))
        ui.rows(app, [(app.t(i), "") for i in self.items], self.sel, ui.LINE + 2, _ROWS, seam=self.seam)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
            ui.step(self, len(self.items), 1 if b == _DOWN else -1, kind == _REPEAT)
        elif kind != _PRESS:
            return False
        elif b == _BACK:
            app.pop()
        elif b == _OK:
            self.pick(app, self.items[self.sel])

    def pick(self, app, item):
        if item in (_T_UNDO, _T_REDO):
            app.undo(item == _T_REDO)
        elif item == _T_HISTORY:
            from tanteador.screens.history import History

            app.replace(History(app))
        elif item == _T_SETTINGS:
            from tanteador.screens.settings import Settings

            app.push(Settings(app))
        elif item == _T_END_MATCH:
            from tanteador.screens.ask import Ask

            app.push(Ask(_T_END_MATCH, _T_END_ASK, _end))
        elif item == _T_HWTEST:
            from tanteador.screens.hwtest import HwTest

            app.push(HwTest())
        elif item == _T_ABOUT:
            from tanteador.screens.about import About

            app.push(About())
