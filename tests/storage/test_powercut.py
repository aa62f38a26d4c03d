"""Power cut at every point of every save: a reboot finds the state before
or after, never a mixture, never a loss."""

import json

import pytest

from host_tools.device.faultfs import KEEP_HALF, KEEPS
from storekit import (POINTS, STATE, TMP, DirFS, FaultFS, PowerCut, Store, archives, figure, fresh,
                      make_doc, make_match, restore, snapshot, validate)
from tanteador import matchdoc, storeops


def scenario():
    """(kind, document) steps of a match as the app saves them."""
    cfg = {"lang": "es", "contrast": 255, "timeout": 180, "sound": 1}

    def doc(m, scr="table"):
        return {"v": 1, "cfg": dict(cfg), "m": matchdoc.to_dict(m) if m is not None else None, "scr": scr}

    m = make_match(0)
    steps = [("setup", doc(m))]
    for i in range(3):
        m.record(i % 4, POINTS[i], 1000)
        steps.append(("hand", doc(m, "result")))
    m.undo()
    steps.append(("undo", doc(m)))
    m.redo()
    steps.append(("redo", doc(m)))
    m.undo()
    m.edit(0, points=(30, 90))
    steps.append(("edit after undo", doc(m, "history")))
    cfg["lang"] = "it"
    steps.append(("setting", doc(m, "settings")))
    steps.append(("new match", doc(None, "setup")))
    return steps


def plan(ops_log, k):
    """The keeps worth trying when cutting at op k: only a flush or a close lands partly."""
    if k <= len(ops_log) and ops_log[k - 1][0] in ("flush", "close"):
        return KEEPS
    return (KEEP_HALF,)


def cut_run(root, snap, action, k, keep, split):
    """Restore the folder, run ``action`` with the power cut at op k.

    Returns (cut happened, completed steps counted by the action)."""
    fs = DirFS(root)
    restore(fs, snap)
    ffs = FaultFS(fs, cut_at=k, keep=keep, split_rename=split)
    progress = [0]
    try:
        action(Store(ffs), progress)
        return False, progress[0]
    except PowerCut:
        return True, progress[0]


def reboot_checked(root):
    fs = DirFS(root)
    doc, problem = storeops.load(Store(fs), validate)
    assert problem is None
    names = fs.listdir()
    assert TMP not in names
    return doc


def count_ops(root, snap, action, split):
    fs = DirFS(root)
    restore(fs, snap)
    ffs = FaultFS(fs, split_rename=split)
    action(Store(ffs), [0])
    return ffs.log


def saves(docs):
    def action(st, progress):
        for d in docs:
            assert st.save(d) is None
            progress[0] += 1
    return action


def check_every_cut(root, snap, before, docs, split):
    """Cut at every op of saving ``docs`` in turn from state ``before``."""
    action = saves(docs)
    log = count_ops(root, snap, action, split)
    states = [before] + docs
    tried = 0
    for k in range(1, len(log) + 2):
        for keep in plan(log, k):
            cut, done = cut_run(root, snap, action, k, keep, split)
            assert cut == (k <= len(log))
            got = reboot_checked(root)
            if not cut:
                assert got == docs[-1]
                continue
            tried += 1
            # exactly the state before or after the interrupted save
            assert got in (states[done], states[done + 1]), (k, keep, log[k - 1])
            # the device goes on: the next save works and survives a reboot
            assert Store(DirFS(root)).save(docs[-1]) is None
            assert reboot_checked(root) == docs[-1]
    return tried


@pytest.mark.parametrize("split", [False, True], ids=["atomic-rename", "remove-then-rename"])
def test_every_cut_of_every_single_save(tmp_path, split):
    steps = scenario()
    root = str(tmp_path / "f")
    fs = DirFS(root)
    tried = 0
    before = None
    for kind, doc in steps:
        snap = snapshot(fs)
        tried += check_every_cut(root, snap, before, [doc], split)
        restore(fs, snap)
        Store(fs).save(doc)
        before = doc
    assert tried >= len(steps) * 5
    figure("cut points, single saves (%s)" % ("split" if split else "atomic"), tried)


@pytest.mark.parametrize("split", [False, True], ids=["atomic-rename", "remove-then-rename"])
def test_every_cut_of_a_sequence_of_saves(tmp_path, split):
    docs = [d for _, d in scenario()]
    root = str(tmp_path / "f")
    fs = DirFS(root)
    tried = check_every_cut(root, snapshot(fs), None, docs, split)
    assert tried >= len(docs) * 5
    figure("cut points, save sequence (%s)" % ("split" if split else "atomic"), tried)


def test_cut_during_boot_after_each_cut_save(tmp_path):
    """A cut while booting (removing state.tmp, adopting it) changes nothing:
    the next boot finds the same state as an uninterrupted boot."""
    root = str(tmp_path / "f")
    fs = DirFS(root)
    Store(fs).save(make_doc(1))
    base = snapshot(fs)
    action = saves([make_doc(2)])
    tried = 0
    for split in (False, True):
        for start in (base, {}):
            log = count_ops(root, start, action, split)
            for k in range(1, len(log) + 1):
                for keep in plan(log, k):
                    cut_run(root, start, action, k, keep, split)
                    after_cut = snapshot(fs)
                    expected = storeops.load(Store(DirFS(root)), validate)
                    ref = snapshot(fs)
                    boot_log = FaultFS(DirFS(root))
                    restore(fs, after_cut)
                    storeops.load(Store(boot_log), validate)
                    for b in range(1, boot_log.ops + 1):
                        restore(fs, after_cut)
                        with pytest.raises(PowerCut):
                            storeops.load(Store(FaultFS(DirFS(root), cut_at=b)), validate)
                        assert storeops.load(Store(DirFS(root)), validate) == expected
                        assert snapshot(fs) == ref
                        tried += 1
    assert tried > 0
    figure("cut points, boot after a cut save", tried)


def test_archive_cuts_never_touch_the_state(tmp_path):
    root = str(tmp_path / "f")
    fs = DirFS(root)
    final = make_doc(3)
    Store(fs).save(final)
    mdocs = [make_doc(i)["m"] for i in (1, 2, 3)]

    def action(st, progress):
        for m in mdocs:
            assert storeops.archive(st, m) is None
            progress[0] += 1

    snap = snapshot(fs)
    log = count_ops(root, snap, action, False)
    tried = 0
    for k in range(1, len(log) + 1):
        for keep in plan(log, k):
            cut, done = cut_run(root, snap, action, k, keep, False)
            assert cut
            assert reboot_checked(root) == final
            arch = archives(DirFS(root))
            assert len(arch) in (done, done + 1)
            for i, name in enumerate(arch):
                with DirFS(root).open("h/" + name, "rb") as f:
                    assert json.loads(f.read()) == mdocs[i]
            tried += 1
    figure("cut points, archive", tried)


def test_cut_save_then_full_flash_keeps_last_whole_save(tmp_path):
    """A cut leaves a half tmp; the next boot cleans it and a full flash
    on the following save still keeps the last whole save."""
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))
    with pytest.raises(PowerCut):
        Store(FaultFS(fs, cut_at=2, keep=KEEP_HALF)).save(make_doc(2))
    assert TMP in fs.listdir()
    st = Store(FaultFS(DirFS(fs.root), free=10))
    assert storeops.load(st, validate) == (make_doc(1), None)
    assert st.save(make_doc(2)) == "full"
    assert storeops.load(Store(DirFS(fs.root)), validate) == (make_doc(1), None)
    assert fs.listdir() == [STATE]


# ---- the fault model itself ------------------------------------------------

def _flushed(tmp_path, keep, mode):
    """A file "x" opened on a fault filesystem that cuts its fifth call, with
    b"12" written and flushed -> (the folder, the fault filesystem, the file)."""
    fs = fresh(tmp_path)
    ffs = FaultFS(fs, cut_at=5, keep=keep)
    f = ffs.open("x", mode)
    f.write(b"12")
    f.flush()
    return fs, ffs, f


@pytest.mark.parametrize("keep", KEEPS)
def test_faultfs_cut_write_loses_what_was_not_synced(tmp_path, keep):
    """A cut keeps a file as its last flush left it: the bytes written after are not on flash."""
    fs, ffs, f = _flushed(tmp_path, keep, "wb")
    f.write(b"ab")
    with pytest.raises(PowerCut):
        f.write(b"cde")
    with open(fs.path("x"), "rb") as raw:
        assert raw.read() == b"12"
    for call in (lambda: f.flush(), lambda: ffs.listdir(), lambda: ffs.open("y", "wb"),
                 lambda: ffs.rename("x", "y"), lambda: ffs.exists("x")):
        with pytest.raises(PowerCut):
            call()
    assert fs.listdir() == ["x"]
    assert [k for k, _ in ffs.log] == ["open", "write", "flush", "write", "write"]


@pytest.mark.parametrize("call", ["flush", "close"])
@pytest.mark.parametrize("keep,landed", [(0, b""), (1, b"ab"), (2, b"abcd"), (3, b"abcde")])
def test_faultfs_cut_sync_lands_a_prefix(tmp_path, call, keep, landed):
    """A cut flush or close lands a prefix of what it syncs; after it, the bytes stay."""
    fs, ffs, f = _flushed(tmp_path, keep, "ab")
    f.write(b"abcde")
    with pytest.raises(PowerCut):
        getattr(f, call)()
    with open(fs.path("x"), "rb") as raw:
        assert raw.read() == b"12" + landed
    assert [k for k, _ in ffs.log] == ["open", "write", "flush", "write", call]


def test_faultfs_file_opened_to_write_keeps_its_old_bytes_until_synced(tmp_path):
    fs = fresh(tmp_path)
    with fs.open("x", "wb") as f:
        f.write(b"old")
    ffs = FaultFS(fs, cut_at=3)
    f = ffs.open("x", "wb")
    f.write(b"new")
    with pytest.raises(PowerCut):
        ffs.remove("y")
    with open(fs.path("x"), "rb") as raw:
        assert raw.read() == b"old"
    ffs = FaultFS(fs, cut_at=4)
    f = ffs.open("x", "wb")
    f.write(b"new")
    f.flush()
    with pytest.raises(PowerCut):
        f.write(b"er")
    with open(fs.path("x"), "rb") as raw:
        assert raw.read() == b"new"


def test_faultfs_cut_rename_and_remove_do_not_happen(tmp_path):
    fs = fresh(tmp_path)
    for name in ("a", "b"):
        with fs.open(name, "wb") as f:
            f.write(name.encode())
    with pytest.raises(PowerCut):
        FaultFS(fs, cut_at=1).rename("a", "b")
    with pytest.raises(PowerCut):
        FaultFS(fs, cut_at=1).remove("a")
    assert sorted(fs.listdir()) == ["a", "b"]
    with pytest.raises(PowerCut):
        FaultFS(fs, cut_at=2, split_rename=True).rename("a", "b")
    assert fs.listdir() == ["a"]


def test_faultfs_free_space_and_failures(tmp_path):
    fs = fresh(tmp_path)
    ffs = FaultFS(fs, free=5)
    f = ffs.open("x", "wb")
    assert f.write(b"abc") == 3
    with pytest.raises(OSError) as e:
        f.write(b"defg")
    assert e.value.errno == 28
    f.close()
    assert fs.size("x") == 5 and ffs.free == 0
    ffs.remove("x")
    assert ffs.free == 5
    bad = FaultFS(fs, fail_at=2, fail_errno=5)
    g = bad.open("y", "wb")
    with pytest.raises(OSError) as e:
        g.write(b"z")
    assert e.value.errno == 5
