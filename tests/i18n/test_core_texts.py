"""The engine's own texts in another language: numbered unit and model names, refusals of the
common movement rules, errors the command line prints, the learn screens' outcome titles.

English stays what it was (the log hash of every save depends on it); each text is a Msg, so
the display can put it in the player's language.
"""

from __future__ import annotations

from game.core.i18n import Msg
from game.core.state import BaseShape, GameState, Model, Scenario, Side, Unit, frozen_profile
from game.i18n import translate
from game.learn.charts import charts
from game.rulesets.base import coherency_problem
from game.rulesets.setup import model_name, unit_names


def test_numbered_unit_names_are_messages_equal_to_the_english_name():
    names = unit_names([["Brute Mob", "Brute Mob", "Warden"], ["Brute Mob"]])
    assert names == [["Brute Mob I", "Brute Mob II", "Warden"], ["Brute Mob III"]]
    numbered = names[0][1]
    assert isinstance(numbered, Msg) and numbered.params == {"name": "Brute Mob",
                                                             "numeral": "II"}
    assert {numbered: 1}["Brute Mob II"] == 1  # an id where a plain name was: same hash


def test_a_numbered_name_keeps_its_numeral_in_every_language():
    name = unit_names([["Brute Mob", "Brute Mob"]])[0][0]
    missed = []
    for lang in ("fr", "ru"):
        shown = translate(name, lang, missed.append)
        assert shown.endswith(" I")
    assert "{name} {numeral}" not in missed


def test_a_model_is_named_as_a_model_of_its_unit_in_each_language():
    unit = unit_names([["Brute Mob", "Brute Mob"]])[0][1]
    model = model_name(unit, 2)
    assert model == "Brute Mob II #3"
    assert translate(model, "fr") == translate(unit, "fr") + " n°3"
    assert translate(model, "ru") == translate(unit, "ru") + " №3"


def two_models_apart() -> GameState:
    """One unit of two models 5\" apart (model names as the setup gives them)."""
    base = BaseShape.parse("25")
    models = {f"s0u0m{k}": Model(f"s0u0m{k}", "s0u0", 0, model_name("Brute", k), base,
                                 x=10.0 + 5.0 * k, y=10.0) for k in range(2)}
    unit = Unit("s0u0", 0, "Brute", "brute", tuple(models), frozen_profile({}), {})
    return GameState("squads", Scenario(30.0, 30.0), [Side(0, "Stompers", "horde")],
                     {"s0u0": unit}, models, seed=0)


class _Ruler:
    def distance(self, a, b):
        return abs(a.x - b.x)


def test_the_common_coherency_refusal_reads_in_each_language():
    """Coherency (common rules): within 2\" of another model; the refusal names the model."""
    reason = coherency_problem(two_models_apart(), _Ruler(), "s0u0")
    assert reason == ("Brute #1 would be out of coherency (every model must end within 2\" of "
                      "another model of its unit)")
    assert translate(reason, "fr").startswith("Brute n°1 serait hors de cohérence")
    assert translate(reason, "ru").startswith("Brute №1 нарушит строй")


def test_a_chart_heading_compared_in_code_stays_equal_to_its_english():
    injury = next(c for c in charts("warband") if c.rule == "injury")
    headings = tuple(heading for heading, _ in injury.rows)
    assert headings == ("result", "club or mace")
    assert injury.cell("club or mace", "1") == injury.cell(headings[1], "1")
    assert translate(headings[1], "fr") == "gourdin ou masse"


def test_a_command_line_error_is_printed_in_the_chosen_language(capsys):
    from game.cli import main

    try:
        assert main(["simulate", "--games", "0", "--lang", "fr"]) == 2
    finally:
        from game.i18n import set_language

        set_language("en")
    assert capsys.readouterr().err.strip() == "skirmish : simulate : --games doit valoir au moins 1"
    assert main(["simulate", "--games", "0"]) == 2
    assert capsys.readouterr().err.strip() == "skirmish: simulate: --games must be at least 1"
