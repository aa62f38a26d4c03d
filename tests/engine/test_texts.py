"""The five languages' texts: the buttons named alike in all of them."""

import re

import pytest

from tanteador import i18n, textids

BUTTONS = re.compile(r"\b(UP|DOWN|OK|BACK)\b")


def _texts(lang):
    return i18n.load(lang)


@pytest.mark.parametrize("lang", [l for l in i18n.LANGS if l != "en"])
def test_every_language_names_the_same_buttons_as_printed_on_them(lang):
    # The keys carry UP, DOWN, OK and BACK: a text naming one uses that word,
    # in every language, where the English text does.
    en, other = _texts("en"), _texts(lang)
    assert len(other) == len(en) == textids.COUNT
    differ = [(i, en[i], other[i]) for i in range(textids.COUNT)
              if BUTTONS.findall(en[i]) != BUTTONS.findall(other[i])]
    assert differ == []
