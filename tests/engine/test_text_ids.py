"""The text ids each firmware module folds: ``_T_<NAME> = const(<id>)``
must be textids' NAME, and the firmware must not look an id up by name
at run time (the device has no table of names to find it in)."""

import ast
import os
import re

from tanteador import i18n, textids

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "firmware")
FOLDED = re.compile(r"^_T_([A-Z][A-Z0-9_]*) = const\((\d+)\)", re.M)


def _modules():
    for dirpath, dirnames, filenames in os.walk(FIRMWARE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(filenames):
            if f.endswith(".py"):
                p = os.path.join(dirpath, f)
                with open(p, encoding="utf-8") as fh:
                    yield os.path.relpath(p, FIRMWARE), fh.read()


def folded(src):
    """(name, id) of every text id a module's source folds."""
    return [(m.group(1), int(m.group(2))) for m in FOLDED.finditer(src)]


def test_every_folded_id_is_the_catalogues():
    seen = 0
    for path, src in _modules():
        for name, value in folded(src):
            assert hasattr(textids, name), "%s: _T_%s names no text" % (path, name)
            assert getattr(textids, name) == value, "%s: _T_%s is %d, the catalogue says %d" % (
                path, name, value, getattr(textids, name))
            seen += 1
    # The screens show some hundred texts between them: an empty scan would pass anything.
    assert seen > 100


def test_a_wrong_folded_id_is_caught():
    assert folded("_T_UNDO = const(%d)\n" % textids.UNDO) == [("UNDO", textids.UNDO)]
    name, value = folded("_T_UNDO = const(%d)\n" % (textids.UNDO + 1))[0]
    assert getattr(textids, name) != value


def test_no_firmware_module_imports_the_catalogue_or_asks_i18n_for_an_id():
    ids = {n for n in dir(textids) if n.isupper()}
    for path, src in _modules():
        if path.endswith("textids.py"):
            continue
        tree = ast.parse(src)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "tanteador.textids" and "textids" not in [a.name for a in node.names], path
            elif isinstance(node, ast.Import):
                assert "tanteador.textids" not in [a.name for a in node.names], path
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "i18n":
                assert node.attr not in ids, "%s: i18n.%s" % (path, node.attr)
    assert not ids & set(dir(i18n))
