"""One recorded hand opened from the history: change its points (in
chiamata, its call) or its trump."""

from micropython import const

from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_TRUMP = const(29)
_T_POINTS = const(30)
_T_EDIT = const(42)
_T_ALONE = const(97)


def _call(app, entry):
    """The row of a chiamata hand's call: caller/partner (or caller "alone"),
    then the points of the caller's side over the bid, as the history has them."""
    c, p, bid, pts = entry
    who = app.seat_name(c)
    who += " " + app.t(_T_ALONE) if p == c else "/" + app.seat_name(p)
    return who, "%d/%d" % (pts, bid)


class HandEdit:
    NAME = "handedit"

    def __init__(self, index):
        self.index = index
        self.sel = 0
        self.seam = 0

    def draw(self, app):
        h = app.match.hands[self.index]
        ui.title(app, app.t(_T_EDIT) % h.number)
        if app.match.chiamata:
            first = _call(app, h.entry)
        else:
            first = (app.t(_T_POINTS), "-".join(["%d" % p for p in h.points]))
        rows = [first, (app.t(_T_TRUMP), "" if h.trump is None else ui.suit_name(app, h.trump))]
        ui.rows(app, rows, self.sel, ui.LINE + 4, 2, seam=self.seam)
        from tanteador.screens.outcome import hand_outcome

        ui.center(app, ui.fit(hand_outcome(app, h), ui.WIDTH), ui.HEIGHT - ui.LINE)

    def handle(self, ev, app):
        b = ev[0]
        if ev[1] != _PRESS:
            return False
        if b in (_UP, _DOWN):
            ui.step(self, 2, 1 if b == _DOWN else -1, False)
        elif b == _BACK:
            app.pop()
        elif b == _OK:
            if self.sel == 0:
                app.push(app.hand_entry(self.index))
            else:
                from tanteador.screens.trump import Trump

                app.push(Trump(app, edit=self.index))
