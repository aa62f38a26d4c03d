"""The firmware keeps to the layer map of its package docstring.

Every import of a firmware module (at the top or inside a function: both
load the module on the device) is read from the sources with ``ast`` and
checked against the map in firmware/tanteador/__init__.py: no import from
a layer above, no module left off the map, and no import circle at all.
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE = os.path.join(FIRMWARE, "tanteador")


def firmware_modules():
    """{module name as the map writes it: source path}; the package itself
    is ``tanteador``, firmware/main.py is ``main``."""
    mods = {"main": os.path.join(FIRMWARE, "main.py")}
    for dirpath, _, filenames in os.walk(PACKAGE):
        for f in filenames:
            if not f.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), PACKAGE)[:-3].replace(os.sep, ".")
            if rel == "__init__":
                name = "tanteador"
            elif rel.endswith(".__init__"):
                name = rel[:-len(".__init__")]
            else:
                name = rel
            mods[name] = os.path.join(dirpath, f)
    return mods


def layer_map():
    """The layer index of each name or ``prefix.*`` pattern of the map."""
    doc = ast.get_docstring(ast.parse(open(os.path.join(PACKAGE, "__init__.py")).read()))
    layers = {}
    for line in doc.splitlines():
        if not line.startswith("    ") or not line.strip():
            continue
        n = len(set(layers.values()))
        for name in line.split()[1:]:
            layers[name] = n
    return layers


def layer_of(name, layers):
    if name in layers:
        return layers[name]
    parent = name.rpartition(".")[0]
    return layers.get(parent + ".*") if parent else None


def imports(path, mods):
    """Firmware modules imported by the source at ``path``, each with its line."""
    found = []
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from tanteador import i18n`` imports a module; ``from tanteador import VERSION`` the package.
            targets = [node.module + "." + a.name if node.module + "." + a.name in _dotted(mods) else node.module
                       for a in node.names]
        else:
            continue
        for t in targets:
            if t == "tanteador" or t.startswith("tanteador."):
                found.append((_short(t), node.lineno))
    return found


def _dotted(mods):
    return {"tanteador" if m == "tanteador" else "tanteador." + m for m in mods if m != "main"}


def _short(dotted):
    return "tanteador" if dotted == "tanteador" else dotted[len("tanteador."):]


def graph():
    mods = firmware_modules()
    return mods, {m: imports(path, mods) for m, path in mods.items()}


def circles(edges):
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted({w for w, _ in edges.get(v, ())}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_map_is_read():
    layers = layer_map()
    # The map's order, lowest first, as the docstring writes it.
    assert layers["rules"] < layers["i18n"] < layers["store"] < layers["draw"] < layers["buttons"] \
        < layers["screens.*"] < layers["app"] < layers["board"] < layers["main"]
    assert layers["match"] == layers["matchdoc"]


def test_every_firmware_module_is_on_the_map():
    layers = layer_map()
    missing = sorted(m for m in firmware_modules() if layer_of(m, layers) is None)
    assert not missing, "add these modules to the layer map in firmware/tanteador/__init__.py: %s" % missing


def test_no_module_imports_from_a_layer_above():
    layers = layer_map()
    mods, edges = graph()
    upward = []
    for m, targets in sorted(edges.items()):
        for t, line in targets:
            lm, lt = layer_of(m, layers), layer_of(t, layers)
            if lm is not None and lt is not None and lt > lm:
                upward.append("%s:%d imports %s" % (os.path.relpath(mods[m], ROOT), line, t))
    assert not upward, "imports from a layer above: " + "; ".join(upward)


def test_no_import_circle():
    _, edges = graph()
    found = [sorted(c) for c in circles(edges)]
    assert not found, "import circles: %s" % found


@pytest.mark.parametrize("edges,expected", [
    ({"a": [("b", 1)], "b": [("a", 1)], "c": [("a", 1)]}, [{"a", "b"}]),
    ({"a": [("b", 1)], "b": [("c", 1)], "c": [("a", 1)]}, [{"a", "b", "c"}]),
    ({"a": [("b", 1)], "b": [("c", 1)]}, []),
])
def test_circles_are_found(edges, expected):
    assert circles(edges) == expected
