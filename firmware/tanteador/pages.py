"""What part of the frame changed since the last one sent to the OLED.

A full frame is 1,037 bytes on I2C, about 25 ms at 400 kHz. A value change
on the entry touches four or five of the eight 8-row pages, and in them only
the columns of the two numbers (and of the last line when its text changes):
about 150 bytes. The boards send the changed pages (``changed`` -> mask of
pages) and, on an SSD1306, only the changed columns of them: ``windows``
are rectangles of columns x pages that cover every changed byte, each sent
as a column and page window (commands 0x21 and 0x22) and its bytes.
"""

from micropython import const

# What a window costs besides its bytes: its command write (address, control
# byte, 0x21 c0 c1 0x22 p0 p1), the data write's address and control bytes,
# and the Python work of two more writes (about as long as 8 bytes on the bus).
WINDOW_COST = const(18)
# Unchanged bytes in a row that are cheaper to skip with a window of their own.
_GAP = const(16)
_NUL = b"\0"
_GAP_BYTES = bytes(_GAP)


def spans(x):
    """(first, last) of each run of non-zero bytes in ``x``, runs closer than a gap joined."""
    end = len(x.rstrip(_NUL))
    i = len(x) - len(x.lstrip(_NUL))
    out = []
    while i < end:
        j = x.find(_GAP_BYTES, i, end)
        if j < 0:
            out.append((i, end - 1))
            break
        out.append((i, j - 1))
        rest = x[j + _GAP:end]
        i = end - len(rest.lstrip(_NUL))
    return out


def changed_bytes(old, new):
    """``new`` XOR ``old`` as bytes (zero where a byte is unchanged); every byte when ``old`` is empty (unknown)."""
    n = len(new)
    if not old:
        return b"\1" * n
    return (int.from_bytes(new, "little") ^ int.from_bytes(old, "little")).to_bytes(n, "little")


class PageDiff:
    """Remembers the pages last sent of the MONO_VLSB frame ``buf``."""

    # Bytes while a page is unknown or blank, then a view of its copy.
    sent: list

    def __init__(self, buf, width=128):
        self.buf = buf
        self.width = width
        # Each page as last sent; empty while the panel's is unknown.
        self.sent = [b""] * (len(buf) // width)
        # Where a page sent is copied: a new 128-byte object for each page
        # sent cost more than the copy on the lab's RP2040 (0.2 ms, finding the room).
        copy = memoryview(bytearray(len(buf)))
        self._copies = [copy[p * width:(p + 1) * width] for p in range(len(self.sent))]
        # The rectangles (c0, c1, p0, p1) of the last changed(), inclusive.
        self.windows = []

    def changed(self):
        """Bit mask of the pages that differ from the last ones sent; they count as sent now.

        ``windows`` then holds the rectangles to send: neighbouring pages'
        changed columns share one when that costs fewer bytes than apart.
        """
        w = self.width
        sent = self.sent
        view = memoryview(self.buf)
        mask = 0
        for p in range(len(sent)):
            cur = view[p * w:(p + 1) * w]
            if cur != sent[p]:
                mask |= 1 << p
        if mask == (1 << len(sent)) - 1:
            # A new screen: the windows would cost more work than they save.
            wins = [(0, w - 1, 0, len(sent) - 1)]
        else:
            wins = self._windows(mask, view)
        for p in range(len(sent)):
            if mask >> p & 1:
                copy = self._copies[p]
                copy[:] = view[p * w:(p + 1) * w]
                sent[p] = copy
        self.windows = wins
        return mask

    def _windows(self, mask, view):
        w = self.width
        done = []
        open_ = []     # rectangles [c0, c1, p0, p1] that reach the page above
        for p in range(len(self.sent)):
            if not mask >> p & 1:
                done.extend(open_)
                open_ = []
                continue
            grown = []
            for a, b in spans(changed_bytes(self.sent[p], view[p * w:(p + 1) * w])):
                for r in open_:
                    h = r[3] - r[2] + 1
                    lo = min(a, r[0])
                    hi = max(b, r[1])
                    if (h + 1) * (hi - lo + 1) <= h * (r[1] - r[0] + 1) + b - a + 1 + WINDOW_COST:
                        open_.remove(r)
                        r[0] = lo
                        r[1] = hi
                        r[3] = p
                        grown.append(r)
                        break
                else:
                    grown.append([a, b, p, p])
            done.extend(open_)
            open_ = grown
        done.extend(open_)
        return [(r[0], r[1], r[2], r[3]) for r in done]

    def forget(self):
        """The panel's memory is unknown (a failed write): send every page next time."""
        for p in range(len(self.sent)):
            self.sent[p] = b""


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
