"""The screens of a saved state, rebuilt at boot.

Run once, while the stage is set up: the heap unloads this module with the
other modules needed only at boot as soon as the first frame is out (see ``heap``),
so its code never stays beside the table's.
"""

from micropython import const

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_OK = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_RESUMED = const(61)
_T_DAMAGED = const(62)
_T_NEWER = const(63)
_T_TABLE_ROUND = const(114)
_T_BOARD_REFUSED = const(116)


def rebuild(s, board, heap, scr, problem, tr, en, held, pushed):
    """Rebuild on stage ``s`` the screens of the saved state (screen
    ``scr``, trump ``tr``, entry values ``en``; see storeops.validate), its
    journal's actions on it where one is ``held`` (Store.journal_held), and
    say what happened: a resumed match, a save set aside (``problem``), a
    match pushed for an event, where ``pushed`` says a push is on flash
    (both from the stage's one listing of the saves' folder). OK held at
    power-on opens the button test."""
    if held:
        scr, tr, en, problem = _journal(s, scr, tr, en, problem)
    board.power(True)
    board.contrast(s.cfg["contrast"])
    # A match's table is covered here, by its end or by the "Match resumed"
    # notice: it is built once their frame is out (Stage.lay_root).
    s.home(under=True)
    m = s.match
    taken, refused = _take_pushed(s, heap) if pushed else (False, None)
    if taken:
        m = scr = None
    if problem is None:
        problem = refused
    if m is not None:
        s.trump = m.next_trump
        if s.trump is None:
            s.trump = tr
        if m.over:
            from tanteador.screens.matchend import MatchEnd

            # A finished match is not "resumed": its end is shown again.
            s.push(MatchEnd(s, tune=False))
        else:
            if scr == "history":
                from tanteador.screens.history import History

                s.push(History(s))
            elif scr == "settings":
                _settings(s)
            elif en is not None:
                _entry(s, en)
            s.notice(_T_RESUMED)
    elif scr == "settings":
        _settings(s)
    if problem is not None:
        s.notice(_T_NEWER if problem == "newer" else _T_DAMAGED, ms=0)
    if getattr(board, "problems", None):
        s.notice(_T_BOARD_REFUSED, ms=0)
    if board.buttons()[_OK]:
        # OK held while the device starts: the first-boot button test of a
        # fresh build, on top of whatever was resumed.
        from tanteador.screens.hwtest import HwTest

        s.push(HwTest())


def _journal(s, scr, tr, en, problem):
    """The journal's actions on the loaded match (see journal.py) -> the
    screen, trump and entry to resume on, and the problem to tell."""
    from tanteador import journal

    done, t, bad = journal.replay(s.store, s.seq, s.match)
    # What it held goes into a whole save soon, which takes the journal away.
    s.save_soon()
    if done:
        scr, tr, en = "table", t, None
    return scr, tr, en, problem if bad is None else bad


def _take_pushed(s, heap):
    """Start the match an organiser's PC pushed for an event, in place of
    the saved one (archived, never lost), and name its table and round.
    -> (True if one started, the problem code of one set aside or None)."""
    from tanteador.store import PUSHED

    # The setup screen goes first: the match loads on a roomier heap.
    s.stack = []
    heap.sweep(s.stack)
    from tanteador import storeops

    m, problem = storeops.pushed(s.store)
    if m is None:
        s.home()
        return False, problem
    s.start(m)
    # Only once the match is saved: a power cut or a full flash before
    # this leaves the file to take again.
    if s.write() is None:
        s.store.discard(PUSHED)
    s.notice(_T_TABLE_ROUND, m.event[:2], ms=0)
    return True, None


def _entry(s, en):
    """Back on the points entry (or a chiamata call) as it was saved (a past hand's under the history)."""
    edit = en[0] if en[0] >= 0 else None
    if edit is not None:
        from tanteador.screens.handedit import HandEdit
        from tanteador.screens.history import History

        s.push(History(s))
        s.push(HandEdit(edit))
    e = s.hand_entry(edit, en[2:])
    e.resume(en[1])
    s.push(e)


def _settings(s):
    from tanteador.screens.menu import Menu
    from tanteador.screens.settings import Settings

    s.push(Menu(s))
    s.push(Settings(s))
