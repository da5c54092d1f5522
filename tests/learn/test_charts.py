"""The charts of the rules reference, generated from the rulesets' chart functions, checked
against the figures the spec writes out (rules/<ruleset>.md)."""

import pytest

from game.learn.charts import charts
from game.learn.sheets import sheet


def chart(ruleset_id, rule):
    return next(c for c in charts(ruleset_id) if c.rule == rule)


@pytest.mark.parametrize("ruleset_id", ["cards", "legions", "ranks", "squads", "warband"])
def test_every_chart_names_a_rule_on_the_sheet_and_is_rectangular(ruleset_id):
    found = charts(ruleset_id)
    assert found
    for c in found:
        assert sheet(ruleset_id).entry(c.rule) is not None
        assert all(len(cells) == len(c.columns) for _, cells in c.rows)


def test_squads_wound_chart_rows_from_the_spec():
    wound = chart("squads", "wound_roll")
    assert [wound.cell("8", "4"), wound.cell("5", "4"), wound.cell("4", "4"),
            wound.cell("3", "4"), wound.cell("2", "4")] == ["2+", "3+", "4+", "5+", "6+"]


def test_squads_charge_chart_is_the_spec_table_out_of_36():
    row = dict(chart("squads", "charge_roll").rows)["P"]
    assert row[0] == "0"                                         # a 2 never succeeds
    assert row[1:] == ("35/36", "11/12", "5/6", "13/18", "7/12", "5/12", "5/18", "1/6",
                       "1/12", "1/36")


def test_warband_to_hit_chart_checks_from_the_spec():
    hit = chart("warband", "to_hit")
    assert [hit.cell("1", "2"), hit.cell("1", "3"), hit.cell("3", "6"), hit.cell("3", "7"),
            hit.cell("5", "10"), hit.cell("4", "3")] == ["4+", "5+", "4+", "5+", "4+", "3+"]
    wound = chart("warband", "to_wound")
    assert [wound.cell("5", "3"), wound.cell("3", "3"), wound.cell("3", "6"),
            wound.cell("3", "7")] == ["2+", "4+", "6+", "-"]


def test_legions_charge_roll_is_the_spec_table_out_of_36():
    row = dict(chart("legions", "charge_roll").rows)["P"]
    assert row == ("1", "35/36", "8/9", "3/4", "5/9", "11/36")    # 36 35 32 27 20 11
    assert chart("legions", "setup_move").cell("inches", "20") == "6\""


def test_ranks_die_faces_and_cards_reaction_table():
    assert dict(chart("ranks", "combat_roll").rows)["result"] == (
        "fumble", "nothing", "nothing", "1 hit", "1 hit", "2 hits")
    table = chart("cards", "reaction_test")
    assert [table.cell("Militia", str(t)) for t in (1, 2, 3, 4, 5, 6)] == [
        "rout", "flight", "flight", "recoil", "recoil", "none"]
    assert table.cell("Elite", "3") == "none"
