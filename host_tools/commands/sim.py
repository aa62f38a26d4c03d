"""`tanteador sim`: the firmware on a PC, played from the keyboard or from a script.

The app, the screens and the store are the device's own files; only the
board is different (host_tools/device/hostboard.py). A folder plays the
Pico's flash, so a match survives quitting and starting again.
"""

import json
import os
import random
import sys
import time

from host_tools import UsageError, UserError
from host_tools.support.folders import check_writable

UP, DOWN, OK, BACK = 0, 1, 2, 3
# A tap: well over the firmware's 20 ms debounce, short enough that a quick
# typist's keys do not pile up.
SHORT_MS = 50
LONG_MS = 800
HOLD_MS = 1500
GAP_MS = 40


def default_flash():
    """Where the simulated flash lives unless --flash says otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "tanteador", "flash")


def device_time(draw_ms=None, instant=False):
    """The Pico's cost model for the simulator (None with ``instant``)."""
    from host_tools.device import devicetime

    if instant:
        return None
    return devicetime.DeviceTime(draw_ms=devicetime.DRAW_MS if draw_ms is None else draw_ms)


def make_app(flash, seed=None, now=0, timing=None):
    """A HostBoard on the flash folder (charging ``timing``) and the App booted on it at time `now`."""
    from host_tools.device.hostboard import HostBoard
    from tanteador.app import App

    board = HostBoard(flash)
    board.now = now
    board.set_timing(timing)
    if seed is not None:
        board.seed(seed)
    app = App(board, now)
    # the first frame goes to the display on the first poll, as on the device
    app.poll(now)
    return board, app


def screen_name(app):
    return getattr(getattr(getattr(app, "stage", None), "screen", None), "NAME", "?")


def saved_document(flash):
    """The document the device last saved in the flash folder (None before its first save).

    Read back from the file rather than rebuilt from the app, so it is what
    a restart would load, not what the screen shows at the moment.
    """
    from tanteador import store

    try:
        with open(os.path.join(flash, store.STATE), encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return None


def _slug(text):
    out = []
    for c in text.lower():
        out.append(c if c.isalnum() else "-")
    return "".join(out).strip("-")


def run_script(text, flash, png_dir=None, text_art=False, as_json=False, seed=None, scale=4, out=None,
               timing=None, press_ms=None, gap_ms=None):
    """Play a script on the simulated device; returns the app.

    After each step (and once after boot) the screen goes to png_dir as
    NNN-<step>.png and/or to `out` as text art: what the device shows at
    that moment of the table's clock, which with ``timing`` (a DeviceTime)
    may still be catching up. At the end the device is given the time to
    take every press; with as_json the document the device saved on its
    flash is then printed.
    """
    from host_tools.device import script
    from host_tools.support import render

    out = out or sys.stdout
    steps = script.parse(text)
    board, app = make_app(flash, seed=seed, timing=timing)
    if png_dir:
        os.makedirs(png_dir, exist_ok=True)

    def capture(index, label):
        if png_dir:
            name = "%03d-%s.png" % (index, _slug(label))
            render.save_png(board.frame, os.path.join(png_dir, name), scale=scale,
                            powered=board.powered, contrast=board.contrast_level)
        if text_art:
            out.write("--- %d: %s  [%s]\n" % (index, label, screen_name(app)))
            out.write(render.to_text(board.frame) if board.powered else "(display off)")
            out.write("\n")

    capture(0, "boot")
    pace = {}
    if press_ms is not None:
        pace["press_ms"] = press_ms
    if gap_ms is not None:
        pace["gap_ms"] = gap_ms
    script.Player(app, board, **pace).play(steps, hook=lambda i, st: capture(i + 1, script.describe(st)))
    if as_json:
        out.write(json.dumps(saved_document(flash), sort_keys=True))
        out.write("\n")
    out.flush()
    return app


class KeyPresser:
    """Turns key strokes into button presses over time, one at a time, in order.

    Every key typed is a press of ``ms`` (SHORT_MS for a tap), whatever the
    typing speed and whichever the button: it starts GAP_MS after the
    previous press ended, so the debounce sees each one and each lands on
    the screen the device shows by then (a key typed during a long OK acts
    on the menu it opens, not on the table under it). A terminal's repeat of
    a held key is a stream of presses like any other: a terminal sends no
    key-up, so a repeat cannot be told from fast typing. Holds have keys of
    their own (+, -, *, L then a key).
    """

    def __init__(self, board):
        self.board = board
        self.queue = []
        self.held = None        # the button down now
        self.release_at = 0     # when it goes up
        self.free_at = -GAP_MS  # when the next press may start

    def press(self, button, ms, now):
        """A key for ``button`` typed at ``now``: a press of ``ms`` once those typed before it are done."""
        self.queue.append((button, ms))

    def tick(self, now):
        """Apply what is due at `now` to the board's levels, as edges stamped `now`
        (the keyboard's time, which a busy device's clock may be ahead of)."""
        if self.held is not None and now >= self.release_at:
            self.board.press(self.held, False, now)
            self.held = None
            self.free_at = now + GAP_MS
        if self.held is None and self.queue and now >= self.free_at:
            b, ms = self.queue.pop(0)
            self.board.press(b, True, now)
            self.held = b
            self.release_at = now + ms

    def busy(self):
        """True while a typed key has not yet been pressed and let go."""
        return bool(self.queue) or self.held is not None


# key -> (button, duration). Letters count in either case, so Caps Lock changes
# nothing; long presses have keys of their own ('*', '+', '-', 'L' then a key).
KEYS = {
    "UP": (UP, SHORT_MS), "DOWN": (DOWN, SHORT_MS),
    "w": (UP, SHORT_MS), "k": (UP, SHORT_MS), "s": (DOWN, SHORT_MS), "j": (DOWN, SHORT_MS),
    "\r": (OK, SHORT_MS), "\n": (OK, SHORT_MS), " ": (OK, SHORT_MS), "o": (OK, SHORT_MS),
    "\x7f": (BACK, SHORT_MS), "\x08": (BACK, SHORT_MS), "ESC": (BACK, SHORT_MS), "b": (BACK, SHORT_MS),
    "+": (UP, HOLD_MS), "-": (DOWN, HOLD_MS),
    "*": (OK, LONG_MS),
}

HELP = ("\u2191/w UP  \u2193/s DOWN  Enter/space/o OK  Backspace/Esc/b BACK\n"
        "* long OK  L+key long press  +/- hold UP/DOWN  p save PNG  q quit")
# The key that saves the screen as PNG (in --png DIR, else the current folder).
PNG_KEY = "p"


def key_of(key):
    """The KEYS entry a typed key stands for: letters in either case are the same key."""
    if len(key) == 1 and key.isalpha():
        return key.lower()
    return key


def split_keys(data):
    """Raw terminal input -> list of key names (arrow sequences become 'UP'/'DOWN')."""
    keys = []
    i = 0
    while i < len(data):
        c = data[i]
        if c == "\x1b":
            seq = data[i + 1:i + 3]
            if seq in ("[A", "OA"):
                keys.append("UP")
                i += 3
                continue
            if seq in ("[B", "OB"):
                keys.append("DOWN")
                i += 3
                continue
            if seq[:1] in ("[", "O") and len(seq) == 2:
                # another escape sequence (other arrows, function keys): skip it
                j = i + 2
                while j < len(data) and not data[j].isalpha() and data[j] != "~":
                    j += 1
                i = j + 1
                continue
            keys.append("ESC")
            i += 1
            continue
        keys.append(c)
        i += 1
    return keys


class Terminal:
    """The interactive view: raw keys in, half-block OLED out (ANSI, works over ssh)."""

    def __init__(self, board, app, flash, braille=False, out=None, png_dir=None, scale=4):
        from host_tools.support import render

        self.png_dir = png_dir or os.getcwd()
        self.scale = scale
        self.note = ""
        self.start = board.now
        self.render = render
        self.board = board
        self.app = app
        self.flash = flash
        self.braille = braille
        self.out = out or sys.stdout
        self.keys = KeyPresser(board)
        self.long_next = False
        self.last = None
        # A PNG asked for while typed keys are still being pressed waits for them:
        # it saves the screen those keys lead to, in the order they were typed.
        self.png_wanted = False

    def handle(self, key, now):
        """One key; returns False to quit."""
        key = key_of(key)
        if key in ("q", "\x03", "\x04"):
            return False
        if key == "l":
            self.long_next = True
            return True
        if key == PNG_KEY:
            self.png_wanted = True
            return True
        hit = KEYS.get(key)
        if hit is None:
            return True
        b, ms = hit
        if self.long_next:
            ms = LONG_MS if b in (OK, BACK) else HOLD_MS
            self.long_next = False
        self.keys.press(b, ms, now)
        return True

    def save_png(self):
        """Save the screen as it is now as the next free screen-NNN.png of the
        PNG folder; what to tell the user (where it went, or why not)."""
        board = self.board
        try:
            os.makedirs(self.png_dir, exist_ok=True)
            n = 1
            while os.path.exists(os.path.join(self.png_dir, "screen-%03d.png" % n)):
                n += 1
            path = os.path.join(self.png_dir, "screen-%03d.png" % n)
            self.render.save_png(board.frame, path, scale=self.scale, powered=board.powered,
                                 contrast=board.contrast_level)
        except OSError as e:
            return "PNG not saved: %s (%s)" % (self.png_dir, e.strerror)
        return "saved %s" % path

    def frame_text(self):
        board = self.board
        if not board.powered:
            art = "\n".join(" " * (64 if self.braille else 128) for _ in range(16 if self.braille else 32))
        elif self.braille:
            art = self.render.to_braille(board.frame)
        else:
            art = self.render.to_text(board.frame)
        width = 64 if self.braille else 128
        lines = ["\u250c" + "\u2500" * width + "\u2510"]
        for line in art.split("\n"):
            lines.append("\u2502" + line + "\u2502")
        lines.append("\u2514" + "\u2500" * width + "\u2518")
        held = "".join(n[0] if board.levels[i] else "." for i, n in enumerate(("UP", "DOWN", "OK", "BACK")))
        state = "screen: %-10s buttons: %s  %s%s" % (
            screen_name(self.app), held, "" if board.powered else "display off  ",
            "long: press a key" if self.long_next else "")
        lines.append(state)
        lines.append(HELP)
        lines.append(self.note or "flash: %s" % self.flash)
        dim = board.powered and board.contrast_level < 128
        text = "\n".join(l + "\x1b[K" for l in lines)
        return ("\x1b[2m" + text + "\x1b[0m") if dim else text

    def draw(self):
        text = self.frame_text()
        if text != self.last:
            # raw mode: no output processing, so lines need their own carriage return
            self.out.write("\x1b[H" + text.replace("\n", "\r\n") + "\x1b[J")
            self.out.flush()
            self.last = text

    def step(self, now, text=""):
        """Handle typed text at time `now`, advance the buttons and the app, redraw.

        While the device would still be busy (its clock ahead of `now`, with
        a cost model) keys only become edges; the app takes them when it is
        free again, as on the Pico. Returns False when the user quits.
        """
        for key in split_keys(text):
            if not self.handle(key, now):
                self.app.stage.flush()
                return False
        self.keys.tick(now)
        if now >= self.board.now:
            self.board.now = now
            self.app.poll(now)
            self.app.tidy(self.board.now)
            if self.png_wanted and not self.keys.busy():
                self.png_wanted = False
                self.note = self.save_png()
        self.draw()
        return True

    def loop(self, stdin_fd, clock=time.monotonic):
        import select

        t0 = clock()
        self.out.write("\x1b[?25l\x1b[2J")
        pending = b""
        while True:
            now = self.start + int((clock() - t0) * 1000)
            text = ""
            r, _, _ = select.select([stdin_fd], [], [], 0.01)
            if r:
                data = os.read(stdin_fd, 64)
                if not data:
                    return
                pending += data
                try:
                    text = pending.decode("utf-8")
                    pending = b""
                except UnicodeDecodeError:
                    if len(pending) >= 4:
                        text = pending.decode("utf-8", "replace")
                        pending = b""
            if not self.step(now, text):
                return


def interactive(flash, seed=None, braille=None, timing=None, png_dir=None, scale=4):
    """Run the simulator in this terminal until 'q' (PNG_KEY saves the screen into ``png_dir``)."""
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        raise UserError("needs a terminal; for a script use --script FILE or -e 'OK;UP'")
    import termios
    import tty

    cols, rows = os.get_terminal_size()
    if braille is None:
        braille = cols < 130 or rows < 38
    board, app = make_app(flash, seed=random.getrandbits(30) if seed is None else seed, timing=timing)
    term = Terminal(board, app, flash, braille=braille, png_dir=png_dir, scale=scale)
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setraw(fd)
        term.loop(fd)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\x1b[?25h\x1b[0m\x1b[H\x1b[2J")
        sys.stdout.write("The saved state is in %s; `tanteador sim` carries on from it.\n" % flash)
        sys.stdout.flush()


def read_script(path):
    """The text of a script file ('-' is stdin); refuses bytes that are not UTF-8."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise UserError("cannot read script %s: %s" % (path, e.strerror))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise UsageError("script %s line %d is not UTF-8 text (byte 0x%02x); save the file as UTF-8"
                         % ("from stdin" if path == "-" else path, line, data[e.start]))


def check_args(args, flash):
    """Refuse, before the device starts, options that cannot work."""
    if args.draw_ms is not None and args.draw_ms < 0:
        raise UsageError("--draw-ms must be 0 or more")
    for name, ms in (("--press-ms", args.press_ms), ("--gap-ms", args.gap_ms)):
        if ms is not None:
            if args.script is None and args.execute is None:
                raise UsageError("%s needs a script (--script FILE or -e EVENTS)" % name)
            if ms < 1 or ms > 10000:
                raise UsageError("%s must be 1 to 10000 ms, not %d" % (name, ms))
    if args.scale < 1:
        raise UsageError("--scale must be 1 or more (pixels per OLED pixel), not %d" % args.scale)
    # A flash the device cannot write would show "Save failed" on every action.
    check_writable(flash, "--flash")
    if args.png:
        check_writable(args.png, "--png")


def main(args):
    """Entry for `tanteador sim` with parsed arguments."""
    flash = args.flash or default_flash()
    check_args(args, flash)
    timing = device_time(args.draw_ms, args.instant)
    if args.script is None and args.execute is None:
        if args.text or args.json:
            raise UsageError("--text/--json need a script (--script FILE or -e EVENTS)")
        interactive(flash, seed=args.seed, braille=args.braille, timing=timing, png_dir=args.png, scale=args.scale)
        return 0
    text = read_script(args.script) if args.script is not None else args.execute
    if args.execute is not None and args.script is not None:
        text = text + "\n" + args.execute
    from host_tools.device import script

    try:
        script.parse(text)
    except script.ScriptError as e:
        raise UsageError("%s" % e)
    run_script(text, flash, png_dir=args.png, text_art=args.text, as_json=args.json,
               seed=args.seed, scale=args.scale, timing=timing, press_ms=args.press_ms, gap_ms=args.gap_ms)
    return 0
