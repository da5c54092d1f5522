"""Each phase is named in one place, by its ruleset (`phase_names`, `phase_name`,
`current_phase_name`): its PhaseStarted events (the log) and the client (top bar, snapshot)
read the same message, so the two can never drift, and the client knows no ruleset's phases."""

import re
import sys
from functools import cache
from pathlib import Path

import pytest

from game import ai, rulesets
from game.core.events import PhaseStarted
from game.core.i18n import Msg
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.base import RulesetBase
from game.sim import battle_forces, start_battle

#: `s.phase = "..."` (or `... if ... else "..."`) in a ruleset's source: every id it can set.
ASSIGNED = re.compile(r"\bs\.phase = (.+)$", re.MULTILINE)


def assigned_phase_ids(ruleset_id: str) -> set[str]:
    """The phase ids a ruleset's source writes as literals (an id set from a variable, as in
    squads' `_enter`, is found by playing)."""
    folder = Path(sys.modules[type(rulesets.get(ruleset_id)).__module__].__file__).parent
    found = set()
    for path in folder.glob("*.py"):
        for line in ASSIGNED.findall(path.read_text("utf-8")):
            found.update(re.findall(r"\"([a-z_]+)\"", line))
    return found


@cache
def greedy_battle(ruleset_id: str, seed: int = 1):
    """A greedy battle to its end: the phase ids it passed through, the names the client would
    have shown at each decision, and its log's PhaseStarted events."""
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    controller = start_battle(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    agents = {i: ai.make("greedy", seed * 31 + i) for i in range(2)}
    ids, shown = set(), set()
    while not controller.over:
        s = controller.state
        ids.add(s.phase)
        shown.add(ruleset.current_phase_name(s))
        controller.apply(agents[controller.current_player()].choose(controller))
    started = [e for e in controller.events if isinstance(e, PhaseStarted)]
    return frozenset(ids), frozenset(shown), tuple(started)


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_phase_id_a_ruleset_uses_has_a_name_from_it(ruleset_id):
    ruleset = rulesets.get(ruleset_id)
    played, shown, started = greedy_battle(ruleset_id)
    ids = played | assigned_phase_ids(ruleset_id)
    assert played and ids >= played
    for phase_id in sorted(ids):
        name = ruleset.phase_names.get(phase_id)
        # a message of the ruleset's own catalog, not the capitalized id of the fallback
        assert isinstance(name, Msg), (ruleset_id, phase_id)
        assert ruleset.phase_name(phase_id) is name
    assert all(isinstance(name, Msg) for name in shown)
    # the log names phases with the very messages the client shows (one place per name)
    names = {n.template for n in shown} | {n.template for n in ruleset.phase_names.values()}
    for event in started:
        assert isinstance(event.phase, Msg) and event.phase.template in names, event.phase


def test_the_top_bar_and_the_log_agree_on_each_legions_sub_phase():
    """legions shows the assault's sub-phase (charge, challenge, fight) as its PhaseStarted
    names it; the phase's own name is not the catalog's "Assault" (the weapon trait)."""
    from game.rulesets.legions.phases import SUB_PHASE_NAMES

    ruleset = rulesets.get("legions")
    s = ruleset.new_game(load_scenario(default_map_for("legions")), 1)
    assert ruleset.current_phase_name(s) == "Movement"
    s.phase = "assault"
    assert ruleset.current_phase_name(s) == "Assault phase"
    for sub, name in SUB_PHASE_NAMES.items():
        s.pending["sub"] = sub
        assert ruleset.current_phase_name(s) is name
    played, shown, started = greedy_battle("legions")
    assert {e.phase for e in started} >= {"Movement", "Assault (charge sub-phase)",
                                          "Assault (fight sub-phase)", "End"}


def test_an_id_a_ruleset_does_not_name_reads_as_itself_capitalized():
    assert RulesetBase().phase_name("close_combat") == "Close combat"
    assert rulesets.get("warband").phase_name("combat") == "Close combat"
