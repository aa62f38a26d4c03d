"""The PC tools use only mpremote's public names: a private one may change in any mpremote release."""

import ast
import os

from host_tools import ROOT


def _private_uses(source):
    """(line, name) of every leading-underscore name taken from mpremote in ``source``."""
    tree = ast.parse(source)
    aliases = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "mpremote":
                    found += [(node.lineno, a.name) for part in a.name.split(".") if part.startswith("_")]
                    aliases.add(a.asname or "mpremote")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "mpremote":
            found += [(node.lineno, node.module) for part in node.module.split(".") if part.startswith("_")]
            for a in node.names:
                if a.name.startswith("_"):
                    found.append((node.lineno, a.name))
                aliases.add(a.asname or a.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in aliases:
                found.append((node.lineno, node.attr))
    return found


def test_the_checker_finds_a_private_name_however_it_is_reached():
    assert _private_uses("from mpremote.mip import _install_package\n") == [(1, "_install_package")]
    assert _private_uses("import mpremote.mip\nmpremote.mip._install_package(t)\n") == [(2, "_install_package")]
    assert _private_uses("from mpremote import mip as m\nm._rewrite_url(u)\n") == [(2, "_rewrite_url")]
    assert _private_uses("from mpremote.main import State\nState()._did_action = 1\n") == []
    assert _private_uses("from mpremote.main import State\nState._auto_soft_reset = 1\n") == [(2, "_auto_soft_reset")]
    assert _private_uses("from mpremote.mip import do_mip\nx._y = 1\n") == []


def test_no_private_mpremote_name_in_host_tools():
    found = []
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, "host_tools")):
        dirnames[:] = [d for d in dirnames if d not in ("node_modules", "__pycache__")]
        for name in filenames:
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    found += ["%s:%d %s" % (os.path.relpath(path, ROOT), line, what)
                              for line, what in _private_uses(f.read())]
    assert found == []
