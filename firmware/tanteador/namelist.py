"""The player names a device offers at setup (``names.json``), and how two names compare.

Read and written by the setup and names screens, and checked by the PC's
``tanteador names`` with the same rules (``check_names``); the app imports
this module for those screens and unloads it again (see ``heap``). The
functions take the ``Store`` as their first argument and use only the
public side of ``store`` and ``storeops``.
"""

from tanteador import storeops
from tanteador.store import MAX_NAME_COUNT, MAX_NAMES_BYTES, NAMES, NAMES_TMP


def names(st):
    """Player names from ``names.json`` of Store ``st``; [] if missing or bad (kept)."""
    obj, problem = storeops.read(st, NAMES, MAX_NAMES_BYTES)
    if problem is not None:
        return []
    try:
        return check_names(obj)
    except ValueError:
        return []


def add_name(st, name):
    """Keep ``name``, typed on the device, first in the names list of Store ``st``
    -> (the name as listed, None or a problem). A name already there (capitals
    do not count) is the listed one, and nothing is written; the problem is
    ``'many'`` with the list full, else ``'full'`` / ``'io'`` as for
    ``Store.save``. A damaged list is set aside (``bad-<n>-state.json``) first:
    ``'aside'`` when the new list, this name alone, was written."""
    obj, problem = storeops.read(st, NAMES, MAX_NAMES_BYTES)
    names = []
    if problem is None:
        try:
            names = check_names(obj)
        except ValueError:
            problem = "bad"
    aside = problem is not None and st.fs.exists(NAMES)
    if aside:
        # The list is rewritten below: a damaged one goes aside for the PC first.
        storeops.set_aside(st, NAMES)
    key = fold(name)
    for n in names:
        if fold(n) == key:
            return n, None
    if len(names) >= MAX_NAME_COUNT:
        return name, "many"
    problem = st.write_atomic(NAMES_TMP, NAMES, [name] + names)
    return name, "aside" if aside and problem is None else problem


def to_front(st, chosen):
    """Put the names of ``chosen`` (the seats' names, in seat order) that the
    list of Store ``st`` holds first in it, so that the next match offers
    them a press or two away -> None, or ``'full'`` / ``'io'`` as for
    ``Store.save``. A list missing or damaged is left as it is (``names``
    reads it as empty), and one already in that order is not written."""
    listed = names(st)
    front = [n for n in chosen if n in listed]
    new = front + [n for n in listed if n not in front]
    if new == listed:
        return None
    return st.write_atomic(NAMES_TMP, NAMES, new)


def fold(s):
    """``s`` in small letters, accented ones too (MicroPython's ``lower``
    knows only ASCII): two names the same but for capitals fold alike."""
    out = []
    for c in s:
        o = ord(c)
        if 65 <= o <= 90 or (192 <= o <= 222 and o != 215):
            c = chr(o + 32)
        elif o == 0x152:
            c = "\u0153"
        out.append(c)
    return "".join(out)


def check_names(obj):
    """Validate a names list -> list of str, or raise ValueError(code).

    Codes: ``'list'`` not a list of strings, ``'many'`` more than 16 names,
    ``'empty'`` a name empty or only spaces, ``'long'`` more than 12
    characters, ``'chars'`` a control or non-character code point.
    """
    from tanteador.matchoptions import MAX_NAME_CHARS

    if not isinstance(obj, list) or any(not isinstance(s, str) for s in obj):
        raise ValueError("list")
    if len(obj) > MAX_NAME_COUNT:
        raise ValueError("many")
    for s in obj:
        if not s.strip():
            raise ValueError("empty")
        if len(s) > MAX_NAME_CHARS:
            raise ValueError("long")
        for c in s:
            o = ord(c)
            if o < 32 or 127 <= o < 160 or 0xD800 <= o < 0xE000 or o in (0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF):
                raise ValueError("chars")
    return list(obj)
