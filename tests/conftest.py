import os
import sys

import pytest

from host_tools import firmware_paths

# The firmware and the stand-ins, as the tanteador command puts them; tests/
# itself, so that the modules the folders share (fakeboard, webdrive, ...)
# import from every folder.
firmware_paths()
TESTS = os.path.dirname(os.path.abspath(__file__))
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)


@pytest.fixture(scope="session")
def mpy_tree(tmp_path_factory):
    """The firmware compiled by mpy-cross, as `tanteador flash` installs it.

    The MicroPython lanes that boot the whole app run it: compiling every
    source inside the 190 KB heap scatters it as no Pico's heap is."""
    from host_tools.harness import mpytree

    tree = tmp_path_factory.mktemp("mpy")
    mpytree.compile_tree(str(tree))
    return str(tree)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Every test is on a lane: its own mark, or its folder's (each folder's conftest.py gives one)."""
    from lanemark import has_lane

    lost = [item.nodeid for item in items if not has_lane(item)]
    if lost:
        raise pytest.UsageError("tests on no lane (put them in a folder whose conftest.py gives one, "
                                "see tests/lanemark.py): " + ", ".join(lost[:5]))
