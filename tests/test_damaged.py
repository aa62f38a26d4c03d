"""Damaged saves: each loads to (None, code), the bad file kept aside with
its exact bytes, and a new match can be saved; an older version migrates."""

import json
import random

import pytest

from storekit import (STATE, DirFS, FaultFS, PowerCut, Store, bad_files, figure, fresh,
                      make_doc, validate)
from tanteador import store, storeops

COUNT = [0]


def load_bad(tmp_path, data, name="flash"):
    """Put ``data`` as state.json, boot -> problem code; checks the aftermath."""
    fs = fresh(tmp_path, name)
    with fs.open(STATE, "wb") as f:
        f.write(data)
    st = Store(fs)
    doc, problem = storeops.load(st, validate)
    assert doc is None and problem is not None
    assert fs.listdir() == ["bad-1-state.json"]
    with fs.open("bad-1-state.json", "rb") as f:
        assert f.read() == data
    # a new match can start and is saved normally
    assert st.save(make_doc(0)) is None
    assert storeops.load(Store(DirFS(fs.root)), validate) == (make_doc(0), None)
    assert sorted(fs.listdir()) == ["bad-1-state.json", STATE]
    COUNT[0] += 1
    return problem


def good_bytes():
    return json.dumps(make_doc(3)).encode()


def test_truncated_at_every_length(tmp_path):
    data = good_bytes()
    for n in range(len(data)):
        assert load_bad(tmp_path, data[:n], "t%d" % n) == "damaged", n


def test_zero_length(tmp_path):
    assert load_bad(tmp_path, b"") == "damaged"


def test_random_bytes(tmp_path):
    rnd = random.Random(6)
    for i in range(200):
        data = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 400)))
        assert load_bad(tmp_path, data, "r%d" % i) in ("damaged", "shape")


def test_random_byte_flips_of_a_good_save(tmp_path):
    rnd = random.Random(7)
    data = good_bytes()
    for i in range(200):
        b = bytearray(data)
        for _ in range(rnd.randrange(1, 4)):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        b = bytes(b)
        fs = fresh(tmp_path, "x%d" % i)
        with fs.open(STATE, "wb") as f:
            f.write(b)
        doc, problem = storeops.load(Store(fs), validate)
        if problem is None:
            # a flip inside a name or a number can still be a valid document
            assert doc == json.loads(b)
            assert fs.listdir() == [STATE]
        else:
            assert fs.listdir() == ["bad-1-state.json"]
        COUNT[0] += 1


def test_not_utf8_inside_a_string(tmp_path):
    data = json.dumps(make_doc(3), ensure_ascii=False).encode().replace("Iñaki".encode(), b"I\xf1aki")
    assert b"I\xf1aki" in data
    assert load_bad(tmp_path, data) == "damaged"


def test_too_big(tmp_path):
    assert load_bad(tmp_path, b" " * (store.MAX_STATE + 1) + good_bytes()) == "damaged"


def test_deep_nesting(tmp_path):
    assert load_bad(tmp_path, b"[" * 50000 + b"]" * 50000) in ("damaged", "shape")


WRONG_SHAPES = [
    [], 7, "state", None, True, {}, {"v": "1"}, {"v": 1.0}, {"v": 1},
    {"v": 1, "cfg": [], "m": None, "scr": "table"},
    {"v": 1, "cfg": {}, "m": 5, "scr": "table"},
    {"v": 1, "cfg": {}, "m": {}, "scr": "table"},
    {"v": 1, "cfg": {}, "m": None, "scr": 3},
]


@pytest.mark.parametrize("obj", WRONG_SHAPES)
def test_valid_json_of_wrong_shape(tmp_path, obj):
    assert load_bad(tmp_path, json.dumps(obj).encode()) == "shape"


@pytest.mark.parametrize("act", [
    [1, 100, 30, 1000],    # 130 points
    [1, 119, 1, 1000],     # 1 point cannot be won
    [7, 60, 60, 1000],     # no such suit
    ["e", 9, 0, 60, 60],   # edit of a hand that does not exist
])
def test_history_breaking_the_rules(tmp_path, act):
    doc = make_doc(3)
    doc["m"]["a"][1] = act
    assert load_bad(tmp_path, json.dumps(doc).encode()) == "history"


def test_hands_after_the_end_of_the_match(tmp_path):
    doc = make_doc(0)
    doc["m"]["o"][7:9] = [0, 1]   # first to win one hand
    doc["m"]["a"] = [[0, 70, 50, 1000], [0, 70, 50, 1000]]
    assert load_bad(tmp_path, json.dumps(doc).encode()) == "history"


def test_newer_version(tmp_path):
    doc = make_doc(3)
    doc["v"] = 2
    assert load_bad(tmp_path, json.dumps(doc).encode()) == "newer"


def test_newer_match_version(tmp_path):
    from tanteador.match import VERSION

    doc = make_doc(3)
    doc["m"]["v"] = VERSION + 1
    assert load_bad(tmp_path, json.dumps(doc).encode()) == "newer"


def test_older_match_version_migrates(tmp_path):
    """A version-1 match (options without trump_cycle, "h" = the hands) loads
    as the same match in version 2's form (the rules it was played under);
    the file stays in place."""
    new = make_doc(4)
    o = new["m"]["o"]
    old = dict(new)
    old["m"] = {"v": 1, "o": o[:12] + o[13:], "h": new["m"]["a"]}
    new["m"]["v"] = 2
    fs = fresh(tmp_path)
    with fs.open(STATE, "wb") as f:
        f.write(json.dumps(old).encode())
    assert storeops.load(Store(fs), validate) == (new, None)
    assert fs.listdir() == [STATE]
    COUNT[0] += 1


def test_unexpected_exception_in_validate_is_shape(tmp_path):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))

    def buggy(doc):
        return doc["nope"]

    assert storeops.load(Store(fs), buggy) == (None, "shape")
    assert fs.listdir() == ["bad-1-state.json"]


def test_bad_files_are_numbered_and_never_deleted(tmp_path):
    fs = fresh(tmp_path)
    st = Store(fs)
    for i in range(8):
        with fs.open(STATE, "wb") as f:
            f.write(b"bad %d" % i)
        assert storeops.load(st, validate) == (None, "damaged")
    kept = bad_files(fs)
    assert kept == ["bad-%d-state.json" % n for n in range(1, 9)]
    for i, name in enumerate(kept):
        with fs.open(name, "rb") as f:
            assert f.read() == b"bad %d" % i


def test_out_of_memory_while_loading_is_not_damage(tmp_path):
    """A MemoryError says nothing about the file: it stays, nothing is set aside."""
    fs = fresh(tmp_path)
    with fs.open(STATE, "wb") as f:
        f.write(b'{"v": 1}')

    def starved(doc):
        raise MemoryError()

    with pytest.raises(MemoryError):
        storeops.load(Store(fs), starved)
    assert fs.listdir() == [STATE]


def test_power_cut_while_setting_aside(tmp_path):
    fs = fresh(tmp_path)
    with fs.open("bad-3-state.json", "wb") as f:
        f.write(b"older bad")
    data = b'{"v": 1, "cfg"'
    with fs.open(STATE, "wb") as f:
        f.write(data)
    log = FaultFS(DirFS(fs.root))
    storeops.load(Store(log), validate)
    assert [k for k, _ in log.log] == ["rename"]
    fs.rename("bad-4-state.json", STATE)
    with pytest.raises(PowerCut):
        storeops.load(Store(FaultFS(DirFS(fs.root), cut_at=1)), validate)
    assert storeops.load(Store(DirFS(fs.root)), validate) == (None, "damaged")
    assert sorted(fs.listdir()) == ["bad-3-state.json", "bad-4-state.json"]
    with fs.open("bad-4-state.json", "rb") as f:
        assert f.read() == data


def test_zz_figure():
    figure("damaged files tried", COUNT[0])
    assert COUNT[0] > 500
