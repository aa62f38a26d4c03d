"""The saved state on flash: atomic saves, careful loads, names, archive.

Files (all in one folder of a ``flashfs.DirFS``):

``state.json``
    The whole app document, replaced by ONE atomic step per committed
    action: the new text goes to ``state.tmp`` (write, flush, close) and is
    then renamed over ``state.json``. Until the rename, ``state.json`` is the
    previous save, whole; after it, the new one, whole.
``state.tmp``
    Left behind only by a power cut or an error during a save. On boot:

    * ``state.json`` exists: the rename never happened, ``state.json`` is the
      truth and ``state.tmp`` is removed.
    * ``state.json`` is missing and ``state.tmp`` parses as JSON: this is a
      complete save whose rename was cut (first save ever, the first save
      after a bad file was moved aside, or a filesystem that replaces by
      remove-then-rename). A proper prefix of a JSON object never parses, so
      the file is whole: it is renamed to ``state.json`` and loaded as usual.
    * otherwise (it does not parse) it is a half-written first save and is
      removed; the state before that save was "no saved state".
``bad-<n>-state.json``
    A ``state.json`` that could not be loaded (damaged, newer, wrong shape,
    impossible history), moved aside instead of deleted so ``tanteador pull``
    can fetch it. ``n`` grows and none is ever deleted here: they go only
    when someone removes them from a PC after ``tanteador pull``.
``names.json``
    The list of player names written from the PC; see ``check_names``.
``hNNNN.json``
    Finished matches, one file each (``NNNN`` grows from 0001), written
    atomically through ``h.tmp``. The newest ``ARCH_KEEP`` are kept: about
    50 matches of a few KB each fit easily in the Pico's 1.4 MB of flash
    while leaving room for the state and the code.

A full flash (``OSError`` errno 28) or another I/O error during a save leaves
the previous file whole and is reported as ``'full'`` or ``'io'``; play can
go on and the next committed action tries again.
"""

import json

from tanteador.flashfs import errno_of

STATE = "state.json"
TMP = "state.tmp"
NAMES = "names.json"
ARCH_TMP = "h.tmp"
ARCH_KEEP = 50
MAX_STATE = 65536
MAX_NAMES = 4096
NAMES_MAX = 16
NAME_LEN = 12
_ENOSPC = 28
CHUNK = 512
_CODES = ("newer", "shape", "history")


class Store:
    """Persistence of the app document on a ``DirFS``-like filesystem."""

    def __init__(self, fs):
        self.fs = fs

    def load(self, validate):
        """Load the saved document -> (doc, problem).

        No save: (None, None). A good save: (validate(parsed), None).
        A bad save is moved aside to ``bad-<n>-state.json`` and the result is
        (None, code) with code ``'damaged'`` (unreadable, not UTF-8, not
        JSON), ``'newer'``, ``'shape'`` or ``'history'``. ``validate`` raises
        an exception carrying ``.code`` (``StateError``) or any other
        exception (taken as ``'shape'``). A MemoryError says nothing about
        the file, so it propagates and the file stays where it is.
        """
        fs = self.fs
        if fs.exists(ARCH_TMP):
            self._drop(ARCH_TMP)
        name = STATE
        if fs.exists(TMP):
            if not fs.exists(STATE) and self._read(TMP)[1] is None:
                try:
                    fs.rename(TMP, STATE)
                except OSError:
                    name = TMP  # load it where it is; the next save replaces it
            else:
                self._drop(TMP)
        if not fs.exists(name):
            return None, None
        obj, problem = self._read(name)
        if problem is None:
            try:
                return validate(obj), None
            except MemoryError:
                raise
            except Exception as e:
                problem = _code(e)
        self._set_aside(name)
        return None, problem

    def save(self, doc):
        """Save ``doc`` atomically -> None, or ``'full'`` / ``'io'``.

        On failure the previous ``state.json`` is untouched. A value of
        ``doc`` may be an object with ``dump(write)`` (see ``_dump``).
        """
        return self._write(TMP, STATE, doc)

    def names(self):
        """Player names from ``names.json``; [] if missing or bad (kept)."""
        obj, problem = self._read(NAMES, MAX_NAMES)
        if problem is not None:
            return []
        try:
            return check_names(obj)
        except ValueError:
            return []

    def archive(self, match_doc):
        """Keep a finished match as ``hNNNN.json`` -> None or ``'full'``/``'io'``.

        Archiving the same document twice in a row writes it once, so the
        app may archive again after a restart without making duplicates.
        """
        nums = self._numbers(_is_arch)
        if nums and self._same(_arch(nums[-1]), match_doc):
            return None
        n = nums[-1] + 1 if nums else 1
        problem = self._write(ARCH_TMP, _arch(n), match_doc)
        if problem is None:
            nums.append(n)
            while len(nums) > ARCH_KEEP:
                self._drop(_arch(nums.pop(0)))
        return problem

    def archives(self):
        """Names of the archived matches, oldest first."""
        return [_arch(n) for n in self._numbers(_is_arch)]

    def bad_files(self):
        """Names of the files moved aside, oldest first."""
        return [_bad(n) for n in self._numbers(_is_bad)]

    def _write(self, tmp, final, doc):
        """Write ``doc`` as JSON to ``tmp``, then rename it over ``final``."""
        fs = self.fs
        f = None
        try:
            f = fs.open(tmp, "wb")
            out = _Out(f)
            _dump(doc, out)
            out.flush()
            f.flush()
            f.close()
            f = None
        except OSError as e:
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
            self._drop(tmp)
            return _io_code(e)
        try:
            fs.rename(tmp, final)
        except OSError as e:
            # A replace done as remove-then-rename may have removed the old
            # file: then the whole new one in ``tmp`` is all there is.
            if fs.exists(final):
                self._drop(tmp)
            return _io_code(e)
        return None

    def _read(self, name, limit=MAX_STATE):
        """(parsed JSON, None) or (None, 'damaged')."""
        try:
            if self.fs.size(name) > limit:
                return None, "damaged"
            f = self.fs.open(name, "rb")
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

    def _same(self, name, doc):
        """True if file ``name`` holds exactly the JSON text of ``doc``."""
        try:
            f = self.fs.open(name, "rb")
            try:
                cmp = _Out(f, True)
                _dump(doc, cmp)
                cmp.flush()
                return cmp.same and not f.read(1)
            finally:
                f.close()
        except OSError:
            return False

    def _set_aside(self, name):
        nums = self._numbers(_is_bad)
        n = nums[-1] + 1 if nums else 1
        try:
            self.fs.rename(name, _bad(n))
        except OSError:
            pass

    def _numbers(self, parse):
        """Sorted numbers of the files whose names ``parse`` recognises."""
        try:
            names = self.fs.listdir()
        except OSError:
            return []
        nums = []
        for name in names:
            n = parse(name)
            if n is not None:
                nums.append(n)
        nums.sort()
        return nums

    def _drop(self, name):
        try:
            self.fs.remove(name)
        except OSError:
            pass


def check_names(obj):
    """Validate a names list -> list of str, or raise ValueError(code).

    Codes: ``'list'`` not a list of strings, ``'many'`` more than 16 names,
    ``'empty'`` a name empty or only spaces, ``'long'`` more than 12
    characters, ``'chars'`` a control or non-character code point.
    """
    if not isinstance(obj, list) or any(not isinstance(s, str) for s in obj):
        raise ValueError("list")
    if len(obj) > NAMES_MAX:
        raise ValueError("many")
    for s in obj:
        if not s.strip():
            raise ValueError("empty")
        if len(s) > NAME_LEN:
            raise ValueError("long")
        for c in s:
            o = ord(c)
            if o < 32 or 127 <= o < 160 or 0xD800 <= o < 0xE000 or o in (0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF):
                raise ValueError("chars")
    return list(obj)


def _dump(obj, out):
    """Write ``obj`` as compact JSON to ``out`` piece by piece.

    The same text as ``json.dumps(obj, separators=(",", ":"))``, without ever
    holding all of it: a long match stays saveable on a fragmented heap.
    (MicroPython's ``json.dump`` only writes to its own file objects, not to
    the counting or fault-injecting wrappers of the tests and the bench.)
    An object with a ``dump(write)`` method (the Match) writes its own text.
    """
    dump = getattr(obj, "dump", None)
    if dump is not None:
        dump(out.write)
    elif isinstance(obj, dict):
        c = "{"
        for k in obj:
            if not isinstance(k, str):
                raise TypeError("key")
            out.write(c)
            out.write(json.dumps(k))
            out.write(":")
            _dump(obj[k], out)
            c = ","
        out.write("}" if c == "," else "{}")
    elif isinstance(obj, (list, tuple)):
        c = "["
        for v in obj:
            out.write(c)
            _dump(v, out)
            c = ","
        out.write("]" if c == "," else "[]")
    else:
        out.write(json.dumps(obj))


class _Out:
    """Text written to it goes to file ``f`` as UTF-8 chunks of about
    ``CHUNK`` bytes: a few writes a file. With ``cmp`` the chunks are
    compared with what ``f`` holds instead; ``same`` tells the outcome."""

    def __init__(self, f, cmp=False):
        self.f = f
        self.cmp = cmp
        self.same = True
        self.buf = bytearray()

    def write(self, s):
        self.buf.extend(s.encode())
        if len(self.buf) >= CHUNK:
            self.flush()

    def flush(self):
        buf = self.buf
        if not buf:
            return
        if self.cmp:
            if self.f.read(len(buf)) != buf:
                self.same = False
        else:
            n = self.f.write(buf)
            if n is not None and n != len(buf):
                raise OSError(_ENOSPC)
        self.buf = bytearray()


def _code(e):
    c = getattr(e, "code", None)
    if c == "json":
        return "damaged"
    if c in _CODES:
        return c
    return "shape"


def _io_code(e):
    return "full" if errno_of(e) == _ENOSPC else "io"


def _arch(n):
    return "h%04d.json" % n


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
