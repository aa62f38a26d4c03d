"""Where the pinned WebAssembly MicroPython lives, and the message when it is missing.

The port is an npm package pinned in host_tools/wasm: `tanteador web` ships
its two files in the page, and the WebAssembly lane runs it under Node.js.
"""

import os
import shutil

from host_tools import ROOT

HERE = os.path.join(ROOT, "host_tools", "wasm")
PACKAGE = os.path.join(HERE, "node_modules", "@micropython", "micropython-webassembly-pyscript",
                       "micropython.mjs")
INSTALL_HINT = (
    "the WebAssembly MicroPython (npm package @micropython/micropython-webassembly-pyscript) "
    "or Node.js was not found.\n"
    "Install the pinned package with\n"
    "    npm ci --prefix host_tools/wasm\n"
    "(Node.js 18 or newer), or run `make test`, which installs it."
)


class WasmMissing(RuntimeError):
    """Node.js or the WebAssembly MicroPython package is not installed."""

    def __init__(self):
        RuntimeError.__init__(self, INSTALL_HINT)


def node():
    """Path of the node binary; WasmMissing if it or the package is absent."""
    exe = shutil.which("node")
    if exe is None or not os.path.exists(PACKAGE):
        raise WasmMissing()
    return exe
