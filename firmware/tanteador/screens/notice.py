"""A short message over the current screen: resumed, damaged save, save failed.

Any press closes it. UP and DOWN act on the screen below as well (the
DOWN that sets the trump over "Remove the four 2s" sets it): what they
change is in sight once the notice is gone. OK and BACK, which move on or
leave, only close it: nobody confirms what a notice was hiding.
"""

from micropython import const

from tanteador import draw as D

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)


class Notice:
    NAME = "notice"

    def __init__(self, sid, arg, ms, now_ms):
        self.sid = sid
        self.arg = arg
        # ms == 0: stays until a button is pressed.
        self.until = now_ms + ms if ms else None

    def draw(self, app):
        s = app.t(self.sid)
        if self.arg is not None:
            s = s % self.arg
        app.p.rect(0, 8, D.WIDTH, 48, 1)
        # Through the Painter alone: the first frame of a reset is this
        # notice, and the screens' helpers (ui) load after it.
        app.p.lines(s, 14, 120)

    def handle(self, ev, app):
        app.pop()
        below = app.screen
        if ev[0] in (_UP, _DOWN) and below.NAME != "notice":
            below.handle(ev, app)

    def tick(self, app, now_ms):
        if self.until is not None and now_ms - self.until >= 0:
            app.pop()
