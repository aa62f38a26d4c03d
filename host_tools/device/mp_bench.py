"""Device-side half of ``tanteador bench``: runs on MicroPython and on CPython.

``mp_bench.main(cmd, args_json)`` prints one JSON line per result and
``{"k": "end"}``, like mp_driver. Kept small and importing nothing of the
firmware at module level, so the heap it reports is the firmware's.

play  a button script on an instrumented App: heap after every script line,
      time per event (with a reference loop timed in the same run), bytes
      and pages sent to the display, files and bytes written to the flash.
boot  time from the first firmware import to the first frame.
checks  time of the hand check (rules.check_points) on given points.
"""

import gc
import json
import sys

try:
    from time import ticks_diff, ticks_us
except ImportError:
    from time import perf_counter_ns

    def ticks_us():
        return perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b


def emit(obj):
    """Print one result line, written out as it is encoded (see mp_driver.emit)."""
    json.dump(obj, sys.stdout)
    sys.stdout.write("\n")


def mem():
    """Heap in use after a full collection (None where gc cannot tell)."""
    gc.collect()
    f = getattr(gc, "mem_alloc", None)
    return f() if f else None


def ref_loop():
    """A fixed amount of interpreter work; its time is the unit of the work figures."""
    x = 1
    for i in range(20000):
        x = (x * 31 + i) & 0xFFFF
    return x


def ref_us(times=5):
    """Shortest of several timings of ref_loop, in microseconds."""
    best = None
    for _ in range(times):
        t0 = ticks_us()
        ref_loop()
        dt = ticks_diff(ticks_us(), t0)
        if best is None or dt < best:
            best = dt
    return best


class CountingFS:
    """A DirFS wrapper that counts what reaches the flash, and the time the PC's disk took.

    That time is the PC's, not the Pico's: the bench puts the flash's own
    times (devicetime) in its place.
    """

    def __init__(self, fs):
        self.fs = fs
        self.opens = 0       # files opened for writing (one per file written)
        self.bytes = 0       # bytes written
        self.renames = 0
        self.removes = 0
        self.io_us = 0       # time spent in the PC's file calls

    def _timed(self, fn, *args):
        t0 = ticks_us()
        try:
            return fn(*args)
        finally:
            self.io_us += ticks_diff(ticks_us(), t0)

    def open(self, name, mode="r"):
        f = self._timed(self.fs.open, name, mode)
        if "w" in mode or "a" in mode or "+" in mode:
            self.opens += 1
            return _CountingFile(self, f)
        return f

    def rename(self, a, b):
        self.renames += 1
        return self._timed(self.fs.rename, a, b)

    def remove(self, name):
        self.removes += 1
        return self._timed(self.fs.remove, name)

    def listdir(self, folder=None):
        return self.fs.listdir(folder)

    def sizes(self):
        return self.fs.sizes()

    def makedir(self, name):
        return self._timed(self.fs.makedir, name)

    def exists(self, name):
        return self.fs.exists(name)

    def size(self, name):
        return self.fs.size(name)


class _CountingFile:
    def __init__(self, cfs, f):
        self.cfs = cfs
        self.f = f

    def write(self, data):
        self.cfs.bytes += len(data)
        return self.cfs._timed(self.f.write, data)

    def read(self, *a):
        return self.f.read(*a)

    def flush(self):
        return self.cfs._timed(self.f.flush)

    def close(self):
        return self.cfs._timed(self.f.close)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Probe:
    """Stands in for the app in the script player: polls it and measures around each poll.

    With ``timing`` each poll that acted on a press, or wrote to the flash,
    is sent as an action line ``{"k": "act", "a": [kind, work us, bus bytes,
    files written, bytes written, "screen before>after"]}``, kind "value" (UP/DOWN on the same screen), "screen" (another
    screen), "menu" (into, inside or out of the menu), "record" (a hand
    recorded, or another press that saved: undo, redo, a setting) or "idle"
    (a save or a collection made while nobody pressed).
    """

    def __init__(self, app, board, timing, cfs=None):
        self.app = app
        self.board = board
        self.timing = timing
        self.events = 0
        self.event_polls = 0
        self.shows = 0
        self.idle_shows = 0
        self.same_shows = 0
        self.pages = 0
        self.peak = 0
        self.peak_at = 0
        self.times = []
        self.errors = 0
        self.prev = bytes(board.buffer)
        self.cfs = cfs
        self._acted = 0
        update = app.keys.update

        def counted(levels, now):
            evs = update(levels, now)
            self._acted += len(evs)
            return evs

        # The events the app itself acted on (from the edges' own times).
        app.keys.update = counted

    def poll(self, now):
        board = self.board
        app = self.app
        frames = board.frames
        top = app.stage.stack[-1]
        m = app.stage.match
        hands = len(m.hands) if m is not None else 0
        cfs = self.cfs
        opens, wrote, io = (cfs.opens, cfs.bytes, cfs.io_us) if cfs is not None else (0, 0, 0)
        self._acted = 0
        t0 = ticks_us()
        shown = app.poll(now)
        dt = ticks_diff(ticks_us(), t0)
        n = self._acted
        if self.timing:
            files = cfs.opens - opens if cfs is not None else 0
            if n or files:
                work = dt - (cfs.io_us - io if cfs is not None else 0)
                # Sent at once, not kept: a growing list would weigh on the heap measured.
                emit({"k": "act", "a": [kind(app, top, hands, n, files), work,
                                        _bus_bytes(board.last_windows) if board.frames != frames else 0,
                                        files, cfs.bytes - wrote if cfs is not None else 0,
                                        top.NAME + ">" + app.stage.stack[-1].NAME]})
        if board.frames != frames:
            self.shows += 1
            if not n:
                self.idle_shows += 1
            cur = board.frame
            changed = 0
            for p in range(8):
                a = p * 128
                if cur[a:a + 128] != self.prev[a:a + 128]:
                    changed += 1
            if not changed:
                self.same_shows += 1
            self.pages += changed
            self.prev = cur
        if self.app.stage.screen.NAME == "error":
            self.errors += 1
        if n:
            self.events += n
            self.event_polls += 1
            if self.timing:
                self.times.append(dt)
        return shown

    def tidy(self, now):
        """The app's housekeeping after a frame; a collection it made is an "idle" action."""
        t0 = ticks_us()
        collected = self.app.tidy(now)
        dt = ticks_diff(ticks_us(), t0)
        if self.timing and collected:
            emit({"k": "act", "a": ["idle", dt, 0, 0, 0, "collect"]})


def kind(app, top, hands, n, files):
    """The kind of a poll's action, for a poll of ``app`` that took ``n`` events and wrote
    ``files`` files, the screen ``top`` on top and ``hands`` hands recorded before it:
    "record", "menu", "screen", "value" or "idle" (see Probe). The board's own bench
    (boardbench) sorts its polls with it too, so both benches' kinds are the same."""
    m = app.stage.match
    if (m is not None and len(m.hands) > hands) or (n and files):
        return "record"
    now = app.stage.stack[-1]
    if "menu" in (top.NAME, now.NAME):
        return "menu"
    if now is not top:
        return "screen"
    return "value" if n else "idle"


def _bus_bytes(windows):
    from devicetime import window_bytes

    return window_bytes(windows)


class Session:
    """One benchmark match, played a script line at a time.

    The heap is sampled between lines, from a fresh call: on the unix port
    ``sample`` collects first; the WebAssembly port collects only when
    control is back at the top level, so its runner calls ``step`` and
    ``sample`` as separate top-level calls (see host_tools/wasm/run.mjs).
    """

    def __init__(self, a):
        if isinstance(a, str):
            a = json.loads(a)
        self.a = a
        self.base = self.boot = None
        self.ref0 = ref_us() if a.get("timing") else None

    def start(self):
        """Boot the firmware on a host board over the flash folder a.dir."""
        from hostboard import HostBoard
        from script import Player
        from tanteador.app import App
        from tanteador.flashfs import DirFS

        self.cfs = CountingFS(DirFS(self.a["dir"]))
        board = HostBoard(fs=self.cfs)
        self.app = app = App(board, 0)
        self.commits = 0
        commit = app.stage.commit

        def counted():
            self.commits += 1
            return commit()

        app.stage.commit = counted
        self.probe = Probe(app, board, self.a.get("timing", False), self.cfs)
        self.player = Player(self.probe, board)
        self.script = open(self.a["script"])

    def step(self):
        """Play the next script line; False when the script is over."""
        from script import parse

        line = self.script.readline()
        if not line:
            self.script.close()
            return False
        for st in parse(line):
            self.player.step(st)
        return True

    def sample(self, used=None):
        """Note the heap in use now (``used`` when the runner measured it itself)."""
        if not self.a.get("heap", True):
            return
        m = mem() if used is None else used
        probe = self.probe
        if m is not None and m > probe.peak:
            probe.peak = m
            probe.peak_at = len(self.app.stage.match.hands) if self.app.stage.match is not None else 0

    def result(self, end=None):
        """Every figure of the finished match, as one object (``end``: heap measured by the runner)."""
        a, app, probe, cfs = self.a, self.app, self.probe, self.cfs
        ref1 = ref_us() if a.get("timing") else None
        m = app.stage.match
        st = app.stage.state()
        size = cfs.size("state.json") if cfs.exists("state.json") else 0
        times = probe.times
        times.sort()
        out = {
            "k": "play", "impl": sys.implementation.name,
            "base": self.base, "boot": self.boot, "peak": probe.peak, "peak_hand": probe.peak_at,
            "end": mem() if end is None else end,
            "hands": len(m.hands) if m is not None else 0, "over": m.over if m is not None else None,
            "errors": probe.errors, "screen": app.stage.screen.NAME,
            "events": probe.events, "event_polls": probe.event_polls, "shows": probe.shows,
            "idle_shows": probe.idle_shows, "same_shows": probe.same_shows, "pages": probe.pages,
            "commits": self.commits, "opens": cfs.opens, "bytes": cfs.bytes, "renames": cfs.renames,
            "removes": cfs.removes, "state_bytes": size,
            "ref_us": None if self.ref0 is None else min(self.ref0, ref1),
            "t_med": times[len(times) // 2] if times else None,
            "t_p90": times[len(times) * 9 // 10] if times else None,
            "t_max": times[-1] if times else None,
            "t_mean": sum(times) // len(times) if times else None,
            "overflows": app.board.edge_overflows,
        }
        if a.get("state"):
            out["state"] = st
        return out


def visit_all(names_json):
    """Load every module named, then unload those that were not loaded before.

    The app unloads screens it left; what a module leaves behind even then
    (MicroPython never frees the names it brought) is what this measures.
    """
    before = set(sys.modules)
    for name in json.loads(names_json):
        __import__(name)
    for name in list(sys.modules):
        if name not in before:
            del sys.modules[name]
            parts = name.rsplit(".", 1)
            parent = sys.modules.get(parts[0]) if len(parts) == 2 else None
            if parent is not None and hasattr(parent, parts[1]):
                delattr(parent, parts[1])


def finish(session, base, boot, end, visited=None, revisited=None):
    """Emit the figures of a session whose heap the runner measured, and the end marker.

    ``visited``: the heap after visit_all, when the runner ran it;
    ``revisited``: after a second visit_all.
    """
    session.base, session.boot = base, boot
    out = session.result(end)
    out["visited"] = visited
    out["revisited"] = revisited
    emit(out)
    emit({"k": "end", "impl": sys.implementation.name})


def cmd_play(a):
    """Play the script file a.script from the saved state in folder a.dir; emit every figure."""
    # Baseline: the interpreter, this module and the host board's code; on
    # the Pico the board module and the OLED driver take their place.
    import hostboard  # noqa: F401
    import script  # noqa: F401

    s = Session(a)
    s.base = mem()
    s.start()
    s.boot = mem()
    while s.step():
        s.sample()
    emit(s.result())


def cmd_boot(a):
    """Time from importing the firmware to the first frame, from the state in a.dir."""
    t0 = ticks_us()
    from hostboard import HostBoard
    from tanteador.app import App

    board = HostBoard(a["dir"])
    app = App(board, 0)
    if not board.frames:
        app.poll(0)
    t1 = ticks_us()
    frames = board.frames
    used = mem()
    emit({"k": "boot", "us": ticks_diff(t1, t0), "ref_us": ref_us(), "frames": frames,
          "screen": app.stage.screen.NAME, "mem": used})


def cmd_modules(a):
    """Heap taken by importing each module of a.modules in turn (its code and globals)."""
    out = []
    last = mem()
    for name in a["modules"]:
        try:
            __import__(name)
        except Exception as e:
            out.append([name, None, type(e).__name__])
            continue
        cur = mem()
        out.append([name, cur - last, None])
        last = cur
    emit({"k": "modules", "modules": out})


def cmd_checks(a):
    """Time rules.check_points on each case of a.cases, ``[label, points,
    nsides, undrawn, players, tricks]``: the least of a.runs, in us, and
    the code it gave ("." accepted), with the reference loop of this run."""
    from tanteador.rules import RulesError, check_points

    ref = ref_us()
    out = []
    for label, pts, nsides, undrawn, players, tricks in a["cases"]:
        pts = tuple(pts)
        best = None
        code = "."
        for _ in range(a.get("runs", 5)):
            t0 = ticks_us()
            try:
                check_points(pts, nsides, undrawn, players, tricks)
            except RulesError as e:
                code = e.code
            dt = ticks_diff(ticks_us(), t0)
            if best is None or dt < best:
                best = dt
        out.append([label, best, code])
    emit({"k": "checks", "ref_us": min(ref, ref_us()), "cases": out})


def cmd_ref(a):
    emit({"k": "ref", "ref_us": ref_us(a.get("times", 9))})


def main(cmd, args_json="{}"):
    args = json.loads(args_json)
    fn = globals().get("cmd_" + cmd)
    if fn is None:
        raise ValueError("unknown command " + cmd)
    fn(args)
    emit({"k": "end", "impl": sys.implementation.name})
