"""History: the recorded hands, newest last; OK opens one to edit it.

A row: the hand's number and trump, then its points and winner; in
Briscola chiamata the caller and partner (or the caller alone), the points
of the caller's side over the bid, and the caller's score.
"""

from micropython import const

from tanteador.draw import SMALL
from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_VOID = const(32)
_T_HISTORY = const(40)
_T_NO_HANDS = const(41)
_T_ALONE_SHORT = const(110)

_ROWS = 4  # rows of LINE px below the title: 4 fit in 64 px
# Room kept for a chiamata row's second name (two letters and an ellipsis).
_KEEP = const(14)
# Between a row's points and its winner.
_SPACE = const(6)


class History:
    NAME = "history"

    def __init__(self, app):
        n = len(app.match.hands)
        self.sel = n - 1 if n else 0
        self.seam = 0

    def draw(self, app):
        hands = app.match.hands
        ui.title(app, app.t(_T_HISTORY))
        if not hands:
            ui.center(app, app.t(_T_NO_HANDS), 28)
            return
        top = min(max(0, self.sel - _ROWS + 1), max(0, len(hands) - _ROWS))
        if self.sel < top:
            top = self.sel
        y0 = ui.TITLE_H + 1
        spots = ui.lay(app, len(hands), self.sel, _ROWS, self.seam, y0)
        for j in range(min(len(hands), _ROWS)):
            if spots:
                i, y = spots[j]
            else:
                i = top + j
                y = y0 + j * ui.LINE
            h = hands[i]
            inv = i == self.sel
            c = 0 if inv else 1
            if inv:
                app.p.bar(y)
            app.p.text("%d" % h.number, 1, y, c)
            if h.trump is not None:
                ui.suit(app, h.trump, 16, y + 1, c)
            if app.match.chiamata:
                _call(app, h, y, c)
            else:
                x = 32 + app.p.text("-".join(["%d" % p for p in h.points]), 32, y, c)
                w = app.t(_T_VOID) if h.winner is None else app.side_name(h.winner)
                # The winner takes all the room the points leave.
                app.p.right(ui.fit(w, ui.WIDTH - 1 - x - _SPACE), ui.WIDTH - 1, y, c)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        n = len(app.match.hands)
        if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
            if not n:
                return False
            ui.step(self, n, 1 if b == _DOWN else -1, kind == _REPEAT)
        elif kind != _PRESS:
            return False
        elif b == _BACK:
            app.pop()
            # A save made here (an edit) named this screen: a restart would open it again.
            app.save_soon()
        elif b == _OK and n:
            from tanteador.screens.handedit import HandEdit

            app.push(HandEdit(self.sel))
        else:
            return False


def _call(app, h, y, c):
    """A chiamata hand's row from x 29: "Ana/Dani 75/70 +2" (caller/partner,
    points/bid, the caller's score), or "Ana alone" when the caller played
    alone; the names take what room the figures leave, the caller's first."""
    caller, partner, bid, points = h.entry
    x = app.p.right("%+d" % h.points[caller], ui.WIDTH - 1, y, c)
    x = app.p.right("%d/%d" % (points, bid), x - 4, y, c)
    room = x - 4 - 29
    a = app.seat_name(caller)
    if partner == caller:
        sep = " "
        b = app.t(_T_ALONE_SHORT)
    else:
        sep = "/"
        b = app.seat_name(partner)
    # The glyph spacing before and after the separator.
    avail = room - ui.width(sep) - 2 * SMALL[2]
    wa, wb = ui.width(a), ui.width(b)
    if wa + wb > avail:
        # The caller's name first, as much as leaves the other a few letters.
        a = ui.fit(a, avail - min(wb, _KEEP))
        b = ui.fit(b, avail - ui.width(a))
    s = a + sep + b
    app.p.text(s, 29, y, c)
