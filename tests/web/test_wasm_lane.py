"""The 32-bit lane: MicroPython's WebAssembly port plays a benchmark match.

Its figures are the benchmark's (`tanteador bench`); here the lane is
checked to play the same match as the other interpreters and to measure a
heap that moves the way it must, not the targets themselves.
"""

import pytest

from host_tools.bench import benchheap, benchmatch
from host_tools.harness import mplane, mpytree, wasmlane
from host_tools.support import wasmport


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    wasmlane.node()   # fails with the install hint when the port is missing
    work = tmp_path_factory.mktemp("wasm")
    tree = str(work / "mpy")
    mpytree.compile_tree(tree)
    romfs = str(work / "firmware.romfs")
    wasmlane.make_romfs(tree, romfs)
    flash = str(work / "flash")
    doc, text = benchmatch.bench_match(4, flash, seed=11)
    out = {}
    for label, rom in (("mpy", None), ("rom", romfs)):
        script = benchmatch.prepare(doc, text, flash)
        out[label] = wasmlane.play(tree, flash, script, romfs=rom, modules=benchheap.firmware_modules())
    # The unix port's reference run loads the same .mpy files: compiling the
    # sources inside 190 KB of a 64-bit heap is no Pico's work, and sits at its edge.
    out["unix"] = benchmatch.play("mp", doc, text, flash, pythonpath=[tree, mplane.DEVICE])
    return out


def test_both_ways_of_loading_play_the_whole_match(runs):
    for label in ("mpy", "rom"):
        r = runs[label]
        assert r["errors"] == 0, label
        assert r["hands"] == 4, label
        for k in ("over", "screen", "events", "commits", "bytes", "state_bytes", "pages"):
            assert r[k] == runs["unix"][k], (label, k)


def test_heap_figures_are_a_32_bit_machine_s(runs):
    mpy, rom, unix = runs["mpy"], runs["rom"], runs["unix"]
    for r in (mpy, rom):
        assert r["base"] < r["boot"] <= r["peak"]
    # Code that runs in place leaves its bytecode and names out of the heap.
    assert rom["boot"] - rom["base"] < (mpy["boot"] - mpy["base"]) * 0.8
    # The 64-bit unix port, loading sources, weighs more than the .mpy files on 32 bits.
    assert unix["boot"] - unix["base"] > mpy["boot"] - mpy["base"]


def test_every_screen_visited_leaves_only_a_residue(runs):
    """Modules loaded once and unloaded again, as the app does with screens, are freed but for their names."""
    for label in ("mpy", "rom"):
        r = runs[label]
        # The names stay, in pools MicroPython grows by doubling: the first
        # visit's residue jumps when the firmware's names cross a pool's size.
        assert r["end"] <= r["visited"] < r["end"] + 16 * 1024, label
        # A second visit interns no new name, so it keeps nothing at all.
        assert r["revisited"] - r["visited"] < 512, (label, r["revisited"] - r["visited"])


@pytest.mark.cpython
def test_missing_port_says_how_to_install(monkeypatch):
    monkeypatch.setattr(wasmport, "PACKAGE", "/nonexistent/micropython.mjs")
    with pytest.raises(wasmport.WasmMissing, match="npm ci --prefix host_tools/wasm"):
        wasmlane.play("tree", "flash", "script")
    assert mplane.ROOT in wasmport.HERE
