"""The text catalogue: every language module's lines tagged with the names
of textids' ids, in their order, and saying the same things to fill in.

The device matches a text to its id by line number alone (no table of keys
on its heap); these checks are what keeps that matching right.
"""

import os
import re

import pytest

from tanteador import i18n, textids
from tanteador.rules import HINTS

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "firmware", "tanteador")
ID = re.compile(r"^([A-Z][A-Z0-9_]*) = const\((\d+)\)", re.M)
LINE = re.compile(r'^    "(.*)\\n"  # ([A-Z][A-Z0-9_]*)$')
SPEC = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?[a-zA-Z%]")


def _read(*parts):
    with open(os.path.join(FIRMWARE, *parts), encoding="utf-8") as f:
        return f.read()


def ids(src):
    """textids' (name, number) pairs, in the order they are written."""
    return [(m.group(1), int(m.group(2))) for m in ID.finditer(src)]


def tags(src):
    """A language module's (text, tag) per line of its string, in order.

    A line of the string without a tag, or anything else between its
    brackets, is an error: the tag is what ties the line to an id."""
    body = src[src.index("S = (\n") + 6:src.rindex("\n)")]
    out = []
    for line in body.split("\n"):
        m = LINE.match(line)
        assert m, "untagged or malformed line: %r" % line
        out.append((m.group(1), m.group(2)))
    return out


def names():
    """The texts' id names in id order (COUNT, the number of texts, aside)."""
    found = [(n, v) for n, v in ids(_read("textids.py")) if n != "COUNT"]
    return [n for n, v in sorted(found, key=lambda p: p[1])]


def test_ids_number_the_texts_from_0_to_count_without_gap_or_repeat():
    found = ids(_read("textids.py"))
    values = [v for n, v in found if n != "COUNT"]
    assert values == list(range(textids.COUNT))
    assert len(set(n for n, v in found)) == len(found)
    for n, v in found:
        assert getattr(textids, n) == v, n


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_each_line_is_tagged_with_its_ids_name_in_order(lang):
    got = [t for s, t in tags(_read("lang", lang + ".py"))]
    assert got == names()
    assert len(i18n.load(lang)) == textids.COUNT


@pytest.mark.parametrize("lang", [l for l in i18n.LANGS if l != "en"])
def test_every_text_fills_in_the_same_values_as_english(lang):
    # A text formatted with % must take the same specifiers in the same
    # order in every language, or the screen raises or shows the wrong figure.
    en, other, name = i18n.load("en"), i18n.load(lang), names()
    differ = [(name[i], en[i], other[i]) for i in range(textids.COUNT)
              if SPEC.findall(en[i]) != SPEC.findall(other[i])]
    assert differ == []


@pytest.mark.parametrize("lang", [l for l in i18n.LANGS if l != "en"])
def test_every_list_of_values_has_as_many_values_as_english(lang):
    # "a|b|c" texts are read by index (app.stage.part): one value short and a
    # setting shows its neighbour's word.
    en, other, name = i18n.load("en"), i18n.load(lang), names()
    differ = [(name[i], en[i], other[i]) for i in range(textids.COUNT)
              if en[i].count("|") != other[i].count("|")]
    assert differ == []


def test_a_line_moved_out_of_place_is_caught():
    src = _read("lang", "es.py")
    lines = src.split("\n")
    a = lines.index('    "Deshacer\\n"  # UNDO')
    lines[a], lines[a + 1] = lines[a + 1], lines[a]
    assert [t for s, t in tags("\n".join(lines))] != names()
    with pytest.raises(AssertionError):
        tags(src.replace('"Deshacer\\n"  # UNDO', '"Deshacer\\n"'))


def test_every_deck_hint_has_its_notice_in_the_order_of_the_codes():
    # app.stage.start counts a hint's notice from H_RM2 by the code's place in HINTS.
    en = i18n.load("en")
    for k, code in enumerate(HINTS):
        i = getattr(textids, "H_" + code.upper())
        assert i == textids.H_RM2 + k and en[i], code
