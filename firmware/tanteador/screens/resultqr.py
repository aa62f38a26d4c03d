"""The result code of an event's match: a QR code to scan, the same to type.

The symbol sits in a lit square on the left (dark modules on light, as a
phone's camera expects), 2 pixels a module with a quiet zone round it; the
right half names the table and round and gives the code in six groups of
four (resultcode.py). The press is answered at once with the code to type
and the empty square: the encoder (imported here, when the code is asked
for) takes over half a second on a Pico to choose its mask, so it runs at
the next tick, once that frame is out, and the symbol follows. Any press
goes back and unloads them (app.unload_unused).
"""

from tanteador import resultcode
from tanteador.buttons import PRESS
from tanteador.screens import ui

_MODULE = 2
_BOX = 64  # the lit square: the whole height of the screen


class ResultQR:
    NAME = "resultqr"

    def __init__(self, app):
        m = app.match
        self.grid = None
        self.drawn = False
        self.code = resultcode.base32(resultcode.payload(m))
        self.label = "T%d R%d" % m.event[:2]

    def tick(self, app, now_ms):
        if self.grid is None and self.drawn:
            from tanteador import qrcode

            self.size = qrcode.SIZE
            self.grid = qrcode.matrix(resultcode.qr_text(app.match, self.code))
            app.redraw()

    def draw(self, app):
        p = app.p
        p.fill_rect(0, 0, _BOX, _BOX, 1)
        g = self.grid
        if g is not None:
            n = self.size
            off = (_BOX - n * _MODULE) // 2
            for y in range(n):
                for x in range(n):
                    if g[y * n + x]:
                        p.fill_rect(off + x * _MODULE, off + y * _MODULE, _MODULE, _MODULE, 0)
        self.drawn = True
        cx = _BOX + (ui.WIDTH - _BOX) // 2
        ui.center(app, self.label, 1, cx)
        c = self.code
        for row in range(3):
            ui.center(app, c[row * 8:row * 8 + 4] + " " + c[row * 8 + 4:row * 8 + 8], 16 + row * ui.LINE, cx)

    def handle(self, ev, app):
        if ev[1] != PRESS:
            return False
        app.pop()
        # The encoder, the code and this screen leave the heap to the next match.
        app.unload_unused()
