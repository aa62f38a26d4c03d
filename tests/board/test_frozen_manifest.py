"""hardware/frozen/manifest.py: the MicroPython build with the firmware frozen in.

The build itself needs MicroPython's source tree and the Pico SDK; here the
manifest is read with stand-ins for the build's manifest functions, to check
that it names what the firmware really imports.
"""

import os
import re

from host_tools.support import mpybuild
from host_tools.harness import mplane

MANIFEST = os.path.join(mplane.ROOT, "hardware", "frozen", "manifest.py")


def read_manifest():
    calls = []
    env = {
        "include": lambda path, **kw: calls.append(("include", path, kw)),
        "require": lambda name, **kw: calls.append(("require", name, kw)),
        "package": lambda name, files=None, base_path=".", opt=None: calls.append(
            ("package", name, {"base_path": base_path, "opt": opt})),
        "module": lambda *a, **kw: calls.append(("module", a, kw)),
    }
    with open(MANIFEST, encoding="utf-8") as f:
        exec(compile(f.read(), MANIFEST, "exec"), env)
    return calls


def firmware_imports():
    found = set()
    for dirpath, _, files in os.walk(os.path.join(mplane.FIRMWARE, "tanteador")):
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    found.update(re.findall(r"^\s*(?:import|from) (\w+)", f.read(), re.M))
    return found


def test_manifest_freezes_the_firmware_package_as_flash_compiles_it():
    pkgs = [c for c in read_manifest() if c[0] == "package"]
    assert len(pkgs) == 1
    _, name, kw = pkgs[0]
    base = os.path.normpath(os.path.join(os.path.dirname(MANIFEST), kw["base_path"]))
    assert base == os.path.normpath(mplane.FIRMWARE)
    assert os.path.isfile(os.path.join(base, name, "__init__.py"))
    assert "-O%d" % kw["opt"] in mpybuild.MPY_CROSS_OPTS


def test_manifest_brings_what_the_firmware_imports_beyond_the_core():
    calls = read_manifest()
    imports = firmware_imports()
    assert "ssd1306" in imports and ("require", "ssd1306", {}) in calls
    # asyncio is frozen by the port's own manifest, which a custom manifest replaces unless included.
    assert "asyncio" in imports and ("include", "$(PORT_DIR)/boards/manifest.py", {}) in calls
    assert not [c for c in calls if c[0] == "module"]   # main.py stays on the filesystem (flash copies it)
