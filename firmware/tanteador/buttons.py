"""Button events from raw levels: debounce, short/long press, auto-repeat.

Pure logic: ``Buttons.update(levels, now_ms)`` is called every poll with the
four pressed/released levels and the time, and returns the events that
became due. Nothing here reads a pin or a clock, so tests feed it bouncing
edges directly.

Events are tuples ``(button, kind, n)``; ``n`` counts the repeats (1, 2, ...)
of a held UP/DOWN so screens can speed up, and is 0 otherwise.
"""

from micropython import const

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)

PRESS = const(0)
LONG = const(1)
REPEAT = const(2)

DEBOUNCE_MS = const(20)
REPEAT_DELAY_MS = const(400)
REPEAT_EVERY_MS = const(120)
LONG_MS = const(600)

_N = const(4)


class Buttons:
    """Debouncer and gesture recogniser for the four buttons.

    Call ``update`` often (every few ms): a level change is only accepted
    after it has stayed put for DEBOUNCE_MS, which needs polls to notice.
    Hold times are measured from the moment the contact settled, not from
    the poll that accepted it, so the poll rate does not skew them.
    """

    def __init__(self):
        self._raw = [False] * _N      # last level seen
        self._since = [0] * _N        # when the last level change was seen
        self._down = [False] * _N     # accepted (debounced) level
        self._t0 = [0] * _N           # when the accepted press settled
        self._due = [0] * _N          # next REPEAT (UP/DOWN) or LONG (OK/BACK)
        self._n = [0] * _N            # repeats so far / 1 once LONG was sent
        self._events = []

    def update(self, levels, now_ms):
        """Feed the levels (True = pressed) seen at ``now_ms``; return events."""
        ev = self._events
        ev.clear()
        for b in range(_N):
            lv = bool(levels[b])
            if lv != self._raw[b]:
                self._raw[b] = lv
                self._since[b] = now_ms
            if lv != self._down[b] and now_ms - self._since[b] >= DEBOUNCE_MS:
                if lv:
                    self._press(b, ev)
                else:
                    self._release(b, ev)
            elif self._down[b] and lv:
                self._held(b, now_ms, ev)
        return ev

    def _press(self, b, ev):
        self._down[b] = True
        t = self._since[b]
        self._t0[b] = t
        self._n[b] = 0
        if b <= DOWN:
            ev.append((b, PRESS, 0))
            self._due[b] = t + REPEAT_DELAY_MS
        else:
            self._due[b] = t + LONG_MS

    def _release(self, b, ev):
        self._down[b] = False
        if b <= DOWN or self._n[b]:
            return
        # A hold that reached LONG_MS between two polls is still a long press.
        if self._since[b] - self._t0[b] >= LONG_MS:
            ev.append((b, LONG, 0))
        else:
            ev.append((b, PRESS, 0))

    def _held(self, b, now_ms, ev):
        if now_ms - self._due[b] < 0:
            return
        if b <= DOWN:
            self._n[b] += 1
            ev.append((b, REPEAT, self._n[b]))
            # One repeat per poll: a late poll must not burst several steps.
            due = self._due[b] + REPEAT_EVERY_MS
            self._due[b] = due if now_ms - due < 0 else now_ms + REPEAT_EVERY_MS
        elif not self._n[b]:
            self._n[b] = 1
            ev.append((b, LONG, 0))
