"""A filesystem that fails on purpose: power cuts and a full flash.

``FaultFS`` wraps a ``flashfs.DirFS`` (same methods) and counts every call
that changes the flash: opening a file for writing, write, flush, close of
a written file, rename, remove, making a folder. A file's bytes are on
flash once a flush or its close has synced them, as littlefs does: what was
written after that is lost to a cut, and a file opened with ``"w"`` keeps
its old bytes until then (a new file exists, empty, from its opening).
With ``cut_at=k`` the power goes off during the k-th such call:

* a flush or a close lands partly: of the bytes written since the file was
  last synced, a prefix chosen by ``keep`` (nothing, half, all but the
  last byte, all). littlefs lands nothing or all; the two others are what a
  PC's folder may keep, and a cut must not harm the store there either;
* a write does not land: it was never synced;
* any other call (a rename, a removal, a folder made) does not happen (each
  is atomic on littlefs: either not done, which is this cut, or done, which
  is the cut at k+1);
* every file open for writing keeps what was last synced, ``PowerCut`` is
  raised, and every later call raises ``PowerCut`` too: the program is
  stopped. Reboot by building a new store on a fresh ``DirFS`` of the folder.

``PowerCut`` derives from ``BaseException`` so that the app's
``except Exception`` around screens cannot swallow it, like a real cut.

``free=n`` models a flash with n free bytes: writes consume, removing or
replacing a file gives its bytes back, and a write beyond the free space
lands what fits and raises ``OSError(28)`` (ENOSPC), as littlefs does.
``fail_at=k`` makes the k-th call raise ``OSError(fail_errno)`` instead.
``split_rename=True`` replaces files the FAT/Windows way: remove, then
rename (two calls, so a cut can fall between them).

Runs on CPython and on MicroPython.
"""

import os

KEEP_NONE = 0
KEEP_HALF = 1
KEEP_ALL_BUT_ONE = 2
KEEP_ALL = 3
KEEPS = (KEEP_NONE, KEEP_HALF, KEEP_ALL_BUT_ONE, KEEP_ALL)

_ENOSPC = 28


class PowerCut(BaseException):
    """The power went off in the middle of a flash operation."""


class FaultFS:
    """A ``DirFS`` wrapper that cuts the power or runs out of space."""

    def __init__(self, fs, cut_at=0, keep=KEEP_HALF, free=None, fail_at=0,
                 fail_errno=_ENOSPC, split_rename=False):
        self.fs = fs
        self.cut_at = cut_at
        self.keep = keep
        self.free = free
        self.fail_at = fail_at
        self.fail_errno = fail_errno
        self.split_rename = split_rename
        self.ops = 0
        self.log = []
        self.dead = False
        self._files = []

    def _alive(self):
        if self.dead:
            raise PowerCut()

    def _step(self, kind, name):
        """Count one changing call -> True if the power fails during it."""
        self._alive()
        self.ops += 1
        self.log.append((kind, name))
        if self.ops == self.fail_at:
            raise OSError(self.fail_errno, "injected failure")
        return self.ops == self.cut_at

    def _die(self, landing=None):
        """The power goes: each open file keeps what was last synced, and
        ``landing`` (the file whose flush or close was cut) part of the rest."""
        self.dead = True
        for h in self._files:
            try:
                h.f.close()
            except OSError:
                pass
            if h.synced is not None and self.fs.exists(h.name):
                data = self._read(h.name)
                keep = h.synced
                if h is landing:
                    keep = _landed(keep, data, self.keep)
                self._put(h.name, keep)
        self._files = []
        raise PowerCut()

    def _read(self, name):
        f = self.fs.open(name, "rb")
        try:
            return f.read()
        finally:
            f.close()

    def _put(self, name, data):
        f = self.fs.open(name, "wb")
        try:
            f.write(data)
        finally:
            f.close()

    def _give_back(self, name):
        if self.free is not None:
            try:
                self.free += self.fs.size(name)
            except OSError:
                pass

    def open(self, name, mode="r"):
        """Open ``name``; writing modes count as a changing call."""
        writing = "w" in mode or "a" in mode or "+" in mode
        if not writing:
            self._alive()
            return _File(self, self.fs.open(name, mode), name, False)
        if self._step("open", name):
            self._die()
        # Truncating an existing file waits for its first sync on littlefs.
        old = self._read(name) if "w" in mode and self.fs.exists(name) else None
        if "w" in mode:
            self._give_back(name)
        h = _File(self, self.fs.open(name, mode), name, True)
        h.synced = old
        self._files.append(h)
        return h

    def rename(self, old, new):
        """Rename, replacing ``new``; one call (or two with split_rename)."""
        if self.split_rename and self.fs.exists(new):
            self.remove(new)
        if self._step("rename", new):
            self._die()
        if self.fs.exists(new):
            self._give_back(new)
        self.fs.rename(old, new)

    def remove(self, name):
        """Remove ``name``."""
        if self._step("remove", name):
            self._die()
        self._give_back(name)
        self.fs.remove(name)

    def listdir(self, folder=None):
        """Names in the folder, or in its ``folder``."""
        self._alive()
        return self.fs.listdir(folder)

    def sizes(self):
        """{name: size} of the folder's files."""
        self._alive()
        return self.fs.sizes()

    def makedir(self, name):
        """Make a folder: one changing call, done whole or not at all."""
        if self._step("mkdir", name):
            self._die()
        self.fs.makedir(name)

    def exists(self, name):
        """True if ``name`` exists."""
        self._alive()
        return self.fs.exists(name)

    def size(self, name):
        """Size of ``name``."""
        self._alive()
        return self.fs.size(name)

    def _write(self, handle, data):
        if self._step("write", handle.name):
            self._die()
        if handle.synced is None:
            # What the flash holds of it: what a cut now would leave.
            handle.f.flush()
            handle.synced = self._read(handle.name)
        n = len(data)
        if self.free is not None and n > self.free:
            n = self.free
            if n:
                handle.f.write(data[:n])
            self.free = 0
            raise OSError(_ENOSPC, "no space left on device")
        if self.free is not None:
            self.free -= n
        return handle.f.write(data)


class _File:
    """A file of a ``FaultFS``; writes go through the fault model."""

    def __init__(self, ffs, f, name, writing):
        self.ffs = ffs
        self.f = f
        self.name = name
        self.writing = writing
        # The bytes on flash while some written since are not synced, else None.
        self.synced = None

    def read(self, *args):
        """Read like the underlying file."""
        self.ffs._alive()
        return self.f.read(*args)

    def readline(self, *args):
        """Read a line like the underlying file."""
        self.ffs._alive()
        return self.f.readline(*args)

    def write(self, data):
        """Write through the fault model."""
        return self.ffs._write(self, data)

    def flush(self):
        """Flush: the bytes written are on flash (a changing call when writing)."""
        if self.writing:
            if self.ffs._step("flush", self.name):
                self.ffs._die(self)
            self.synced = None
        self.f.flush()

    def close(self):
        """Close: the bytes written are on flash (a changing call when writing)."""
        ffs = self.ffs
        if self.writing:
            if ffs._step("close", self.name):
                ffs._die(self)
            if self in ffs._files:
                ffs._files.remove(self)
            self.synced = None
        else:
            ffs._alive()
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _landed(synced, data, keep):
    """What a cut sync of a file leaves: ``synced`` (on flash before it)
    and a prefix, chosen by ``keep``, of what ``data`` (the file now) adds."""
    base = synced if data[:len(synced)] == synced else b""
    rest = len(data) - len(base)
    if keep == KEEP_NONE:
        return synced
    if keep == KEEP_HALF:
        rest //= 2
    elif keep == KEEP_ALL_BUT_ONE:
        rest = max(rest - 1, 0)
    return data[:len(base) + rest]


def snapshot(fs):
    """Contents of every file of ``fs``, and of its folders' files: {name: bytes},
    a folder itself as {"name/": None}."""
    snap = {}
    for name in fs.listdir():
        try:
            inner = fs.listdir(name)
        except OSError:
            snap[name] = _content(fs, name)
            continue
        snap[name + "/"] = None
        for sub in inner:
            snap[name + "/" + sub] = _content(fs, name + "/" + sub)
    return snap


def _content(fs, name):
    f = fs.open(name, "rb")
    try:
        return f.read()
    finally:
        f.close()


def restore(fs, snap):
    """Make the files and folders of ``fs`` exactly ``snap`` (from ``snapshot``)."""
    for name in fs.listdir():
        try:
            inner = fs.listdir(name)
        except OSError:
            if name not in snap:
                fs.remove(name)
            continue
        for sub in inner:
            if name + "/" + sub not in snap:
                fs.remove(name + "/" + sub)
        if name + "/" not in snap:
            os.rmdir(fs.path(name))
    for name in snap:
        if snap[name] is None:
            fs.makedir(name[:-1])
    for name in snap:
        if snap[name] is not None:
            f = fs.open(name, "wb")
            try:
                f.write(snap[name])
            finally:
                f.close()
