"""The rarely run part of the saved state: boot recovery and a save's checks, names, the archive.

Kept apart from ``store`` so the table screen does not hold its code: the
app imports it for a moment (boot, setup, match end) and unloads it again
(see ``heap``). These functions take the ``Store`` as their first argument
and use only the public side of ``store`` (``Store.fs``, ``write_atomic``,
``discard``; ``dump``, ``TextOut``, ``io_code``); ``store`` never imports
this module.
"""

import gc
import json

from tanteador import i18n
from tanteador.savefile import RESUMABLE, VERSION, default_cfg
from tanteador.store import (
    ARCH, ARCH_KEEP, ARCH_TMP, MAX_NAME_COUNT, MAX_NAMES_BYTES, MAX_STATE, NAMES, NAMES_TMP,
    PUSHED, STATE, TMP, TextOut, dump, io_code,
)

_CODES = ("newer", "shape", "history")
# The temporary archive file of an earlier firmware, beside the save.
_OLD_TMP = "h.tmp"


def load(st, validate, sizes=None):
    """Load the saved document of Store ``st`` -> (doc, problem).

    No save: (None, None). A good save: (validate(parsed), None).
    A bad save is moved aside to ``bad-<n>-state.json`` and the result is
    (None, code) with code ``'damaged'`` (unreadable, not UTF-8, not
    JSON), ``'newer'``, ``'shape'`` or ``'history'``. ``validate`` raises
    an exception carrying ``.code`` (``StateError``) or any other
    exception (taken as ``'shape'``). A MemoryError is tried again
    after a collection; a save the heap cannot hold even then is moved
    aside as ``'damaged'``, or no boot would ever get past it.
    ``sizes``: the folder's files as the boot found them (``DirFS.sizes``,
    by default listed here; one listing where each lookup of a name costs
    the boot 2-8 ms on the lab).
    """
    fs = st.fs
    if sizes is None:
        sizes = fs.sizes()
    name = STATE
    if TMP in sizes:
        if STATE not in sizes and _whole(st, TMP):
            try:
                fs.rename(TMP, STATE)
            except OSError:
                name = TMP  # load it where it is; the next save replaces it
            sizes[STATE] = sizes[TMP]
        else:
            st.discard(TMP)
    if STATE not in sizes:
        return None, None
    return _checked(st, name, validate, MAX_STATE, sizes[STATE])


def names(st):
    """Player names from ``names.json`` of Store ``st``; [] if missing or bad (kept)."""
    obj, problem = _read(st, NAMES, MAX_NAMES_BYTES)
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
    obj, problem = _read(st, NAMES, MAX_NAMES_BYTES)
    names = []
    if problem is None:
        try:
            names = check_names(obj)
        except ValueError:
            problem = "bad"
    aside = problem is not None and st.fs.exists(NAMES)
    if aside:
        # The list is rewritten below: a damaged one goes aside for the PC first.
        set_aside(st, NAMES)
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


def pushed(st):
    """The match an organiser's PC left in ``event.json`` of Store ``st`` ->
    (Match or None, problem code or None). A file that is no such match is
    set aside (``bad-<n>-state.json``); a good one stays until the app has
    saved the match it starts (see ``App``)."""
    if not st.fs.exists(PUSHED):
        return None, None
    from tanteador.matchload import from_push

    return _checked(st, PUSHED, from_push, MAX_NAMES_BYTES)


def _checked(st, name, check, limit, size=None):
    """(check(the JSON of file ``name``), None), or (None, problem code)
    with the file set aside when it cannot be read or ``check`` refuses it.
    ``size``: the file's, if the caller has looked it up.

    A MemoryError may come of a heap left scattered: the file is tried
    again after a collection. A file the heap cannot hold even then (such
    as JSON nested thousands deep) is set aside as ``'damaged'``: left in
    place, it would stop every boot the same way.
    """
    for attempt in range(2):
        try:
            obj, problem = _read(st, name, limit, size)
            if problem is None:
                return check(obj), None
        except MemoryError:
            obj = None
            problem = "damaged"
            if attempt == 0:
                gc.collect()
                continue
        except Exception as e:
            problem = _code(e)
        break
    set_aside(st, name)
    return None, problem


def _whole(st, name):
    """True if file ``name`` parses as JSON, or is too much for the heap to tell:
    then it is loaded (and set aside) as a save, never removed."""
    try:
        return _read(st, name)[1] is None
    except MemoryError:
        gc.collect()
        return True


def archive(st, match_doc):
    """Keep a finished match (``match_doc``: its document, or ``matchdoc.Live``)
    in Store ``st`` as ``h/hNNNN.json`` -> None or ``'full'``/``'io'``.

    Archiving the same document twice in a row writes it once, so the
    app may archive again after a restart without making duplicates.
    """
    nums, problem = _gather(st)
    if problem is not None:
        return problem
    if nums and _same(st, _arch(nums[-1]), match_doc):
        return None
    n = nums[-1] + 1 if nums else 1
    problem = st.write_atomic(ARCH_TMP, _arch(n), match_doc)
    if problem is None:
        nums.append(n)
        while len(nums) > ARCH_KEEP:
            st.discard(_arch(nums.pop(0)))
    return problem


def _gather(st):
    """Make the archive's folder, and move into it the matches an earlier
    firmware kept beside the save -> (sorted numbers of the archive, None),
    or ([], ``'full'``/``'io'``).

    Each move is one rename, whole or not done: a cut leaves every match in
    one folder or the other, and the next match end moves the rest. A match
    whose number the folder holds already takes the next free one: a move
    never replaces a file. A file in the folder's place is set aside first
    (``set_aside``)."""
    fs = st.fs
    try:
        try:
            fs.makedir(ARCH)
        except OSError:
            set_aside(st, ARCH)
            fs.makedir(ARCH)
        nums = _numbers(st, _is_arch, ARCH)
        for name in fs.listdir():
            n = _is_arch(name)
            if n is not None:
                if n in nums:
                    n = nums[-1] + 1
                fs.rename(name, _arch(n))
                nums.append(n)
                nums.sort()
            elif name == _OLD_TMP:
                st.discard(name)
    except OSError as e:
        return [], io_code(e)
    return nums, None


def _read(st, name, limit=MAX_STATE, size=None):
    """(parsed JSON, None) or (None, 'damaged'); ``size``: the file's, if known."""
    try:
        if (st.fs.size(name) if size is None else size) > limit:
            return None, "damaged"
        f = st.fs.open(name, "rb")
        try:
            # MicroPython's json.load parses a real file as a stream (no
            # copy of the whole text); a file wrapped in Python code is read.
            if hasattr(f, "readinto"):
                return json.load(f), None
            return json.loads(f.read()), None
        finally:
            f.close()
    except (OSError, ValueError, RuntimeError):
        return None, "damaged"


def _same(st, name, doc):
    """True if file ``name`` holds exactly the JSON text of ``doc``."""
    try:
        f = st.fs.open(name, "rb")
        try:
            cmp = TextOut(f, True)
            dump(doc, cmp)
            cmp.flush()
            return cmp.same and not f.read(1)
        finally:
            f.close()
    except OSError:
        return False


def set_aside(st, name):
    """Move file ``name`` of Store ``st`` aside as the next ``bad-<n>-state.json``
    (for the PC to fetch; none is ever deleted here)."""
    nums = _numbers(st, _is_bad)
    n = nums[-1] + 1 if nums else 1
    try:
        st.fs.rename(name, _bad(n))
    except OSError:
        pass


def _numbers(st, parse, folder=None):
    """Sorted numbers of the files (of ``folder``) whose names ``parse`` recognises."""
    try:
        names = st.fs.listdir(folder)
    except OSError:
        return []
    nums = []
    for name in names:
        n = parse(name)
        if n is not None:
            nums.append(n)
    nums.sort()
    return nums


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


def _code(e):
    c = getattr(e, "code", None)
    if c == "json":
        return "damaged"
    if c in _CODES:
        return c
    return "shape"


def _arch(n):
    return ARCH + "/h%04d.json" % n


def _bad(n):
    return "bad-%d-state.json" % n


def _digits(s):
    if not s:
        return None
    for c in s:
        if not "0" <= c <= "9":
            return None
    return int(s)


def _is_arch(name):
    if len(name) > 6 and name[0] == "h" and name[-5:] == ".json":
        return _digits(name[1:-5])
    return None


def _is_bad(name):
    if name[:4] == "bad-" and name[-11:] == "-state.json":
        return _digits(name[4:-11])
    return None


def _check_cfg(c):
    if not isinstance(c, dict):
        raise ValueError("cfg")
    cfg = default_cfg()
    if c.get("lang") in i18n.LANGS:
        cfg["lang"] = c["lang"]
    for k in ("contrast", "timeout", "sound"):
        v = c.get(k)
        if type(v) is int and 0 <= v <= 3600:
            cfg[k] = v
    last = c.get("last")
    if last is not None:
        from tanteador.matchoptions import MatchOptions

        try:
            MatchOptions.from_list(last)
            cfg["last"] = last
        except ValueError:
            # A setup this version cannot use: the next one starts from the defaults.
            pass
    return cfg


def _check_entry(en, match):
    # The entry's values as typed; anything that does not fit the match
    # resumes on the table instead (the hand is simply entered again).
    if match is None or match.over or type(en) is not list:
        return None
    # A chiamata call: two fields more than its four values; the seats must
    # be seats (the screen names them), the rest is checked as OK records it.
    size, fields = (6, 4) if match.chiamata else (match.nsides + 2, match.nsides)
    if len(en) != size:
        return None
    for v in en:
        if type(v) is not int or v < -120 or v > 120:
            return None
    if en[0] < -1 or en[0] >= len(match.hands) or en[1] < 0 or en[1] >= fields:
        return None
    if match.chiamata and not (0 <= en[2] < match.nsides and 0 <= en[3] < match.nsides):
        return None
    return en


def _refuse(code):
    # StateError comes with the match's saved form, loaded only for a refusal
    # or a match: a device without one does not hold it.
    from tanteador.matchload import StateError

    raise StateError(code)


def validate(doc):
    """The saved document (see savefile) -> (cfg, match or None, screen
    name, trump picked or None, entry values or None, the save's number).
    Needed only as the saved match loads at boot, so it is here and leaves
    the heap with this module, not in savefile, which stays loaded for
    every save.

    Raises StateError (see matchload) on a bad document.
    """
    if not isinstance(doc, dict) or type(doc.get("v")) is not int:
        _refuse("shape")
    if doc["v"] > VERSION:
        _refuse("newer")
    cfg = _check_cfg(doc.get("cfg", {}))
    m = doc.get("m")
    match = None
    if m is not None:
        from tanteador.matchload import from_dict

        match = from_dict(m)
    scr = doc.get("scr")
    if scr not in RESUMABLE:
        scr = "table"
    tr = doc.get("tr")
    if match is None or match.over or tr not in (0, 1, 2, 3) or type(tr) is not int:
        tr = None
    en = _check_entry(doc.get("en"), match) if scr == "entry" else None
    if scr == "entry" and en is None:
        scr = "table"
    n = doc.get("n", 0)
    if type(n) is not int or n < 0:
        # A save without its number (an older firmware's) is the first.
        n = 0
    return cfg, match, scr, tr, en, n
