"""Screen texts: one language module loaded at a time.

Strings are looked up by small integer ids (``textids``, folded into each
module that shows a text), so no table of string keys stays in memory;
``load`` imports only the chosen language module and drops the previous
one, which keeps the heap small on the device.

A language module is one string, a text per line in the order of the ids;
each line carries its id's name as a comment (gone once compiled), and
tests/engine/test_catalogue.py checks those names against the ids, and the
``%`` specifiers and ``|`` values of every text against English.
"""

import sys
from array import array

LANGS = ("en", "es", "it", "pt", "fr")


class Texts:
    """The texts of one language: ``texts[id]`` is one line of the module's string."""

    def __init__(self, s):
        self.s = s
        off = [0]
        i = s.find("\n")
        while i >= 0:
            off.append(i + 1)
            i = s.find("\n", i + 1)
        self.off = array("H", off)

    def __getitem__(self, i):
        return self.s[self.off[i]:self.off[i + 1] - 1]

    def __len__(self):
        return len(self.off) - 1


def load(code):
    """Return the Texts of language ``code`` (English if unknown).

    The module of any other language is removed from ``sys.modules`` first
    so that only one set of strings lives on the heap.
    """
    if code not in LANGS:
        code = "en"
    pkg = sys.modules.get("tanteador.lang")
    for other in LANGS:
        if other != code:
            name = "tanteador.lang." + other
            if name in sys.modules:
                del sys.modules[name]
                if pkg is not None and hasattr(pkg, other):
                    delattr(pkg, other)
    mod = __import__("tanteador.lang." + code, None, None, ("S",))
    return Texts(mod.S)
