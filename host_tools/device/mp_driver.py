"""Drivers for the MicroPython lane: the same code runs on MicroPython and CPython.

``mp_driver.main(cmd, args_json)`` runs one command and prints one JSON
object per result line, then ``{"k": "end"}``. pytest (through
host_tools/harness/mplane.py) runs a command on both interpreters and compares the
lines. Framebuffer bytes travel as hex.

The commands live in small modules imported on demand (mp_engine: framebuf,
buttons, rule tables, store; mp_app: the app driven by buttons; mp_gallery:
every screen of the gallery), so the driver itself takes little of the
heap it is measuring.
"""

import gc
import json
import sys
from binascii import hexlify


def emit(obj):
    """Print one result line, written out as it is encoded: a whole line
    in one string would need a large block of a heap the app keeps fragmented."""
    json.dump(obj, sys.stdout)
    sys.stdout.write("\n")


def hexs(buf):
    """Bytes as a lowercase hex string (same on both interpreters)."""
    return hexlify(buf).decode()


def mem():
    """Heap in use after a full collection (None on CPython)."""
    gc.collect()
    f = getattr(gc, "mem_alloc", None)
    return f() if f else None


def largest_free():
    """Largest block the heap can still give after a collection (None on CPython).

    Found by trying allocations: the number that tells whether a save of
    a given size can still be serialised on a fragmented heap.
    """
    f = getattr(gc, "mem_free", None)
    if f is None:
        return None
    gc.collect()
    lo = 0
    hi = f()
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            b = None
            lo = mid
        except MemoryError:
            hi = mid
    return lo


class Rand:
    """A tiny LCG so both interpreters draw the same samples."""

    def __init__(self, seed):
        self.s = seed & 0x7FFFFFFF

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def fresh_dir(path):
    """Make ``path`` an empty folder."""
    import os

    try:
        names = os.listdir(path)
    except OSError:
        os.mkdir(path)
        return path
    for n in names:
        try:
            os.remove(path + "/" + n)
        except OSError:
            fresh_dir(path + "/" + n)
            os.rmdir(path + "/" + n)
    return path


_MODULES = {
    "framebuf": "mp_engine", "buttons": "mp_engine", "two_sides": "mp_engine",
    "partitions": "mp_engine", "rotation": "mp_engine", "engine_match": "mp_engine",
    "store_cuts": "mp_engine", "verdicts": "mp_engine", "damage": "mp_damage",
    "damage_plan": "mp_damage", "gallery": "mp_gallery",
}


def main(cmd, args_json="{}"):
    """Run ``cmd`` with the JSON arguments and print the results then the end marker."""
    args = json.loads(args_json)
    mod = __import__(_MODULES.get(cmd, "mp_app"))
    fn = getattr(mod, "cmd_" + cmd, None)
    if fn is None:
        raise ValueError("unknown command " + cmd)
    fn(args)
    emit({"k": "end", "impl": sys.implementation.name, "mem": mem()})
