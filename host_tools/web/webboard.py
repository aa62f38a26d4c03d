"""WebBoard: the board protocol in a browser page, on MicroPython's WebAssembly port.

The counterpart of the Pico's ``tanteador.board`` and of the host board:
the page's script owns the clock and the event loop, so instead of
``app.run`` it calls ``step(now)`` every few milliseconds and ``press``
for each button edge, as the Pico's pin interrupts would. Only numbers and
strings cross between the page and Python (a Python object handed to the
page stays referenced by the port), so a frame leaves as a hex string.

The flash is the port's in-memory file system under ``/tt``, filled from
the browser's storage before boot; every file the store flushes or closes
after writing, renames or removes is mirrored to that storage at once by
the page's ``webhost`` module, so the store's one atomic write per committed
action is one write to the browser's storage too, and a journal line, which
the store flushes into a file it keeps open, is in that storage before its
frame as it is on the Pico's flash.

Browser events never bounce, but they can be shorter than any contact: a
tap by automation, a click from assistive technology or a quick key press
may go down and up within a millisecond, and two such taps inside the
firmware's lockout (``DEBOUNCE_MS`` after an accepted edge) would make the
second one a bounce. The board therefore keeps each edge of a button at
least ``DEBOUNCE_MS`` after the one before it, holding it back until the
clock reaches that time, so every browser press counts once.
"""

import gc
from binascii import hexlify

import webhost
# host_tools/device/pcboard.py, which `tanteador web` bundles beside this module.
from pcboard import PCBoard

from tanteador.app import App
from tanteador.buttons import DEBOUNCE_MS
from tanteador.flashfs import DirFS

ROOT = "/tt"


class WebFS(DirFS):
    """The flash folder: files in memory, each change mirrored to the browser's storage."""

    def open(self, name, mode="r"):
        """Open ``name``; a file opened for writing is mirrored when it is flushed or closed."""
        f = DirFS.open(self, name, mode)
        if "w" in mode or "a" in mode:
            return _MirroredFile(f, name)
        return f

    def rename(self, old, new):
        """Rename in memory, then in the browser's storage (errno on a refusal)."""
        DirFS.rename(self, old, new)
        _check(webhost.renamed(old, new))

    def remove(self, name):
        """Delete in memory and in the browser's storage."""
        DirFS.remove(self, name)
        webhost.removed(name)

    def free(self):
        """Free bytes are the browser's to tell: unknown."""
        return None


def _check(code):
    """The page answers 0, or an errno (28: the storage is full)."""
    if code:
        raise OSError(code)


class _MirroredFile:
    """A file being written; flushing or closing it stores its whole text in
    the browser (once for what was written since: a save flushes, then closes)."""

    def __init__(self, f, name):
        self.f = f
        self.name = name
        # True until the browser holds what the file holds (a new file too).
        self.due = True

    def write(self, data):
        self.due = True
        return self.f.write(data)

    def flush(self):
        self.f.flush()
        self._mirror()

    def close(self):
        self.f.close()
        self._mirror()

    def _mirror(self):
        if self.due:
            self.due = False
            _check(webhost.wrote(self.name))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class WebBoard(PCBoard):
    """The board contract of tanteador.app, played by a browser page."""

    name = "web"

    def __init__(self, now=0):
        PCBoard.__init__(self, WebFS(ROOT), now)
        # Edges from the page not yet handed to the firmware, oldest first:
        # (button, down, t) with t no sooner than due (see press).
        self.waiting = []
        self.last_edge = [None, None, None, None]
        self.changed = True

    def press(self, button, down, t):
        """A level change of one button at ``t`` ms, as a pin interrupt would push it.

        It is put at least DEBOUNCE_MS after the button's last edge, and no
        sooner than any edge still waiting (the edges stay in order); it
        reaches the firmware when the clock gets there (``release``).
        """
        last = self.last_edge[button]
        if last is not None and t - last < DEBOUNCE_MS:
            t = last + DEBOUNCE_MS
        if self.waiting and t < self.waiting[-1][2]:
            t = self.waiting[-1][2]
        self.last_edge[button] = t
        self.waiting.append((button, down, t))
        self.release(self.now)

    def release(self, now):
        """Hand the firmware the waiting edges due by ``now``."""
        waiting = self.waiting
        while waiting and waiting[0][2] <= now:
            button, down, t = waiting.pop(0)
            self.levels[button] = bool(down)
            self.ring.push(button, down, t)

    def show(self):
        """Mark the frame for the page when a page of it changed."""
        if self._diff.changed():
            self.changed = True

    def contrast(self, v):
        """Brightness 0..255: the page draws below 128 in the dimmed colour."""
        if v != self.contrast_level:
            self.contrast_level = v
            self.changed = True

    def power(self, on):
        """Light (True) or blank (False) the panel."""
        on = bool(on)
        if on != self.powered:
            self.powered = on
            self.changed = True

    def tone(self, freq):
        """The buzzer: a square wave of ``freq`` Hz through the page (0 = silent)."""
        if freq != self.freq:
            self.freq = freq
            webhost.tone(freq)

    def feed(self):
        """No watchdog in a page."""

    def rand_below(self, n):
        """A random int in 0..n-1 from the browser, as the Pico's ring oscillator gives."""
        return webhost.rand_below(n)

    def mem_free(self):
        """Free heap in bytes, after a collection."""
        gc.collect()
        return gc.mem_free()

    def view(self):
        """The page's picture: powered ('1'/'0'), dimmed ('1'/'0'), then the frame in hex."""
        self.changed = False
        return ("1" if self.powered else "0") + ("1" if self.contrast_level < 128 else "0") \
            + hexlify(self.frame).decode()


_session = []


def boot(now, seed):
    """Start the app at ``now`` ms on the flash; ``seed`` >= 0 repeats the draws of ``sim --seed``."""
    board = WebBoard(now)
    if seed >= 0:
        board.seed(seed)
    app = App(board, now)
    del _session[:]
    _session.append(board)
    _session.append(app)
    return step(now)


def press(button, down, t):
    """A button edge from the page at ``t`` ms."""
    _session[0].press(button, down, t)


def step(now):
    """One pass of the device's loop at ``now`` ms -> the view if it changed, else ''."""
    board = _session[0]
    app = _session[1]
    if now > board.now:
        board.now = now
    board.release(board.now)
    app.poll(board.now)
    app.tidy(board.now)
    if board.changed:
        return board.view()
    return ""


def flush():
    """The page is being hidden or closed: write now a save that waits for the buttons to rest."""
    _session[1].stage.flush()
