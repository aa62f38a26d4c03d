"""Driver for the SH1106 128x64 OLED controller over I2C (the common 1.3" modules).

The SH1106 has 132 columns of RAM, of which the 128 on the glass start at
column 2, and it only knows page addressing: ``show()`` sends the frame one
8-pixel page at a time, each preceded by the page and column address.
Method names follow micropython-lib's ``ssd1306`` so the board treats both
displays alike. The I2C object is injected, so the driver runs off the device.
"""

import framebuf
from micropython import const

_SET_CONTRAST = const(0x81)
_DISPLAY_ALL_ON_RESUME = const(0xA4)
_NORM = const(0xA6)
_INVERT = const(0xA7)
_DISP_OFF = const(0xAE)
_DISP_ON = const(0xAF)
_PAGE_ADDR = const(0xB0)
_COL_LOW = const(0x00)
_COL_HIGH = const(0x10)

# Control bytes of the I2C protocol: a stream of commands, a stream of data.
_CTRL_CMD = const(0x00)
_CTRL_DATA = const(0x40)

# Power-on sequence from the SH1106 datasheet defaults, adjusted for the
# usual module wiring (segment remap + COM scan reversed = picture upright).
_INIT = bytes((
    _CTRL_CMD,
    _DISP_OFF,
    0xD5, 0x80,   # clock divide / oscillator
    0xA8, 0x3F,   # multiplex ratio 64
    0xD3, 0x00,   # display offset
    0x40,         # start line 0
    0xA1,         # segment remap
    0xC8,         # COM scan direction reversed
    0xDA, 0x12,   # COM pins alternative
    0xD9, 0x22,   # pre-charge period
    0xDB, 0x35,   # VCOM deselect level
    0x32,         # charge pump 8.0 V
    _DISPLAY_ALL_ON_RESUME,
    _NORM,
))


class SH1106_I2C(framebuf.FrameBuffer):
    """A 128x64 MONO_VLSB frame buffer that ``show()``s itself on an SH1106."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False, col_offset=2):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.external_vcc = external_vcc
        self.col_offset = col_offset
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        # Preallocated so show() allocates nothing per frame.
        self._cmd = bytearray((_CTRL_CMD, 0, 0, 0))
        self._ctrl_data = bytes((_CTRL_DATA,))
        self._pair = bytearray(3)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.init_display()

    def init_display(self):
        """Send the power-on sequence. The panel stays dark, its memory as it
        was, until ``poweron()``: the board lights it once its first frame
        is on it, rather than send a cleared one first (1 KB on the bus)."""
        self.i2c.writeto(self.addr, _INIT)
        # The on-chip DC-DC converter powers the panel unless VCC is external.
        self._command(0xAD, 0x8A if self.external_vcc else 0x8B)

    def _command(self, cmd, arg=None):
        p = self._pair
        p[0] = _CTRL_CMD
        p[1] = cmd
        if arg is None:
            self.i2c.writeto(self.addr, memoryview(p)[:2])
        else:
            p[2] = arg
            self.i2c.writeto(self.addr, p)

    def poweroff(self):
        """Blank the panel (RAM kept); the controller draws a few microamps."""
        self._command(_DISP_OFF)

    def poweron(self):
        """Light the panel again with the picture in RAM."""
        self._command(_DISP_ON)

    def contrast(self, contrast):
        """Set the brightness, 0..255."""
        self._command(_SET_CONTRAST, max(0, min(255, contrast)))

    def invert(self, invert):
        """Swap lit and dark pixels (True) or back to normal (False)."""
        self._command(_INVERT if invert else _NORM)

    def show(self):
        """Write the frame buffer to the panel, page by page."""
        self.show_pages(0, self.pages - 1)

    def show_pages(self, first, last):
        """Write pages ``first``..``last`` of the frame buffer to the panel."""
        col = self.col_offset
        cmd = self._cmd
        cmd[2] = _COL_LOW | (col & 0x0F)
        cmd[3] = _COL_HIGH | (col >> 4)
        buf = memoryview(self.buffer)
        w = self.width
        for page in range(first, last + 1):
            cmd[1] = _PAGE_ADDR | page
            self.i2c.writeto(self.addr, cmd)
            self.i2c.writevto(self.addr, (self._ctrl_data, buf[page * w:(page + 1) * w]))
