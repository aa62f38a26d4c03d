"""A board file: a maker's wiring, as plain values, over config's defaults.

The file (``config.BOARD_FILE`` on the device, put there by ``tanteador
flash --board FILE``; ready ones in hardware/boards/) sets any of
``SETTINGS``, such as ``DISPLAY = "sh1106"``; what it leaves out keeps
config.py's default. Every name and value is checked: a typo is reported,
never skipped. A file with any problem is refused whole: the device starts
on config.py's wiring (half a file could put the display's bus on the
wrong pins) and says so, on its console and on its screen; the file stays
where it is for the PC to fix. Loaded only when the file exists, so the
default wiring costs nothing here; nothing in it touches ``machine``.
"""

import sys

from micropython import const

from tanteador import config

# GP0..GP29: the RP2040's, and the RP2350A's of the Pico 2.
_GPIO_MAX = const(29)
_GPIO = "a GPIO number 0-29"
# Far more than a board file needs (the ready ones are under 1 KB): a longer
# one is damaged, and reading it whole could take the heap the app needs.
MAX_BYTES = const(4096)


def _gpio(v):
    return type(v) is int and 0 <= v <= _GPIO_MAX


def _gpio_or_none(v):
    return v is None or _gpio(v)


def _int_in(lo, hi):
    return lambda v: type(v) is int and lo <= v <= hi


def _four_gpios(v):
    return type(v) in (tuple, list) and len(v) == 4 and all(_gpio(p) for p in v)


# What a board file may set: (test of a value, what the value must be).
SETTINGS = {
    "I2C_ID": (_int_in(0, 1), "0 or 1"),
    "I2C_SDA": (_gpio, _GPIO),
    "I2C_SCL": (_gpio, _GPIO),
    "I2C_FREQ": (_int_in(10_000, 1_000_000), "a bus speed in Hz, 10_000 to 1_000_000"),
    "OLED_ADDR": (_int_in(0x08, 0x77), "an I2C address, 0x08 to 0x77"),
    "DISPLAY": (lambda v: v in ("ssd1306", "sh1106"), "'ssd1306' or 'sh1106'"),
    "SH1106_COL_OFFSET": (_int_in(0, 4), "0 to 4"),
    "BUTTON_PINS": (_four_gpios, "four GPIO numbers 0-29 (UP, DOWN, OK, BACK)"),
    "BUZZER_PIN": (_gpio_or_none, _GPIO + ", or None"),
    "VBUS_SENSE_PIN": (_gpio_or_none, _GPIO + ", or None"),
}


class Wiring:
    """config's values with a board file's over them; ``problems``: what was refused, in words."""

    def __init__(self):
        # What the board reads, named one by one (dir(config) took a Pico 19 ms).
        c = config
        self.I2C_ID = c.I2C_ID
        self.I2C_SDA = c.I2C_SDA
        self.I2C_SCL = c.I2C_SCL
        self.I2C_FREQ = c.I2C_FREQ
        self.OLED_ADDR = c.OLED_ADDR
        self.DISPLAY = c.DISPLAY
        self.SH1106_COL_OFFSET = c.SH1106_COL_OFFSET
        self.BUTTON_PINS = c.BUTTON_PINS
        self.BUZZER_PIN = c.BUZZER_PIN
        self.VBUS_SENSE_PIN = c.VBUS_SENSE_PIN
        # What no board file changes.
        self.OLED_WIDTH = c.OLED_WIDTH
        self.OLED_HEIGHT = c.OLED_HEIGHT
        self.WDT_TIMEOUT_MS = c.WDT_TIMEOUT_MS
        self.problems = []


def _line(e):
    """The board file's line that exception ``e`` points at (0 if it cannot be told)."""
    n = getattr(e, "lineno", None)          # CPython's SyntaxError
    if n:
        return n
    pe = getattr(sys, "print_exception", None)
    if pe is not None:
        import io

        buf = io.StringIO()
        pe(e, buf)
        text = getattr(buf, "getvalue")()
        i = text.rfind('"<string>", line ')
        if i < 0:
            return 0
        return int(text[i + 17:].split("\n")[0].split(",")[0])
    tb = e.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<string>":
            n = tb.tb_lineno
        tb = tb.tb_next
    return n or 0


def load(f):
    """The Wiring of the board file open as bytes in ``f`` (see ``read``).

    A file that cannot be read, is longer than ``MAX_BYTES`` or is not
    UTF-8 text is refused like one that does not run.
    """
    w = Wiring()
    try:
        b = f.read(MAX_BYTES + 1)
    except OSError as e:
        w.problems.append("cannot be read: %s" % e)
        return w
    if len(b) > MAX_BYTES:
        w.problems.append("longer than %d bytes" % MAX_BYTES)
        return w
    try:
        src = b.decode()
    except UnicodeError:
        w.problems.append("not UTF-8 text")
        return w
    b = None    # the file's bytes go before it runs: its text is all it needs
    return read(src)


def read(src):
    """The Wiring a board file's source ``src`` gives: each of its values over the default.

    A file that does not run, an unknown name, a value of the wrong kind,
    a pin that is not on the I2C bus named or a GPIO used twice each add a
    line to ``problems``; the file is then refused whole: the Wiring holds
    the defaults and the problems.
    """
    w = Wiring()
    ns = {}
    try:
        exec(src, ns)
    except (Exception, SystemExit) as e:
        # CPython's SyntaxError repeats the place in its str(); its msg is the words alone.
        w.problems.append("line %d: %s: %s" % (_line(e), type(e).__name__, getattr(e, "msg", None) or e))
        return w
    try:
        _take(w, ns)
    except Exception as e:
        # Names that are not text, a value whose repr fails: nothing a board file writes.
        w.problems.append("%s: %s" % (type(e).__name__, e))
    _check_bus(w)
    _check_shared(w)
    if w.problems:
        refused = Wiring()
        refused.problems = w.problems
        return refused
    return w


def _take(w, ns):
    """Each setting of the namespace ``ns`` the file ran in, onto ``w`` if valid, else a problem."""
    for name in sorted(ns):
        if name.startswith("_"):
            continue
        rule = SETTINGS.get(name)
        v = ns[name]
        if rule is None:
            w.problems.append("%s: no such setting" % name)
        elif not rule[0](v):
            w.problems.append("%s must be %s, not %r" % (name, rule[1], v))
        else:
            setattr(w, name, tuple(v) if name == "BUTTON_PINS" else v)


def _check_bus(w):
    # Every fourth GPIO carries the same I2C signal: SDA on the even pins,
    # SCL on the odd, I2C0 on GP0-1, 4-5, 8-9..., I2C1 on GP2-3, 6-7...
    bus = w.I2C_ID
    if w.I2C_SDA & 1 or (w.I2C_SDA >> 1) & 1 != bus:
        w.problems.append("GP%d is not an SDA pin of I2C%d" % (w.I2C_SDA, bus))
    if not w.I2C_SCL & 1 or (w.I2C_SCL >> 1) & 1 != bus:
        w.problems.append("GP%d is not an SCL pin of I2C%d" % (w.I2C_SCL, bus))


def _check_shared(w):
    uses = [("I2C_SDA", w.I2C_SDA), ("I2C_SCL", w.I2C_SCL)]
    for name, pin in zip(config.BUTTON_NAMES, w.BUTTON_PINS):
        uses.append((name + " button", pin))
    uses += [("BUZZER_PIN", w.BUZZER_PIN), ("VBUS_SENSE_PIN", w.VBUS_SENSE_PIN)]
    seen = {}
    for name, pin in uses:
        if pin is None:
            continue
        if pin in seen:
            w.problems.append("GP%d is used twice: %s and %s" % (pin, seen[pin], name))
        else:
            seen[pin] = name


def report(problems):
    """Print what is wrong with the board file, and what it may hold, on the console."""
    print("board file %s refused, the default wiring is used:" % config.BOARD_FILE)
    for p in problems:
        print("  " + p)
    print("  it may set %s, as plain values (4, 0x3C, 'sh1106', (10, 11, 12, 13), None);"
          % ", ".join(sorted(SETTINGS)))
    print("  put a good one with `tanteador flash --board FILE`, or remove it (`--default-board`)")
