"""The bench's count of the steps to type a name on the device (host_tools/bench/namesteps.py)."""

from host_tools.bench import namesteps


def test_a_name_of_alternating_letters_costs_its_oks_and_the_long_ok(tmp_path):
    # A, then the consonants start at n, then the vowels at a: OK, OK, long OK.
    r = namesteps.measure(str(tmp_path), names=("Ana",))
    assert r["Ana"]["steps"] == 3


def test_a_name_the_search_cannot_reach_is_an_error_not_a_figure(tmp_path):
    sim = namesteps.NameSim(str(tmp_path / "n"))
    try:
        namesteps.name_cost(sim, "A/B", kmax=2)
    except RuntimeError as e:
        assert "cannot be typed" in str(e)
    else:
        raise AssertionError("'/' was typed")


def test_the_bench_table_has_a_row_for_the_names():
    rows = namesteps.rows({"Ana": {"steps": 3, "seconds": 1.4}, "José": {"steps": 17, "seconds": 4.9}})
    assert rows == [("steps to type a name on the device, Ana, José", "3 (1.4 s), 17 (4.9 s)", "", "")]
