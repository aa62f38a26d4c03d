"""The seat and side labels the PC writes into pulled files and event results."""

from host_tools.support.seats import seat_label, side_label
from tanteador.matchoptions import CHIAMATA, GOAL_HANDS, PAIRS, TRIOS, MatchOptions


def test_side_labels_use_names_and_label_the_unnamed_by_seat():
    o = MatchOptions(players=4, sides=PAIRS, names=["Ana", "Bea", "", "Dani"]).validate()
    assert [seat_label(o, s) for s in range(4)] == ["Ana", "Bea", "P3", "Dani"]
    assert side_label(o, 0) == "Ana/P3"
    assert side_label(o, 1) == "Bea/Dani"


def test_a_match_without_names_is_labelled_p1_to_p6():
    o = MatchOptions(players=6, sides=TRIOS).validate()
    assert [seat_label(o, s) for s in range(6)] == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert [side_label(o, i) for i in range(2)] == ["P1/P3/P5", "P2/P4/P6"]


def test_in_chiamata_each_side_is_one_player():
    o = MatchOptions(players=5, sides=CHIAMATA, goal=GOAL_HANDS, target=5, names=["Ana", "", "", "", "Eva"]).validate()
    assert [side_label(o, i) for i in range(5)] == ["Ana", "P2", "P3", "P4", "Eva"]
