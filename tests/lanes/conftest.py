"""The firmware on MicroPython's unix port, held to a Pico's heap.

On the micropython lane unless a test names another.
"""

from lanemark import give


def pytest_collection_modifyitems(items):
    """Give this folder's lane to its tests that name none."""
    give(items, __file__, "micropython")
