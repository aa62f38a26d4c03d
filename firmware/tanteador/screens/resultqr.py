"""The result code of an event's match: a QR code to scan, the same to type.

The symbol sits in a lit square on the left (dark modules on light, as a
phone's camera expects), 2 pixels a module with a quiet zone round it; the
right half names the table and round and gives the code in six groups of
four (resultcode.py). The encoder is imported here, when the code is
asked for, and the modules are worked out once. Any press goes back and
unloads them (app.sweep).
"""

from tanteador import resultcode
from tanteador.buttons import PRESS
from tanteador.screens import ui

_MODULE = 2
_BOX = 64  # the lit square: the whole height of the screen


class ResultQR:
    NAME = "resultqr"

    def __init__(self, app):
        from tanteador import qrcode

        m = app.match
        self.size = qrcode.SIZE
        self.grid = qrcode.matrix(resultcode.qr_text(m))
        self.code = resultcode.base32(resultcode.payload(m))
        self.label = "T%d R%d" % m.event[:2]

    def draw(self, app):
        p = app.p
        p.fill_rect(0, 0, _BOX, _BOX, 1)
        off = (_BOX - self.size * _MODULE) // 2
        n = self.size
        g = self.grid
        for y in range(n):
            for x in range(n):
                if g[y * n + x]:
                    p.fill_rect(off + x * _MODULE, off + y * _MODULE, _MODULE, _MODULE, 0)
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
        app.sweep()
