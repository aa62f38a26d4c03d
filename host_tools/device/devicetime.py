"""What things cost on the Pico, for a host board that should feel like one.

The host board charges these times to its clock, so a press made while the
device would still be busy arrives while the app is busy, exactly as on
the device; the simulator, the tests and the bench share the one model.

Figures:

- the OLED: a full frame of micropython-lib's SSD1306 driver is 1,037 bytes
  on I2C and took 24.6 ms at 400 kHz on the emulated RP2040; a run of pages
  costs its bytes at the same rate (six 2-byte commands and a data write);
- the flash: every file written erases at least one 4 KB block of the
  Pico's QSPI flash before programming it (W25Q16JV datasheet: 45 ms a
  sector erase, 0.4 ms a 256-byte page), plus littlefs's metadata commit on
  the rename;
- Python work: ``draw_ms`` per frame drawn, 0 unless a test or the user
  asks for it; the bench measures the real figures in reference loops
  (152 ms each on a Pico).
"""

from tanteador.pages import runs

FRAME_BYTES = 1037
FRAME_US = 24600
BUS_HZ = 400000
_CMD_BYTES = 18      # six commands, each its own 3-byte I2C write
_DATA_HEAD = 2       # address byte and the data control byte
# Python work per frame on the Pico, as `tanteador bench` estimates it for
# a value change on the entry (its RP2040 estimate less the bus): the
# simulator's default.
DRAW_MS = 20
ERASE_US = 45000
PAGE_US = 400
RENAME_US = 3000


def page_bytes(mask, width=128):
    """Bytes on the I2C bus to send the pages of ``mask`` (runs of neighbouring pages)."""
    if mask == 0xFF:
        return FRAME_BYTES
    n = 0
    for first, last in runs(mask):
        n += _CMD_BYTES + _DATA_HEAD + width * (last - first + 1)
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

    def frame_us(self, mask):
        """A frame whose changed pages are ``mask``: the drawing and the bus."""
        return self.draw_us + (bus_us(page_bytes(mask), self.bus_hz) if mask else 0)

    def file_us(self, nbytes):
        """A file of ``nbytes`` written and renamed into place."""
        return write_us(nbytes) + RENAME_US if self.flash else 0
