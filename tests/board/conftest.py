"""The board shells' tests: the Pico's board and drivers, the board contract, the hardware docs.

On the cpython lane unless a test names another.
"""

from lanemark import give


def pytest_collection_modifyitems(items):
    """Give this folder's lane to its tests that name none."""
    give(items, __file__, "cpython")
