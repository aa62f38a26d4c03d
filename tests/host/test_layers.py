"""The firmware keeps to the layer map of its package docstring.

Every import of a firmware module (at the top or inside a function: both
load the module on the device) is read from the sources with ``ast`` and
checked against the map in firmware/tanteador/__init__.py: no import from
a layer above, no module left off the map, and no import circle at all.
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
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


# host_tools keeps to the layer map of its package docstring: each package
# imports only from itself, host_tools' own names and the packages the map
# lists after it; a command or a generator is a unit of its own.
HOST = os.path.join(ROOT, "host_tools")
# Folders of host_tools that are not imported as host_tools.*: the web page's
# and the WebAssembly port's files, and the stand-ins put on sys.path bare.
NOT_PACKAGES = ("web", "wasm", "standins")


def host_map():
    """{package: the packages it may import from}, read from host_tools/__init__.py."""
    doc = ast.get_docstring(ast.parse(open(os.path.join(HOST, "__init__.py")).read()))
    allowed = {}
    for line in doc.splitlines():
        if line.startswith("    ") and line.strip():
            layer, *below = line.split()
            allowed[layer] = set(below)
    return allowed


def host_modules():
    """{dotted name: source path} of every host_tools module imported as host_tools.*."""
    mods = {}
    for dirpath, dirnames, filenames in os.walk(HOST):
        dirnames[:] = [d for d in dirnames if d not in NOT_PACKAGES and d != "__pycache__" and d != "node_modules"]
        for f in filenames:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, f), ROOT)[:-3].replace(os.sep, ".")
                mods[rel[:-len(".__init__")] if rel.endswith(".__init__") else rel] = os.path.join(dirpath, f)
    return mods


def unit(dotted):
    """(layer, unit) of a host_tools module: a command or a generator is a unit, any other package one."""
    parts = dotted.split(".")[1:]
    if not parts:
        return None, None
    if parts[0] in ("commands", "generators") and len(parts) > 1:
        return parts[0], ".".join(parts[:2])
    return parts[0], parts[0]


def host_imports(name, path, mods):
    """host_tools modules imported by module ``name`` (source at ``path``), each with its line."""
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            targets = [base + "." + a.name if base + "." + a.name in mods else base for a in node.names]
        else:
            continue
        found += [(t, node.lineno) for t in targets if t == "host_tools" or t.startswith("host_tools.")]
    return found


def host_problems(edges, allowed):
    """The imports that break the map, as ``module:line imports target`` lines."""
    out = []
    for src, targets in sorted(edges.items()):
        layer, own = unit(src)
        for t, line in targets:
            tlayer, town = unit(t)
            if tlayer is None or town == own:
                continue
            if tlayer not in allowed.get(layer, ()):
                out.append("%s:%d imports %s" % (src, line, t))
    return out


def host_graph():
    mods = host_modules()
    return {m: host_imports(m, path, mods) for m, path in mods.items()}


def test_the_host_tools_map_is_read():
    allowed = host_map()
    assert "harness" not in allowed["commands"] and "harness" in allowed["bench"]
    assert allowed["device"] == set()


def test_every_host_tools_package_is_on_the_map():
    allowed = host_map()
    missing = sorted({unit(m)[0] for m in host_modules()} - {None} - set(allowed))
    assert not missing, "add these packages to the layer map in host_tools/__init__.py: %s" % missing


def test_host_tools_keeps_its_layers():
    problems = host_problems(host_graph(), host_map())
    assert not problems, "imports the host_tools layer map forbids: " + "; ".join(problems)


@pytest.mark.parametrize("src,target,broken", [
    ("host_tools.commands.web", "host_tools.harness.wasmlane", True),       # a shipped command on test code
    ("host_tools.commands.event.collect", "host_tools.commands.pull", True),  # a command on a sibling
    ("host_tools.generators.webshots", "host_tools.commands.web", True),
    ("host_tools.support.saves", "host_tools.commands.pull", True),         # back up
    ("host_tools.device.hostboard", "host_tools.harness.mplane", True),
    ("host_tools.commands.event.collect", "host_tools.commands.event.store", False),
    ("host_tools.commands.bench", "host_tools.bench.figures", False),
    ("host_tools.bench.figures", "host_tools.harness.mplane", False),
    ("host_tools.harness.mpytree", "host_tools.support.mpybuild", False),
    ("host_tools.support.webpage", "host_tools", False),
])
def test_the_host_tools_check_tells_a_broken_arrow(src, target, broken):
    assert bool(host_problems({src: [(target, 1)]}, host_map())) == broken


def test_relative_imports_are_read():
    mods = host_modules()
    found = host_imports("host_tools.device.gallery", mods["host_tools.device.gallery"], mods)
    assert "host_tools.device.script" in {t for t, _ in found}
