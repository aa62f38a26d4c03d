"""A HostBoard on the interpreter's own clock, for boardbench off the board.

boardbench plays its script in real time through the ring the Pico's Board
keeps as ``_ring``, stamped with ``time.ticks_ms`` as its pin interrupt
stamps edges; this stand-in does the same on MicroPython's unix port.
"""

import time

from hostboard import HostBoard


class Board(HostBoard):
    """HostBoard whose clock is ``time.ticks_ms`` since it was made."""

    def __init__(self, folder):
        HostBoard.__init__(self, folder)
        self._ring = self.ring
        self._t0 = time.ticks_ms()

    def ticks_ms(self):
        return time.ticks_diff(time.ticks_ms(), self._t0)

    def take_edges(self, sink):
        t0 = self._t0
        self._ring.take(lambda b, pressed, t: sink(b, pressed, time.ticks_diff(t, t0)))
