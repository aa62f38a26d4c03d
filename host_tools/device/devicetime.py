"""What things cost on the Pico, for a host board that should feel like one.

The host board charges these times to its clock, so a press made while the
device would still be busy arrives while the app is busy, exactly as on
the device; the simulator, the tests and the bench share the one model.

Figures:

- the OLED: the SSD1306 board sends the changed columns of the changed
  pages as windows (tanteador.pages): each costs a command write (address,
  control byte, 0x21 c0 c1 0x22 p0 p1), the address and control byte of its
  data write, and its bytes; a new screen is one window of 1,034 bytes.
  The emulated RP2040 took 24.6 ms for 1,037 bytes at 400 kHz: 23.7 us a
  byte, the rate used for any window;
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
# Bytes a window costs besides its own: its command write and its data write's head.
WINDOW_HEAD = 10
# Python work per frame on the Pico, as `tanteador bench` estimates it for
# a value change on the entry (its RP2040 estimate less the bus): the
# simulator's default.
DRAW_MS = 20
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
