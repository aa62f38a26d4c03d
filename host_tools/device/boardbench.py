"""Board-side half of ``tanteador bench --port``: times the app on the board itself.

``boardbench.main(args_json)`` boots the app on the board's own Board (the
display, bus and pins its config names) over a flash folder of its own,
then plays a button script by pushing each edge into the ring the pin
interrupts fill, at the time the script gives it, while the app runs its
loop as on the device: a poll, a tidy, then POLL_MS of sleep. Every poll
that acted on a press, or wrote to the flash, is timed with
``time.ticks_us``. One JSON line per result, as mp_bench prints them:

  {"k": "base", "free": B, "start": S}
                                 free heap with this program and the device's start
                                 (tanteador.start and its index, main.py's part) loaded, before the
                                 app; S: the start's own weight
  {"k": "boot", "free": B, ...}  the app booted: its heap, its display and bus
  {"k": "act", "a": [kind, us, frames, files, bytes, "screen>screen", at_ms, answer_us, bus, durable_us]}
                                 at_ms on the board clock, whose zero is boot's zero_ms;
                                 answer_us: to the end of the poll's last frame sent (the
                                 answer a player sees; a save after it is in us only);
                                 bus: the bytes its frames put on the I2C bus, counted as
                                 the lab counts them (devicetime.window_bytes);
                                 durable_us: to the end of the flash write that put the
                                 action on flash before its frame (a journal line, or a
                                 whole save), None if the poll made none
  {"k": "done", ...}             the match's end: hands, lowest free heap (None unless
                                 sampled), flash, ...
  {"k": "end"}

``args``: ``dir`` the flash folder (its state.json is the match to resume),
``script`` the button script file, ``board`` the module whose Board to use
(default the firmware's; a test puts a stand-in there), ``heap`` false to
play without sampling the heap (the pass whose presses are timed: each
sample is a collection, and a press right after one is slower).

A reset is timed by bootbench, alone on a fresh interpreter.
"""

import gc
import json
import sys
import time

from bootbench import BOARD, indexed
from devicetime import window_bytes
from mp_bench import CountingFS, emit, kind, ref_us, ticks_diff, ticks_us
from script import Player, parse


class ScriptedButtons:
    """The board as the script player sees it: the board's clock, and buttons the script holds.

    An edge goes into the board's own ring stamped on the clock its pin
    interrupt uses (``time.ticks_ms``), at the time the script gave it,
    even when the app was busy then: as an interrupt would have stamped it.
    The levels the app reads are the script's, since no finger is on the pins.
    """

    def __init__(self, board):
        self.board = board
        self.ring = board._ring
        self.levels = [False, False, False, False]
        # The app's own wait between two passes of its loop (App.pause), once the app is up.
        self.pause = None
        board.buttons = self.buttons

    def buttons(self):
        """Levels of UP, DOWN, OK, BACK as the script holds them; True = pressed."""
        v = self.levels
        return (v[0], v[1], v[2], v[3])

    @property
    def now(self):
        """The board clock, in ms."""
        return self.board.ticks_ms()

    def advance(self, ms):
        """The app loop's sleep between passes: as long as the app's loop would sleep."""
        time.sleep_ms(ms if self.pause is None else self.pause(self.board.ticks_ms()))

    def press(self, button, down=True, t=None):
        """Set one button's level, as an edge at ``t`` on the board clock (default now)."""
        self.levels[button] = bool(down)
        late = 0 if t is None else self.board.ticks_ms() - t
        self.ring.push(button, down, time.ticks_add(time.ticks_ms(), -late))


class Meter:
    """Stands in for the app in the player: times each poll and tidy and tells what it did."""

    def __init__(self, app, board, cfs):
        self.app = app
        self.cfs = cfs
        self.frames = 0
        self.events = 0
        self.errors = 0
        self.commits = 0
        self._acted = 0
        self._shown_us = None
        self._durable_us = None
        self._bus = 0
        update = app.keys.update
        show = board.show
        commit = app.stage.commit
        # The rectangles each frame sent (tanteador.pages), on a board that sends them.
        diff = getattr(board, "_diff", None)

        def counted_update(levels, now):
            evs = update(levels, now)
            self._acted += len(evs)
            return evs

        def counted_show():
            self.frames += 1
            show()
            self._shown_us = ticks_us()
            if diff is not None:
                self._bus += window_bytes(diff.windows)

        def counted_commit():
            self.commits += 1
            return commit()

        store = app.stage.store
        append = store.append
        save = store.save

        def stamped_append(line, first=None):
            problem = append(line, first)
            self._stamp()
            return problem

        def stamped_save(doc, tag=None):
            problem = save(doc, tag)
            if self._shown_us is None:
                self._stamp()
            return problem

        app.keys.update = counted_update
        board.show = counted_show
        app.stage.commit = counted_commit
        store.append = stamped_append
        store.save = stamped_save

    def _stamp(self):
        # The first durable write of a poll: the action is on flash from here.
        if self._durable_us is None:
            self._durable_us = ticks_us()

    def poll(self, now):
        """The app's poll, timed; an action line if it took a press or wrote to the flash."""
        app = self.app
        cfs = self.cfs
        top = app.stage.stack[-1]
        m = app.stage.match
        hands = len(m.hands) if m is not None else 0
        opens, wrote, frames = cfs.opens, cfs.bytes, self.frames
        self._acted = 0
        self._shown_us = None
        self._durable_us = None
        self._bus = 0
        t0 = ticks_us()
        shown = app.poll(now)
        dt = ticks_diff(ticks_us(), t0)
        answer = dt if self._shown_us is None else ticks_diff(self._shown_us, t0)
        durable = None if self._durable_us is None else ticks_diff(self._durable_us, t0)
        n = self._acted
        files = cfs.opens - opens
        if n or files:
            emit({"k": "act", "a": [kind(app, top, hands, n, files), dt, self.frames - frames, files,
                                    cfs.bytes - wrote, top.NAME + ">" + app.stage.stack[-1].NAME, now, answer,
                                    self._bus, durable]})
        self.events += n
        if app.stage.screen.NAME == "error":
            self.errors += 1
        return shown

    def tidy(self, now):
        """The app's housekeeping; a collection it made is an "idle" action."""
        t0 = ticks_us()
        collected = self.app.tidy(now)
        dt = ticks_diff(ticks_us(), t0)
        if collected:
            emit({"k": "act", "a": ["idle", dt, 0, 0, 0, "collect", now, dt]})


def settle():
    """Close the index's pack, as the app does once it has started (no index: nothing to close)."""
    importer = sys.modules.get("tanteador.importer")
    if importer is not None:
        importer.settle()


def free():
    """Free heap in bytes after a collection."""
    gc.collect()
    return gc.mem_free()


def main(args_json):
    """Boot the app over a.dir, play a.script on it, print every figure (see the module docstring)."""
    a = json.loads(args_json)
    # Sampling the heap collects it after every script line, which leaves the next press's
    # allocations to search a heap whose holes nothing has filled yet: a press right after
    # a collection, which the device meets only when a press follows its quiet moment's.
    sample = a.get("heap", True)
    before = free()
    # As on the device: the start and its index stay on the heap while the app runs. They
    # are main.py's part, which the app's figures never counted: weighed apart, before the base.
    given_back = indexed()
    # The pack the index reads modules from is closed once the app has started
    # (tanteador.importer.settle): closed now, it is neither the start's weight
    # nor, freed during the match, taken off the app's.
    settle()
    base = free()
    emit({"k": "base", "free": base, "start": before - base})
    name = a.get("board", BOARD)
    __import__(name)
    board = sys.modules[name].Board(a["dir"])
    # In place before the app opens its store: every file the app writes is counted.
    cfs = board.fs = CountingFS(board.fs)
    keys = ScriptedButtons(board)
    from tanteador.app import POLL_MS, App

    app = App(board, board.ticks_ms())
    from tanteador import config

    # The wiring the board runs: a board file's over config's defaults.
    wiring = getattr(sys.modules[name], "WIRING", config)
    low = booted = free()
    emit({"k": "boot", "free": booted, "screen": app.stage.screen.NAME, "display": wiring.DISPLAY,
          "i2c_hz": wiring.I2C_FREQ, "addr": wiring.OLED_ADDR, "display_ok": getattr(board, "display_ok", True),
          "platform": sys.platform,
          # The board clock's zero in ms since the chip's reset: lines the actions up with a bus trace.
          "zero_ms": time.ticks_diff(time.ticks_ms(), board.ticks_ms())})
    keys.pause = app.pause
    meter = Meter(app, board, cfs)
    player = Player(meter, keys, tick_ms=POLL_MS)
    low_hand = 0
    f = open(a["script"])
    try:
        while True:
            line = f.readline()
            if not line:
                break
            for st in parse(line):
                player.step(st)
            if not sample:
                continue
            # The heap as the PC bench samples it: after every script line, collected. The
            # collection is this program's, not the app's: the next press comes that much later,
            # rather than late on its time.
            t = board.ticks_ms()
            now = free()
            player.at += board.ticks_ms() - t
            if now < low:
                low = now
                low_hand = len(app.stage.match.hands) if app.stage.match is not None else 0
        player.settle()
    finally:
        f.close()
        close = getattr(board, "close", None)
        if close is not None:
            close()
        if given_back is not None:
            given_back()
    m = app.stage.match
    emit({"k": "done", "hands": len(m.hands) if m is not None else 0, "over": m.over if m is not None else None,
          "screen": app.stage.screen.NAME, "errors": meter.errors, "events": meter.events, "frames": meter.frames,
          "commits": meter.commits, "opens": cfs.opens, "bytes": cfs.bytes, "renames": cfs.renames,
          "low_free": low if sample else None, "low_hand": low_hand, "overflows": board.edge_overflows, "ref_us": ref_us()})
    emit({"k": "end"})
