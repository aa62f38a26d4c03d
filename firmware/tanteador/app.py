"""The loop: buttons in, the stage's screens out, with sleep, sound and the heap's housekeeping.

The app never reads a clock or a pin itself: ``poll(now_ms)`` gets the time,
reads the buttons through the board and does everything that became due.
So the same object runs on the Pico (``run``), in the simulator and in tests.
What the screens see and change is the stage (``app.stage``: the match,
its screens and its saves); the heap's collections and unloading are
``heap``'s.
"""

from micropython import const

from tanteador import heap
from tanteador.buttons import Buttons
from tanteador.heap import Heap
from tanteador.stage import Stage

DIM_MS = const(60000)
POLL_MS = const(10)
_WAKE_QUIET_MS = const(60)
_DIM_LEVEL = const(32)
_MAX_STEP_MS = const(5000)
_AWAKE = const(0)
_DIM = const(1)
_BLANK = const(2)
_GC_IDLE_MS = const(400)


def seeded_rand(seed):
    """A small xorshift generator -> rand_below(n); same numbers on every port."""
    st = [(seed * 2654435761 + 0x9E3779B9) & 0xFFFFFFFF or 1]

    def rand_below(n):
        x = st[0]
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        st[0] = x
        return x % n

    return rand_below


class App:
    """The scorekeeper's loop on one device: buttons, sleep, sound, frames and housekeeping."""

    def __init__(self, board, now_ms, sizes=None):
        """``sizes``: the board's saves' folder as the start listed it
        (DirFS.sizes), if it did: the saved match is loaded from it."""
        self.board = board
        self.keys = Buttons()
        self.heap = Heap()
        self.now = now_ms
        self.last_input = now_ms
        self.sleep = _AWAKE
        self.swallow = False
        self._quiet_at = None
        self._tune = None
        self._tune_i = 0
        self._tune_at = 0
        self._failing = False
        self._held = False
        self._drawn = False
        rb = getattr(board, "rand_below", None)
        self.stage = s = Stage(board, self.heap, now_ms, rb if rb is not None else seeded_rand(now_ms), sizes)
        s.write()
        self._guard(2, None)
        board.show()
        s.lay_root()
        # A resumed match's first frame is what a reset shows before the app
        # loads (tanteador.bootframe): kept at the first quiet moment.
        self._frame_due = s.resumed()
        # The store's boot-only code need not stay; unloading it (and the
        # collection that follows) waits until the first frame is out.
        self.heap.sweep(s.stack)

    # -- the loop --------------------------------------------------------

    def poll(self, now_ms):
        """Read the buttons, act, tick the timers; draw if needed. True if a frame was shown."""
        dt = now_ms - self.now
        if dt < 0:
            dt = 0
        elif dt > _MAX_STEP_MS:
            dt = _MAX_STEP_MS
        self.now = now_ms
        s = self.stage
        s.now = now_ms
        board = self.board
        keys = self.keys
        # Edges captured while the last frame was drawn or saved first, with
        # their own times; then the levels now (a lost edge cannot stick).
        board.take_edges(keys.edge)
        levels = board.buttons()
        evs = keys.update(levels, now_ms)
        held = self._held = True in levels
        acted = False
        m = s.match
        if self.sleep != _BLANK and m is not None and not m.over:
            s.hand_ms += dt
        if held or evs:
            self.last_input = now_ms
            if self.sleep == _DIM:
                # Dimmed is still readable: the press acts as well.
                self._brighten()
            elif self.sleep == _BLANK:
                self._wake()
        if self.swallow:
            if held:
                self._quiet_at = None
            elif self._quiet_at is None:
                self._quiet_at = now_ms + _WAKE_QUIET_MS
            elif now_ms - self._quiet_at >= 0:
                self.swallow = False
        elif evs:
            for ev in evs:
                self._guard(0, ev)
            self.heap.due = True
            acted = True
        self._sleep_timers(now_ms)
        self._tune_tick(now_ms)
        top = s.stack[-1]
        if getattr(top, "tick", None) is not None:
            self._guard(1, now_ms)
        s.rested(now_ms, held, acted)
        # A whole save asked for goes before the frame that shows it.
        s.write()
        shown = False
        if s.dirty and self.sleep != _BLANK:
            self._guard(2, None)
            self.board.show()
            self._drawn = shown = True
        s.fold()
        return shown

    def tidy(self, now_ms):
        """Housekeeping once a poll's frame is out, so that none of it falls
        inside the answer to a press: collect the heap while nobody presses,
        or at once when it runs short, even during a hold (a heap still short after it unloads
        the screens and helpers not in use); while nobody presses at the
        table, load the next screen of a hand before it is first needed.
        After a frame, the screen's tick runs at once. True if it collected."""
        quiet = not self._held and now_ms - self.last_input >= _GC_IDLE_MS
        s = self.stage
        if self._drawn and getattr(s.stack[-1], "tick", None) is not None:
            # The screen's tick once its frame is out, not only at the next
            # poll: what it left out of that frame's answer (the table's names
            # under a hand's result) is done before the next press is taken,
            # which may have come during the save after the frame.
            self._guard(1, now_ms)
        # The free heap is looked at once per frame drawn (a look scans the heap).
        short = self._drawn and heap.short()
        self._drawn = False
        if quiet and (self._frame_due or s.tag_due) and s.save_at is None:
            self._keep_frame()
        if self.heap.due and (quiet or short):
            self.heap.collect(s.stack)
            return True
        if quiet and s.match is not None and not self.blank:
            self.heap.preload(s.match.chiamata)
        return False

    def _keep_frame(self):
        """The boot's frame, or the tag of a save made before it, when nobody presses (see tanteador.bootframe)."""
        s = self.stage
        frame_due, self._frame_due = self._frame_due, False
        tag_due, s.tag_due = s.tag_due, False
        if frame_due:
            s.keep_boot_frame(not s.dirty and s.resumed())
            # Not needed again: the next collection, at the next quiet
            # moment, frees it and what writing the frame left.
            heap.unload("tanteador.bootframe")
            self.heap.due = True
        if tag_due:
            # The last save was made before the kept frame was known.
            t = s.frame_tag()
            if t is not None:
                s.store.tag(t)

    def pause(self, now_ms):
        """How long the loop may sleep before the next poll: POLL_MS, or less
        when a press settles sooner (its debounce time ends), so that the
        answer to a press does not wait for the next tick of the loop."""
        d = self.keys.due(now_ms)
        return POLL_MS if d is None or d > POLL_MS else d

    def _guard(self, what, arg):
        """Run a screen's handle/tick/draw; an exception becomes the error screen.

        An event handled is drawn, unless the screen says it changed nothing."""
        s = self.stage
        top = s.stack[-1]
        try:
            if what == 0:
                if top.handle(arg, s) is not False:
                    s.dirty = True
            elif what == 1:
                top.tick(s, arg)
            else:
                self.render()
        except Exception as e:
            if self._failing:
                raise
            self._failing = True
            try:
                s.fail(e)
                if what == 2:
                    self.render()
            except MemoryError:
                # Out of memory even for the error screen: keep the loop (and
                # the watchdog) going; the next poll tries to draw again.
                s.dirty = True
            finally:
                self._failing = False

    def render(self):
        """Draw the top screen into the frame buffer (and the text model)."""
        s = self.stage
        top = s.stack[-1]
        s.p.begin(0, top)
        top.draw(s)
        s.dirty = False

    def _brighten(self):
        self.board.contrast(self.stage.cfg["contrast"])
        self.sleep = _AWAKE

    def _wake(self):
        # The panel was off: nobody saw what a press would do, so waking is all it does.
        self.board.power(True)
        self._brighten()
        self.swallow = True
        self._quiet_at = None
        self.stage.dirty = True

    def _sleep_timers(self, now_ms):
        idle = now_ms - self.last_input
        cfg = self.stage.cfg
        if self.sleep == _AWAKE and idle >= DIM_MS:
            self.sleep = _DIM
            self.board.contrast(min(_DIM_LEVEL, cfg["contrast"]))
        t = cfg["timeout"]
        if self.sleep != _BLANK and t and idle >= t * 1000:
            self.sleep = _BLANK
            self.board.power(False)

    @property
    def blank(self):
        """True while the panel is off."""
        return self.sleep == _BLANK

    def _tune_tick(self, now_ms):
        s = self.stage
        if s.tune is not None:
            # A tune the screens asked for starts now, over any still playing.
            self._tune, s.tune = s.tune, None
            self._tune_i = 0
            self._tune_at = now_ms
        tune = self._tune
        if tune is None or now_ms - self._tune_at < 0:
            return
        i = self._tune_i
        if i >= len(tune):
            self.board.tone(0)
            self._tune = None
            return
        self.board.tone(tune[i])
        self._tune_at = now_ms + tune[i + 1]
        self._tune_i = i + 2


async def _main(board, app):
    import asyncio

    sleep_ms = getattr(asyncio, "sleep_ms", None)
    nap = getattr(board, "nap", None)
    # A press waits for no tick where the board's button interrupts can wake the loop.
    flag = getattr(board, "edge_flag", None)
    if flag is not None:
        flag = flag(POLL_MS)
    while True:
        app.poll(board.ticks_ms())
        app.tidy(board.ticks_ms())
        board.feed()
        if nap is not None and app.blank and not app.swallow and nap(40):
            continue
        pause = app.pause(board.ticks_ms())
        if flag is not None and pause >= POLL_MS:
            await flag.wait()
        elif sleep_ms is not None:
            await sleep_ms(pause)
        else:
            await asyncio.sleep(pause / 1000)


def run(board, sizes=None):
    """Run the app on ``board`` forever (asyncio loop, ~10 ms per pass, at once on a
    button edge where the board can wake it, sooner when a press settles);
    ``sizes`` as for App.

    Stopped from the REPL (Ctrl-C), the board is closed so that its watchdog
    does not reset it under the user. Any other way out leaves the watchdog
    running: the device restarts and resumes the saved match.
    """
    try:
        # The first frame is out before the loop's modules load.
        app = App(board, board.ticks_ms(), sizes)
        import asyncio

        asyncio.run(_main(board, app))
    except KeyboardInterrupt:
        close = getattr(board, "close", None)
        if close is not None:
            close()
        raise
    except BaseException:
        board.tone(0)
        raise
