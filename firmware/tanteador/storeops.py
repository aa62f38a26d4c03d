"""The saved state read back at boot: its recovery and its checks, and the files set aside.

Kept apart from ``store`` so the table screen does not hold its code: the
app imports it as it starts (and for a match an organiser's PC pushed) and
unloads it again (see ``heap``). The names list (``namelist``) and the
ended matches (``archive``) have modules of their own: a boot loads only
this one. These functions take the ``Store`` as their first argument and
use only the public side of ``store`` (``Store.fs``, ``discard``);
``store`` never imports this module.
"""

import gc
import json

from tanteador import i18n
from tanteador.savefile import RESUMABLE, VERSION, default_cfg
from tanteador.store import MAX_NAMES_BYTES, MAX_STATE, PUSHED, STATE, TMP

_CODES = ("newer", "shape", "history")


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
            obj, problem = read(st, name, limit, size)
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
        return read(st, name)[1] is None
    except MemoryError:
        gc.collect()
        return True


def read(st, name, limit=MAX_STATE, size=None):
    """The JSON of file ``name`` of Store ``st``, refused past ``limit``
    bytes -> (parsed JSON, None) or (None, 'damaged'); ``size``: the
    file's, if known."""
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


def set_aside(st, name):
    """Move file ``name`` of Store ``st`` aside as the next ``bad-<n>-state.json``
    (for the PC to fetch; none is ever deleted here)."""
    nums = numbers(st, _is_bad)
    n = nums[-1] + 1 if nums else 1
    try:
        st.fs.rename(name, _bad(n))
    except OSError:
        pass


def numbers(st, parse, folder=None):
    """Sorted numbers of the files of Store ``st`` (of its ``folder``) whose
    names ``parse`` recognises (``parse(name)`` -> the number or None)."""
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


def _code(e):
    c = getattr(e, "code", None)
    if c == "json":
        return "damaged"
    if c in _CODES:
        return c
    return "shape"


def _bad(n):
    return "bad-%d-state.json" % n


def digits(s):
    """The number ``s`` writes in decimal digits alone, else None."""
    if not s:
        return None
    for c in s:
        if not "0" <= c <= "9":
            return None
    return int(s)


def _is_bad(name):
    if name[:4] == "bad-" and name[-11:] == "-state.json":
        return digits(name[4:-11])
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
