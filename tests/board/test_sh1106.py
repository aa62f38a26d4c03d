"""The SH1106 driver, against a fake I2C bus that records every write."""

import framebuf
import pytest

from tanteador.sh1106 import SH1106_I2C


class FakeI2C:
    """Records writes as (addr, kind, bytes); kind 'cmd' or 'data' by control byte."""

    def __init__(self):
        self.writes = []

    def _record(self, addr, data):
        data = bytes(data)
        kind = {0x00: "cmd", 0x40: "data"}[data[0]]
        self.writes.append((addr, kind, data[1:]))

    def writeto(self, addr, buf, stop=True):
        self._record(addr, buf)
        return 1

    def writevto(self, addr, vector, stop=True):
        self._record(addr, b"".join(bytes(v) for v in vector))
        return 1


def make(**kw):
    i2c = FakeI2C()
    oled = SH1106_I2C(128, 64, i2c, **kw)
    i2c.writes.clear()
    return oled, i2c


def test_is_a_framebuffer_with_the_ssd1306_method_names():
    oled, _ = make()
    assert isinstance(oled, framebuf.FrameBuffer)
    assert len(oled.buffer) == 128 * 64 // 8
    for name in ("show", "contrast", "poweroff", "poweron", "invert", "init_display"):
        assert callable(getattr(oled, name))


def test_init_sets_the_panel_up_and_leaves_it_dark():
    """No cleared frame sent (1 KB on the bus): the board lights the panel
    once its first frame is on it."""
    i2c = FakeI2C()
    oled = SH1106_I2C(128, 64, i2c, addr=0x3D)
    assert all(w[0] == 0x3D for w in i2c.writes)
    cmds = [w[2] for w in i2c.writes if w[1] == "cmd"]
    assert cmds[0][0] == 0xAE                     # off while configuring
    assert bytes((0xAD, 0x8B)) in cmds            # internal DC-DC
    assert all(0xAF not in c for c in cmds)       # and left off
    assert [w for w in i2c.writes if w[1] == "data"] == []
    oled.poweron()
    assert i2c.writes[-1][2] == bytes((0xAF,))


def test_external_vcc_turns_the_dc_dc_converter_off():
    i2c = FakeI2C()
    SH1106_I2C(128, 64, i2c, external_vcc=True)
    cmds = [w[2] for w in i2c.writes if w[1] == "cmd"]
    assert bytes((0xAD, 0x8A)) in cmds
    assert bytes((0xAD, 0x8B)) not in cmds


def test_show_writes_each_page_with_its_address_and_the_two_column_offset():
    oled, i2c = make()
    oled.fill(0)
    oled.pixel(0, 0, 1)        # page 0, first byte, bit 0
    oled.pixel(127, 63, 1)     # page 7, last byte, bit 7
    oled.fill_rect(10, 20, 3, 10, 1)
    oled.show()
    assert len(i2c.writes) == 16
    for page in range(8):
        addr, kind, cmd = i2c.writes[2 * page]
        assert (addr, kind) == (0x3C, "cmd")
        assert cmd == bytes((0xB0 + page, 0x02, 0x10))
        addr, kind, data = i2c.writes[2 * page + 1]
        assert (addr, kind) == (0x3C, "data")
        assert data == bytes(oled.buffer[page * 128:(page + 1) * 128])
    assert i2c.writes[1][2][0] == 0x01
    assert i2c.writes[15][2][127] == 0x80
    assert i2c.writes[5][2][10] == 0xF0        # rows 20..23 of page 2


def test_column_offset_is_split_into_low_and_high_nibbles():
    oled, i2c = make(col_offset=0x12)
    oled.show()
    assert i2c.writes[0][2] == bytes((0xB0, 0x02, 0x11))


@pytest.mark.parametrize("call, expected", [
    (lambda o: o.poweroff(), (0xAE,)),
    (lambda o: o.poweron(), (0xAF,)),
    (lambda o: o.invert(True), (0xA7,)),
    (lambda o: o.invert(False), (0xA6,)),
    (lambda o: o.contrast(40), (0x81, 40)),
    (lambda o: o.contrast(300), (0x81, 255)),
    (lambda o: o.contrast(-5), (0x81, 0)),
])
def test_panel_commands(call, expected):
    oled, i2c = make()
    call(oled)
    assert i2c.writes == [(0x3C, "cmd", bytes(expected))]


@pytest.mark.micropython
def test_same_bytes_on_micropython():
    """The FrameBuffer subclass works on real MicroPython and sends the same pages."""
    from host_tools.harness import mplane

    code = """
from tanteador.sh1106 import SH1106_I2C
class F:
    def __init__(s): s.w = []
    def writeto(s, a, b, stop=True): s.w.append(bytes(b))
    def writevto(s, a, v, stop=True): s.w.append(b"".join(bytes(x) for x in v))
i = F()
o = SH1106_I2C(128, 64, i)
i.w = []
o.fill_rect(3, 5, 20, 30, 1)
o.pixel(127, 63, 1)
o.show()
print("RESULT", len(i.w), i.w[0].hex(), i.w[14].hex(), "".join(x[1:].hex() for x in i.w[1::2]))
"""
    rc, out, err = mplane.run_code(code)
    assert rc == 0, err
    oled, i2c = make()
    oled.fill_rect(3, 5, 20, 30, 1)
    oled.pixel(127, 63, 1)
    oled.show()
    data = "".join(w[2].hex() for w in i2c.writes[1::2])
    assert data == bytes(oled.buffer).hex()
    assert "RESULT 16 00b00210 00b70210 " + data in out, out
