"""What things cost on the Pico, for a host board that should feel like one.

The host board charges these times to its clock, so a press made while the
device would still be busy arrives while the app is busy, exactly as on
the device; the simulator, the tests and the bench share the one model.

Figures:

- the OLED: the SSD1306 board sends the changed columns of the changed
  pages as windows (tanteador.pages): each is a command write (control
  byte, 0x21 c0 c1 0x22 p0 p1) and a data write (control byte, its bytes);
  a new screen is one window of 1,032 bytes. Bytes are counted as the lab
  counts them (without the address byte of each write): on the emulated
  RP2040 at 400 kHz the 1,025-byte data write took 24.3 ms and a command
  write 0.165 ms, 23.7 us a byte either way (24.6 ms for the 1,037 bytes
  of micropython-lib's whole-frame show);
- the flash: every file written erases at least one 4 KB block of the
  Pico's QSPI flash before programming it (W25Q16JV datasheet: 45 ms a
  sector erase, 0.4 ms a 256-byte page), plus littlefs's metadata commit on
  the rename;
- Python work: ``draw_ms`` per frame drawn, 0 unless a test or the user
  asks for it; the bench measures the real figures in reference loops
  (152 ms each on a Pico).
"""

FRAME_BYTES = 1037
FRAME_US = 24600
BUS_HZ = 400000
# Bytes a window costs besides its own: its command write and its data write's control byte.
WINDOW_HEAD = 8
# Python work per frame on the Pico for a value change on the entry, the
# simulator's default: measured on the emulated RP2040, 37 ms from the press
# edge to the last byte, less the 20 ms debounce the press then waited and
# 3.6 ms of bus.
DRAW_MS = 14
ERASE_US = 45000
PAGE_US = 400
RENAME_US = 3000


def window_bytes(windows):
    """Bytes on the I2C bus to send the rectangles ``windows`` (c0, c1, p0, p1) of a frame."""
    n = 0
    for c0, c1, p0, p1 in windows:
        n += WINDOW_HEAD + (c1 - c0 + 1) * (p1 - p0 + 1)
    return n


def bus_us(nbytes, bus_hz=BUS_HZ):
    """Microseconds to send ``nbytes`` on I2C at ``bus_hz`` (at the measured rate per byte)."""
    return nbytes * FRAME_US * BUS_HZ // (FRAME_BYTES * bus_hz)


def write_us(nbytes):
    """Microseconds to write a file of ``nbytes`` to the Pico's flash (erase and program)."""
    blocks = max(1, (nbytes + 4095) // 4096)
    pages = max(1, (nbytes + 255) // 256)
    return blocks * ERASE_US + pages * PAGE_US


class DeviceTime:
    """A cost model: microseconds for each frame and each flash write."""

    def __init__(self, draw_ms=0, bus_hz=BUS_HZ, flash=True):
        self.draw_us = draw_ms * 1000
        self.bus_hz = bus_hz
        self.flash = flash

    def frame_us(self, windows):
        """A frame whose changes are the rectangles ``windows``: the drawing and the bus."""
        return self.draw_us + (bus_us(window_bytes(windows), self.bus_hz) if windows else 0)

    def file_us(self, nbytes):
        """A file of ``nbytes`` written and renamed into place."""
        return write_us(nbytes) + RENAME_US if self.flash else 0
