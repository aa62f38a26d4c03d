"""PCBoard: what the host board and the web board share of the board contract.

The contract itself is written in firmware/tanteador/board.py, beside the
Pico's board. Both PC boards keep the buttons as levels plus the same edge
ring the Pico's pin interrupts fill, draw into a plain 128x64 MONO_VLSB
buffer, and read their clock from ``now``, which their driver (a script,
the keyboard, the page's timer) moves on.

This module runs on CPython, on the MicroPython unix port (this folder on
MICROPYPATH) and on the WebAssembly port in the page, where ``tanteador
web`` bundles it as a top-level module beside ``webboard``.
"""

import framebuf

from tanteador.buttons import EdgeRing
from tanteador.pages import PageDiff

WIDTH = 128
HEIGHT = 64


class PCBoard:
    """The board contract without pins: levels, an edge ring, a framebuffer, a clock in ``now``."""

    def __init__(self, fs, now=0):
        self.fs = fs
        self.ring = EdgeRing()
        self.buffer = bytearray(WIDTH * HEIGHT // 8)
        self._diff = PageDiff(self.buffer, WIDTH)
        self.display = framebuf.FrameBuffer(self.buffer, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.levels = [False, False, False, False]
        self.now = now
        self.contrast_level = 255
        self.powered = True
        self.freq = 0

    def buttons(self):
        """Levels of UP, DOWN, OK, BACK; True = pressed."""
        return tuple(self.levels)

    def take_edges(self, sink):
        """Call ``sink(button, pressed, t_ms)`` for each edge since the last call, in order."""
        self.ring.take(sink)

    @property
    def edge_overflows(self):
        """Edges lost because the ring was full."""
        return self.ring.overflows

    def ticks_ms(self):
        """The driver's clock: whatever it last set ``now`` to."""
        return self.now

    @property
    def frame(self):
        """The frame last shown: what the OLED would show now (the pages sent, joined)."""
        sent = self._diff.sent
        if not sent[0]:
            return bytes(len(self.buffer))
        # The pages are views of the diff's copies: MicroPython joins bytes alone.
        return b"".join([bytes(p) for p in sent])

    def seed(self, n):
        """Make the app's random draws (first dealer, seats) repeat for the same n, as ``sim --seed``."""
        from tanteador.app import seeded_rand

        self.rand_below = seeded_rand(n)
