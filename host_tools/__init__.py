"""The PC side of Tanteador: the `tanteador` command (sim, screens, flash, pull, names, web, event, bench).

The firmware is not copied into this package: the tools find it next to
``host_tools/`` in the repository, which is why the project is installed
editable (``pip install -e .``).

The layer map (tests/host/test_layers.py holds the code to it): each package,
then the packages it may import from. Nothing imports from a layer above
it, a shipped command never imports the test lanes (harness) but through
the bench, and one command or generator never imports another: what two
of them share lives in support. This module's names are free to all.

    cli         commands
    commands    bench support device
    generators  support device
    bench       harness support device
    harness     support device
    support
    device
"""

import os
import sys

# Kept equal to the firmware's tanteador.VERSION (a test checks it); the
# packaging reads this one.
VERSION = "0.1.0"

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
STANDINS = os.path.join(ROOT, "host_tools", "standins")
DEVICE = os.path.join(ROOT, "host_tools", "device")


class UserError(Exception):
    """A job that could not be done: printed as one message, exit status 1, no traceback."""


class UsageError(UserError):
    """An argument that cannot work as given: printed as one message, exit status 2."""


def firmware_paths():
    """Put the firmware and the CPython stand-ins on sys.path.

    The stand-ins (``framebuf``, ``micropython``) take the place of modules
    built into MicroPython, which the firmware imports by their top-level
    names. host_tools/device is not put there: CPython imports it as the
    package ``host_tools.device``; only the MicroPython lanes put the folder
    itself on MICROPYPATH.

    Raises UserError with a hint when the firmware folder is missing (a
    non-editable install copied host_tools away from the repository).
    """
    if not os.path.isdir(os.path.join(FIRMWARE, "tanteador")):
        raise UserError(
            "firmware not found at %s; install the project editable "
            "from a clone (pip install -e .)" % FIRMWARE
        )
    for p in (FIRMWARE, STANDINS):
        if p not in sys.path:
            sys.path.insert(0, p)
