"""Screens ask the stage; the kept first frame takes plain values.

Read from the sources with ``ast``, as tests/test_layers.py reads the
imports: every ``app.X`` a screen writes (the stage, which the screens
get as ``app``) must be a public method or property of ``Stage``, or one
of the fields its class docstring names as the screens' to read. So no
screen reaches the loop's fields (the board, the keys, the heap), the
screen stack, the redraw flag or the store. ``bootframe`` takes no app at
all: the loop hands it the flash, the frame buffer and the settings.
"""

import ast
import os
import re

import pytest

from host_tools import ROOT

PACKAGE = os.path.join(ROOT, "firmware", "tanteador")
SCREENS = os.path.join(PACKAGE, "screens")


def _class(path, name):
    for node in ast.parse(open(path).read()).body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise LookupError(name)


def _fields(cls):
    """The names a class assigns as ``self.X``."""
    return {n.attr for n in ast.walk(cls)
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)
            and isinstance(n.value, ast.Name) and n.value.id == "self"}


def offered():
    """What a screen may ask of the stage: its public methods and properties,
    and the fields its class docstring names (````name````)."""
    cls = _class(os.path.join(PACKAGE, "stage.py"), "Stage")
    methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
    named = set(re.findall(r"``(\w+)``", ast.get_docstring(cls)))
    return methods | (named & _fields(cls)) | (named & methods)


def reaches(path, name="app"):
    """[(line, attribute)] of every ``name.X`` in the source at ``path``."""
    tree = ast.parse(open(path).read())
    return [(n.lineno, n.attr) for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name]


def screen_files():
    return sorted(os.path.join(SCREENS, f) for f in os.listdir(SCREENS) if f.endswith(".py"))


def test_the_stage_offers_what_screens_need_and_not_its_inner_fields():
    ok = offered()
    assert {"match", "trump", "cfg", "p", "push", "pop", "t", "enter_hand", "redraw", "tone"} <= ok
    assert not ok & {"stack", "dirty", "store", "tune", "save_at", "tag_due"}
    assert not any(name.startswith("_") for name in ok)


@pytest.mark.parametrize("path", screen_files(), ids=os.path.basename)
def test_a_screen_asks_the_stage_only(path):
    ok = offered()
    bad = ["%s:%d app.%s" % (os.path.basename(path), line, attr) for line, attr in reaches(path) if attr not in ok]
    assert not bad, "screens reach past the stage: " + ", ".join(bad)


def test_no_screen_reaches_the_loop_fields():
    loop = _fields(_class(os.path.join(PACKAGE, "app.py"), "App"))
    assert {"board", "keys", "heap", "stage"} <= loop
    bad = [(os.path.basename(p), line, attr) for p in screen_files() for line, attr in reaches(p) if attr in loop]
    assert not bad


def test_bootframe_takes_plain_values():
    tree = ast.parse(open(os.path.join(PACKAGE, "bootframe.py")).read())
    params = {a.arg for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) for a in f.args.args}
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not {"app", "stage"} & (params | names)


def test_the_check_sees_a_reach(tmp_path):
    src = tmp_path / "s.py"
    src.write_text("class S:\n    def handle(self, ev, app):\n        app.dirty = True\n        app.board.tone(0)\n"
                   "        app.pop()\n")
    got = {a for _, a in reaches(str(src))}
    assert got == {"dirty", "board", "pop"} and got - offered() == {"dirty", "board"}
