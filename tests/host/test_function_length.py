"""No function of the firmware runs over 60 lines.

Every function and method in firmware/ (an inner function counts within
its outer one too) is measured from the sources with ``ast``, from its
``def`` to its last line, docstring and comments included: a longer one
is split into functions that each do one thing.
"""

import ast
import os

from host_tools import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
LIMIT = 60


def lengths(source):
    """[(name, first line, lines)] of every function in ``source``."""
    return [(n.name, n.lineno, n.end_lineno - n.lineno + 1) for n in ast.walk(ast.parse(source))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def firmware_sources():
    for dirpath, _, filenames in os.walk(FIRMWARE):
        for f in sorted(filenames):
            if f.endswith(".py"):
                yield os.path.join(dirpath, f)


def test_no_firmware_function_is_over_sixty_lines():
    long = ["%s:%d %s (%d lines)" % (os.path.relpath(path, ROOT), line, name, n)
            for path in firmware_sources() for name, line, n in lengths(open(path).read()) if n > LIMIT]
    assert not long, "split these: " + "; ".join(long)


def test_the_measure_counts_every_line_and_inner_functions():
    body = "".join("    x%d = %d\n" % (i, i) for i in range(LIMIT - 3))
    src = "def outer():\n    def inner():\n        return 1\n" + body + "    return inner\n"
    got = {name: n for name, _, n in lengths(src)}
    assert got == {"outer": LIMIT + 1, "inner": 2}
