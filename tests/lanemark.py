"""Each test folder's default lane: its conftest.py gives it to the tests there that name no lane.

The lanes are pytest markers registered in pyproject.toml; `make test-fast`
selects ``cpython and not slow``.
"""

import pathlib

import pytest

LANES = ("cpython", "micropython", "web")


def has_lane(item):
    """Does the test carry a lane mark of its own (on itself, its class or its module)?"""
    return any(item.get_closest_marker(lane) for lane in LANES)


def give(items, conftest, lane):
    """Mark ``lane`` on each test of ``items`` under the folder of ``conftest`` that names no lane."""
    folder = pathlib.Path(conftest).resolve().parent
    mark = getattr(pytest.mark, lane)
    for item in items:
        if folder in item.path.resolve().parents and not has_lane(item):
            item.add_marker(mark)
