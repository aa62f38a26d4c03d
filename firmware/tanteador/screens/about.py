"""About: version and free memory."""

from tanteador import VERSION, i18n
from tanteador.buttons import BACK, OK, PRESS
from tanteador.screens import ui


class About:
    NAME = "about"

    def draw(self, fb, app):
        ui.title(fb, app, app.t(i18n.ABOUT))
        y = ui.LINE + 3
        ui.text(fb, app, 0, y, "Tanteador")
        ui.right(fb, app, y, app.board.name)
        y += ui.LINE
        ui.text(fb, app, 0, y, app.t(i18n.VERSION))
        ui.right(fb, app, y, VERSION)
        y += ui.LINE
        free = app.board.mem_free()
        ui.text(fb, app, 0, y, app.t(i18n.FREE_MEM))
        ui.right(fb, app, y, "-" if free is None else "%d" % free)

    def handle(self, ev, app):
        if ev[1] != PRESS or ev[0] not in (OK, BACK):
            return False
        app.pop()
