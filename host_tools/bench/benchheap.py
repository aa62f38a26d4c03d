"""The bench's heap figures by module: the firmware's modules in load order, each one's weight on
MicroPython, and the match's heap on the 32-bit WebAssembly port."""

import ast
import os

from host_tools.harness import mplane, wasmlane
from host_tools.bench.benchmatch import prepare

def play32(doc, text, folder, tree, romfs=None):
    """Heap figures of the match on the 32-bit WebAssembly port, from ``tree`` or its ROMFS image.

    After the match every firmware module is loaded once and unloaded again
    ("visited"): the heap of a device on which every screen has been opened,
    since MicroPython never frees the names a module brought.
    """
    script = prepare(doc, text, folder)
    r = wasmlane.play(tree, folder, script, romfs=romfs, modules=firmware_modules())
    return {"baseline": r["base"], "boot": r["boot"], "peak": r["peak"], "peak_hand": r["peak_hand"],
            "firmware_boot": r["boot"] - r["base"], "firmware_peak": r["peak"] - r["base"],
            "firmware_visited": r["visited"] - r["base"],
            "hands": r["hands"], "over": r["over"], "errors": r["errors"]}


def firmware_modules():
    """Dotted names of the firmware modules a device can import (not board.py, not main.py, not
    textids nor iconids: the device never loads the text and icon ids' names)."""
    names = []
    base = os.path.join(mplane.FIRMWARE, "tanteador")
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(filenames):
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, f), mplane.FIRMWARE)[:-3]
                mod = rel.replace(os.sep, ".")
                if mod.endswith(".__init__"):
                    mod = mod[: -len(".__init__")]
                if mod not in ("tanteador.board", "tanteador.textids", "tanteador.iconids"):
                    names.append(mod)
    return _deps_first(names)


def _deps_first(names):
    """``names`` ordered so each module comes after the firmware modules it imports at load time."""
    deps = {}
    for name in names:
        path = os.path.join(mplane.FIRMWARE, *name.split("."))
        path = os.path.join(path, "__init__.py") if os.path.isdir(path) else path + ".py"
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        found = set()
        for node in tree.body:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(node.module + "." + a.name for a in node.names)
        deps[name] = sorted(d for d in found if d in names and d != name)
    out = []
    seen = set()

    def visit(n, stack=()):
        if n in seen or n in stack:
            return
        for d in deps[n]:
            visit(d, stack + (n,))
        seen.add(n)
        out.append(n)

    for n in sorted(names):
        visit(n)
    return out


def module_heap():
    """[(module, bytes)] of the firmware's modules on MicroPython, largest first."""
    r = mplane.drive("modules", {"modules": firmware_modules()}, module="mp_bench")[0]
    got = [(m, n) for m, n, _ in r["modules"] if n is not None]
    got.sort(key=lambda x: -x[1])
    return got
