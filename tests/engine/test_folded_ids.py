"""The ids a firmware module folds as private constants, which cost the
device no heap: ``_T_<NAME> = const(<id>)`` must be textids' NAME,
``_ICON_<NAME>`` icons' NAME, and ``_UP``, ``_DOWN``, ``_OK``, ``_BACK``,
``_PRESS``, ``_LONG``, ``_REPEAT`` the buttons' and events' of buttons.py.
The firmware must not look a text or icon id up by name at run time either
(the device has no table of names to find it in)."""

import ast
import re

from host_tools.harness.mplane import FIRMWARE
from host_tools.support.mpybuild import firmware_files
from tanteador import buttons, i18n, iconids, textids

FOLDED = re.compile(r"^_(T_|ICON_|)([A-Z][A-Z0-9_]*) = const\((\d+)\)", re.M)
# Where each prefix's names come from; a bare name is folded from buttons only if it is one of these.
SOURCES = {"T_": textids, "ICON_": iconids, "": buttons}
BUTTON_NAMES = ("UP", "DOWN", "OK", "BACK", "PRESS", "LONG", "REPEAT")


def _modules():
    """(board path, source) of every firmware file."""
    for path, local in firmware_files(FIRMWARE).items():
        with open(local, encoding="utf-8") as fh:
            yield path, fh.read()


def folded(src):
    """(prefix, name, id) of every id a module's source folds."""
    return [(m.group(1), m.group(2), int(m.group(3))) for m in FOLDED.finditer(src)
            if m.group(1) or m.group(2) in BUTTON_NAMES]


def test_the_gallery_folds_the_ids_it_shows_as_the_firmware_does():
    from host_tools.device import gallery

    with open(gallery.__file__, encoding="utf-8") as fh:
        found = folded(fh.read())
    assert found == [("T_", "FULL", textids.FULL)]


def test_every_folded_id_is_its_sources():
    seen = {"T_": 0, "ICON_": 0, "": 0}
    for path, src in _modules():
        if path.endswith(("textids.py", "iconids.py", "buttons.py")):
            continue
        for prefix, name, value in folded(src):
            source = SOURCES[prefix]
            assert hasattr(source, name), "%s: _%s%s names nothing in %s" % (path, prefix, name, source.__name__)
            assert getattr(source, name) == value, "%s: _%s%s is %d, %s says %d" % (
                path, prefix, name, value, source.__name__, getattr(source, name))
            seen[prefix] += 1
    # The screens show some hundred texts and read the buttons: an empty scan would pass anything.
    assert seen["T_"] > 100 and seen["ICON_"] > 5 and seen[""] > 50


def test_a_wrong_folded_id_is_caught():
    assert folded("_T_UNDO = const(%d)\n_OK = const(2)\n_LATE = const(9)\n" % textids.UNDO) == [
        ("T_", "UNDO", textids.UNDO), ("", "OK", buttons.OK)]
    prefix, name, value = folded("_ICON_DEALER = const(%d)\n" % (iconids.DEALER + 1))[0]
    assert getattr(SOURCES[prefix], name) != value


def test_no_firmware_module_imports_the_catalogue_or_asks_i18n_for_an_id():
    ids = {n for n in dir(textids) if n.isupper()}
    for path, src in _modules():
        if path.endswith(("textids.py", "iconids.py")):
            continue
        tree = ast.parse(src)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for name in ("textids", "iconids"):
                    assert node.module != "tanteador." + name and name not in [a.name for a in node.names], path
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
                assert "tanteador.textids" not in names and "tanteador.iconids" not in names, path
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "i18n":
                assert node.attr not in ids, "%s: i18n.%s" % (path, node.attr)
    assert not ids & set(dir(i18n))


def test_the_icons_module_the_device_loads_names_no_id():
    # Its ids live in iconids, which the device never loads: each name in icons' globals would be heap kept.
    from tanteador import icons

    assert sorted(n for n in dir(icons) if not n.startswith("__")) == ["DATA", "INDEX"]
