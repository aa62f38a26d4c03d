"""The PC side's tests: the tanteador command, the bench, the layer maps.

On the cpython lane unless a test names another.
"""

from lanemark import give


def pytest_collection_modifyitems(items):
    """Give this folder's lane to its tests that name none."""
    give(items, __file__, "cpython")
