"""The index of the package (tanteador.importer.index): imports served without lookups.

On a flashed Pico every module is compiled, and the importer's three
lookups per module are answered by the index instead of littlefs; the
package's ``__init__`` sets it up. The MicroPython lane runs the app on
the compiled tree, laid out as flash installs it, through the index, and
on the sources without it, and checks that the app plays the same and
that the modules' folder is given back when the app stops.
"""

import os

import pytest

from host_tools.harness import matchplan, mplane

CODE = r"""
import json
import sys
import vfs
import tanteador
from tanteador import start

D = %r
indexed = tanteador.__path__ == "/_tt"
packs = lambda: [fs.pack is not None for fs, at in vfs.mount() if at == "/_tt"]
packed = packs()
from hostboard import HostBoard
from script import Player, parse
from tanteador.app import App

b = HostBoard(D)
app = App(b, 0)
Player(app, b).idle(600)
Player(app, b).play(parse("BACK; DOWN; OK; UP x3; OK; wait 3s"))
settled = packs()
served = sorted(n for n, m in sys.modules.items()
                if n.startswith("tanteador.") and getattr(m, "__file__", "").startswith("/_tt/"))
try:
    import tanteador.nowhere
    missing = None
except ImportError as e:
    missing = str(e)
importer = sys.modules.get("tanteador.importer")
if importer is not None:
    importer.unindex()
print(json.dumps({"indexed": indexed, "served": served, "packed": packed, "settled": settled, "missing": missing,
                  "screen": app.stage.screen.NAME, "hands": len(app.stage.match.hands),
                  "paths": [tanteador.__path__, sys.modules["tanteador.screens"].__path__],
                  "start": start.__file__, "mounts": [m[1] for m in vfs.mount()]}))
"""


def _run(tmp_path, pythonpath, heapsize=mplane.DEFAULT_HEAP):
    folder = str(tmp_path / "flash")
    matchplan.write_doc(folder, matchplan.start_doc({"target": 99}))
    rc, out, err = mplane.run_code(CODE % folder, "mp", heapsize=heapsize, pythonpath=pythonpath)
    res, noise = mplane.parse(out)
    assert rc == 0 and res, err + "\n".join(noise)
    return res[-1]


@pytest.mark.micropython
def test_the_compiled_package_is_imported_through_the_index_and_given_back(tmp_path, mpy_tree):
    r = _run(tmp_path, [mpy_tree, mplane.DEVICE])
    assert r["indexed"]
    # Read from the pack while the app started; once its screens were
    # loaded ahead, the app settled the start and the pack was closed.
    assert r["packed"] == [True] and r["settled"] == [False]
    # The app's modules came through it, screens and languages too.
    for name in ("tanteador.app", "tanteador.stage", "tanteador.screens.table", "tanteador.lang"):
        assert name in r["served"], name
    assert r["screen"] == "table" and r["hands"] == 1
    # A module that is not there is an ImportError, as without the index.
    assert "tanteador.nowhere" in r["missing"]
    # The start too: the package's __init__ set the index up before it.
    assert r["start"].startswith("/_tt/")
    # Given back: the modules' folders, and no mount left.
    files = os.path.join(mpy_tree, "tanteador", "modules")
    assert r["paths"] == [files, files + "/screens"]
    assert "/_tt" not in r["mounts"]


@pytest.mark.micropython
def test_sources_are_imported_as_they_are(tmp_path):
    """Copied as sources (hardware/assembly.md), the package is not indexed:
    the index only knows compiled modules. (Compiling every source needs
    more than a Pico's heap: the device runs them compiled.)"""
    r = _run(tmp_path, None, heapsize="1M")
    assert not r["indexed"] and r["served"] == [] and r["packed"] == []
    assert r["screen"] == "table" and r["hands"] == 1


def test_the_index_knows_every_package_of_the_firmware():
    """The index answers "a folder" for the package's own packages only:
    one more folder of modules in the firmware needs its line there."""
    import os

    from host_tools import FIRMWARE
    from tanteador import importer

    top = os.path.join(FIRMWARE, "tanteador")
    found = ["/"] + sorted("/" + d for d in os.listdir(top)
                           if os.path.exists(os.path.join(top, d, "__init__.py")))
    assert sorted(importer._PACKAGES) == sorted(found)


def test_the_package_falls_back_on_the_folder_the_index_opens():
    """Without its importer, the package's __init__ names the modules' folder
    itself: the importer's FILES, which it could not import."""
    from host_tools import FIRMWARE
    from tanteador import importer

    with open(os.path.join(FIRMWARE, "tanteador", "__init__.py")) as f:
        assert '__path__ += "%s"' % importer.FILES in f.read()


def _damaged_tree(mp_damage, mpy_tree, dest, name, label):
    # A copy of the compiled tree with the package's file ``name`` given damage ``label``.
    import shutil

    shutil.copytree(mpy_tree, str(dest))
    path = os.path.join(str(dest), "tanteador", name)
    with open(path, "rb") as f:
        data = mp_damage.damaged(f.read(), label)
    if data is None:
        os.remove(path)
    else:
        with open(path, "wb") as f:
            f.write(data)
    return str(dest)


@pytest.mark.micropython
def test_a_damaged_pack_never_stops_the_start(tmp_path, mpy_tree, monkeypatch):
    """The pack (tanteador.importer._Pack) joins the damage campaign: each of
    its damages (host_tools/device/mp_damage.py) on the compiled tree, then
    the app started through the index on a Pico's heap: it plays its hand,
    its modules served whole, from the pack or from their own files."""
    monkeypatch.syspath_prepend(mplane.DEVICE)
    import mp_damage

    labels = mp_damage.damages(False)
    assert len(labels) >= 10
    for k, label in enumerate(labels):
        tree = _damaged_tree(mp_damage, mpy_tree, tmp_path / ("tree%d" % k), "pack.bin", label)
        r = _run(tmp_path / ("flash%d" % k), [tree, mplane.DEVICE])
        assert r["indexed"] and r["screen"] == "table" and r["hands"] == 1, (label, r)
        assert "tanteador.screens.table" in r["served"], label
        assert "/_tt" not in r["mounts"], label


@pytest.mark.micropython
def test_a_damaged_importer_leaves_the_modules_to_their_files(tmp_path, mpy_tree, monkeypatch):
    """The importer's own file joins the damage campaign too: the package's
    ``__init__`` finds it before anything can stand in for it. Damaged
    every way MicroPython's loader reports, the app still starts on a
    Pico's heap and plays its hand, its modules found in their folder by
    MicroPython's own lookups (or through the index, where the damage left
    the importer whole).

    What MicroPython's loader (1.27, the unix port as the Pico's) does not
    report is left out: a compiled module cut in half, or with two bytes
    changed inside it, never comes back from the loader, and one short of
    its last byte loads and fails in its last function. No code can stand
    in for that, here as for any module loaded from its own file; `tanteador
    flash` compares every file's hash and writes such a file again."""
    monkeypatch.syspath_prepend(mplane.DEVICE)
    import mp_damage

    unindexed = 0
    unreported = ("half", "not utf-8", "all but one byte")
    for k, label in enumerate(x for x in mp_damage.damages(False) if x not in unreported):
        tree = _damaged_tree(mp_damage, mpy_tree, tmp_path / ("tree%d" % k), "importer.mpy", label)
        r = _run(tmp_path / ("flash%d" % k), [tree, mplane.DEVICE])
        assert r["screen"] == "table" and r["hands"] == 1, (label, r)
        if not r["indexed"]:
            unindexed += 1
            assert r["served"] == [] and r["start"] == os.path.join(tree, "tanteador", "modules", "start.mpy"), label
    assert unindexed >= 5
