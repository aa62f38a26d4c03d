"""DirFS and Store: saves, loads, names, archive, full flash."""

import json
import os

import pytest

from storekit import (STATE, TMP, DirFS, FaultFS, PowerCut, Store, archives, bad_files, boot, figure,
                      fresh, make_doc, restore, snapshot, validate)
from tanteador import flashfs, store, storeops


# ---- DirFS ---------------------------------------------------------------

def test_dirfs_creates_nested_root_and_basic_calls(tmp_path):
    root = str(tmp_path / "a" / "b" / "tt")
    fs = DirFS(root + "/")
    assert os.path.isdir(root) and fs.root == root
    assert fs.listdir() == []
    with fs.open("x.json", "wb") as f:
        f.write(b"hello")
    assert fs.exists("x.json") and not fs.exists("y.json")
    assert fs.size("x.json") == 5
    with fs.open("y.json", "w") as f:
        f.write("other")
    fs.rename("y.json", "x.json")
    assert sorted(fs.listdir()) == ["x.json"]
    with fs.open("x.json") as f:
        assert f.read() == "other"
    fs.remove("x.json")
    assert fs.listdir() == []
    with pytest.raises(OSError):
        fs.remove("x.json")
    with pytest.raises(OSError):
        fs.size("x.json")
    DirFS(root)  # an existing root is fine


@pytest.mark.parametrize("bad", ["", "a/b/c", "a/", "/a", "..", ".", "a/..", "../a", "a\\b", "a/b\\c"])
def test_dirfs_refuses_names_beyond_one_folder_of_its_own(tmp_path, bad):
    with pytest.raises(ValueError):
        fresh(tmp_path).open(bad, "w")


def test_dirfs_names_a_file_in_one_of_its_folders(tmp_path):
    fs = fresh(tmp_path)
    with pytest.raises(OSError):
        fs.listdir("a")
    fs.makedir("a")
    fs.makedir("a")                      # there already: nothing to do
    with fs.open("a/b", "wb") as f:
        f.write(b"x")
    assert fs.listdir("a") == ["b"] and fs.size("a/b") == 1 and fs.exists("a/b")
    assert (tmp_path / "flash" / "a" / "b").read_bytes() == b"x"
    fs.rename("a/b", "c")
    assert sorted(fs.listdir()) == ["a", "c"] and fs.listdir("a") == []


def test_dirfs_sizes_lists_the_files_with_their_sizes_and_leaves_folders_out(tmp_path):
    fs = fresh(tmp_path)
    assert fs.sizes() == {}
    for name, data in (("a", b"xyz"), ("empty", b"")):
        with fs.open(name, "wb") as f:
            f.write(data)
    fs.makedir("h")
    with fs.open("h/inner", "wb") as f:
        f.write(b"12345")
    assert fs.sizes() == {"a": 3, "empty": 0}


class LookupFS:
    """A DirFS that notes each question asked of the folder: a lookup of a
    name (exists, size) or a listing (sizes, listdir)."""

    def __init__(self, fs):
        self.fs = fs
        self.asked = []

    def exists(self, name):
        self.asked.append(("exists", name))
        return self.fs.exists(name)

    def size(self, name):
        self.asked.append(("size", name))
        return self.fs.size(name)

    def sizes(self):
        self.asked.append(("sizes",))
        return self.fs.sizes()

    def listdir(self, folder=None):
        self.asked.append(("listdir", folder))
        return self.fs.listdir(folder)

    def __getattr__(self, name):
        return getattr(self.fs, name)


@pytest.mark.parametrize("journal", [None, b""])
def test_the_boot_lists_the_saves_folder_once_instead_of_looking_names_up(tmp_path, journal):
    """No save cut, no journal to replay, no push: one listing tells, where a
    lookup of each name cost the boot 2-8 ms on the lab."""
    from host_tools.device.hostboard import HostBoard
    from tanteador.app import App

    fs = fresh(tmp_path)
    Store(fs).save(make_doc(2))
    if journal is not None:
        with fs.open("state.log", "wb") as f:
            f.write(journal)
    watched = LookupFS(fs)
    App(HostBoard(fs=watched), 0)
    assert watched.asked == [("sizes",)]


def test_dirfs_free_space_is_reported(tmp_path):
    free = fresh(tmp_path).free()
    assert free is None or free > 0


def test_dirfs_rename_falls_back_when_replace_is_refused(tmp_path, monkeypatch):
    fs = fresh(tmp_path)
    for name, text in (("a", "new"), ("b", "old")):
        with fs.open(name, "w") as f:
            f.write(text)
    real = os.rename

    def fat_rename(a, b):
        if os.path.exists(b):
            raise OSError(17, "exists")
        real(a, b)

    monkeypatch.setattr(flashfs.os, "rename", fat_rename)
    fs.rename("a", "b")
    assert fs.listdir() == ["b"]
    with fs.open("b") as f:
        assert f.read() == "new"


def test_dirfs_rename_other_errors_propagate(tmp_path):
    fs = fresh(tmp_path)
    with pytest.raises(OSError):
        fs.rename("missing", "b")


# ---- Store: save and load -----------------------------------------------

def test_load_without_save(tmp_path):
    assert storeops.load(Store(fresh(tmp_path)), validate) == (None, None)


def test_save_then_reboot_loads_same_document(tmp_path):
    fs = fresh(tmp_path)
    st = Store(fs)
    for i in range(4):
        doc = make_doc(i)
        assert st.save(doc) is None
        assert boot(fs.root)[0] == (doc, None)
    assert sorted(fs.listdir()) == [STATE]


def test_load_returns_what_validate_returns(tmp_path):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(2))
    assert storeops.load(Store(fs), lambda d: ("built", len(d["m"]["a"]))) == (("built", 2), None)


def test_accented_text_survives(tmp_path):
    fs = fresh(tmp_path)
    doc = make_doc(1)
    doc["m"]["o"][1] = ["Begoña", "Çağla"]
    doc["cfg"]["lang"] = "pt"
    Store(fs).save(doc)
    assert storeops.load(Store(fs), validate) == (doc, None)


def test_leftover_tmp_is_removed_and_state_wins(tmp_path):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))
    with fs.open(TMP, "wb") as f:
        f.write(json.dumps(make_doc(2)).encode())
    assert storeops.load(Store(fs), validate) == (make_doc(1), None)
    assert fs.listdir() == [STATE]


def test_complete_tmp_without_state_is_the_save(tmp_path):
    # A replace cut between remove and rename, or a first save cut before rename.
    fs = fresh(tmp_path)
    with fs.open(TMP, "wb") as f:
        f.write(json.dumps(make_doc(3)).encode())
    assert storeops.load(Store(fs), validate) == (make_doc(3), None)
    assert fs.listdir() == [STATE]


@pytest.mark.parametrize("cut", [0, 1, 10, -1])
def test_partial_tmp_without_state_is_dropped(tmp_path, cut):
    fs = fresh(tmp_path)
    data = json.dumps(make_doc(3)).encode()
    with fs.open(TMP, "wb") as f:
        f.write(data[:cut])
    assert storeops.load(Store(fs), validate) == (None, None)
    assert fs.listdir() == []


def test_bad_complete_tmp_without_state_is_set_aside(tmp_path):
    fs = fresh(tmp_path)
    with fs.open(TMP, "wb") as f:
        f.write(b'{"v": 9}')
    assert storeops.load(Store(fs), validate) == (None, "newer")
    assert fs.listdir() == ["bad-1-state.json"]


# ---- full flash and I/O errors ---------------------------------------------

def test_full_flash_keeps_previous_save_and_play_goes_on(tmp_path):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))
    small = len(json.dumps(make_doc(1)))
    ffs = FaultFS(fs, free=small // 2)
    st = Store(ffs)
    assert st.save(make_doc(2)) == "full"
    assert fs.listdir() == [STATE]  # the half-written tmp is gone
    assert boot(fs.root)[0] == (make_doc(1), None)
    assert st.save(make_doc(2)) == "full"
    ffs.free = None  # room again (e.g. archives removed from the PC)
    assert st.save(make_doc(3)) is None
    assert boot(fs.root)[0] == (make_doc(3), None)


def test_replacing_gives_space_back(tmp_path):
    # An atomic replace needs room for two copies while the new one is written.
    fs = fresh(tmp_path)
    size = len(json.dumps(make_doc(5), separators=(",", ":")).encode())
    ffs = FaultFS(fs, free=2 * size + 10)
    st = Store(ffs)
    for _ in range(20):
        assert st.save(make_doc(5)) is None
    assert ffs.free == size + 10
    ffs.free = size - 1
    assert st.save(make_doc(5)) == "full"
    assert boot(fs.root)[0] == (make_doc(5), None)


def count_save_ops(tmp_path, before, after):
    fs = fresh(tmp_path, "count")
    if before is not None:
        Store(fs).save(before)
    ffs = FaultFS(fs)
    Store(ffs).save(after)
    return ffs.ops, ffs.log


@pytest.mark.parametrize("err,code", [(28, "full"), (5, "io")])
def test_every_failing_call_of_a_save_keeps_previous(tmp_path, err, code):
    n, log = count_save_ops(tmp_path, make_doc(1), make_doc(2))
    assert [k for k, _ in log] == ["open", "write", "flush", "close", "rename"]
    for k in range(1, n + 1):
        fs = fresh(tmp_path, "f%d" % k)
        Store(fs).save(make_doc(1))
        assert Store(FaultFS(fs, fail_at=k, fail_errno=err)).save(make_doc(2)) == code
        assert fs.listdir() == [STATE], log[k - 1]
        assert boot(fs.root)[0] == (make_doc(1), None)


def test_a_save_tags_the_kept_frame_ahead_of_its_rename(tmp_path):
    """The tag names the text just written, and goes between that text and
    its rename: a cut between them leaves the old save with a tag that
    matches it not, so no frame is shown that the boot would not draw."""
    from binascii import crc32

    from tanteador import bootframe

    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))
    ffs = FaultFS(fs)
    st = Store(ffs)
    assert st.save(make_doc(2), (0x1234ABCD, 96, "es")) is None
    kinds = [x for x in ffs.log if x[1] in (TMP, STATE, "frame.tag")]
    assert kinds.index(("close", "frame.tag")) < kinds.index(("rename", STATE))
    assert kinds.index(("close", TMP)) < kinds.index(("open", "frame.tag"))
    with open(os.path.join(fs.root, STATE), "rb") as f:
        text = f.read()
    assert bootframe._tag(fs) == (crc32(text), 0x1234ABCD, 96, "es")
    assert st.crc == crc32(text)


@pytest.mark.parametrize("err", [28, 5])
def test_a_tag_that_cannot_be_written_leaves_the_save_whole(tmp_path, err):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))
    ffs = FaultFS(fs)
    Store(ffs).save(make_doc(2), (1, 96, "en"))
    at = ffs.log.index(("open", "frame.tag")) + 1
    fs = fresh(tmp_path, "f")
    Store(fs).save(make_doc(1))
    assert Store(FaultFS(fs, fail_at=at, fail_errno=err)).save(make_doc(2), (1, 96, "en")) is None
    assert boot(fs.root)[0] == (make_doc(2), None)


def test_failed_split_rename_keeps_the_new_whole_save(tmp_path):
    # FAT-style replace: the old file was removed, then the rename failed.
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))
    ffs = FaultFS(fs, fail_at=6, split_rename=True)
    assert Store(ffs).save(make_doc(2)) == "full"
    assert ffs.log[-1] == ("rename", STATE)
    assert boot(fs.root)[0] == (make_doc(2), None)


class ShortFile:
    def __init__(self, f):
        self.f = f

    def write(self, data):
        return self.f.write(data[: len(data) - 3])

    def flush(self):
        self.f.flush()

    def close(self):
        self.f.close()


class ShortFS(DirFS):
    def open(self, name, mode="r"):
        f = DirFS.open(self, name, mode)
        return ShortFile(f) if "w" in mode else f


def test_short_write_counts_as_full(tmp_path):
    root = str(tmp_path / "short")
    Store(DirFS(root)).save(make_doc(1))
    assert Store(ShortFS(root)).save(make_doc(2)) == "full"
    assert boot(root)[0] == (make_doc(1), None)
    assert os.listdir(root) == [STATE]


# ---- names ---------------------------------------------------------------

def write_names(fs, data):
    with fs.open("names.json", "wb") as f:
        f.write(data if isinstance(data, bytes) else json.dumps(data).encode())


def test_names_missing_is_empty(tmp_path):
    assert storeops.names(Store(fresh(tmp_path))) == []


def test_names_good(tmp_path):
    fs = fresh(tmp_path)
    names = ["Ana", "Iñaki", "Zoë", "x" * 12] + ["P%d" % i for i in range(12)]
    write_names(fs, names)
    assert storeops.names(Store(fs)) == names


@pytest.mark.parametrize("bad,code", [
    ({"a": 1}, "list"),
    (["ok", 3], "list"),
    (["n%d" % i for i in range(17)], "many"),
    (["x" * 13], "long"),
    ([""], "empty"),
    (["   "], "empty"),
    (["a\nb"], "chars"),
    (["tab\t"], "chars"),
    (["del\x7f"], "chars"),
    (["c1\x85"], "chars"),
    (["nul\x00"], "chars"),
    (["\ud800x"], "chars"),
])
def test_names_bad_are_refused_and_file_kept(tmp_path, bad, code):
    with pytest.raises(ValueError) as e:
        storeops.check_names(bad)
    assert e.value.args[0] == code
    fs = fresh(tmp_path)
    write_names(fs, bad)
    with fs.open("names.json", "rb") as f:
        before = f.read()
    assert storeops.names(Store(fs)) == []
    with fs.open("names.json", "rb") as f:
        assert f.read() == before


@pytest.mark.parametrize("raw", [b"", b"\xff\xfe[", b'["Ana"', b"[\"\xc3\x28\"]", b"[" + b'"a",' * 2000 + b'"b"]'])
def test_names_unreadable_is_empty(tmp_path, raw):
    fs = fresh(tmp_path)
    write_names(fs, raw)
    assert storeops.names(Store(fs)) == []
    assert fs.size("names.json") == len(raw)


def _names_of(fs):
    with fs.open("names.json", "rb") as f:
        return json.loads(f.read().decode("utf-8"))


def test_a_name_typed_on_the_device_goes_first_and_once(tmp_path):
    fs = fresh(tmp_path)
    st = Store(fs)
    assert storeops.add_name(st, "Ana") == ("Ana", None)
    assert storeops.add_name(st, "José") == ("José", None)
    # Capitals do not count, as for `tanteador names`: the listed one is used.
    assert storeops.add_name(st, "JOSÉ") == ("José", None)
    assert _names_of(fs) == ["José", "Ana"]
    assert storeops.names(st) == ["José", "Ana"]


def test_a_full_names_list_is_left_as_it_is(tmp_path):
    fs = fresh(tmp_path)
    full = ["N%d" % i for i in range(store.MAX_NAME_COUNT)]
    write_names(fs, json.dumps(full).encode())
    assert storeops.add_name(Store(fs), "Eva") == ("Eva", "many")
    assert _names_of(fs) == full


@pytest.mark.parametrize("raw", [b"", b'["Ana"', b'{"a": 1}', b'["x\\u0000"]', b"[" + b'"a",' * 2000 + b'"b"]'])
def test_a_damaged_names_list_is_set_aside_before_a_name_joins_it(tmp_path, raw):
    fs = fresh(tmp_path)
    write_names(fs, raw)
    assert storeops.add_name(Store(fs), "Eva") == ("Eva", "aside")
    assert _names_of(fs) == ["Eva"]
    aside = bad_files(fs)
    assert len(aside) == 1
    with fs.open(aside[0], "rb") as f:
        assert f.read() == raw


@pytest.mark.parametrize("err", [28, 5])
def test_every_failing_call_while_adding_a_name_keeps_the_list(tmp_path, err):
    fs = fresh(tmp_path, "count")
    write_names(fs, b'["Ana"]')
    ffs = FaultFS(fs)
    storeops.add_name(Store(ffs), "Eva")
    for k in range(1, ffs.ops + 1):
        fs = fresh(tmp_path, "f%d" % k)
        write_names(fs, b'["Ana"]')
        name, problem = storeops.add_name(Store(FaultFS(fs, fail_at=k, fail_errno=err)), "Eva")
        assert name == "Eva"
        now = _names_of(fs) if fs.exists("names.json") else []
        if problem in (None, "aside"):
            assert now[0] == "Eva", k
        # The list before is never lost: still there, or set aside whole.
        kept = [now] + [json.loads(open(os.path.join(fs.root, b), encoding="utf-8").read())
                        for b in bad_files(fs)]
        assert any("Ana" in x for x in kept), (k, kept)


def test_names_picked_go_to_the_front_in_seat_order(tmp_path):
    fs = fresh(tmp_path)
    write_names(fs, b'["Ana", "Beto", "Carla"]')
    assert storeops.to_front(Store(fs), ["Carla", "Zoe", "Ana"]) is None
    assert _names_of(fs) == ["Carla", "Ana", "Beto"]


@pytest.mark.parametrize("raw", [None, b'["Ana"', b'{"a": 1}'])
def test_a_names_list_missing_or_damaged_is_not_reordered(tmp_path, raw):
    fs = fresh(tmp_path)
    if raw is not None:
        write_names(fs, raw)
    assert storeops.to_front(Store(fs), ["Ana"]) is None
    if raw is None:
        assert not fs.exists("names.json")
    else:
        with fs.open("names.json", "rb") as f:
            assert f.read() == raw
    assert bad_files(fs) == []


def test_a_failing_reorder_keeps_the_list(tmp_path):
    for k in range(1, 8):
        fs = fresh(tmp_path, "f%d" % k)
        write_names(fs, b'["Ana", "Beto"]')
        problem = storeops.to_front(Store(FaultFS(fs, fail_at=k, fail_errno=28)), ["Beto"])
        assert _names_of(fs) in (["Ana", "Beto"], ["Beto", "Ana"])
        assert problem in (None, "full")


# ---- archive ---------------------------------------------------------------

def match_doc(i):
    return make_doc(i)["m"]


def test_archive_numbers_dedupes_and_is_bounded(tmp_path):
    fs = fresh(tmp_path)
    st = Store(fs)
    assert archives(fs) == []
    assert storeops.archive(st, match_doc(1)) is None
    assert storeops.archive(st, match_doc(1)) is None  # same match again: no duplicate
    assert storeops.archive(st, match_doc(2)) is None
    assert archives(fs) == ["h0001.json", "h0002.json"]
    with fs.open("h/h0002.json", "rb") as f:
        assert json.loads(f.read()) == match_doc(2)
    for i in range(3, store.ARCH_KEEP + 6):
        assert storeops.archive(st, match_doc(i)) is None
    arch = archives(fs)
    assert len(arch) == store.ARCH_KEEP
    assert arch[0] == "h%04d.json" % 6 and arch[-1] == "h%04d.json" % (store.ARCH_KEEP + 5)
    assert fs.listdir() == ["h"] and "h.tmp" not in fs.listdir("h")


def test_the_archive_has_a_folder_of_its_own_beside_the_save(tmp_path):
    fs = fresh(tmp_path)
    st = Store(fs)
    st.save(make_doc(1))
    assert storeops.archive(st, match_doc(1)) is None
    assert sorted(fs.listdir()) == ["h", STATE]
    assert fs.listdir("h") == ["h0001.json"]


def test_archive_full_flash_keeps_state(tmp_path):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(3))
    st = Store(FaultFS(fs, free=5))
    assert storeops.archive(st, match_doc(3)) == "full"
    assert archives(fs) == [] and fs.listdir("h") == []
    assert boot(fs.root)[0] == (make_doc(3), None)


def test_a_leftover_archive_tmp_is_left_to_the_boot_and_replaced_by_the_next_archive(tmp_path):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))
    fs.makedir("h")
    with fs.open("h/h.tmp", "wb") as f:
        f.write(b'{"v": 1, "h": [')
    assert storeops.load(Store(fs), validate) == (make_doc(1), None)
    assert fs.listdir("h") == ["h.tmp"]             # no lookup of it on the boot's path
    assert storeops.archive(Store(fs), match_doc(1)) is None
    assert fs.listdir("h") == ["h0001.json"]


def test_archive_numbering_ignores_other_files(tmp_path):
    fs = fresh(tmp_path)
    fs.makedir("h")
    for name in ("h.json", "hx1.json", "h12.txt", "bad-x-state.json", "bad--state.json", "h0007.json"):
        with fs.open("h/" + name, "wb") as f:
            f.write(b"{}")
    st = Store(fs)
    assert archives(fs) == ["h0007.json"]
    assert bad_files(fs) == []
    storeops.archive(st, match_doc(1))
    assert archives(fs) == ["h0007.json", "h0008.json"]


def test_the_ended_matches_of_an_earlier_firmware_move_into_the_folder_at_the_next_end(tmp_path):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))
    for i in (3, 4):
        with fs.open("h%04d.json" % i, "wb") as f:
            f.write(json.dumps(match_doc(i)).encode())
    with fs.open("h.tmp", "wb") as f:
        f.write(b'{"v": 1, "h": [')
    for name in ("h.json", "hx1.json", "names.json"):
        with fs.open(name, "wb") as f:
            f.write(b"[]")
    assert storeops.load(Store(fs), validate) == (make_doc(1), None)
    assert storeops.archive(Store(fs), match_doc(5)) is None
    assert archives(fs) == ["h0003.json", "h0004.json", "h0005.json"]
    with fs.open("h/h0003.json", "rb") as f:
        assert json.loads(f.read()) == match_doc(3)
    assert sorted(fs.listdir()) == ["h", "h.json", "hx1.json", "names.json", STATE]


def test_a_match_beside_the_save_whose_number_the_folder_holds_takes_the_next_one(tmp_path):
    fs = fresh(tmp_path)
    st = Store(fs)
    assert storeops.archive(st, match_doc(1)) is None
    with fs.open("h0001.json", "wb") as f:          # put back by hand from a PC
        f.write(json.dumps(match_doc(2)).encode())
    assert storeops.archive(st, match_doc(3)) is None
    assert archives(fs) == ["h0001.json", "h0002.json", "h0003.json"]
    for i in (1, 2, 3):
        with fs.open("h/h%04d.json" % i, "rb") as f:
            assert json.loads(f.read()) == match_doc(i)


@pytest.mark.parametrize("held", [b"", b"{}", b"not a folder"])
def test_a_file_where_the_archive_s_folder_goes_is_set_aside(tmp_path, held):
    fs = fresh(tmp_path)
    with fs.open("h", "wb") as f:
        f.write(held)
    assert storeops.archive(Store(fs), match_doc(1)) is None
    assert archives(fs) == ["h0001.json"]
    assert bad_files(fs) == ["bad-1-state.json"]
    with fs.open("bad-1-state.json", "rb") as f:
        assert f.read() == held


def test_a_cut_while_the_ended_matches_move_loses_none(tmp_path):
    root = str(tmp_path / "flash")
    fs = DirFS(root)
    for i in (1, 2, 3):
        with fs.open("h%04d.json" % i, "wb") as f:
            f.write(json.dumps(match_doc(i)).encode())
    snap = snapshot(fs)
    cuts = 0
    for k in range(1, 40):
        restore(DirFS(root), snap)
        try:
            storeops.archive(Store(FaultFS(DirFS(root), cut_at=k)), match_doc(4))
        except PowerCut:
            cuts += 1
        else:
            break
        fs = DirFS(root)
        beside = set(n for n in fs.listdir() if n.startswith("h0"))
        moved = set(archives(fs))
        assert not beside & moved       # each in one place, whole (checked below)
        assert beside | moved - {"h0004.json"} == {"h0001.json", "h0002.json", "h0003.json"}
        assert storeops.archive(Store(fs), match_doc(4)) is None
        assert archives(fs) == ["h0001.json", "h0002.json", "h0003.json", "h0004.json"]
        for i in (1, 2, 3, 4):
            with fs.open("h/h%04d.json" % i, "rb") as f:
                assert json.loads(f.read()) == match_doc(i)
    assert cuts >= 5      # the folder, three moves, the archive's own steps
    figure("cut points, ended matches moved into their folder", cuts)


# ---- the same code on MicroPython ----------------------------------------

@pytest.mark.parametrize("impl", [pytest.param("mp", marks=pytest.mark.micropython), "cpython"])
def test_smoke_script_with_power_cuts(tmp_path, impl):
    import subprocess
    import sys

    from host_tools.harness import mplane

    smoke = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "mp_store_smoke.py")
    if impl == "mp":
        argv = [mplane.require_micropython(), "-X", "heapsize=190K"]
        env = mplane.mp_env()
    else:
        argv = [sys.executable, "-B"]
        env = mplane.cpython_env()
    proc = subprocess.run(argv + [smoke, str(tmp_path / "flash")], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.split("\n")
    assert "OK" in lines
    assert int(lines[0].split(":")[1]) > 50


class NoRenameFS(DirFS):
    def rename(self, old, new):
        raise OSError(5, "rename refused")


def test_complete_tmp_is_loaded_even_if_it_cannot_be_renamed(tmp_path):
    root = str(tmp_path / "f")
    fs = DirFS(root)
    with fs.open(TMP, "wb") as f:
        f.write(json.dumps(make_doc(2)).encode())
    assert storeops.load(Store(NoRenameFS(root)), validate) == (make_doc(2), None)
    assert fs.listdir() == [TMP]
    assert storeops.load(Store(fs), validate) == (make_doc(2), None)
    assert fs.listdir() == [STATE]


@pytest.mark.parametrize("obj", [{}, [], {"a": []}, {"n": "Iñaki", "l": [1, [2, {}], None, True]},
                                 {"k": list(range(400))}])
def test_streamed_text_is_compact_json(tmp_path, obj):
    # The save is written piece by piece; the text must be what json.dumps gives.
    fs = fresh(tmp_path)
    assert Store(fs).save(obj) is None
    with fs.open(STATE, "rb") as f:
        assert f.read() == json.dumps(obj, separators=(",", ":")).encode()


def test_big_save_is_written_in_chunks(tmp_path):
    fs = fresh(tmp_path)
    ffs = FaultFS(fs)
    doc = {"k": list(range(1000))}
    writes = []
    real = ffs._write
    ffs._write = lambda h, data: (writes.append(len(data)), real(h, data))[1]
    assert Store(ffs).save(doc) is None
    assert len(writes) > 1 and max(writes) < 2 * store.CHUNK
    assert sum(writes) == fs.size(STATE)


def test_an_object_with_dump_writes_its_own_text(tmp_path):
    # The app saves its live Match this way: one action at a time, no whole document.
    class Live:
        def dump(self, write):
            write("[1,")
            write('"x"]')

    fs = fresh(tmp_path)
    st = Store(fs)
    assert st.save({"m": Live(), "v": 1}) is None
    with fs.open(STATE, "rb") as f:
        assert json.loads(f.read()) == {"m": [1, "x"], "v": 1}
    assert storeops.archive(st, {"m": Live()}) is None
    assert storeops.archive(st, {"m": Live()}) is None          # the same text: kept once
    assert archives(fs) == ["h0001.json"]
