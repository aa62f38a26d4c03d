"""A folder as the flash: the same small file API on the Pico and on a PC.

On the Pico the folder lives on the littlefs partition ("/tt"); on a PC it
is any folder, so the simulator, the tests and the device share one code
path. Only ``os`` calls that MicroPython has are used (no ``os.path``).
"""

import os

_EEXIST = 17
# The type bits of a stat, and of a listing's entry.
_DIR = 0x4000
_FILE = 0x8000


class DirFS:
    """Files of one folder, addressed by plain file names; a name may carry
    one folder of the folder before it (``"h/h0001.json"``)."""

    def __init__(self, root):
        root = root.replace("\\", "/")
        while len(root) > 1 and root[-1] == "/":
            root = root[:-1]
        self.root = root
        try:
            # The folder is there on every boot but the first: this asks
            # littlefs once, where a stat reads the folder's records twice.
            os.mkdir(root)
        except OSError as e:
            if errno_of(e) != _EEXIST:
                _makedirs(root)

    def path(self, name):
        """Full path of ``name``: a file's plain name, or ``folder/name``."""
        parts = name.split("/")
        if len(parts) > 2:
            raise ValueError("name")
        for part in parts:
            if not part or "\\" in part or part in (".", ".."):
                raise ValueError("name")
        return self.root + "/" + name

    def open(self, name, mode="r"):
        """Open ``name`` like the builtin ``open``."""
        return open(self.path(name), mode)

    def rename(self, old, new):
        """Rename ``old`` to ``new``, replacing ``new`` if it exists.

        littlefs and POSIX replace atomically. A filesystem that refuses to
        replace (FAT, Windows) gets remove-then-rename; the store copes with
        the short window in which only the new file exists.
        """
        a = self.path(old)
        b = self.path(new)
        try:
            os.rename(a, b)
        except OSError as e:
            if errno_of(e) != _EEXIST:
                raise
            os.remove(b)
            os.rename(a, b)

    def remove(self, name):
        """Delete ``name`` (OSError if missing)."""
        os.remove(self.path(name))

    def listdir(self, folder=None):
        """Names in the folder (its folders too), or in its ``folder``
        (OSError if there is none)."""
        return os.listdir(self.root if folder is None else self.path(folder))

    def sizes(self):
        """{name: size in bytes} of the files in the folder (its folders
        left out), from one listing: on littlefs the listing carries the
        sizes, where a lookup of each name reads all of the folder's records."""
        out = {}
        listing = getattr(os, "ilistdir", None)
        for e in (listing(self.root) if listing else os.listdir(self.root)):
            if type(e) is str:
                name = e
            elif len(e) > 3 and e[1] == _FILE:
                out[e[0]] = e[3]
                continue
            else:
                name = e[0]
            st = os.stat(self.root + "/" + name)
            if not st[0] & _DIR:
                out[name] = st[6]
        return out

    def makedir(self, name):
        """Make the folder ``name`` in the folder, unless it is there."""
        if not _is_dir(self.path(name)):
            os.mkdir(self.path(name))

    def exists(self, name):
        """True if ``name`` exists."""
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False

    def size(self, name):
        """Size of ``name`` in bytes (OSError if missing)."""
        return os.stat(self.path(name))[6]

    def free(self):
        """Free bytes on the underlying filesystem, or None if unknown."""
        try:
            s = os.statvfs(self.root)
            return s[0] * s[4]
        except Exception:
            return None


def errno_of(e):
    """errno of an OSError on both MicroPython (args[0]) and CPython."""
    n = getattr(e, "errno", None)
    if n is None and e.args:
        n = e.args[0]
    return n


def _makedirs(root):
    """Create ``root`` and its missing parents."""
    parts = root.split("/")
    cur = ""
    for i, part in enumerate(parts):
        if i == 0:
            cur = part
            if not part:
                continue
        else:
            if not part:
                continue
            cur = cur + "/" + part
        if _is_dir(cur):
            continue
        try:
            os.mkdir(cur)
        except OSError as e:
            if errno_of(e) != _EEXIST:
                raise


def _is_dir(p):
    try:
        return os.stat(p)[0] & _DIR != 0
    except OSError:
        return False
