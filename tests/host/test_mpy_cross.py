"""Every firmware file compiles with mpy-cross, and the compiled tree imports on MicroPython."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from host_tools.support import mpybuild  # noqa: E402
from host_tools.harness import mplane

FIRMWARE = mplane.FIRMWARE


def firmware_files():
    """Relative paths of every .py under firmware/."""
    out = []
    for dirpath, dirnames, filenames in os.walk(FIRMWARE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(filenames):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(dirpath, f), FIRMWARE))
    return out


FILES = firmware_files()


def test_firmware_has_files():
    assert "main.py" in FILES or os.path.join("tanteador", "__init__.py") in FILES


@pytest.mark.parametrize("rel", FILES)
def test_compiles(rel, tmp_path):
    out = tmp_path / "out.mpy"
    proc = subprocess.run(
        [mplane.find_mpy_cross(), "-o", str(out), "-s", rel, os.path.join(FIRMWARE, rel)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr or proc.stdout
    assert out.stat().st_size > 0


def compile_tree(dest):
    """Compile firmware/tanteador/*.py into dest as `tanteador flash` lays them out; return module names."""
    from host_tools.harness import mpytree

    mpytree.compile_tree(dest)
    mods = []
    for rel in FILES:
        if not rel.startswith("tanteador"):
            continue
        mod = rel[:-3].replace(os.sep, ".")
        if mod.endswith(".__init__"):
            mod = mod[: -len(".__init__")]
        mods.append(mod)
    return mods


@pytest.fixture(scope="session")
def micropython():
    return mplane.require_micropython()


@pytest.mark.micropython
def test_precompiled_tree_imports_on_micropython(tmp_path, micropython):
    mods = compile_tree(str(tmp_path))
    # board.py needs the Pico's machine module; it is compiled above but not imported here.
    mods = [m for m in mods if m != "tanteador.board"]
    # The device never holds every module at once (it loads a language's
    # texts and the screens it shows, and unloads the rest): each module is
    # let go once it imported, as the firmware's heap.unload does, and the
    # packages stay.
    packages = ("tanteador", "tanteador.screens", "tanteador.lang")
    code = "import sys, gc\n" + "".join(
        "import %s\nprint('ok', %r, sys.modules[%r].__file__)\n" % (m, m, m)
        + ("del sys.modules[%r]\nif hasattr(sys.modules[%r], %r): delattr(sys.modules[%r], %r)\ngc.collect()\n"
           % (m, m.rsplit(".", 1)[0], m.rsplit(".", 1)[1], m.rsplit(".", 1)[0], m.rsplit(".", 1)[1])
           if m not in packages else "")
        for m in mods
    )
    rc, out, err = mplane.run_code(code, pythonpath=[str(tmp_path), mplane.DEVICE])
    assert rc == 0, err
    lines = [l for l in out.splitlines() if l.startswith("ok ")]
    assert len(lines) == len(mods)
    for line in lines:
        assert line.endswith(".mpy"), line


@pytest.mark.micropython
def test_error_code_tells_functions_apart_without_line_numbers(tmp_path, micropython):
    """The flashed .mpy files carry no line numbers: the error code names the function instead."""
    compile_tree(str(tmp_path))
    code = (
        "from tanteador import rules\n"
        "from tanteador.screens.error import _where, code_of\n"
        "for f in (lambda: rules.check_points(None, 2), lambda: rules.hand_winner(None)):\n"
        "    try:\n"
        "        f()\n"
        "    except Exception as e:\n"
        "        print('where', _where(e), code_of(e))\n"
    )
    rc, out, err = mplane.run_code(code, pythonpath=[str(tmp_path), mplane.DEVICE])
    assert rc == 0, err + out
    lines = [l.split(" ", 2)[1:] for l in out.splitlines() if l.startswith("where ")]
    assert [w for w, _ in lines] == ["tanteador.rules:check_points:1", "tanteador.rules:hand_winner:1"]
    assert lines[0][1] != lines[1][1]


def test_each_compiled_module_names_its_source_by_its_module_s_name():
    boards = ["/" + rel.replace(os.sep, "/") for rel in FILES if rel.startswith("tanteador")]
    names = [mpybuild.source_name(p) for p in boards]
    assert mpybuild.source_name("/tanteador/screens/table.py") == "tanteador.screens.table"
    assert mpybuild.source_name("/tanteador/lang/__init__.py") == "tanteador.lang"
    assert mpybuild.source_name("/tanteador/__init__.py") == "tanteador"
    assert mpybuild.source_name("/main.py") == "main.py"
    # The name the import interns anyway, one a file: a traceback on the board points at one source.
    assert len(set(names)) == len(names) > 40
