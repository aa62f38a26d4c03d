"""The firmware type-checks against the MicroPython rp2 (Pico) stubs with basedpyright.

The checked configuration is the repository's pyrightconfig.json with its
paths made absolute: typeshedPath and stubPath point at the installed
``micropython-rp2-rpi_pico-stubs`` (found through the package metadata, so
any Python version of the venv works), and an empty virtual environment
replaces the interpreter's, so CPython's own standard library cannot
satisfy an import the Pico does not have.
"""

import json
import os
import shutil
import subprocess
import sys
from importlib import metadata

import pytest

pytestmark = pytest.mark.slow

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STUBS_DIST = "micropython-rp2-rpi_pico-stubs"


def stubs_dir():
    """site-packages folder holding the Pico stubs (machine.pyi) and stdlib/ stubs."""
    try:
        dist = metadata.distribution(STUBS_DIST)
    except metadata.PackageNotFoundError:
        pytest.fail("%s is not installed: pip install %s (or run `make test`)" % (STUBS_DIST, STUBS_DIST))
    base = str(dist.locate_file(""))
    assert os.path.isfile(os.path.join(base, "machine.pyi")), base
    assert os.path.isfile(os.path.join(base, "stdlib", "VERSIONS")), "micropython-stdlib-stubs missing in " + base
    return base


def basedpyright():
    for d in (os.path.dirname(sys.executable), os.path.join(sys.prefix, "bin")):
        p = os.path.join(d, "basedpyright")
        if os.path.isfile(p):
            return p
    p = shutil.which("basedpyright")
    if not p:
        pytest.fail("basedpyright is not installed: pip install basedpyright (or run `make test`)")
    return p


def check(tmp_path, include):
    """Run basedpyright on ``include`` (absolute paths) with the project config; return JSON."""
    with open(os.path.join(ROOT, "pyrightconfig.json")) as f:
        cfg = json.load(f)
    stubs = stubs_dir()
    venvs = tmp_path / "venvs"
    ver = "python%d.%d" % sys.version_info[:2]
    (venvs / "empty" / "lib" / ver / "site-packages").mkdir(parents=True)
    cfg["include"] = include
    cfg["exclude"] = ["**/__pycache__"]
    cfg["extraPaths"] = [os.path.join(ROOT, p) for p in cfg.get("extraPaths", [])]
    cfg["typeshedPath"] = stubs
    cfg["stubPath"] = stubs
    cfg["venvPath"] = str(venvs)
    cfg["venv"] = "empty"
    path = tmp_path / "pyrightconfig.json"
    path.write_text(json.dumps(cfg))
    proc = subprocess.run(
        [basedpyright(), "-p", str(path), "--outputjson"], capture_output=True, text=True, cwd=str(tmp_path)
    )
    try:
        return json.loads(proc.stdout)
    except ValueError:
        pytest.fail("basedpyright gave no JSON:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])


def describe(diags):
    return "\n".join(
        "%s:%d: %s (%s)"
        % (os.path.relpath(d["file"], ROOT), d["range"]["start"]["line"] + 1, d["message"], d.get("rule"))
        for d in diags
    )


def test_repository_config_points_at_the_stubs():
    with open(os.path.join(ROOT, "pyrightconfig.json")) as f:
        cfg = json.load(f)
    assert cfg["typeCheckingMode"] in ("basic", "standard", "strict")
    assert cfg["include"] == ["firmware"]
    assert cfg["typeshedPath"].endswith("site-packages")
    assert cfg["stubPath"] == cfg["typeshedPath"]


def test_firmware_typechecks_against_pico_stubs(tmp_path):
    out = check(tmp_path, [os.path.join(ROOT, "firmware")])
    assert out["summary"]["filesAnalyzed"] >= 3
    errors = [d for d in out["generalDiagnostics"] if d["severity"] == "error"]
    assert not errors, "%d type errors:\n%s" % (len(errors), describe(errors))


def test_checker_rejects_what_the_pico_lacks(tmp_path):
    """The same configuration flags CPython-only modules and misused device APIs."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import machine\n"
        "import dataclasses\n"
        "import os\n"
        "machine.Pin(5, machine.Pin.OUT).nonexistent()\n"
        "os.path.join('a', 'b')\n"
    )
    out = check(tmp_path, [str(bad)])
    lines = sorted(d["range"]["start"]["line"] + 1 for d in out["generalDiagnostics"] if d["severity"] == "error")
    assert lines == [2, 4, 5], describe(out["generalDiagnostics"])
