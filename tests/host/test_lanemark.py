"""Each test folder's conftest.py gives its default lane to the tests there that name none."""

import pathlib

import pytest

import lanemark

TESTS = pathlib.Path(lanemark.__file__).resolve().parent


class Item:
    """What lanemark reads of a collected test: its path and its marks."""

    def __init__(self, path, *marks):
        self.path = path
        self.marks = list(marks)

    def get_closest_marker(self, name):
        return next((m for m in self.marks if m.name == name), None)

    def add_marker(self, mark):
        self.marks.append(mark.mark)


def lanes(item):
    return [m.name for m in item.marks if m.name in lanemark.LANES]


def test_a_folder_gives_its_lane_only_to_its_tests_of_no_lane():
    plain = Item(TESTS / "lanes" / "test_x.py")
    marked = Item(TESTS / "lanes" / "test_y.py", pytest.mark.cpython.mark)
    slow = Item(TESTS / "lanes" / "test_z.py", pytest.mark.slow.mark)
    elsewhere = Item(TESTS / "app" / "test_x.py")
    lanemark.give([plain, marked, slow, elsewhere], TESTS / "lanes" / "conftest.py", "micropython")
    assert lanes(plain) == ["micropython"] and lanes(slow) == ["micropython"]
    assert lanes(marked) == ["cpython"] and lanes(elsewhere) == []


def test_every_test_folder_gives_a_lane():
    folders = [p for p in TESTS.iterdir() if p.is_dir() and any(p.glob("test_*.py"))]
    assert folders and all((p / "conftest.py").is_file() for p in folders), \
        [p.name for p in folders if not (p / "conftest.py").is_file()]
    assert not list(TESTS.glob("test_*.py")), "a test file outside the layer folders gets no lane"
