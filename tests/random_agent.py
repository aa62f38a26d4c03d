"""The whole app on a host board, played by button events, checked after each.

Runs on CPython (imported by tests/app/test_random_play.py) and on the
MicroPython unix port as a line-protocol server, which is how the
hypothesis state machine drives it quickly::

    MICROPYPATH=firmware:host_tools/device micropython tests/random_agent.py FOLDER

Commands, one per line: ``x`` reset (empty flash, power on), ``x N`` the
same with a new Briscola chiamata match of N players (5 or 6) saved on the
table (random presses seldom set one up), ``p B MS``
press button B for MS ms, ``c B1 B2 MS`` two buttons at once, ``w MS``
nothing pressed for MS ms, ``r`` power cycle, ``s`` figures, ``q`` quit. Every command
answers one line: ``@ok EVENTS SCREEN`` or ``@fail MESSAGE``.

Checked after every command: no exception escapes the app and no screen
failed (error screen), the last frame shown is not blank while the panel is
awake, the match invariants hold (legal points, deal rotation consistent
with the number of hands, wins consistent with the hands, the saved form
replays to the same match, undo then redo and redo then undo restore the
exact state), the save on flash loads and holds the match and settings in
memory, and nothing was ever set aside as damaged.
"""

import json
import sys

if sys.implementation.name == "micropython":
    from faultfs import restore  # host_tools/device is on MICROPYPATH
    from hostboard import HostBoard
else:
    from host_tools.device.faultfs import restore
    from host_tools.device.hostboard import HostBoard
from tanteador import matchdoc, matchload
from tanteador.app import App
from tanteador.storeops import validate
from tanteador.flashfs import DirFS
from tanteador.match import Match
from tanteador.matchoptions import CCW

GAP_MS = 120
TICK_MS = 10
WAIT_POLLS = 100


class Agent:
    """One simulated device in a flash folder."""

    def __init__(self, root):
        self.root = root
        self.fs = None
        self.board = None
        self.app = None
        self.events = 0
        self.saves = 0
        self.reboots = 0
        self.screens = {}
        self._checked_saves = -1
        self._doc = None
        self._last_m = None
        # Chiamata hands recorded by the buttons (a redo counts again).
        self.calls = 0
        self._call_n = None

    # -- commands ----------------------------------------------------------

    def reset(self, players=0):
        """Empty flash and power on; with ``players``, a new chiamata match of
        that many players waits on the table."""
        fs = DirFS(self.root)
        restore(fs, {})              # the ended matches' folder too
        if players:
            from tanteador.savefile import default_cfg
            from tanteador.matchoptions import CHIAMATA, GOAL_POINTS, MatchOptions
            from tanteador.store import Store

            o = MatchOptions(players=players, sides=CHIAMATA, goal=GOAL_POINTS, target=12)
            Store(fs).save({"v": 1, "cfg": default_cfg(), "m": matchdoc.to_dict(Match(o)), "scr": "table"})
        self.boot()

    def boot(self):
        """Power on a new app on the same flash (the clock restarts at 0)."""
        self.fs = DirFS(self.root)
        board = HostBoard(fs=self.fs)
        board.seed(self.events)
        self.board = board
        self.app = App(board, board.now)
        self.app.poll(board.now)
        self._count_saves()
        self._checked_saves = -1
        self._last_m = None
        self._call_n = None
        self.check()

    def reboot(self):
        """Power cycle: the new app holds exactly what was saved."""
        want = self._saved()
        self.reboots += 1
        self.boot()
        got = self.app.stage.state()
        if want is not None:
            _eq(got["m"], want["m"], "reboot lost the match")
            _eq(got["cfg"], want["cfg"], "reboot lost the settings")

    def press(self, buttons, ms):
        """Hold ``buttons`` for ``ms``, then release and leave a gap."""
        board = self.board
        for b in buttons:
            board.press(b, True)
        self._run(ms, TICK_MS)
        for b in buttons:
            board.press(b, False)
        self._run(GAP_MS, TICK_MS)
        self.events += 1
        self.check()

    def wait(self, ms):
        """Nothing pressed for ``ms`` (timers: dim, blank, notices)."""
        # Long pauses are polled coarsely: the timers compare times, and a
        # few hundred idle polls per pause would dominate the run.
        self._run(ms, max(TICK_MS, ms // WAIT_POLLS))
        self.check()

    # -- the checks -----------------------------------------------------------

    def check(self):
        app = self.app
        board = self.board
        name = app.stage.screen.NAME
        _ok(name != "error", "a screen failed: %s" % app.stage.texts)
        self.screens[name] = self.screens.get(name, 0) + 1
        _ok(board.powered == (not app.blank), "panel power does not follow sleep")
        if not app.blank:
            _ok(any(board.frame), "blank frame while awake on %s" % app.stage.screen.NAME)
        m = app.stage.match
        if m is not None and m.chiamata:
            n = len(m.hands)
            if self._call_n is not None and n > self._call_n:
                self.calls += n - self._call_n
            self._call_n = n
        if m is not None:
            d = matchdoc.to_dict(m)
            if d != self._last_m:
                check_match(m, d)
                self._last_m = d
        self._check_flash()

    def _check_flash(self):
        names = self.fs.listdir()
        for n in names:
            _ok(not n.startswith("bad-"), "a save was set aside: " + n)
        _ok("state.tmp" not in names, "state.tmp left behind")
        if self.saves != self._checked_saves:
            self._doc = self._saved()
            if self._doc is not None:
                validate(self._doc)   # raises if the save does not load
            self._checked_saves = self.saves
        scr = self.app.stage.screen
        if scr.NAME == "settings" and getattr(scr, "editing", False):
            return  # a setting being changed is saved when the change ends
        doc = self._doc
        st = self.app.stage.state()
        if doc is None:
            _ok(st["m"] is None, "a match in play was never saved")
            return
        _eq(doc["m"], st["m"], "the match in play differs from the save")
        _eq(doc["cfg"], st["cfg"], "the settings differ from the save")

    # -- helpers ----------------------------------------------------------------

    def _run(self, ms, step):
        board = self.board
        app = self.app
        end = board.now + ms
        while board.now < end:
            board.advance(step)
            app.poll(board.now)
            app.tidy(board.now)

    def _saved(self):
        if not self.fs.exists("state.json"):
            return None
        f = self.fs.open("state.json", "rb")
        try:
            return json.loads(f.read().decode())
        finally:
            f.close()

    def _count_saves(self):
        store = self.app.stage.store
        orig = store.save
        agent = self

        def save(doc, tag=None):
            agent.saves += 1
            return orig(doc, tag)

        store.save = save


def check_match(m, d):
    """Invariants of a match in play; ``d`` is ``matchdoc.to_dict(m)``."""
    o = m.options
    n = len(m.hands)
    s = 1 if o.direction == CCW else -1
    won = [0] * m.nsides
    for i in range(n):
        h = m.hands[i]
        _ok(h.number == i + 1, "hand numbers")
        p = h.points
        _ok(len(p) == m.nsides, "points per side")
        _ok(h.dealer == (o.first_dealer + s * i) % o.players, "dealer of hand %d" % (i + 1))
        if m.chiamata:
            _check_call(m, i, h)
            for k in range(m.nsides):
                if p[k] > 0:
                    won[k] += 1
            continue
        for x in p:
            _ok(0 <= x <= 120, "points out of range %r" % (p,))
        total = sum(p)
        if o.undrawn_cards:
            _ok(total <= 120, "total over 120 %r" % (p,))
        else:
            _ok(total == 120, "total not 120 %r" % (p,))
        if h.winner is not None:
            won[h.winner] += 1
    _eq(list(m.won), won, "wins do not match the hands")
    dealer = (o.first_dealer + s * n) % o.players
    _ok(m.dealer == dealer, "dealer of the hand in play")
    _ok(m.leader == (dealer + s) % o.players, "leader")
    _ok(m.cutter == (dealer - s) % o.players, "cutter")
    c = matchload.from_dict(d)
    _eq(matchdoc.to_dict(c), d, "the saved form does not replay to the same match")
    _same(c, m, "replayed")
    if c.cursor:
        c.undo()
        c.redo()
        _eq(matchdoc.to_dict(c), d, "undo then redo changed the match")
        _same(c, m, "undo then redo")
    if c.can_redo:
        c.redo()
        c.undo()
        _eq(matchdoc.to_dict(c), d, "redo then undo changed the match")
        _same(c, m, "redo then undo")


def _check_call(m, i, h):
    """A chiamata hand: a call the match takes for that hand, each player's
    score from it, adding up to zero, nothing for the seat sitting out."""
    from tanteador import chiamata

    o = m.options
    _eq(m.check(h.entry, i), h.entry, "a call the match refuses")
    _eq(tuple(h.points), chiamata.scores(h.entry, o.players, h.dealer, o.call), "scores of hand %d" % h.number)
    _ok(sum(h.points) == 0, "scores do not add up to zero %r" % (h.points,))
    out = chiamata.sitting_out(o.players, h.dealer)
    _ok(out is None or h.points[out] == 0, "the seat sitting out scored")
    _ok(h.winner is None and h.capote is None, "a chiamata hand with a winner side")


def _same(a, b, what):
    _eq([list(a.won), list(a.totals), a.over, a.winner, a.dealer, len(a.hands)],
        [list(b.won), list(b.totals), b.over, b.winner, b.dealer, len(b.hands)], what)


def _ok(cond, msg):
    if not cond:
        raise AssertionError(msg)


def _eq(a, b, msg):
    if a != b:
        raise AssertionError("%s: %r != %r" % (msg, a, b))


def _describe(e):
    try:
        import io

        buf = io.StringIO()
        if hasattr(sys, "print_exception"):
            sys.print_exception(e, buf)
        else:
            import traceback

            traceback.print_exception(type(e), e, e.__traceback__, file=buf)
        text = buf.getvalue()
    except Exception:
        text = repr(e)
    return text.replace("\n", " | ")


def execute(agent, line):
    """Run one command line -> the answer line."""
    w = line.split()
    try:
        if not w:
            return "@fail empty command"
        c = w[0]
        if c == "x":
            agent.reset(int(w[1]) if len(w) > 1 else 0)
        elif c == "p":
            agent.press((int(w[1]),), int(w[2]))
        elif c == "c":
            agent.press((int(w[1]), int(w[2])), int(w[3]))
        elif c == "w":
            agent.wait(int(w[1]))
        elif c == "r":
            agent.reboot()
        elif c == "s":
            names = ["%s:%d" % (k, agent.screens[k]) for k in sorted(agent.screens)]
            return "@ok %d saves=%d reboots=%d calls=%d screens=%s" % (
                agent.events, agent.saves, agent.reboots, agent.calls, ",".join(names))
        else:
            return "@fail unknown command " + c
    except Exception as e:
        return "@fail " + _describe(e)
    return "@ok %d %s" % (agent.events, agent.app.stage.screen.NAME)


def serve(root):
    """Answer commands from stdin until ``q`` or end of input."""
    agent = Agent(root)
    while True:
        line = sys.stdin.readline()
        if not line or line.strip() == "q":
            break
        sys.stdout.write(execute(agent, line) + "\n")
        flush = getattr(sys.stdout, "flush", None)
        if flush is not None:
            flush()


if __name__ == "__main__":
    serve(sys.argv[1])
