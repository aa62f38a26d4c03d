"""Screen texts: one language module loaded at a time.

Strings are looked up by small integer ids (``textids``, folded into each
module that shows a text), so no table of string keys stays in memory;
``load`` imports only the chosen language module and keeps its string
alone, which keeps the heap small on the device.

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
        # Kept as UTF-8 bytes: MicroPython finds an index of a str by walking
        # it from its start, so finding the lines of a language took 24 ms
        # on a Pico and a text near its end 0.5 ms; bytes are indexed at once.
        b = s.encode()
        self.s = b
        off = [0]
        i = b.find(b"\n")
        while i >= 0:
            off.append(i + 1)
            i = b.find(b"\n", i + 1)
        self.off = array("H", off)

    def __getitem__(self, i):
        return self.s[self.off[i]:self.off[i + 1] - 1].decode()

    def __len__(self):
        return len(self.off) - 1


def load(code):
    """Return the Texts of language ``code`` (English if unknown).

    The texts keep their own copy of the language's string: its module is
    let go again, so that only one set of strings lives on the heap.
    """
    if code not in LANGS:
        code = "en"
    name = "tanteador.lang." + code
    texts = Texts(__import__(name, None, None, ("S",)).S)
    del sys.modules[name]
    pkg = sys.modules.get("tanteador.lang")
    if pkg is not None and hasattr(pkg, code):
        delattr(pkg, code)
    return texts
