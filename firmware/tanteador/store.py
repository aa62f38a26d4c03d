"""The saved state on flash: atomic saves, careful loads, names, archive.

Files (in one folder of a ``flashfs.DirFS``, the archive in a folder of its own):

``state.json``
    The whole app document, replaced by ONE atomic step per committed
    action: the new text goes to ``state.tmp`` (write, flush, close) and is
    then renamed over ``state.json``. Until the rename, ``state.json`` is the
    previous save, whole; after it, the new one, whole.
``state.log``
    The journal: the committed actions of the match since ``state.json``
    was written, one line each, written and flushed before the frame that
    shows the action (littlefs syncs a file on flush: one metadata commit,
    without the erases of a whole save). Its first line is the number of
    the save it follows (``"n"`` of ``state.json``); a boot replays its
    actions through the engine on that save (``journal.replay``). The whole
    save is written again right after the frame, and the journal then goes:
    one left with an older number than the save is already inside it.
    The file stays open between lines, and is opened empty ahead of the
    next action (``ready``): opening a file on littlefs costs the press
    more than the line itself. An empty journal holds nothing: the boot
    leaves it, and opens it again.
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
    The list of player names offered at setup; see ``storeops.check_names``.
    Written from the PC (``tanteador names``), and by the device, through
    ``names.tmp``, when a name is typed on it (``storeops.add_name``).
``event.json``
    A match an organiser's PC pushed for an event (``matchload.from_push``):
    taken at boot, it replaces the match in play (archived first) and is
    removed; one that cannot be used is set aside as a ``bad-`` file.
``frame.tag``
    Which save the kept first frame of a reset belongs to (read by
    ``tanteador.bootframe``, which has the whole story): written here with
    each whole save it fits, so a reset right after a save shows it.
``h/hNNNN.json``
    Finished matches, one file each (``NNNN`` grows from 0001), written
    atomically through ``h/h.tmp``. The newest ``ARCH_KEEP`` are kept: about
    50 matches of a few KB each fit easily in the Pico's 1.4 MB of flash
    while leaving room for the state and the code. They have a folder of
    their own because a littlefs lookup reads all of its folder's records:
    beside the save, 50 of them slowed each boot's lookups and the journal's
    syncs. An earlier firmware kept them beside the save as ``hNNNN.json``
    (with ``h.tmp``); the next match end moves them in
    (``storeops.archive``). A ``h/h.tmp`` left by a cut is replaced by the
    next archive.

A full flash (``OSError`` errno 28) or another I/O error during a save leaves
the previous file whole and is reported as ``'full'`` or ``'io'``; play can
go on and the next committed action tries again.
"""

import json
from binascii import crc32

from tanteador.flashfs import errno_of

STATE = "state.json"
TMP = "state.tmp"
JOURNAL = "state.log"
NAMES = "names.json"
NAMES_TMP = "names.tmp"
PUSHED = "event.json"
TAG = "frame.tag"
ARCH = "h"
ARCH_TMP = ARCH + "/h.tmp"
ARCH_KEEP = 50
MAX_STATE = 65536
# Largest names.json read, in bytes, and most names it may hold.
MAX_NAMES_BYTES = 4096
MAX_NAME_COUNT = 16
_ENOSPC = 28
CHUNK = 512


class Store:
    """Persistence of the app document on a ``DirFS``-like filesystem."""

    def __init__(self, fs):
        self.fs = fs
        # The journal while it is open, and True while nothing is written in it.
        self._log = None
        self._fresh = False
        # CRC-32 of the text of state.json as this store last saved it
        # (None until then).
        self.crc = None

    def save(self, doc, tag=None):
        """Save ``doc`` atomically -> None, or ``'full'`` / ``'io'``.

        On failure the previous ``state.json`` is untouched. A value of
        ``doc`` may be an object with ``dump(write)`` (see ``dump``).
        ``tag``: (frame CRC, contrast, language) of the kept first frame
        to tag as this save's (``write_tag``), between the text and its
        rename.
        """
        self.crc = None
        return self.write_atomic(TMP, STATE, doc, tag)

    def tag(self, tag, crc=None):
        """Tag the kept frame as the first frame of the save whose text has
        CRC-32 ``crc``, by default the one this store saved last (``tag`` as
        for ``save``). A failed write only means that the next boot draws
        its own frame."""
        if crc is None:
            crc = self.crc
        if crc is not None:
            try:
                write_tag(self.fs, crc, tag[0], tag[1], tag[2])
            except (OSError, MemoryError):
                pass

    def write_atomic(self, tmp, final, doc, tag=None):
        """Write ``doc`` as JSON to ``tmp``, then rename it over ``final``
        -> None, or ``'full'`` / ``'io'`` with ``final`` as it was. A
        MemoryError is raised again once ``tmp`` is closed and removed.
        ``tag``: see ``save``."""
        fs = self.fs
        f = None
        try:
            f = fs.open(tmp, "wb")
            out = TextOut(f)
            dump(doc, out)
            out.flush()
            f.flush()
            f.close()
            f = None
        except (OSError, MemoryError) as e:
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
            self.discard(tmp)
            if isinstance(e, MemoryError):
                # The caller may make room and try again: nothing is left open.
                raise
            return io_code(e)
        if tag is not None:
            # Ahead of its save, a tag matches no file until the rename: a
            # cut between them leaves the old save, shown without the frame.
            self.tag(tag, out.crc)
        try:
            fs.rename(tmp, final)
        except OSError as e:
            # A replace done as remove-then-rename may have removed the old
            # file: then the whole new one in ``tmp`` is all there is.
            if fs.exists(final):
                self.discard(tmp)
            return io_code(e)
        if final == STATE:
            self.crc = out.crc
        return None

    def ready(self):
        """Open the journal empty, ahead of the next action, if it is not
        open: that action's line is then a write and a flush. A failure is
        harmless (``append`` opens it then)."""
        if self._log is None:
            try:
                self._log = self.fs.open(JOURNAL, "wb")
                self._fresh = True
            except OSError:
                pass

    def journal_held(self, sizes):
        """True if the journal on flash holds bytes (``sizes``: the folder's
        files, ``DirFS.sizes``): an empty one, opened ahead of an action
        that never came, holds nothing to replay and is opened again as it is."""
        return sizes.get(JOURNAL, 0) > 0

    def append(self, line, first=None):
        """Write ``line`` and a newline to the journal -> None, or ``'full'``
        / ``'io'``. ``first``: the journal starts afresh with this line
        before it (the number of the save it follows). Done when this returns:
        the file is flushed, which commits it on littlefs; it stays open for
        the next line."""
        f = self._log
        try:
            if first is not None and not self._fresh:
                self.close()
                f = None
            if f is None:
                f = self._log = self.fs.open(JOURNAL, "ab" if first is None else "wb")
            self._fresh = False
            text = line + "\n" if first is None else first + "\n" + line + "\n"
            data = text.encode()
            n = f.write(data)
            if n is not None and n != len(data):
                raise OSError(_ENOSPC)
            f.flush()
        except OSError as e:
            self.close()
            if first is not None:
                # A journal begun with this line holds nothing else.
                self.discard(JOURNAL)
            return io_code(e)
        return None

    def close(self):
        """Close the journal if it is open. Every line was flushed: nothing
        is left to write, and only its heap is given back."""
        f = self._log
        self._log = None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass

    def discard(self, name):
        """Remove file ``name`` if it can be: a file that stays is harmless
        (it is ignored, or removed again at the next boot)."""
        if name == JOURNAL:
            self.close()
        try:
            self.fs.remove(name)
        except OSError:
            pass


def write_tag(fs, state_crc, frame_crc, contrast, lang):
    """Write ``frame.tag``: the CRC-32 of the save and of the kept frame
    (4 bytes each, little-endian), the contrast (1 byte) and the language
    code. ``tanteador.bootframe`` reads it; OSError if the write fails.

    A tag that names a save not on flash (written ahead of a rename that a
    power cut stopped) or a frame not kept matches nothing: the boot then
    draws its own frame."""
    t = bytearray(9)
    t[0:4] = state_crc.to_bytes(4, "little")
    t[4:8] = frame_crc.to_bytes(4, "little")
    t[8] = max(0, min(255, contrast))
    f = fs.open(TAG, "wb")
    try:
        f.write(t + lang.encode())
    finally:
        f.close()


def dump(obj, out):
    """Write ``obj`` as compact JSON to ``out`` piece by piece.

    The same text as ``json.dumps(obj, separators=(",", ":"))``, without ever
    holding all of it: a long match stays saveable on a fragmented heap.
    (MicroPython's ``json.dump`` only writes to its own file objects, not to
    the counting or fault-injecting wrappers of the tests and the bench.)
    An object with a ``dump(write)`` method (a match, ``matchdoc.Live``) writes its own text.
    """
    own = getattr(obj, "dump", None)
    if own is not None:
        own(out.write)
    elif isinstance(obj, dict) and not _flat(obj):
        c = "{"
        for k in obj:
            if not isinstance(k, str):
                raise TypeError("key")
            out.write(c)
            out.write(json.dumps(k))
            out.write(":")
            dump(obj[k], out)
            c = ","
        out.write("}" if c == "," else "{}")
    elif isinstance(obj, (list, tuple)):
        c = "["
        for v in obj:
            out.write(c)
            dump(v, out)
            c = ","
        out.write("]" if c == "," else "[]")
    else:
        out.write(json.dumps(obj, separators=(",", ":")))


def _flat(d):
    """True for a dict of text keys and plain values (the settings): one ``json.dumps`` writes it."""
    for k in d:
        v = d[k]
        if not isinstance(k, str) or isinstance(v, (dict, list, tuple)) or getattr(v, "dump", None) is not None:
            return False
    return True


class TextOut:
    """Text written to it goes to file ``f`` as UTF-8 chunks of about
    ``CHUNK`` bytes: a few writes a file. With ``cmp`` the chunks are
    compared with what ``f`` holds instead; ``same`` tells the outcome."""

    def __init__(self, f, cmp=False):
        self.f = f
        self.cmp = cmp
        self.same = True
        self.buf = bytearray()
        # CRC-32 of what was written: the kept frame's tag names the save by it.
        self.crc = 0

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
            self.crc = crc32(buf, self.crc)
        self.buf = bytearray()


def io_code(e):
    """The problem an ``OSError`` of a write makes: ``'full'`` or ``'io'``."""
    return "full" if errno_of(e) == _ENOSPC else "io"


