"""The scripted button format and its player (CPython and MicroPython).

One event per line, or several separated by ';' (handy on a command line)::

    UP            short press: down 80 ms, then up
    DOWN x12      twelve short presses
    long OK       held 800 ms (a long press)
    long UP x3    three long presses
    hold UP 1500  held 1500 ms (auto-repeat for UP/DOWN)
    wait 500      nothing pressed for 500 ms (also 2s, 5m)
    # comment     ignored, also after an event

Every press or hold is followed by GAP_MS with the button up, so the
release is debounced and the next press is a new one. Keywords and button
names are case-insensitive.

The times are the table's: a person taps on, whether or not the device has
finished drawing. On a board that charges the Pico's times (DeviceTime) the
app takes the presses it missed from the edge ring at its next look.
"""

BUTTONS = ("UP", "DOWN", "OK", "BACK")

PRESS = 0
HOLD = 1
WAIT = 2

PRESS_MS = 80
LONG_MS = 800
GAP_MS = 120
TICK_MS = 10
MAX_MS = 7200000
MAX_REPEAT = 999


class ScriptError(ValueError):
    """A line of a script that cannot be read; .line is 1-based."""

    def __init__(self, line, msg):
        super().__init__("script line %d: %s" % (line, msg))
        self.line = line


def _button(word, line):
    w = word.upper()
    for i in range(4):
        if BUTTONS[i] == w:
            return i
    raise ScriptError(line, "unknown button %r (use UP, DOWN, OK or BACK)" % word)


def _ms(word, line):
    w = word.lower()
    scale = 1
    if w.endswith("ms"):
        w = w[:-2]
    elif w.endswith("s"):
        w, scale = w[:-1], 1000
    elif w.endswith("m"):
        w, scale = w[:-1], 60000
    elif w.endswith("h"):
        w, scale = w[:-1], 3600000
    if not w or not w.isdigit():
        raise ScriptError(line, "%r is not a duration (e.g. 500, 500ms, 2s, 1m, 1h)" % word)
    ms = int(w) * scale
    if ms <= 0 or ms > MAX_MS:
        raise ScriptError(line, "duration %r out of range (1 ms .. 2 h)" % word)
    return ms


def parse_item(text, line=1):
    """One event (no ';', no comment) -> a step tuple (kind, button, ms, count, line)."""
    words = text.split()
    n = len(words)
    head = words[0].lower()
    if head == "wait":
        if n != 2:
            raise ScriptError(line, "'wait' takes one duration, e.g. 'wait 500'")
        return (WAIT, -1, _ms(words[1], line), 1, line)
    if head == "long":
        if n not in (2, 3) or (n == 3 and words[2][:1].lower() != "x"):
            raise ScriptError(line, "'long' takes a button and maybe a count, e.g. 'long OK' or 'long UP x3'")
        count = _count(words[2], line) if n == 3 else 1
        return (HOLD, _button(words[1], line), LONG_MS, count, line)
    if head == "hold":
        if n != 3:
            raise ScriptError(line, "'hold' takes a button and a duration, e.g. 'hold UP 1500'")
        return (HOLD, _button(words[1], line), _ms(words[2], line), 1, line)
    b = _button(words[0], line)
    count = 1
    if n == 2:
        count = _count(words[1], line)
    elif n > 2:
        raise ScriptError(line, "too many words in %r" % text)
    return (PRESS, b, PRESS_MS, count, line)


def _count(word, line):
    """The N of a count 'xN' after a button."""
    w = word.lower()
    if len(w) < 2 or w[0] != "x" or not w[1:].isdigit():
        raise ScriptError(line, "after a button only a count like 'x5' may follow, not %r" % word)
    count = int(w[1:])
    if count < 1 or count > MAX_REPEAT:
        raise ScriptError(line, "count %r out of range (x1 .. x%d)" % (word, MAX_REPEAT))
    return count


def parse(text):
    """A whole script -> list of steps. Raises ScriptError naming the line."""
    steps = []
    line = 0
    for raw in text.split("\n"):
        line += 1
        hash_at = raw.find("#")
        if hash_at >= 0:
            raw = raw[:hash_at]
        for item in raw.split(";"):
            item = item.strip()
            if item:
                steps.append(parse_item(item, line))
    return steps


def describe(step):
    """A step back in the script format (for captions and file names)."""
    kind, b, ms, count = step[0], step[1], step[2], step[3]
    if kind == WAIT:
        return "wait %d" % ms
    if kind == HOLD:
        if ms == LONG_MS:
            return "long " + BUTTONS[b] + (" x%d" % count if count > 1 else "")
        return "hold %s %d" % (BUTTONS[b], ms)
    if count > 1:
        return "%s x%d" % (BUTTONS[b], count)
    return BUTTONS[b]


class Player:
    """Plays steps on a board's buttons, each gesture at its time on the table's clock.

    The app is polled every ``tick_ms`` of the board's clock. A board that
    charges the device's times moves its clock on while the app works; the
    gestures keep their own times all the same, and reach the app as edges
    stamped with them.
    """

    def __init__(self, app, board, tick_ms=TICK_MS, press_ms=PRESS_MS, gap_ms=GAP_MS):
        self.app = app
        self.board = board
        self.tick_ms = tick_ms
        self.press_ms = press_ms   # how long a short press is held
        self.gap_ms = gap_ms       # how long the button stays up after each gesture
        self.at = board.now        # the table's clock: when the next gesture starts
        self._edges = []           # (t, button, down) the board's clock has not reached

    def _run(self, until):
        """Poll the app until the board's clock reaches ``until``, edges arriving on time."""
        board = self.board
        edges = self._edges
        while board.now < until:
            board.advance(self.tick_ms)
            while edges and edges[0][0] <= board.now:
                t, b, down = edges.pop(0)
                board.press(b, down, t)
            self.app.poll(board.now)
            self.app.tidy(board.now)

    def idle(self, ms):
        """Let ``ms`` of the table's time pass."""
        self.at += ms
        self._run(self.at)

    def step(self, step):
        kind, b, ms, count = step[0], step[1], step[2], step[3]
        if kind == WAIT:
            self.idle(ms)
            return
        if kind == PRESS:
            ms = self.press_ms
        for _ in range(count):
            self._edges.append((self.at, b, True))
            self._edges.append((self.at + ms, b, False))
            self.idle(ms + self.gap_ms)

    def settle(self):
        """Poll until the app has taken every gesture played and shown its answer."""
        board = self.board
        for _ in range(100000):
            if not self._edges and not board.ring.waiting() and board.now >= self.at:
                return
            self._run(max(self.at, board.now) + self.tick_ms)

    def play(self, steps, hook=None, settle=True):
        """Run the steps in order; hook(index, step) is called after each one.

        With ``settle`` the app is then given the time to take every press.
        """
        i = 0
        for st in steps:
            self.step(st)
            if hook is not None:
                hook(i, st)
            i += 1
        if settle:
            self.settle()
