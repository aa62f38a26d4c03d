"""The journal of the match's committed actions, read back at boot.

A committed action of the match (a hand recorded, a past hand edited, an
undo, a redo) goes to ``state.log`` (store.JOURNAL) before the frame that
shows it (``Stage.keep``); the whole save follows the frame. A power cut
between the two leaves the action in the journal alone, and the boot
replays it on the save it follows. This module runs once at boot and is
unloaded with the other boot-only code (see ``heap``).

Lines: the first is the number of the save the journal follows (its
``"n"``); then one JSON list per action:

``[k, tr, action]``
    ``action`` (matchdoc's form) taken with the match's cursor at ``k``;
``[k, tr]``
    the cursor moved to ``k`` (an undo or a redo);

``tr`` is the trump of the hand in play after it (null before the pick).

Every action goes through the engine again (``matchload.apply``), and its
``k`` must be where the match stands: a line written twice, or one from
another match, is refused. A journal that follows an older save is
already inside the save and goes. What a power cut leaves of an append
(never shown: the frame waits for it) is left out: a last line without
its newline, made only of what lines are made of, and a journal whose
first line is not whole yet. Anything else that cannot be read whole is
set aside (``bad-<n>-state.json``) once the lines before the damage are
applied.
"""

import json

from tanteador.store import JOURNAL

# Longest line read: a chiamata action with its time is about 50 bytes.
_LINE = 96
# The bytes a line is made of: what a cut append may leave of one.
_LINE_BYTES = b"0123456789-,[]nul\n"
# Largest journal read: the whole save follows every frame, so a journal
# holds a line or two; a bigger one is damaged.
_MAX_BYTES = 8192


def replay(st, seq, match):
    """Apply the journal of Store ``st`` to ``match`` (the match of save
    number ``seq``, or None) -> (actions applied, trump after the last or
    None, problem: None or ``'damaged'`` when the journal was set aside)."""
    try:
        big = st.fs.size(JOURNAL) > _MAX_BYTES
        f = st.fs.open(JOURNAL, "rb")
    except OSError:
        return 0, None, None
    done = 0
    tr = None
    whole = False
    try:
        line = f.readline(_LINE) if not big else b"?"
        base = _number(line)
        if (base is not None and base < seq) or (line[-1:] != b"\n" and _torn(line)):
            # A save written after it holds its actions (the journal only
            # outlived the removal the save makes), or a journal cut as it
            # began: nothing in it was ever shown.
            f.close()
            st.discard(JOURNAL)
            return 0, None, None
        if base == seq and match is not None:
            done, tr, whole = _apply(f, match)
    except (OSError, ValueError, RuntimeError, MemoryError):
        whole = False
    finally:
        f.close()
    if not whole:
        from tanteador import storeops

        storeops.set_aside(st, JOURNAL)
        return done, tr, "damaged"
    return done, tr, None


def _number(line):
    """The save number of a journal's first line, or None."""
    if line[-1:] != b"\n" or not _torn(line):
        return None
    n = json.loads(line)
    return n if type(n) is int and n >= 0 else None


def _torn(line):
    """True if ``line`` is made only of the bytes journal lines are made of."""
    for b in line:
        if b not in _LINE_BYTES:
            return False
    return True


def _apply(f, m):
    """Apply the action lines of ``f`` to ``m`` -> (applied, trump, True
    if the journal read whole to its end)."""
    from tanteador.matchload import StateError, apply

    done = 0
    tr = None
    while True:
        line = f.readline(_LINE)
        if not line:
            return done, tr, True
        if line[-1:] != b"\n":
            # Cut during its append (never shown): the end, unless more follows.
            return done, tr, len(line) < _LINE and _torn(line) and not f.read(1)
        rec = json.loads(line)
        if type(rec) is not list or len(rec) not in (2, 3) or type(rec[0]) is not int:
            return done, tr, False
        k, t = rec[0], rec[1]
        if t is not None and (type(t) is not int or not 0 <= t <= 3):
            return done, tr, False
        try:
            if len(rec) == 3:
                if k != m.cursor:
                    return done, tr, False
                apply(m, rec[2])
                if m.cursor != k + 1:
                    return done, tr, False
            elif not _move(m, k):
                return done, tr, False
        except StateError:
            return done, tr, False
        done += 1
        tr = t


def _move(m, k):
    """Undo or redo until the cursor of ``m`` is ``k`` -> False if it cannot be."""
    if k < 0 or k > m.log_size or k == m.cursor:
        return False
    while m.cursor > k:
        m.undo()
    while m.cursor < k:
        m.redo()
    return True
