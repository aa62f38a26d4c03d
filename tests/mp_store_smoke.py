"""Store, DirFS and FaultFS on the MicroPython unix port (also runs on CPython).

    MICROPYPATH=firmware:host_tools/device micropython -X heapsize=190K tests/mp_store_smoke.py [folder]

Prints the number of power-cut points tried, then OK.
"""

import gc
import json
import sys

from faultfs import KEEP_HALF, KEEPS, FaultFS, PowerCut, restore, snapshot
from tanteador.flashfs import DirFS
from tanteador import storeops
from tanteador.store import STATE, TMP, Store
from tanteador.storeops import check_names


class Bad(ValueError):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def validate(doc):
    if not isinstance(doc, dict) or type(doc.get("v")) is not int:
        raise Bad("shape")
    if doc["v"] > 1:
        raise Bad("newer")
    for h in doc["h"]:
        if h[0] + h[1] != 120:
            raise Bad("history")
    return doc


def doc(i):
    return {"v": 1, "n": ["Begoña", "João"], "h": [[60 + j % 30, 60 - j % 30] for j in range(i)]}


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def clear(fs):
    restore(fs, {})


def load(root):
    fs = DirFS(root)
    got, problem = storeops.load(Store(fs), validate)
    check(problem is None, "problem %s" % problem)
    check(TMP not in fs.listdir(), "tmp left")
    return got


def cut_loop(root, docs, split):
    """Save docs in turn with the power cut at every call; -> points tried."""
    fs = DirFS(root)
    clear(fs)
    snap = snapshot(fs)
    counter = FaultFS(fs, split_rename=split)
    st = Store(counter)
    for d in docs:
        st.save(d)
    tried = 0
    for k in range(1, counter.ops + 1):
        keeps = KEEPS if counter.log[k - 1][0] in ("flush", "close") else (KEEP_HALF,)
        for keep in keeps:
            restore(fs, snap)
            st = Store(FaultFS(DirFS(root), cut_at=k, keep=keep, split_rename=split))
            done = 0
            try:
                for d in docs:
                    st.save(d)
                    done += 1
                check(False, "no cut at %d" % k)
            except PowerCut:
                pass
            before = docs[done - 1] if done else None
            got = load(root)
            check(got == before or got == docs[done], "mixture at %d/%d" % (k, keep))
            tried += 1
        gc.collect()
    return tried


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "build/mp_store_smoke"
    fs = DirFS(root)
    clear(fs)
    st = Store(fs)
    check(storeops.load(st, validate) == (None, None), "empty")
    check(st.save(doc(3)) is None, "save")
    check(load(root) == doc(3), "roundtrip")

    with fs.open(TMP, "wb") as f:
        f.write(b'{"v": 1, "h"')
    check(load(root) == doc(3), "stale tmp")

    clear(fs)
    with fs.open(TMP, "wb") as f:
        f.write(json.dumps(doc(2)).encode())
    check(load(root) == doc(2), "adopted tmp")

    for data, code in ((b"", "damaged"), (b"\xff\xfe{", "damaged"), (b'{"v": 1', "damaged"),
                       (b"[1, 2]", "shape"), (b'{"v": 2, "h": []}', "newer"),
                       (b'{"v": 1, "h": [[60, 61]]}', "history")):
        clear(fs)
        with fs.open(STATE, "wb") as f:
            f.write(data)
        check(storeops.load(Store(fs), validate) == (None, code), "bad %r" % data)
        check(fs.listdir() == ["bad-1-state.json"], "aside %r" % data)

    clear(fs)
    with fs.open("names.json", "wb") as f:
        f.write(json.dumps(["Ana", "Iñaki"]).encode())
    check(storeops.names(Store(fs)) == ["Ana", "Iñaki"], "names")
    with fs.open("names.json", "wb") as f:
        f.write(b'["a\\u0007"]')
    check(storeops.names(Store(fs)) == [], "bad names")
    try:
        check_names(["x" * 13])
        check(False, "long name")
    except ValueError as e:
        check(e.args[0] == "long", "code")

    clear(fs)
    st = Store(fs)
    for i in range(3):
        check(storeops.archive(st, doc(i + 1)) is None, "archive")
    check(storeops.archive(st, doc(3)) is None, "dedupe")
    check(sorted(fs.listdir("h")) == ["h0001.json", "h0002.json", "h0003.json"], "archives")

    clear(fs)
    Store(fs).save(doc(1))
    full = Store(FaultFS(fs, free=10))
    check(full.save(doc(5)) == "full", "full")
    check(load(root) == doc(1), "kept after full")

    docs = [doc(i) for i in range(4)]
    tried = cut_loop(root, docs, False) + cut_loop(root, docs, True)
    clear(fs)
    gc.collect()
    print("cut points tried:", tried)
    print("OK")


main()
