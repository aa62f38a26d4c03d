"""The stand-in for an OLED that did not answer at boot (board.py says why on the console).

A module of its own: a board whose display answers never loads it.
"""

import framebuf


class NoDisplay(framebuf.FrameBuffer):
    """Stands in for an OLED that did not answer: draws into RAM, shows nothing."""

    def __init__(self, width, height):
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)

    def show(self):
        """Nothing to show on."""

    def contrast(self, contrast):
        """Nothing to dim."""

    def poweroff(self):
        """Nothing to switch off."""

    def poweron(self):
        """Nothing to switch on."""

    def invert(self, invert):
        """Nothing to invert."""
