"""Random play: a hypothesis state machine presses random buttons on the whole app.

Each step is one button event (short press, long press, a hold with
auto-repeat, two buttons at once), a pause (dim, blank, notices) or a power
cycle. After every step tests/random_agent.py checks the app: no exception
escapes, no screen fails, the screen is never blank while awake, the match
invariants hold (legal points, rotation consistent with the hands, undo then
redo restores the exact state), the save on flash loads and holds exactly
the match in play.

The app runs on the MicroPython unix port (the device's interpreter, and
fast) behind a line protocol; TANTEADOR_RANDOM_IMPL=cpython runs it in this
process instead. TANTEADOR_RANDOM_EVENTS sets how many button events to
play in total (CI: 100000).
"""

import os
import queue
import subprocess
import threading
import time

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

import random_agent
from storekit import figure

EVENTS = int(os.environ.get("TANTEADOR_RANDOM_EVENTS", "1000"))
IMPL = os.environ.get("TANTEADOR_RANDOM_IMPL", "mp")
pytestmark = [pytest.mark.micropython, pytest.mark.slow] if IMPL == "mp" else pytest.mark.slow
TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the modules the test folders share
STEPS = 250
REPLY_S = 60

UP, DOWN, OK, BACK = 0, 1, 2, 3


class Local:
    """The agent in this process (CPython)."""

    def __init__(self, root):
        self.agent = random_agent.Agent(root)

    def send(self, line):
        return random_agent.execute(self.agent, line)

    def close(self):
        pass


class Remote:
    """The agent on MicroPython, one line per command.

    TANTEADOR_AGENT_LOG=FILE keeps every command sent (replay it with
    ``micropython tests/random_agent.py FOLDER < FILE``)."""

    def __init__(self, root):
        from host_tools.harness import mplane

        argv = [mplane.require_micropython(), "-X", "heapsize=512K",
                os.path.join(TESTS, "random_agent.py"), root]
        self.proc = subprocess.Popen(argv, env=mplane.mp_env(), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        path = os.environ.get("TANTEADOR_AGENT_LOG")
        self.log = open(path, "w") if path else None

    def _read(self):
        for line in self.proc.stdout:
            if line.startswith("@"):
                self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        if self.log:
            self.log.write(line + "\n")
            self.log.flush()
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        try:
            out = self.lines.get(timeout=REPLY_S)
        except queue.Empty:
            raise AssertionError("the MicroPython agent did not answer %r within %d s" % (line, REPLY_S))
        if out is None:
            raise AssertionError("the MicroPython agent stopped (exit %r)" % self.proc.poll())
        return out

    def close(self):
        p = self.proc
        try:
            p.stdin.write("q\n")
            p.stdin.close()
            p.wait(timeout=10)
        except Exception:
            p.kill()
            p.wait()
        if self.log:
            self.log.close()


def _cmd(fmt, *parts):
    return st.tuples(*parts).map(lambda t: fmt % t)


BUTTON = st.sampled_from((OK, DOWN, UP, OK, BACK, OK))
# One button event: a short press (most of them), a long press, a hold with
# auto-repeat, or two buttons at once.
EVENT = st.one_of(
    _cmd("p %d %d", BUTTON, st.integers(30, 200)),
    _cmd("p %d %d", st.sampled_from((OK, BACK)), st.integers(620, 2000)),
    _cmd("p %d %d", st.sampled_from((UP, DOWN)), st.integers(300, 4000)),
    _cmd("c %d %d %d", st.sampled_from((UP, DOWN)), st.sampled_from((OK, BACK)),
         st.integers(30, 1500)),
)
# Now and then before an event: a pause (notices, dim, blank) or a power cycle.
BEFORE = st.sampled_from((None,) * 24 + ("w 1000", "w 3000", "w 61000", "w 200000", "w 950000", "r"))


class Play(RuleBasedStateMachine):
    driver = None
    played = 0

    # Most runs start from an empty flash (the setup); some on a Briscola
    # chiamata match of 5 or 6 players, which random presses seldom set up.
    @initialize(start=st.sampled_from(("x", "x", "x 5", "x 6")))
    def reset(self, start):
        self.do(start)

    def do(self, cmd):
        answer = Play.driver.send(cmd)
        assert answer.startswith("@ok "), "%s -> %s" % (cmd, answer)
        Play.played = int(answer.split()[1])

    @rule(before=BEFORE, event=EVENT)
    def button(self, before, event):
        if before is not None:
            self.do(before)
        self.do(event)


def test_random_play(tmp_path):
    root = str(tmp_path / "flash")
    driver = Remote(root) if IMPL == "mp" else Local(root)
    Play.driver = driver
    Play.played = 0
    t0 = time.time()
    runs = 0
    try:
        while Play.played < EVENTS:
            run_state_machine_as_test(Play, settings=settings(
                max_examples=(EVENTS - Play.played) // STEPS + 1,
                stateful_step_count=STEPS, deadline=None, database=None,
                suppress_health_check=list(HealthCheck)))
            runs += 1
        stats = driver.send("s")
    finally:
        driver.close()
    print(stats)
    print("random play on %s: %d events in %d runs, %.1f s" % (IMPL, Play.played, runs, time.time() - t0))
    figure("random button events played (%s)" % IMPL, Play.played)
    figure("Briscola chiamata hands recorded by random play (%s)" % IMPL,
           int(stats.split("calls=")[1].split()[0]))
    assert Play.played >= EVENTS
