"""Driving the web page in a real headless Chromium: the site, the gestures, the canvas.

Chromium comes from the system's packages (``chromium``); Playwright from
the test extra drives it. Outside CI a missing browser skips the browser
tests with the install hint; in CI (``CI`` set) it fails them.
"""

import base64
import functools
import os
import shutil

import pytest
from host_tools.device import script
from PIL import Image

from host_tools.commands import sim
from host_tools.support import render, webpage

CHROMIUM_HINT = ("the browser tests need Chromium and Playwright: "
                 "`apt-get install chromium` and `pip install -e \".[test]\"` "
                 "(or set TANTEADOR_CHROMIUM to a Chromium binary)")

# The OLED in the page's canvas, read back as the frame buffer it shows:
# each OLED pixel must be one square of a single colour (crisp integer
# scaling) in the OLED's colours, else the reading says where it is not.
READ_FRAME = """() => {
  const c = document.getElementById('oled');
  const s = c.width / 128;
  if (!Number.isInteger(s) || c.height !== 64 * s) return {problem: 'canvas ' + c.width + 'x' + c.height};
  // Read through a copy made for reading, so that the readings leave no warning in the page's console.
  const copy = new OffscreenCanvas(c.width, c.height).getContext('2d', {willReadFrequently: true});
  copy.drawImage(c, 0, 0);
  const d = copy.getImageData(0, 0, c.width, c.height).data;
  const colours = {'214,236,255': 1, '90,100,110': 1, '12,14,20': 0};
  const buf = new Array(1024).fill(0);
  for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) {
    const at = (yy, xx) => { const o = 4 * (yy * c.width + xx); return d[o] + ',' + d[o + 1] + ',' + d[o + 2]; };
    const px = at(y * s, x * s);
    if (!(px in colours)) return {problem: 'colour ' + px + ' at ' + x + ',' + y};
    for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++)
      if (at(y * s + dy, x * s + dx) !== px) return {problem: 'blurred pixel at ' + x + ',' + y};
    if (colours[px]) buf[(y >> 3) * 128 + x] |= 1 << (y & 7);
  }
  return {frame: buf, scale: s};
}"""


# The page keeps each flash file as one localStorage entry, its bytes in base64.
PREFIX = "tanteador/bytes/"
# A page of an earlier build kept them as their UTF-8 text.
OLD_PREFIX = "tanteador/flash/"
ENTRIES = """(prefix) => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith(prefix)).map((k) => [k.slice(prefix.length), localStorage.getItem(k)]))"""


def flash(page):
    """{name: bytes} of the flash files the page keeps."""
    return {name: base64.b64decode(text, validate=True)
            for name, text in page.evaluate(ENTRIES, PREFIX).items()}


def store(page, name, entry):
    """Put ``entry`` (text, as kept in localStorage) as the stored file ``name``."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PREFIX + name, entry])


@pytest.fixture(scope="module")
def url():
    """The page, built and served on this machine for the module's tests."""
    with webpage.temporary_site() as httpd:
        yield "http://127.0.0.1:%d/" % httpd.server_address[1]


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module's tests."""
    exe = chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        yield b
        b.close()


def watch(page):
    """A list that collects the page's console errors and warnings and its uncaught errors, from now on."""
    seen = []
    page.on("console", lambda m: seen.append("console %s: %s" % (m.type, m.text))
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: seen.append("page error: %s" % e))
    return seen


def chromium():
    """Path of the Chromium binary, or a skip (a failure in CI) with the install hint."""
    exe = os.environ.get("TANTEADOR_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        exe = None
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail(CHROMIUM_HINT)
        pytest.skip(CHROMIUM_HINT)
    return exe


def png_frame(path):
    """The MONO_VLSB frame buffer of a `tanteador sim --png --scale 1` picture (2-pixel border)."""
    img = Image.open(path).convert("RGB")
    buf = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if img.getpixel((x + 2, y + 2)) != render.OFF:
                buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(buf)


def sim_frames(text, flash, out, seed):
    """The frames `tanteador sim --png --seed` shows after boot and after each step of ``text``."""
    sim.run_script(text, str(flash), png_dir=str(out), seed=seed, scale=1, out=open(os.devnull, "w"))
    return [png_frame(os.path.join(out, n)) for n in sorted(os.listdir(out))]


def frame(page):
    """The frame buffer the canvas shows now (bytes); fails on a blurred or off-colour canvas."""
    got = page.evaluate(READ_FRAME)
    assert "problem" not in got, got.get("problem")
    return bytes(got["frame"])


def wait_frame(page, want, what, timeout_ms=3000):
    """Wait until the canvas shows ``want``; fail with both as text art when it does not."""
    waited = 0
    while True:
        got = frame(page)
        if got == want:
            return
        if waited >= timeout_ms:
            break
        page.wait_for_timeout(20)
        waited += 20
    pytest.fail("%s: the page shows\n%s\nbut the simulator\n%s" % (what, render.to_text(got), render.to_text(want)))


def wait_ready(page):
    """Wait until the page has booted the firmware (or fail with its error)."""
    page.wait_for_function("window.tanteador && (window.tanteador.ready || window.tanteador.error)",
                           timeout=20000)
    err = page.evaluate("window.tanteador.error")
    assert err is None, err


class Hands:
    """Presses the page's buttons the way a script says, by mouse, touch or keyboard.

    The times are the script's (``script.PRESS_MS``, ``GAP_MS``); the page
    stamps every edge with the browser's clock, as the Pico's interrupts do.
    """

    KEYS = ("ArrowUp", "ArrowDown", "Enter", "Escape")
    IDS = ("key-up", "key-down", "key-ok", "key-back")

    def __init__(self, page):
        self.page = page
        self.cdp = None

    def _centre(self, button):
        box = self.page.locator("#" + self.IDS[button]).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def _down_up(self, how, button):
        page = self.page
        if how == "key":
            key = self.KEYS[button]
            return functools.partial(page.keyboard.down, key), functools.partial(page.keyboard.up, key)
        x, y = self._centre(button)
        if how == "touch":
            if self.cdp is None:
                self.cdp = page.context.new_cdp_session(page)
            send = self.cdp.send
            return (functools.partial(send, "Input.dispatchTouchEvent",
                                      {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}),
                    functools.partial(send, "Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []}))
        page.mouse.move(x, y)
        return page.mouse.down, page.mouse.up

    def play(self, step, how):
        """One script step (see host_tools/device/script.py) with mouse, touch or keyboard."""
        kind, button, ms, count = step[:4]
        if kind == script.WAIT:
            self.page.wait_for_timeout(ms)
            return
        down, up = self._down_up(how, button)
        for _ in range(count):
            down()
            self.page.wait_for_timeout(ms)
            up()
            self.page.wait_for_timeout(script.GAP_MS)
