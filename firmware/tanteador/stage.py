"""The stage: the match in play, the screens over it and its saves; what the screens ask.

Every screen gets the stage (as ``app``) in ``handle``, ``tick`` and
``draw``, and asks it for everything: the match and its actions, the
screen stack's moves, the texts and the painter, the few things of the
board a screen needs (``show_contrast``, ``tone``, ``levels``, ``about``).
A screen never touches the stack, the redraw flag, the store or the board
themselves (tests/app/test_app_reach.py reads the sources to hold them to it).
The loop (``app.App``) reads the stack and the redraw flag to draw, and
tells the stage the time.

Saving: what a frame shows of the match is on flash before the frame.
A hand recorded, a past hand edited, an undo or a redo goes to the
journal as one short line (``keep``), and the whole save follows right
after the frame, which then opens the journal again, empty, for the next
action (``fold``); a new match, its end and a setting are saved whole
before their frame (``commit``). A trump picked on the table waits until
the buttons rest.
"""

import json


from micropython import const

from tanteador import i18n, savefile
from tanteador.heap import collect
from tanteador.rules import HINTS
from tanteador.store import JOURNAL, PUSHED, Store

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_PLAYER = const(26)
_T_RESUMED = const(61)
_T_FULL = const(64)
_T_IOFAIL = const(65)
_T_NOTHING = const(66)
_T_UNDONE = const(67)
_T_REDONE = const(68)
_T_H_RM2 = const(77)  # the first of rules.HINTS' texts, in its order

_SAVE_QUIET_MS = const(1500)
_HINT_MS = const(8000)
_FOLD = const(1)
_COMMIT = const(2)


class Stage:
    """The match, the screens over it and its saves, on one device.

    Screens read ``match``, ``trump``, ``hand_ms``, ``cfg``, ``p``,
    ``rand_below`` and ``screen``, and call the methods below. ``sizes``:
    the saves' folder as listed at the start (DirFS.sizes), or None to list
    it here: one listing answers the boot's questions, where a lookup of
    each name reads all of the folder's records.
    """

    def __init__(self, board, heap, now_ms, rand_below, sizes=None):
        self._board = board
        self._heap = heap
        self.store = Store(board.fs)
        self.cfg = savefile.default_cfg()
        self.match = None
        self.stack = []
        self.dirty = True
        self.trump = None
        self.hand_ms = 0
        self.now = now_ms
        self.rand_below = rand_below
        self.tune = None
        self.save_at = None
        # The kept first frame of a reset, (language, frame CRC), once the
        # app knows it (see tanteador.bootframe); a save made before then is
        # tagged at the app's first quiet moment (``tag_due``).
        self.kept_frame = None
        self.tag_due = False
        # A whole save due: _FOLD after the frame, _COMMIT before it.
        self._due = 0
        # The number of the save on flash, and the journal after it: True
        # once it holds a line, None while it cannot take one (a write
        # failed, or the boot found one) until the next whole save.
        self.seq = 0
        self._logged = False
        # The journal is to be opened, empty, after the next frame.
        self._open_due = False
        # The table under a reset's first screen, built once that frame is out (lay_root).
        self._root_due = False
        # The saved match loads first, while the heap is emptiest: the engine
        # modules it imports are the largest of the firmware.
        from tanteador import storeops

        sizes = board.fs.sizes() if sizes is None else sizes
        doc, problem = storeops.load(self.store, storeops.validate, sizes)
        # The save's and the engine's garbage goes before the drawing and the screens
        # load (at 190 KB they would not fit its holes): the boot's one collection.
        collect()
        from tanteador.draw import Painter

        self.p = Painter(board.display, board.buffer)
        scr, tr, en = "setup", None, None
        if doc is not None:
            self.cfg, self.match, scr, tr, en, self.seq = doc
        held = self.store.journal_held(sizes)
        if held:
            # Replayed with the screens (resume); until the next whole save
            # takes it in, an action is saved whole (it may end torn).
            self._logged = None
        self.S = i18n.load(self.cfg["lang"])
        # The screens of the saved state are rebuilt by code needed only now.
        from tanteador import resume

        resume.rebuild(self, board, heap, scr, problem, tr, en, held, PUSHED in sizes)
        if self._logged is None and not board.fs.exists(JOURNAL):
            # The boot took it away (cut as it began, older than the save,
            # or set aside): the next action starts a new one.
            self._logged = False
        self._open_due = self._logged is False

    # -- boot and saving ---------------------------------------------------

    def keep_boot_frame(self, shown):
        """Keep the boot's first frame, at the app's first quiet moment
        (``shown``: the "Match resumed" notice of the boot is still on the
        glass), and learn which frame is kept (see tanteador.bootframe)."""
        try:
            from tanteador import bootframe

            self.kept_frame = bootframe.after_boot(self.store.fs, self._board.buffer, self.cfg["lang"],
                                                   self.cfg["contrast"], shown)
        except MemoryError:
            # The kept frame only makes a reset quicker: a heap too short
            # for it now must not stop the app. A tag left torn or stale
            # does not match, so the next boot draws its own frame.
            self.kept_frame = None

    def resumed(self):
        """True while the top screen is the "Match resumed" notice of the boot."""
        top = self.stack[-1]
        return top.NAME == "notice" and top.sid == _T_RESUMED

    def state(self, live=False):
        """The whole saved document (JSON-serialisable).

        "tr" is the trump picked for the hand in play (None before the pick).
        ``live``: "m" is the Match wrapped in ``matchdoc.Live``, which the
        store writes a batch of actions at a time (the document of a long
        match never sits in the heap).
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
        if m is not None:
            from tanteador import matchdoc

            m = matchdoc.Live(m) if live else matchdoc.to_dict(m)
        doc = {"v": savefile.VERSION, "cfg": dict(self.cfg), "m": m, "scr": scr,
               "tr": self.trump if m is not None else None, "n": self.seq}
        if scr == "entry":
            doc["en"] = self.stack[i].typed()
        return doc

    def commit(self):
        """Save the state whole before the next frame (a new match, its end,
        a setting: what the frame shows is on flash first). A failure shows
        a notice."""
        self.save_at = None
        self._due = _COMMIT

    def keep(self, before=None):
        """Put the match's last action on flash now, before the frame that
        shows it: one line in the journal; the whole save follows the frame
        (a flash write of 50-250 ms that the answer to the press does not
        wait for). ``before``: the match's cursor before the action; None
        for an undo or a redo, which only moved it. A failure saves whole
        before the frame instead (a notice tells if that fails too): it
        pushes no screen, so it may come before the screens change."""
        m = self.match
        if m is None:
            return
        c = m.cursor
        if before is not None and c == before:
            return
        self.save_at = None
        if self._logged is None:
            self._due = _COMMIT
            return
        if self._due == 0:
            self._due = _FOLD
        rec = [c, self.trump] if before is None else [before, self.trump, m.action(before)]
        problem = self.store.append(json.dumps(rec, separators=(",", ":")),
                                    None if self._logged else str(self.seq))
        if problem is None:
            self._logged = True
        else:
            self._logged = None
            self._due = _COMMIT

    def save_soon(self):
        """Save once the buttons have been still for a moment (a trump picked on the table).

        A flash write takes longer than a press: stepping through the suits
        must not pay it at every step. The save waits while the top screen
        is editing (a setting being changed is not saved half-way).
        """
        self.save_at = self.now + _SAVE_QUIET_MS

    def rested(self, now_ms, held, pressed):
        """A save that waits for the buttons to rest waits on after a press
        handled in this poll (``pressed``); once they rest (none ``held``)
        and the top screen edits nothing, it is committed."""
        if self.save_at is None:
            return
        if pressed:
            self.save_at = now_ms + _SAVE_QUIET_MS
        elif not held and now_ms - self.save_at >= 0 and not getattr(self.stack[-1], "editing", False):
            self.commit()

    def write(self):
        """Write the save commit() asked for, if any: before the frame ->
        None, or the store's problem."""
        if self._due != _COMMIT:
            return None
        problem = self._save()
        # What the save left goes before the frame's screen loads (a new
        # match's table): on a Pico's heap, in the holes it left, it may not fit.
        collect()
        return problem

    def fold(self):
        """After the frame: write the whole save that follows a journal
        line, if one is due, and open the journal for the next action."""
        if self._due:
            # The frame's leftovers go first: the save's buffers then find
            # room on a heap a long match has scattered.
            collect()
            self._save()
        if self._open_due:
            self._open_due = False
            self.store.ready()

    def _save(self):
        # The whole save -> None, or the store's problem (also told in a
        # notice). Its number is never used twice: a journal that names an
        # older one is known to be inside it.
        self._due = 0
        self.seq += 1
        # The kept frame is tagged with the save itself: a reset a moment
        # after a recorded hand still finds its frame.
        tag = self.frame_tag()
        try:
            problem = self.store.save(self.state(True), tag)
        except MemoryError:
            # A long match on a scattered heap: the screens and modules not
            # in use leave it, and so does the open journal (its lines are
            # flushed); the save is made again.
            self.store.close()
            self._heap.sweep(self.stack)
            problem = self.store.save(self.state(True), tag)
        if problem is None:
            if self._logged is not False:
                self.store.discard(JOURNAL)
            self._logged = False
            self._open_due = True
        else:
            self._logged = None
            self.notice(_T_FULL if problem == "full" else _T_IOFAIL)
        self.tag_due = problem is None and self.kept_frame is None
        return problem

    def frame_tag(self):
        """(frame CRC, contrast, language) of the kept frame if a reset into
        the state saved now would show it: a match not over, in the frame's
        language. Otherwise None: the old tag stays and matches no save, and
        the next boot draws its own frame, and keeps it."""
        k = self.kept_frame
        m = self.match
        if k is not None and m is not None and not m.over and self.cfg["lang"] == k[0]:
            return k[1], self.cfg["contrast"], k[0]
        return None

    def flush(self):
        """Write now a save that waits for the buttons to rest (the simulator
        quitting: closing a terminal is not a power cut)."""
        if self.save_at is not None or self._due:
            self._save()

    # -- the match: what the screens ask of it ------------------------------

    def set_trump(self, suit):
        """The trump of the hand in play, saved soon."""
        self.trump = suit
        self.dirty = True
        self.save_soon()

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
        before = m.cursor
        if edit is not None:
            m.edit(edit, points=points, last=last)
            self.pop()
            self.keep(before)
            return
        m.record(self.trump, points, self.hand_ms, last)
        self.hand_ms = 0
        self.trump = m.next_trump
        # On flash before anything else: the match end's screen loads next.
        self.keep(before)
        self.home(None if m.over else len(m.hands) - 1)
        if m.over:
            from tanteador.screens.matchend import MatchEnd

            self.push(MatchEnd(self))

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
            self.notice(_T_NOTHING)
            return
        if last is not None and len(m.hands) < n:
            self.trump = last.trump
            self.hand_ms = last.elapsed_ms
        elif len(m.hands) > n:
            self.trump = m.next_trump
            self.hand_ms = 0
        self.keep()
        if redo:
            self.notice(_T_REDONE, len(m.hands))
        else:
            self.notice(_T_UNDONE, n)

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
        self._heap.sweep(self.stack)
        self.home()
        if m is not None and m.hands:
            from tanteador.screens.matchend import MatchEnd

            self.push(MatchEnd(self, tune=False, ended=m))
        self.commit()

    def archive(self):
        """Keep the current match in the archive if it has any hand."""
        m = self.match
        if m is not None and m.hands:
            from tanteador import matchdoc, storeops

            problem = storeops.archive(self.store, matchdoc.Live(m))
            if problem is not None:
                self.notice(_T_FULL if problem == "full" else _T_IOFAIL)

    def begin(self, options):
        """Start a new match with ``options`` (the setup confirmed).

        The setup screens are closed and unloaded first: the match module
        then loads on a heap without them, the largest step of a fresh start.
        """
        self.stack = []
        self._heap.sweep(self.stack)
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
            self.notice(_T_H_RM2 + HINTS.index(hint), ms=_HINT_MS)

    def new_setup(self, options):
        """Open the setup of a new match from ``options`` over the finished
        match's end. Its other screens' modules (entry, menu...) are unloaded
        first: the setup and the draw load on a heap with room."""
        self._heap.sweep(self.stack)
        from tanteador.screens.setup import Setup

        self.push(Setup(self, options))

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

    def can_pop(self):
        """True if the current screen is not the root (``pop`` would close it)."""
        return len(self.stack) > 1

    def replace(self, screen):
        """Put ``screen`` in place of the current one."""
        self.stack[-1] = screen
        self.dirty = True

    def home(self, told=None, under=False):
        """Back to the root: the table, or the setup when there is no match.
        ``told``: the index of the hand whose result the table tells.
        ``under``: the screens pushed next cover the table (a reset's first
        screen), which ``lay_root`` builds under them once their frame is
        out: its module loads after that frame, not before it."""
        self.stack = []
        self._root_due = under and self.match is not None
        if self.match is None:
            from tanteador.screens.setup import Setup

            self.push(Setup(self))
        elif not under:
            from tanteador.screens.table import Table

            self.push(Table(told))

    def lay_root(self):
        """Build the table under the screens of ``home(under=True)``, if it is still due."""
        if self._root_due:
            from tanteador.screens.table import Table

            self.stack.insert(0, Table())
            self._root_due = False

    def notice(self, sid, arg=None, ms=2500):
        """Show a short message over the current screen (any button closes it)."""
        from tanteador.screens.notice import Notice

        self.push(Notice(sid, arg, ms, self.now))

    def redraw(self):
        """Draw the top screen again at the end of this poll (it changed by itself)."""
        self.dirty = True

    def fail(self, e):
        """Show the error screen for exception ``e``; the saved match is untouched."""
        # Over the root: the table, if the first frame of a reset failed before it was built.
        self.lay_root()
        self.stack = self.stack[:1]
        self._heap.sweep(self.stack)
        code = type(e).__name__
        from tanteador.screens.error import Error, code_of

        if not isinstance(e, MemoryError):
            code = code_of(e)
        self.push(Error(code))

    # -- texts -------------------------------------------------------------

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
        return self.S[_T_PLAYER] % (seat + 1)

    def side_name(self, side):
        """Label of a side: its player, or its players joined by "/"."""
        m = self.match
        if m is None:
            return ""
        seats = m.options.side_seats(side)
        if len(seats) == 1:
            return self.seat_name(seats[0])
        return "/".join([self.seat_name(s) for s in seats])

    def player_names(self):
        """The device's names list (names.json: set from the PC or typed here), [] if none."""
        from tanteador import storeops

        return storeops.names(self.store)

    def add_name(self, name):
        """Keep a name typed on the device first in the names list; see storeops.add_name."""
        from tanteador import storeops

        return storeops.add_name(self.store, name)

    def names_to_front(self, chosen):
        """Move the names picked for a match to the front of the list; see storeops.to_front."""
        from tanteador import storeops

        return storeops.to_front(self.store, chosen)

    def unload_unused(self):
        """Let the screens and spare modules no screen on the stack needs leave the heap."""
        self._heap.sweep(self.stack)

    # -- the board, as far as a screen needs it -------------------------------

    def play(self, tune):
        """Play a tune of (Hz, ms) pairs on the buzzer when the sound is on."""
        if self.cfg["sound"]:
            self.tune = tune

    def tone(self, hz):
        """Sound the buzzer at ``hz`` now (0: silence): the button test's beeps."""
        self._board.tone(hz)

    def levels(self):
        """The buttons held now (the button test shows them)."""
        return self._board.buttons()

    def show_contrast(self, level):
        """Set the panel to contrast ``level`` now (the setting being changed)."""
        self._board.contrast(level)

    def about(self):
        """(The board's name, its free heap in bytes or None) for the about screen."""
        return self._board.name, self._board.mem_free()
