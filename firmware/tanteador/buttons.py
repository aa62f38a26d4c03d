"""Button input: the ring of captured edges, and the events made of them
(debounce, short/long press, auto-repeat).

Pure logic, fed in two ways that can be mixed: ``edge(button, pressed, t)``
takes one level change captured with its own time (the edge ring
below), and ``update(levels, now_ms)`` takes the levels read at
``now_ms`` (a change there counts as an edge at ``now_ms``) and returns the
events that became due. Debounce and hold times are measured from the
edges' times, so a press is judged by when it happened, not by when the app
got round to looking. Nothing here reads a pin or a clock, so tests feed it
bouncing edges directly.

A press acts on its first edge: the debounce is a lockout, not a wait.
Once a button's level is accepted, its edges in the next DEBOUNCE_MS are
bounces and are ignored; a level that differs when the lockout ends (a
release inside it, say) is accepted then. So a press is answered without
waiting for the contact to settle, and a chattering contact still gives one
press.

Events are tuples ``(button, kind, n)``; ``n`` counts the repeats (1, 2, ...)
of a held UP/DOWN so screens can speed up, and is 0 otherwise. The screens
fold the buttons' and kinds' numbers as private constants (``_OK``,
``_PRESS``...: an imported name is a heap entry in each module on the
device); tests/engine/test_folded_ids.py holds them to these.

The edges are captured apart from the app, in a ring allocated once
(``EdgeRing``): on the Pico a pin interrupt pushes every level change of a button with its
time, while the app may be drawing, saving or importing; the app then takes
the edges in order at its next poll (``Buttons.edge``). A tap that starts
and ends during a slow redraw is therefore still seen, with its real times.

``push`` allocates nothing, so it may run in a hard interrupt. When the
ring is full the newest edge is dropped and counted in ``overflows``; the
app also compares the levels it reads at each poll with the last edge it
took, so a dropped edge cannot leave a button stuck.
"""

from array import array

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

    A level change is accepted at its first edge unless the button is
    locked out (DEBOUNCE_MS after its last accepted change); one made during
    the lockout is accepted when the lockout ends, judged at the next edge
    or ``update``. Hold times are measured from the accepted changes.
    """

    def __init__(self):
        self._raw = [False] * _N      # last level seen
        self._since = [0] * _N        # when the last level change was seen
        self._down = [False] * _N     # accepted (debounced) level
        # When the accepted level last changed: edges before this plus
        # DEBOUNCE_MS are bounces. Far enough back that the first edge acts.
        self._acc = [-DEBOUNCE_MS] * _N
        self._t0 = [0] * _N           # when the accepted press settled
        self._due = [0] * _N          # next REPEAT (UP/DOWN) or LONG (OK/BACK)
        self._n = [0] * _N            # repeats so far / 1 once LONG was sent
        # Events due so far, and the list handed out by the last update
        # (two lists swapped, so a poll allocates none).
        self._events = []
        self._spare = []

    def edge(self, b, pressed, t):
        """Button ``b`` changed to ``pressed`` at ``t`` ms (events wait for ``update``).

        Every button is judged at ``t`` first, so the events keep the order
        in which the presses happened.
        """
        ev = self._events
        for c in range(_N):
            self._settle(c, t, ev)
        lv = bool(pressed)
        if lv != self._raw[b]:
            self._raw[b] = lv
            self._since[b] = t
            self._settle(b, t, ev)

    def update(self, levels, now_ms):
        """Feed the levels (True = pressed) seen at ``now_ms``; return the events due.

        The list returned is reused by the next call but one.
        """
        for b in range(_N):
            lv = bool(levels[b])
            if lv != self._raw[b]:
                self.edge(b, lv, now_ms)
        ev = self._events
        for b in range(_N):
            self._settle(b, now_ms, ev)
        self._events = self._spare
        self._events.clear()
        self._spare = ev
        return ev

    def due(self, now_ms):
        """Milliseconds from ``now_ms`` until ``update`` may next have an event (0: now), or None.

        A level change made during a lockout is accepted when the lockout
        ends, a held UP/DOWN repeats and a held OK/BACK turns long at known
        times: a loop that sleeps no longer than this acts on each in time.
        """
        best = None
        for b in range(_N):
            if self._raw[b] != self._down[b]:
                t = self._acc[b] + DEBOUNCE_MS
            elif self._down[b] and (b <= DOWN or not self._n[b]):
                t = self._due[b]
            else:
                continue
            if best is None or t - now_ms < best:
                best = t - now_ms
        return None if best is None else max(0, best)

    def _settle(self, b, t, ev):
        """Accept the level of ``b`` if its lockout is over by ``t``; long/repeat due."""
        lv = self._raw[b]
        if lv != self._down[b]:
            free = self._acc[b] + DEBOUNCE_MS
            if t - free >= 0:
                # Accepted when it happened, or when the lockout ended if later.
                at = self._since[b]
                if at - free < 0:
                    at = free
                self._acc[b] = at
                if lv:
                    self._press(b, at, ev)
                    self._held(b, t, ev)
                else:
                    self._release(b, at, ev)
        elif lv:
            self._held(b, t, ev)

    def _press(self, b, t, ev):
        self._down[b] = True
        self._t0[b] = t
        self._n[b] = 0
        if b <= DOWN:
            ev.append((b, PRESS, 0))
            self._due[b] = t + REPEAT_DELAY_MS
        else:
            self._due[b] = t + LONG_MS

    def _release(self, b, t, ev):
        self._down[b] = False
        if b <= DOWN or self._n[b]:
            return
        # A hold that reached LONG_MS between two looks is still a long press.
        if t - self._t0[b] >= LONG_MS:
            ev.append((b, LONG, 0))
        else:
            ev.append((b, PRESS, 0))

    def _held(self, b, now_ms, ev):
        if now_ms - self._due[b] < 0:
            return
        if b <= DOWN:
            self._n[b] += 1
            ev.append((b, REPEAT, self._n[b]))
            # One repeat per look: a late one must not burst several steps.
            due = self._due[b] + REPEAT_EVERY_MS
            self._due[b] = due if now_ms - due < 0 else now_ms + REPEAT_EVERY_MS
        elif not self._n[b]:
            self._n[b] = 1
            ev.append((b, LONG, 0))


RING_SIZE = const(64)
_W = const(0)    # next slot to write
_R = const(1)    # next slot to read
_LOST = const(2)


class EdgeRing:
    """(button, pressed, t_ms) edges, oldest first; ``push`` is interrupt-safe."""

    def __init__(self, size=RING_SIZE):
        self.size = size
        self.t = array("i", [0] * size)
        self.b = bytearray(size)
        self.last = bytearray(4)      # last level pushed per button
        self.at = array("i", [0, 0, 0])

    def push(self, button, pressed, t_ms):
        """Add one edge; a level equal to the last one pushed is a bounce already seen."""
        lv = 1 if pressed else 0
        if self.last[button] == lv:
            return
        at = self.at
        w = at[_W]
        nxt = w + 1
        if nxt == self.size:
            nxt = 0
        if nxt == at[_R]:
            at[_LOST] += 1
            return
        self.last[button] = lv
        self.b[w] = button | (lv << 2)
        self.t[w] = t_ms
        at[_W] = nxt

    def take(self, sink):
        """Call ``sink(button, pressed, t_ms)`` for every edge waiting, in order."""
        at = self.at
        r = at[_R]
        while r != at[_W]:
            v = self.b[r]
            sink(v & 3, v >> 2, self.t[r])
            r += 1
            if r == self.size:
                r = 0
            at[_R] = r

    def waiting(self):
        """Edges pushed and not yet taken."""
        at = self.at
        return (at[_W] - at[_R]) % self.size

    @property
    def overflows(self):
        """Edges dropped because the ring was full (0 in a healthy device)."""
        return self.at[_LOST]
