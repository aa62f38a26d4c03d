"""A 32-bit MicroPython on the PC: the WebAssembly port under Node.js.

The unix port on a 64-bit PC stores every pointer in 8 bytes and hands out
heap blocks of 32 bytes; a Pico, like WebAssembly, uses 4 and 16. So the
benchmark weighs the firmware's heap here too, for a figure sized like the
device's. The port itself is an npm package pinned in host_tools/wasm
(support/wasmport.py finds it); its runner (run.mjs) plays one benchmark
match and prints the figures.

The firmware goes in as .mpy files, as ``tanteador flash`` installs it, or
as a ROMFS image: the .mpy files of a ROMFS run in place from flash, which is
what a Pico does with frozen code, so that figure stands for a build with the
firmware frozen in.
"""

import json
import os
import subprocess

from host_tools.harness import mplane
from host_tools.support.wasmport import HERE, node


def make_romfs(tree, dest):
    """Write a ROMFS image of the compiled firmware ``tree`` to ``dest``."""
    import contextlib
    import io

    from mpremote.romfs import make_romfs as build

    with contextlib.redirect_stdout(io.StringIO()):   # it lists the tree as it goes
        image = build(tree, mpy_cross=False)
    with open(dest, "wb") as f:
        f.write(image)


def play(tree, flash_dir, script, romfs=None, modules=None, timeout=600):
    """Play ``script`` on the 32-bit port from the saved state in ``flash_dir``; the figures.

    ``tree`` is the compiled firmware on sys.path (ignored with ``romfs``,
    whose image is mounted at /rom instead). With ``modules``, these are
    loaded once each after the match and unloaded again (mp_bench.visit_all);
    the heap then is the figure "visited", and after a second such visit
    "revisited".
    """
    conf = {
        "paths": ["/rom" if romfs else os.path.abspath(tree), mplane.DEVICE],
        "copy": [os.path.abspath(flash_dir), os.path.abspath(script)],
        "args": {"dir": os.path.abspath(flash_dir), "script": os.path.abspath(script)},
    }
    if romfs:
        conf["romfs"] = os.path.abspath(romfs)
    if modules:
        conf["modules"] = list(modules)
    cmd = [node(), os.path.join(HERE, "run.mjs"), json.dumps(conf)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=HERE)
    except subprocess.TimeoutExpired:
        raise mplane.LaneError("the WebAssembly run timed out after %d s" % timeout)
    results, noise = mplane.parse(p.stdout)
    if p.returncode != 0 or not results or results[-1].get("k") != "end":
        tail = "\n".join((p.stderr + "\n" + "\n".join(noise)).strip().splitlines()[-25:])
        raise mplane.LaneError("WebAssembly run failed (exit %s)\n%s" % (p.returncode, tail), p.stdout, p.stderr)
    return results[0]
