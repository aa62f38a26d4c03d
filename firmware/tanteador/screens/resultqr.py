"""The result code of an event's match: a QR code to scan, the same to type.

The symbol sits in a lit square on the left (dark modules on light, as a
phone's camera expects), 2 pixels a module with a quiet zone round it; the
right half names the table and round and gives the code in groups of four,
two to a row (resultcode.py): six groups for two sides, six to eight for a
table of three or a chiamata table at the usual goals. A code of five rows
(a long chiamata with high scores: up to 40 characters at a table of five
numbered up to 255) takes the label's row. The press is answered at once
with the code to type and the empty square: the encoder (imported here,
when the code is asked for) takes over half a second on a Pico to choose
its mask, so it runs at the next tick, once that frame is out, and the
symbol follows. Any press goes back and unloads them (app.unload_unused).
"""

from micropython import const

from tanteador import resultcode
from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_PRESS = const(0)

_MODULE = 2
_BOX = 64  # the lit square: the whole height of the screen


class ResultQR:
    NAME = "resultqr"

    def __init__(self, app):
        m = app.match
        self.grid = None
        self.drawn = False
        self.code = resultcode.typed(m)
        self.label = "T%d R%d" % m.event[:2]

    def tick(self, app, now_ms):
        if self.grid is None and self.drawn:
            from tanteador import qrcode

            g = qrcode.matrix(resultcode.qr_text(app.match, self.code))
            self.size = qrcode.side(g)
            self.grid = g
            app.redraw()

    def draw(self, app):
        p = app.p
        p.fill_rect(0, 0, _BOX, _BOX, 1)
        g = self.grid
        if g is not None:
            n = self.size
            off = (_BOX - n * _MODULE) // 2
            for y in range(n):
                row = g[y]
                for x in range(n):
                    if row[x]:
                        p.fill_rect(off + x * _MODULE, off + y * _MODULE, _MODULE, _MODULE, 0)
        self.drawn = True
        cx = _BOX + (ui.WIDTH - _BOX) // 2
        c = self.code
        rows = (len(c) + 7) // 8
        y = 16
        if rows > 4:
            y = 2
        else:
            ui.center(app, self.label, 1, cx)
        for row in range(rows):
            ui.center(app, (c[row * 8:row * 8 + 4] + " " + c[row * 8 + 4:row * 8 + 8]).strip(),
                      y + row * ui.LINE, cx)

    def handle(self, ev, app):
        if ev[1] != _PRESS:
            return False
        app.pop()
        # The encoder, the code and this screen leave the heap to the next match.
        app.unload_unused()
