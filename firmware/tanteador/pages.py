"""Which 8-row pages of the frame changed since the last one sent to the OLED.

A full frame is 1,037 bytes on I2C, about 25 ms at 400 kHz; a value change
on the entry touches two or three of the eight pages. The boards send only
the pages that changed, in runs of neighbouring pages.
"""

from micropython import const

ALL = const(0xFF)


class PageDiff:
    """Remembers the pages last sent of the MONO_VLSB frame ``buf``."""

    def __init__(self, buf, width=128):
        self.buf = buf
        self.width = width
        self.sent = [None] * (len(buf) // width)

    def changed(self):
        """Bit mask of the pages that differ from the last ones sent; they count as sent now."""
        buf = self.buf
        w = self.width
        sent = self.sent
        mask = 0
        for p in range(len(sent)):
            a = p * w
            cur = buf[a:a + w]
            if cur != sent[p]:
                sent[p] = cur
                mask |= 1 << p
        return mask

    def forget(self):
        """The panel's memory is unknown (a failed write): send every page next time."""
        for p in range(len(self.sent)):
            self.sent[p] = None


def runs(mask):
    """(first, last) page of each run of neighbouring set bits in ``mask``, lowest first."""
    out = []
    p = 0
    while mask >> p:
        if mask >> p & 1:
            q = p
            while mask >> (q + 1) & 1:
                q += 1
            out.append((p, q))
            p = q + 1
        else:
            p += 1
    return out
