"""The match engine's tests: rules, goals, tricks, chiamata, the texts.

On the cpython lane unless a test names another.
"""

from lanemark import give


def pytest_collection_modifyitems(items):
    """Give this folder's lane to its tests that name none."""
    give(items, __file__, "cpython")
