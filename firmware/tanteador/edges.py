"""Button edges captured apart from the app: a ring allocated once.

On the Pico a pin interrupt pushes every level change of a button with its
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

SIZE = const(64)
_W = const(0)    # next slot to write
_R = const(1)    # next slot to read
_LOST = const(2)


class EdgeRing:
    """(button, pressed, t_ms) edges, oldest first; ``push`` is interrupt-safe."""

    def __init__(self, size=SIZE):
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
