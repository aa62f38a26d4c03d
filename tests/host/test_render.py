"""Framebuffer pictures: PNG and half-block text art."""

import framebuf
import pytest

from host_tools.support import render


def fb_with(points):
    buf = bytearray(1024)
    for x, y in points:
        buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return buf


def test_text_art_shape_and_halves():
    buf = fb_with([(0, 0), (1, 1), (2, 0), (2, 1), (127, 63)])
    lines = render.to_text(buf).split("\n")
    assert len(lines) == 32
    assert all(len(line) == 128 for line in lines)
    assert lines[0][:4] == "\u2580\u2584\u2588 "
    assert lines[31][127] == "\u2584"
    assert set(lines[15]) == {" "}


def test_text_art_of_a_drawn_rect_matches_framebuf():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb.fill_rect(10, 4, 6, 4, 1)
    lines = render.to_text(buf).split("\n")
    assert lines[2][10:16] == "\u2588" * 6
    assert lines[3][10:16] == "\u2588" * 6
    assert lines[1][10:16] == " " * 6
    assert lines[2][9] == " " and lines[2][16] == " "


def test_png_is_scaled_crisp(tmp_path):
    buf = fb_with([(0, 0), (5, 7)])
    path = render.save_png(buf, tmp_path / "s.png", scale=4, border=0)
    from PIL import Image

    img = Image.open(path).convert("RGB")
    assert img.size == (512, 256)
    for dx in range(4):
        for dy in range(4):
            assert img.getpixel((dx, dy)) == render.ON
            assert img.getpixel((20 + dx, 28 + dy)) == render.ON
    assert img.getpixel((4, 0)) == render.OFF
    assert img.getpixel((19, 28)) == render.OFF
    colours = {c for _, c in img.getcolors(10)}
    assert colours == {render.ON, render.OFF}


def test_png_border_and_power_off():
    buf = fb_with([(0, 0)])
    img = render.to_image(buf, scale=2)
    assert img.size == (256 + 8, 128 + 8)
    assert img.getpixel((4, 4)) == render.ON
    assert img.getpixel((0, 0)) == render.OFF
    dark = render.to_image(buf, scale=2, powered=False)
    assert dark.getcolors(10) == [(dark.width * dark.height, render.OFF)]


def test_short_buffer_is_refused():
    with pytest.raises(ValueError, match="too short"):
        render.to_text(bytes(100))


def test_braille_art_dots():
    buf = fb_with([(0, 0), (1, 3), (2, 4)])
    lines = render.to_braille(buf).split("\n")
    assert len(lines) == 16 and all(len(line) == 64 for line in lines)
    assert lines[0][0] == chr(0x2800 + 0x01 + 0x80)
    assert lines[1][1] == chr(0x2801)
    assert lines[0][1] == chr(0x2800)
