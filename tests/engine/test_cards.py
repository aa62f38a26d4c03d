"""The card style: options and their saved form, texts, icons, the French ranking."""

import json
import re

import pytest

from tanteador import matchdoc
from tanteador import draw, i18n, iconids, icons, textids
from tanteador.match import Match
from tanteador.matchdoc import dumps
from tanteador.matchload import loads
from tanteador.matchoptions import CARDS_FRENCH, CARDS_SPANISH, GOAL_POINTS, PAIRS, MatchOptions
from tanteador.rules import HINTS, RANK_FACE, RANK_FACE_FR, RANK_POINTS, RulesError, deck_ranks

# The compact options list exactly as the version before the card style wrote it.
OLD_LIST = [4, ["Ana", "Bea", "Carla", "Dani"], 1, 40, 0, 0, 1, 3, 500, 0, 0, 1, 1, 2]


def test_the_style_goes_round_the_compact_list():
    o = MatchOptions(players=4, sides=PAIRS, goal=GOAL_POINTS, target=500, cards=CARDS_FRENCH)
    lst = o.to_list()
    assert len(lst) == 15 and lst[-1] == CARDS_FRENCH
    back = MatchOptions.from_list(json.loads(json.dumps(lst)))
    assert back == o and back.cards == CARDS_FRENCH
    assert o.copy().cards == CARDS_FRENCH


def test_spanish_cards_are_saved_as_before_and_old_lists_load_as_spanish():
    o = MatchOptions.from_list(list(OLD_LIST))
    assert o.cards == CARDS_SPANISH
    assert o.names == ["Ana", "Bea", "Carla", "Dani"] and o.first_dealer == 2
    assert o.to_list() == OLD_LIST
    assert MatchOptions.from_list(OLD_LIST + [CARDS_SPANISH]) == o


@pytest.mark.parametrize("bad", [2, -1, True, 1.0, "1", None])
def test_a_bad_style_is_refused(bad):
    with pytest.raises((RulesError, ValueError)):
        MatchOptions.from_list(OLD_LIST + [bad])
    with pytest.raises(RulesError) as e:
        MatchOptions(cards=bad).validate()
    assert e.value.code == "deck"


@pytest.mark.parametrize("n", [12, 13, 16, 0])
def test_lists_of_other_lengths_are_refused(n):
    with pytest.raises(ValueError):
        MatchOptions.from_list((OLD_LIST + [1, 0, 0])[:n])


def test_a_french_match_document_goes_round():
    m = Match(MatchOptions(players=3, cards=CARDS_FRENCH, trump_cycle=True))
    m.record(None, (60, 40, 20), 1000)
    m.record(None, (20, 30, 70), 1000)
    text = dumps(m)
    m2 = loads(text)
    assert m2.options.cards == CARDS_FRENCH and dumps(m2) == text
    # The streamed form (what the device writes) is the same document.
    parts = []
    matchdoc.dump(m, parts.append)
    assert json.loads("".join(parts)) == json.loads(text)


def test_the_trump_cycle_goes_in_suit_number_order_in_both_styles():
    for cards in (CARDS_SPANISH, CARDS_FRENCH):
        m = Match(MatchOptions(trump_cycle=True, target=9, cards=cards))
        seen = []
        for _ in range(5):
            seen.append(m.next_trump)
            m.record(None, 70, 1000)
        assert seen == [0, 1, 2, 3, 0]


def test_the_french_ranking_is_portuguese_with_the_same_points():
    # Portuguese Bisca: A, 7, K, J, Q, 6, 5, 4, 3, 2; scores A 11, 7 10, K 4, J 3, Q 2.
    forty = [RANK_FACE_FR[r] for r in deck_ranks(40)]
    assert forty == [1, 7, 13, 11, 12, 6, 5, 4, 3, 2]
    worth = {RANK_FACE_FR[r]: RANK_POINTS[r] for r in deck_ranks(40)}
    assert worth == {1: 11, 7: 10, 13: 4, 11: 3, 12: 2, 6: 0, 5: 0, 4: 0, 3: 0, 2: 0}
    assert sum(worth.values()) * 4 == 120
    # The 48-card deck adds the 8s and 9s, worth nothing in both styles.
    extra = [r for r in deck_ranks(48) if r not in deck_ranks(40)]
    assert sorted(RANK_FACE_FR[r] for r in extra) == [8, 9] == sorted(RANK_FACE[r] for r in extra)
    assert [RANK_POINTS[r] for r in extra] == [0, 0]


@pytest.mark.parametrize("code", i18n.LANGS)
def test_every_language_names_the_french_cards(code):
    s = i18n.load(code)
    assert len(s[textids.CARDS_VALS].split("|")) == 2
    assert len(s[textids.SUITS_FR].split("|")) == 4
    faces = s[textids.RANKS_FR].split("|")
    assert len(faces) == 12 and len(set(faces)) == 12
    for face, shown in zip(RANK_FACE_FR, faces):
        if 2 <= face <= 10:
            assert shown == str(face)
        else:
            assert len(shown) == 1 and shown.isalpha()
    # Every new text is drawn with the font's own glyphs (accents included).
    for sid in (textids.CARDS, textids.CARDS_VALS, textids.SUITS_FR, textids.RANKS_FR):
        for ch in s[sid]:
            assert 0 <= ord(ch) - draw.SMALL[3] < draw.SMALL[4] or ch in draw.SMALL[5], (code, ch)


def test_the_french_names_are_what_the_tables_say():
    expect = {
        "en": ("diamonds|hearts|spades|clubs", "A|7|K|J|Q|"),
        "es": ("diamantes|corazones|picas|tréboles", "A|7|K|J|Q|"),
        "it": ("quadri|cuori|picche|fiori", "A|7|K|J|Q|"),
        "pt": ("ouros|copas|espadas|paus", "A|7|R|V|D|"),
        "fr": ("carreau|cœur|pique|trèfle", "A|7|R|V|D|"),
    }
    for code, (suits, ranks) in expect.items():
        s = i18n.load(code)
        assert s[textids.SUITS_FR] == suits and s[textids.RANKS_FR].startswith(ranks)


@pytest.mark.parametrize("code", i18n.LANGS)
def test_the_removal_hints_name_only_cards_worth_nothing_in_both_styles(code):
    s = i18n.load(code)
    for hint in HINTS:
        if not hint.startswith("rm"):
            continue                   # the others count cards, they name none
        faces = [int(x) for x in re.findall(r"\d+", s[getattr(textids, "H_" + hint.upper())])]
        assert faces, (code, hint)
        for face in faces:
            for table in (RANK_FACE, RANK_FACE_FR):
                assert RANK_POINTS[table.index(face)] == 0, (code, hint, face)


def test_french_suit_icons_fit_a_text_row_and_the_trump_screen():
    idx = icons.INDEX
    for s in range(4):
        small = draw.suit_icon(s, False, CARDS_FRENCH)
        large = draw.suit_icon(s, True, CARDS_FRENCH)
        assert small == iconids.FRENCH + s and large == iconids.FRENCH + iconids.LARGE + s
        assert draw.suit_icon(s, False, CARDS_SPANISH) == s
        assert draw.suit_icon(s, True, CARDS_SPANISH) == iconids.LARGE + s
        assert idx[small * 4 + 2] <= 11 and idx[small * 4 + 3] <= 11
        assert (idx[large * 4 + 2], idx[large * 4 + 3]) == (24, 24)
    assert iconids.COUNT == iconids.FRENCH + 8
