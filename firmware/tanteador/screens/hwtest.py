"""Button test: the four buttons as on the case, lit while held, the last event named.

For the first boot of a freshly built device. Each event beeps (a tone per
button) so the buzzer is tested too; a frame round the panel edge shows the
whole glass is driven. Holding BACK fills a bar; the long press leaves.
"""

from micropython import const

from tanteador import config
from tanteador.buttons import LONG_MS
from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_BACK = const(3)
_LONG = const(1)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_HWTEST = const(48)
_T_HOLD_BACK = const(82)

_BOX_W = const(44)
_BOX_H = const(14)
# UP/DOWN under the left thumb, OK/BACK under the right, as on the case.
_POS = ((3, 15), (3, 33), (81, 15), (81, 33))
_TONES = (880, 660, 1320, 440)
_BEEP_MS = const(60)


class HwTest:
    NAME = "hwtest"

    def __init__(self):
        self.levels = (False, False, False, False)
        self.last = None
        self.count = 0
        self.back_at = None
        self.now = 0
        self.beep_until = None

    def draw(self, app):
        p = app.p
        p.rect(0, 0, ui.WIDTH, ui.HEIGHT)
        ui.title(app, app.t(_T_HWTEST))
        last = self.last[0] if self.last is not None else -1
        for i in range(4):
            x, y = _POS[i]
            held = self.levels[i]
            if held:
                p.bar(y, _BOX_H, x, _BOX_W)
            else:
                p.rect(x, y, _BOX_W, _BOX_H)
                if i == last:
                    p.rect(x + 1, y + 1, _BOX_W - 2, _BOX_H - 2)
            p.center(config.BUTTON_NAMES[i], y + 1, 0 if held else 1, x=x, w=_BOX_W)
        if self.back_at is not None:
            p.progress(50, 37, 28, 6, self.now - self.back_at, LONG_MS)
        if self.last is not None:
            b, kind, n = self.last
            s = config.BUTTON_NAMES[b]
            if kind == _LONG:
                s += " LONG"
            elif kind == _REPEAT:
                s += " x%d" % n
            ui.center(app, "%s  #%d" % (s, self.count), 50)
        else:
            ui.center(app, ui.fit(app.t(_T_HOLD_BACK), 124), 50)

    def handle(self, ev, app):
        if ev[0] == _BACK and ev[1] == _LONG:
            app.tone(0)
            app.pop()
            return
        self.last = ev
        self.count += 1
        app.tone(_TONES[ev[0]])
        self.beep_until = self.now + _BEEP_MS

    def tick(self, app, now_ms):
        self.now = now_ms
        levels = app.levels()
        if levels != self.levels:
            if levels[_BACK] and not self.levels[_BACK]:
                self.back_at = now_ms
            elif not levels[_BACK]:
                self.back_at = None
            self.levels = levels
            app.redraw()
        if self.back_at is not None:
            app.redraw()
        if self.beep_until is not None and now_ms - self.beep_until >= 0:
            app.tone(0)
            self.beep_until = None
