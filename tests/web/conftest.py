"""MicroPython's WebAssembly port under Node.js, and the web page in a headless Chromium.

On the web lane unless a test names another.
"""

from lanemark import give


def pytest_collection_modifyitems(items):
    """Give this folder's lane to its tests that name none."""
    give(items, __file__, "web")
