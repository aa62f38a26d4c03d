"""About: version and free memory."""

from micropython import const

from tanteador import VERSION
from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_ABOUT = const(49)
_T_VERSION = const(56)
_T_FREE_MEM = const(57)


class About:
    NAME = "about"

    def draw(self, app):
        name, free = app.about()
        ui.title(app, app.t(_T_ABOUT))
        y = ui.LINE + 3
        app.p.text("Tanteador", 0, y)
        app.p.right(name, ui.WIDTH, y)
        y += ui.LINE
        app.p.text(app.t(_T_VERSION), 0, y)
        app.p.right(VERSION, ui.WIDTH, y)
        y += ui.LINE
        app.p.text(app.t(_T_FREE_MEM), 0, y)
        app.p.right("-" if free is None else "%d" % free, ui.WIDTH, y)

    def handle(self, ev, app):
        if ev[1] != _PRESS or ev[0] not in (_OK, _BACK):
            return False
        app.pop()
