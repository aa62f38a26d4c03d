"""micropython-lib's ssd1306 OLED driver for a .uf2: one pinned version, fetched once and kept.

`tanteador flash` lets mip install the driver on the board; a .uf2 is built
on the PC, so the driver must be there, and the same every time for the
same .uf2 bytes. The pin is the SHA-256 of ``ssd1306.py`` of
micropython-lib's ``ssd1306`` package, version 0.1.0, as mip's index
serves it (the source with ``__version__ = '0.1.0'`` appended by
micropython-lib's build): what ``mip install ssd1306`` installs, here
compiled as the index compiles it (-O3). mip's index serves every file at
an address made of its hash, so the pinned file is fetched from there once,
checked, and kept in the user's cache folder: later builds need no network.
``--driver FILE`` gives a copy by hand.
"""

import hashlib
import os
import tempfile
import urllib.error
import urllib.request

from host_tools import UsageError, UserError

MIP_INDEX = "https://micropython.org/pi/v2"
PACKAGE = "ssd1306"
VERSION = "0.1.0"
SHA256 = "156dcec110abede4b36eefb5667b787240f662e8ec173b3414854398afb9b5df"


def url():
    """Where mip's index serves the pinned ssd1306.py (its files are stored by the first 8 hex of their hash)."""
    return "%s/file/%s/%s" % (MIP_INDEX, SHA256[:2], SHA256[:8])


def cache_path():
    """The kept copy of the pinned driver, in the user's cache folder."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tanteador", "ssd1306-%s-%s.py" % (VERSION, SHA256[:12]))


def _sha(data):
    return hashlib.sha256(data).hexdigest()


def _fetch():
    try:
        with urllib.request.urlopen(url(), timeout=60) as r:
            data = r.read()
    except (urllib.error.URLError, OSError) as e:
        raise UserError(
            "could not fetch micropython-lib's ssd1306 driver %s (%s). Without network, download %s on a "
            "computer that has it and give the file with --driver FILE"
            % (VERSION, getattr(e, "reason", e), url()))
    if _sha(data) != SHA256:
        raise UserError("the ssd1306 driver fetched from %s is not the pinned one (SHA-256 %s, expected %s); "
                        "nothing was written" % (url(), _sha(data), SHA256))
    return data


def _keep(path, data):
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        print("note: could not keep the ssd1306 driver in %s (%s); it is fetched again next time" % (folder, e))


def source(path=None):
    """(bytes of ssd1306.py, where they came from): ``path``, else the kept pinned copy, else fetched.

    A kept copy that no longer matches its hash is fetched again.
    """
    if path is not None:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise UsageError("cannot read the driver file %s: %s" % (path, e.strerror or e))
        if _sha(data) != SHA256:
            print("note: %s is not micropython-lib's ssd1306 %s (SHA-256 %s); it goes in as given"
                  % (path, VERSION, _sha(data)[:12]))
        return data, path
    kept = cache_path()
    try:
        with open(kept, "rb") as f:
            data = f.read()
        if _sha(data) == SHA256:
            return data, kept
    except OSError:
        pass
    data = _fetch()
    _keep(kept, data)
    return data, url()
