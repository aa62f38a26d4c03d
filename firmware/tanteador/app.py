"""The application: a stack of screens over the match, with sleep, sound and saving.

The app never reads a clock or a pin itself: ``poll(now_ms)`` gets the time,
reads the buttons through the board and does everything that became due.
So the same object runs on the Pico (``run``), in the simulator and in tests.
"""

import gc
import sys

from micropython import const

from tanteador import i18n, savefile
from tanteador.buttons import OK, Buttons
from tanteador.store import Store

DIM_MS = const(60000)
POLL_MS = const(10)
_WAKE_QUIET_MS = const(60)
_DIM_LEVEL = const(32)
_MAX_STEP_MS = const(5000)
_AWAKE = const(0)
_DIM = const(1)
_BLANK = const(2)
# Below this much free heap after a collection the screens and helpers not
# in use are unloaded; above it they stay loaded, so a screen opens at once.
_LOW_HEAP = const(24576)
# Less free heap than an action may take: collect right after its frame.
_GC_ROOM = const(40960)
_GC_IDLE_MS = const(400)
_SAVE_QUIET_MS = const(1500)
_HINT_MS = const(8000)

_MP = sys.implementation.name == "micropython"
# Modules needed only now and then (the first-dealer draw, boot and archive
# code, the kept first frame): unloaded when the heap runs low.
_HELPERS = ("tanteador.firstdealer", "tanteador.storeops", "tanteador.bootframe")
# The screens of a hand after the table, loaded ahead while nobody presses.
# Not the match end: shown once a match, it would hold 1.6 KB of heap all along.
_WARM = ("tanteador.screens.entry", "tanteador.screens.outcome", "tanteador.screens.menu",
         "tanteador.screens.notice", "tanteador.screens.trump")


def _collect():
    """A full collection on MicroPython (where it keeps the small heap in one
    piece); CPython manages its own memory and its collector is slow."""
    if _MP:
        gc.collect()


def _unload(name):
    """Forget helper module ``name`` (tanteador.X) on MicroPython, so that a collection frees it."""
    if _MP and name in sys.modules:
        del sys.modules[name]
        top = sys.modules.get("tanteador")
        if top is not None and hasattr(top, name[10:]):
            delattr(top, name[10:])


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
    """The scorekeeper: screens, timers and the saved state of one device."""

    def __init__(self, board, now_ms):
        self.board = board
        self.keys = Buttons()
        self.store = Store(board.fs)
        self.cfg = savefile.default_cfg()
        self.match = None
        self.stack = []
        self.dirty = True
        self.trump = None
        self.hand_ms = 0
        self.now = now_ms
        self.last_input = now_ms
        self.sleep = _AWAKE
        self.swallow = False
        self._quiet_at = None
        self._tune = None
        self._tune_i = 0
        self._tune_at = 0
        self._failing = False
        self._gc_due = False
        self._held = False
        self._drawn = False
        self._warm = 0
        self._save_at = None
        self._commit_due = False
        self._frame = None
        self._frame_due = False
        self._tag_due = False
        rb = getattr(board, "rand_below", None)
        self.rand_below = rb if rb is not None else seeded_rand(now_ms)
        # The saved match loads first, while the heap is emptiest: the engine
        # modules it imports are the largest of the firmware.
        doc, problem = self.store.load(savefile.validate)
        # What parsing the save left behind goes before the screens load.
        _collect()
        from tanteador.draw import Painter

        self.p = Painter(board.display, board.buffer)
        scr = "setup"
        tr = en = None
        if doc is not None:
            self.cfg, self.match, scr, tr, en = doc
        self.S = i18n.load(self.cfg["lang"])
        # Importing the fonts left its garbage: the first screen loads on a tidy heap.
        _collect()
        self._boot(scr, problem, tr, en)
        self._guard(2, None)
        board.show()
        # A resumed match's first frame is what a reset shows before the app
        # loads (tanteador.bootframe): kept at the first quiet moment.
        top = self.stack[-1]
        self._frame_due = top.NAME == "notice" and top.sid == i18n.RESUMED
        # The store's boot-only code need not stay; unloading it (and the
        # collection that follows) waits until the first frame is out.
        self.sweep()

    # -- boot and saving -------------------------------------------------

    def _boot(self, scr, problem, tr, en):
        """Rebuild the screens of the saved state and say what happened."""
        self.board.power(True)
        self.board.contrast(self.cfg["contrast"])
        self.home()
        m = self.match
        taken, refused = self._take_pushed()
        if taken:
            m = scr = None
        if problem is None:
            problem = refused
        if m is not None:
            self.trump = m.next_trump
            if self.trump is None:
                self.trump = tr
            if m.over:
                from tanteador.screens.matchend import MatchEnd

                # A finished match is not "resumed": its end is shown again.
                self.push(MatchEnd(self, tune=False))
            else:
                if scr == "history":
                    from tanteador.screens.history import History

                    self.push(History(self))
                elif scr == "settings":
                    self._settings()
                elif en is not None:
                    self._entry(en)
                self.notice(i18n.RESUMED)
        elif scr == "settings":
            self._settings()
        if problem is not None:
            self.notice(i18n.NEWER if problem == "newer" else i18n.DAMAGED, ms=0)
        if getattr(self.board, "problems", None):
            self.notice(i18n.BOARD_REFUSED, ms=0)
        if self.board.buttons()[OK]:
            # OK held while the device starts: the first-boot button test of a
            # fresh build, on top of whatever was resumed.
            from tanteador.screens.hwtest import HwTest

            self.push(HwTest())

    def _take_pushed(self):
        """Start the match an organiser's PC pushed for an event, in place of
        the saved one (archived, never lost), and name its table and round.
        -> (True if one started, the problem code of one set aside or None)."""
        from tanteador.store import PUSHED

        if not self.store.fs.exists(PUSHED):
            return False, None
        # The setup screen goes first: the match loads on a roomier heap.
        self.stack = []
        self.sweep()
        from tanteador import storeops

        m, problem = storeops.pushed(self.store)
        if m is None:
            self.home()
            return False, problem
        self.start(m)
        # Only once the match is saved: a power cut before this takes the file again.
        self.store.discard(PUSHED)
        self.notice(i18n.TABLE_ROUND, m.event[:2], ms=0)
        return True, None

    def _entry(self, en):
        """Back on the points entry (or a chiamata call) as it was saved (a past hand's under the history)."""
        edit = en[0] if en[0] >= 0 else None
        if edit is not None:
            from tanteador.screens.handedit import HandEdit
            from tanteador.screens.history import History

            self.push(History(self))
            self.push(HandEdit(edit))
        e = self.hand_entry(edit, en[2:])
        e.resume(en[1])
        self.push(e)

    def hand_entry(self, edit=None, vals=None):
        """The screen that enters a hand of this match (or edits past hand
        ``edit``), starting from ``vals`` if given: the points entry, or in
        chiamata the call entry."""
        m = self.match
        if m is not None and m.chiamata:
            from tanteador.screens.callentry import CallEntry

            return CallEntry(self, edit, vals)
        from tanteador.screens.entry import Entry

        return Entry(self, edit, vals)

    def _settings(self):
        from tanteador.screens.menu import Menu
        from tanteador.screens.settings import Settings

        self.push(Menu(self))
        self.push(Settings(self))

    def state(self, live=False):
        """The whole saved document (JSON-serialisable).

        "tr" is the trump picked for the hand in play (None before the pick).
        ``live``: "m" is the Match itself, which the store writes one action
        at a time with ``Match.dump`` (the document of a long match never
        sits in the heap).
        """
        scr = "setup" if self.match is None else "table"
        i = len(self.stack) - 1
        while i >= 0:
            n = self.stack[i].NAME
            if n in savefile.RESUMABLE:
                scr = n
                break
            i -= 1
        m = self.match
        if m is not None and not (live and hasattr(m, "dump")):
            m = m.to_dict()
        doc = {"v": savefile.VERSION, "cfg": dict(self.cfg), "m": m, "scr": scr,
               "tr": self.trump if m is not None else None}
        if scr == "entry":
            doc["en"] = self.stack[i].typed()
        return doc

    def commit(self):
        """Save the state once (after a committed action), at the end of this
        poll: right after the frame that shows the action, so that the flash
        write (50-250 ms) does not hold up the answer to the press. A failure
        shows a notice."""
        self._save_at = None
        self._commit_due = True

    def _save(self):
        # The write that commit() asked for -> None, or the store's problem (also told in a notice).
        self._commit_due = False
        problem = self.store.save(self.state(True))
        if problem is not None:
            self.notice(i18n.FULL if problem == "full" else i18n.IOFAIL)
        self._tag_due = problem is None
        return problem

    def save_soon(self):
        """Save once the buttons have been still for a moment (a trump picked on the table).

        A flash write takes longer than a press: stepping through the suits
        must not pay it at every step. The save waits while the top screen
        is editing (a setting being changed is not saved half-way).
        """
        self._save_at = self.now + _SAVE_QUIET_MS

    def flush(self):
        """Write now a save that waits for the buttons to rest (the simulator
        quitting: closing a terminal is not a power cut)."""
        if self._save_at is not None or self._commit_due:
            self._save()

    def set_trump(self, suit):
        """The trump of the hand in play, saved soon."""
        self.trump = suit
        self.dirty = True
        self.save_soon()

    # -- the session: what the screens ask of the match in play -----------

    def enter_hand(self, edit, points, last=None):
        """Record the hand in play with ``points`` (in chiamata the call;
        ``last`` the side that took the last trick, see Match.record), or
        change past hand ``edit`` to them, and save. A recorded hand goes
        back to the table, which tells its result, or to the match end; an
        edit back to the screen below. A RulesError leaves everything as it
        was and reaches the caller."""
        m = self.match
        if m is None:
            return
        if edit is not None:
            m.edit(edit, points=points, last=last)
            self.pop()
            self.commit()
            return
        m.record(self.trump, points, self.hand_ms, last)
        self.hand_ms = 0
        self.trump = m.next_trump
        self.home(None if m.over else len(m.hands) - 1)
        if m.over:
            from tanteador.screens.matchend import MatchEnd

            self.push(MatchEnd(self))
        self.commit()

    def undo(self, redo=False):
        """Undo the match's last action (``redo``: redo the last one undone),
        back on the table, saved, and say so. A hand in play again comes back
        with its trump and its time so far."""
        m = self.match
        if m is None:
            return
        n = len(m.hands)
        last = m.hands[-1] if n else None
        done = m.redo() if redo else m.undo()
        self.home()
        if not done:
            self.notice(i18n.NOTHING)
            return
        if last is not None and len(m.hands) < n:
            self.trump = last.trump
            self.hand_ms = last.elapsed_ms
        elif len(m.hands) > n:
            self.trump = m.next_trump
            self.hand_ms = 0
        self.commit()
        if redo:
            self.notice(i18n.REDONE, len(m.hands))
        else:
            self.notice(i18n.UNDONE, n)

    def end_match(self):
        """End the match in play (kept in the archive): its final standing
        over the setup (straight to the setup if no hand was played), saved."""
        m = self.match
        self.archive()
        self.match = None
        self.trump = None
        self.hand_ms = 0
        # The match's screens go before the setup loads, as at a match end.
        self.stack = []
        self.sweep()
        self.home()
        if m is not None and m.hands:
            from tanteador.screens.matchend import MatchEnd

            self.push(MatchEnd(self, tune=False, ended=m))
        self.commit()

    def archive(self):
        """Keep the current match in the archive if it has any hand."""
        m = self.match
        if m is not None and m.hands:
            problem = self.store.archive(m)
            if problem is not None:
                self.notice(i18n.FULL if problem == "full" else i18n.IOFAIL)

    # -- the screen stack --------------------------------------------------

    @property
    def screen(self):
        """The screen on top of the stack."""
        return self.stack[-1]

    def push(self, screen):
        """Open ``screen`` over the current one."""
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        """Close the current screen (the root stays)."""
        if len(self.stack) > 1:
            self.stack.pop()
        self.dirty = True

    def replace(self, screen):
        """Put ``screen`` in place of the current one."""
        self.stack[-1] = screen
        self.dirty = True

    def home(self, told=None):
        """Back to the root: the table, or the setup when there is no match.
        ``told``: the index of the hand whose result the table tells."""
        self.stack = []
        if self.match is None:
            from tanteador.screens.setup import Setup

            self.push(Setup(self))
        else:
            from tanteador.screens.table import Table

            self.push(Table(told))
        self.dirty = True

    def notice(self, sid, arg=None, ms=2500):
        """Show a short message over the current screen (any button closes it)."""
        from tanteador.screens.notice import Notice

        self.push(Notice(sid, arg, ms, self.now))

    # -- helpers for screens ---------------------------------------------

    def t(self, sid):
        """Text ``sid`` in the chosen language."""
        return self.S[sid]

    def part(self, sid, i):
        """Part ``i`` of the "|"-separated list text ``sid``."""
        return self.S[sid].split("|")[i]

    def set_lang(self, code):
        """Switch the language now (saved with the next commit)."""
        self.cfg["lang"] = code
        self.S = i18n.load(code)
        self.dirty = True

    @property
    def texts(self):
        """Strings drawn in the last rendered frame (the text model of the screen)."""
        return self.p.texts

    def seat_name(self, seat, names=None):
        """Name of the player at ``seat`` (the default label in the chosen
        language): in the match, or in ``names`` (a setup's, "" unnamed)."""
        if names is None:
            m = self.match
            names = m.options.names if m is not None else None
        if names and names[seat]:
            return names[seat]
        return self.S[i18n.PLAYER] % (seat + 1)

    def side_name(self, side):
        """Label of a side: its player, or its players joined by "/"."""
        m = self.match
        if m is None:
            return ""
        seats = m.options.side_seats(side)
        if len(seats) == 1:
            return self.seat_name(seats[0])
        return "/".join([self.seat_name(s) for s in seats])

    def begin(self, options):
        """Start a new match with ``options`` (the setup confirmed).

        The setup screens are closed and unloaded first: the match module
        then loads on a heap without them, the largest step of a fresh start.
        """
        self.stack = []
        self.sweep()
        from tanteador.match import Match

        self.cfg["last"] = options.to_list()
        self.start(Match(options))

    def start(self, match):
        """Begin ``match`` (setup confirmed or rematch): table, save."""
        if self.match is not None and self.match is not match:
            self.archive()
        self.match = match
        self.trump = match.next_trump
        self.hand_ms = 0
        self.home()
        self.commit()
        hint = match.options.prep_hint
        if hint is not None:
            # Read before the deal, then out of the way as the other notices are.
            self.notice(getattr(i18n, "H_" + hint.upper()), ms=_HINT_MS)

    def play(self, tune):
        """Play a tune of (Hz, ms) pairs on the buzzer when the sound is on."""
        if self.cfg["sound"]:
            self._tune = tune
            self._tune_i = 0
            self._tune_at = self.now

    # -- the loop --------------------------------------------------------

    def poll(self, now_ms):
        """Read the buttons, act, tick the timers; draw if needed. True if a frame was shown."""
        dt = now_ms - self.now
        if dt < 0:
            dt = 0
        elif dt > _MAX_STEP_MS:
            dt = _MAX_STEP_MS
        self.now = now_ms
        board = self.board
        keys = self.keys
        # Edges captured while the last frame was drawn or saved first, with
        # their own times; then the levels now (a lost edge cannot stick).
        board.take_edges(keys.edge)
        levels = board.buttons()
        evs = keys.update(levels, now_ms)
        held = self._held = True in levels
        m = self.match
        if self.sleep != _BLANK and m is not None and not m.over:
            self.hand_ms += dt
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
            self._gc_due = True
            if self._save_at is not None:
                self._save_at = now_ms + _SAVE_QUIET_MS
        self._sleep_timers(now_ms)
        self._tune_tick(now_ms)
        top = self.stack[-1]
        if getattr(top, "tick", None) is not None:
            self._guard(1, now_ms)
        if self._save_at is not None and not held and now_ms - self._save_at >= 0 \
                and not getattr(self.stack[-1], "editing", False):
            self.commit()
        shown = False
        if self.dirty and self.sleep != _BLANK:
            self._guard(2, None)
            self.board.show()
            self._drawn = shown = True
        if self._commit_due:
            self._save()
        return shown

    def tidy(self, now_ms):
        """Housekeeping once a poll's frame is out, so that none of it falls
        inside the answer to a press: collect the heap while nobody presses,
        or at once when it runs short, even during a hold (a heap still short after it unloads
        the screens and helpers not in use); while nobody presses at the
        table, load the next screen of a hand before it is first needed.
        True if it collected."""
        quiet = not self._held and now_ms - self.last_input >= _GC_IDLE_MS
        # The free heap is looked at once per frame drawn (a look scans the heap).
        short = self._drawn and _MP and gc.mem_free() < _GC_ROOM
        self._drawn = False
        if quiet and (self._frame_due or self._tag_due) and self._save_at is None:
            # The boot's frame, or the tag of a save, when nobody presses.
            frame_due, self._frame_due = self._frame_due, False
            tag_due, self._tag_due = self._tag_due, False
            try:
                from tanteador import bootframe

                if frame_due:
                    self._frame = bootframe.after_boot(self)
                if tag_due:
                    bootframe.after_save(self, self._frame)
            except MemoryError:
                # The kept frame only makes a reset quicker: a heap too short
                # for it now must not stop the app. A tag left torn or stale
                # does not match, so the next boot draws its own frame.
                self._frame = None
            # Not needed again before the next save: the next collection frees it.
            _unload("tanteador.bootframe")
        if self._gc_due and (quiet or short):
            self._gc_due = False
            _collect()
            if _MP and gc.mem_free() < _LOW_HEAP:
                self.sweep()
            return True
        if quiet and self._warm < len(_WARM) and self.match is not None and not self.blank:
            if not _MP or gc.mem_free() >= _GC_ROOM:
                name = _WARM[self._warm]
                if self._warm == 0 and self.match.chiamata:
                    # A chiamata hand opens the call entry (which loads the points entry's helpers).
                    name = "tanteador.screens.callentry"
                __import__(name)
            self._warm += 1
        return False

    def pause(self, now_ms):
        """How long the loop may sleep before the next poll: POLL_MS, or less
        when a press settles sooner (its debounce time ends), so that the
        answer to a press does not wait for the next tick of the loop."""
        d = self.keys.due(now_ms)
        return POLL_MS if d is None or d > POLL_MS else d

    def _guard(self, what, arg):
        """Run a screen's handle/tick/draw; an exception becomes the error screen.

        An event handled is drawn, unless the screen says it changed nothing."""
        top = self.stack[-1]
        try:
            if what == 0:
                if top.handle(arg, self) is not False:
                    self.dirty = True
            elif what == 1:
                top.tick(self, arg)
            else:
                self.render()
        except Exception as e:
            if self._failing:
                raise
            self._failing = True
            try:
                self.fail(e)
                if what == 2:
                    self.render()
            except MemoryError:
                # Out of memory even for the error screen: keep the loop (and
                # the watchdog) going; the next poll tries to draw again.
                self.dirty = True
            finally:
                self._failing = False

    def sweep(self):
        """Unload the screen modules no screen on the stack needs (heap for the next)."""
        mods = sys.modules
        pkg = mods.get("tanteador.screens")
        for name in list(mods.keys()):
            if name in _HELPERS:
                _unload(name)
                continue
            if name[:18] != "tanteador.screens." or name == "tanteador.screens.ui":
                continue
            mod = mods[name]
            for s in self.stack:
                c = type(s)
                if getattr(mod, c.__name__, None) is c:
                    break
            else:
                del mods[name]
                if pkg is not None and hasattr(pkg, name[18:]):
                    delattr(pkg, name[18:])
        _collect()

    def render(self):
        """Draw the top screen into the frame buffer (and the text model)."""
        top = self.stack[-1]
        self.p.begin(0, top)
        top.draw(self)
        self.dirty = False

    def fail(self, e):
        """Show the error screen for exception ``e``; the saved match is untouched."""
        self.stack = self.stack[:1]
        self.sweep()
        code = type(e).__name__
        from tanteador.screens.error import Error, code_of

        if not isinstance(e, MemoryError):
            code = code_of(e)
        self.push(Error(code))

    def _brighten(self):
        self.board.contrast(self.cfg["contrast"])
        self.sleep = _AWAKE

    def _wake(self):
        # The panel was off: nobody saw what a press would do, so waking is all it does.
        self.board.power(True)
        self._brighten()
        self.swallow = True
        self._quiet_at = None
        self.dirty = True

    def _sleep_timers(self, now_ms):
        idle = now_ms - self.last_input
        if self.sleep == _AWAKE and idle >= DIM_MS:
            self.sleep = _DIM
            self.board.contrast(min(_DIM_LEVEL, self.cfg["contrast"]))
        t = self.cfg["timeout"]
        if self.sleep != _BLANK and t and idle >= t * 1000:
            self.sleep = _BLANK
            self.board.power(False)

    @property
    def blank(self):
        """True while the panel is off."""
        return self.sleep == _BLANK

    def _tune_tick(self, now_ms):
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


def run(board):
    """Run the app on ``board`` forever (asyncio loop, ~10 ms per pass, at once on a
    button edge where the board can wake it, sooner when a press settles).

    Stopped from the REPL (Ctrl-C), the board is closed so that its watchdog
    does not reset it under the user. Any other way out leaves the watchdog
    running: the device restarts and resumes the saved match.
    """
    try:
        # The first frame is out before the loop's modules load.
        app = App(board, board.ticks_ms())
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
