"""The pack: the package's compiled modules in one file, read by the index while the app starts.

`tanteador flash` writes it (host_tools.support.modulepack) beside the
modules' own folder; the package's index serves the importer from it
(tanteador.importer._Pack) until the app has settled, and from the files
after that, or whenever the pack does not hold a module whole. A damaged
pack must never hand the importer wrong bytes: a module it holds badly is
read from its own file, and a pack that cannot be read at all is not used.
"""


import binascii  # noqa: F401  # the index imports it on an empty path: CPython finds it only when loaded

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_tools.harness import mplane
from host_tools.support.modulepack import build_pack, laid_out
from tanteador import importer

# What flash installs, in small: the pack's records sort by name, and a
# name as long as the records hold.
MODULES = {
    "/tanteador/app.mpy": b"M\x06app" + bytes(range(256)) * 3,
    "/tanteador/stage.mpy": b"M\x06stage" * 40,
    "/tanteador/screens/table.mpy": b"M\x06table" * 90,
    "/tanteador/screens/callentry.mpy": b"M\x06call",
    "/tanteador/lang/en.mpy": b"M\x06en" * 7,
}


def _flashed(tmp_path, modules=MODULES, pack=None):
    """The package folder as flash leaves it: each module's file in the
    modules' folder, and the pack of them all."""
    for path, data in laid_out(modules).items():
        f = tmp_path / path.lstrip("/")
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_bytes(data)
    top = tmp_path / "tanteador"
    (top / "pack.bin").write_bytes(build_pack(modules) if pack is None else pack)
    return str(top)


def _file(tmp_path, path):
    # Where flash put the file of the module ``path`` (/tanteador/app.mpy).
    return tmp_path / next(iter(laid_out({path: b""}))).lstrip("/")


def _served(folder, path):
    f = folder.open(path, "rb")
    try:
        return f.read()
    finally:
        f.close()


def test_every_module_is_served_from_the_pack_as_flash_compiled_it(tmp_path):
    top = _flashed(tmp_path)
    # The files say otherwise: what is served can only have come from the pack.
    for path in MODULES:
        _file(tmp_path, path).write_bytes(b"not this")
    folder = importer._Folder(top)
    assert folder.pack is not None
    for path, data in MODULES.items():
        assert _served(folder, path[len("/tanteador"):]) == data, path
    assert folder.pack.get("/nowhere.mpy") is None


def test_once_settled_the_modules_come_from_their_own_files(tmp_path):
    """The app settles the index when its first imports are done: the pack's
    open file (and its littlefs cache) is given back, later imports open the
    module's file."""
    top = _flashed(tmp_path)
    _file(tmp_path, "/tanteador/app.mpy").write_bytes(b"M\x06the file")
    folder = importer._Folder(top)
    assert _served(folder, "/app.mpy") == MODULES["/tanteador/app.mpy"]
    folder.settle()
    assert folder.pack is None
    assert _served(folder, "/app.mpy") == b"M\x06the file"
    folder.settle()     # twice is harmless: an unmount after the app settled it


def test_a_pack_without_its_header_or_records_is_not_used(tmp_path):
    whole = build_pack(MODULES)
    for bad in (b"", whole[:6], b"XPK1" + whole[4:], whole[:40]):
        folder = importer._Folder(_flashed(tmp_path, pack=bad))
        assert folder.pack is None, bad[:8]
        assert _served(folder, "/stage.mpy") == MODULES["/tanteador/stage.mpy"]


def test_no_pack_at_all_serves_the_files(tmp_path):
    top = _flashed(tmp_path)
    (tmp_path / "tanteador" / "pack.bin").unlink()
    folder = importer._Folder(top)
    assert folder.pack is None
    assert _served(folder, "/screens/table.mpy") == MODULES["/tanteador/screens/table.mpy"]


def test_a_module_damaged_in_the_pack_leaves_the_rest_to_the_files(tmp_path):
    """One module's bytes damaged in the pack: it is read from its own file,
    and the pack, damaged, is closed: every module after it comes from its
    file, none read out of the pack to be thrown away (a hole in the heap each)."""
    whole = bytearray(build_pack(MODULES))
    at = whole.find(MODULES["/tanteador/stage.mpy"][:8])
    whole[at + 3] ^= 0xFF
    top = _flashed(tmp_path, pack=bytes(whole))
    folder = importer._Folder(top)
    assert _served(folder, "/app.mpy") == MODULES["/tanteador/app.mpy"]
    assert folder.pack is not None
    assert _served(folder, "/stage.mpy") == MODULES["/tanteador/stage.mpy"]
    assert folder.pack is None
    # What is served now can only have come from the files.
    _file(tmp_path, "/tanteador/screens/table.mpy").write_bytes(b"M\x06the file")
    assert _served(folder, "/screens/table.mpy") == b"M\x06the file"


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_damaged_pack_never_serves_wrong_bytes(tmp_path_factory, data):
    """Bytes changed anywhere in the pack, or the pack cut short: every module
    is still served whole, from the pack where it holds it whole, from its
    file otherwise; a missing module is still an ImportError."""
    whole = bytearray(build_pack(MODULES))
    if data.draw(st.booleans()):
        for _ in range(data.draw(st.integers(1, 4))):
            at = data.draw(st.integers(0, len(whole) - 1))
            whole[at] = data.draw(st.integers(0, 255).filter(lambda b: b != whole[at]))
    else:
        whole = whole[:data.draw(st.integers(0, len(whole) - 1))]
    folder = importer._Folder(_flashed(tmp_path_factory.mktemp("flash"), pack=bytes(whole)))
    for path, mod in MODULES.items():
        assert _served(folder, path[len("/tanteador"):]) == mod, path
    try:
        folder.open("/nowhere.mpy", "rb")
        raise AssertionError("a module that is not there was served")
    except ImportError as e:
        assert "tanteador.nowhere" in str(e)


def test_the_pack_holds_every_module_name_of_the_firmware():
    """A record holds a name of up to importer.NAME bytes: a module named
    longer would stop `tanteador flash` (build_pack raises)."""
    import os

    from host_tools import FIRMWARE

    top = os.path.join(FIRMWARE, "tanteador")
    for dirpath, _, names in os.walk(top):
        for n in names:
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, n), top).replace(os.sep, "/")
                assert len("/" + rel[:-3] + ".mpy") <= importer.NAME, rel


MP_CODE = r"""
import json
from tanteador import importer

folder = importer._Folder(%r)
f = folder.open("/screens/table.mpy", "rb")
print(json.dumps({"pack": folder.pack is not None, "table": f.read() == %r}))
"""


@pytest.mark.micropython
@pytest.mark.parametrize("count", [10**6, 2**32 - 1])
def test_a_count_of_records_the_heap_cannot_hold_is_damage_on_micropython(tmp_path, mpy_tree, count):
    """MicroPython allocates what a read asks for before it reads: a damaged
    count would ask for megabytes of records. The pack is not used; the
    app's modules come from their files (the index on a Pico's heap)."""
    whole = build_pack(MODULES)
    top = _flashed(tmp_path, pack=whole[:4] + count.to_bytes(4, "little") + whole[8:])
    rc, out, err = mplane.run_code(MP_CODE % (top, MODULES["/tanteador/screens/table.mpy"]), "mp",
                                   pythonpath=[mpy_tree, mplane.DEVICE])
    res, noise = mplane.parse(out)
    assert rc == 0 and res, err + "\n".join(noise)
    assert res[-1] == {"pack": False, "table": True}
