"""Pick the trump: UP/DOWN go round the four suits, OK takes it.

Opened by OK on the table before the trump was set there (OK then goes on
to the points entry), and by the history to change a recorded hand's trump.
"""

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
_T_TRUMP = const(29)
_T_EDIT = const(42)


class Trump:
    NAME = "trump"

    def __init__(self, app, edit=None):
        # edit: index of a recorded hand whose trump is being changed.
        self.edit = edit
        if edit is not None:
            s = app.match.hands[edit].trump
        else:
            s = app.trump
        self.suit = 0 if s is None else s

    def draw(self, app):
        title = app.t(_T_TRUMP)
        if self.edit is not None:
            title = app.t(_T_EDIT) % (self.edit + 1)
        ui.title(app, title)
        y = ui.LINE + 4
        for s in range(4):
            x = s * 32 + 4
            c = 1
            if s == self.suit:
                app.p.fill_rect(x - 2, y - 2, ui.SUIT_L + 4, ui.SUIT_L + 4, 1)
                c = 0
            ui.suit(app, s, x, y, c, True)
        ui.center(app, ui.suit_name(app, self.suit), y + ui.SUIT_L + 4)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
            self.suit = ui.next_suit(self.suit, b == _DOWN)
        elif kind != _PRESS:
            return False
        elif b == _BACK:
            app.pop()
        elif b == _OK:
            if self.edit is None:
                app.set_trump(self.suit)
                app.replace(app.hand_entry())
            else:
                from tanteador.rules import RulesError

                before = app.match.cursor
                try:
                    app.match.edit(self.edit, trump=self.suit)
                except RulesError as e:
                    # The trump cycle fixes every hand's trump: said, nothing changed.
                    from tanteador.screens.fields import reason

                    app.pop()
                    app.notice(reason(e.code))
                    return
                app.pop()
                app.keep(before)
