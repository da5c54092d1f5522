"""The legions Movement phase (rules/legions.md, "Movement" [added]): Move up to M", Run up to
M + I" (no charge after), the 1" gap to enemies, and who may not move (locked, Pinned,
Routed: it falls back instead)."""

from game.core.actions import Action, make_placement
from game.core.events import DiceRolled, Note, UnitMoved
from game.core.state import Terrain
from game.rulesets.legions import statuses
from game.rulesets.legions.charge import forbidden_reason
from game.rulesets.legions.combat import lock
from game.rulesets.legions.move_intents import how_of
from game.rulesets.legions.movement import RULE_KEEP_AWAY, RULE_PINNED, own_edge
from tests.rulesets.legions.battle import D32, Battle, keep_only, stand


def movement_battle(gap=20.0):
    b = Battle(["line_squad"], ["ember_squad"], phase="movement")
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 20.0 + D32 + gap, 24.0, 180.0)
    return b


def shifted(b, unit_id, dx, dy=0.0):
    return make_placement({m.id: (m.x + dx, m.y + dy) for m in b.state.alive_models(unit_id)})


def test_move_up_to_m_inches():
    b = movement_battle()
    assert b.why(Action("move", "s0u0", placement=shifted(b, "s0u0", 7.0), option="move")) is None
    reason = b.why(Action("move", "s0u0", placement=shifted(b, "s0u0", 7.5), option="move"))
    assert "more than the 7\" allowed" in reason
    moves = [a for a in b.legal() if a.kind == "move" and how_of(a.option) == "move"]
    assert moves and all(b.ruleset.move_allowance(b.state, a) == 7.0 for a in moves)


def test_run_up_to_m_plus_i_and_no_charge_after():
    b = movement_battle()
    run = Action("move", "s0u0", placement=shifted(b, "s0u0", 11.0), option="run")
    assert b.why(run) is None
    assert "more than the 11\" allowed" in b.why(
        Action("move", "s0u0", placement=shifted(b, "s0u0", 11.5), option="run"))
    b.apply(run)
    assert b.unit("s0u0").flags["ran"]
    assert "Ran this turn" in forbidden_reason(b.state, "s0u0")


def test_a_move_ends_at_least_one_inch_from_enemies():
    b = movement_battle(gap=7.0)
    reason = b.why(Action("move", "s0u0", placement=shifted(b, "s0u0", 6.5), option="move"))
    assert reason.endswith(f"({RULE_KEEP_AWAY})")
    assert b.why(Action("move", "s0u0", placement=shifted(b, "s0u0", 5.9), option="move")) is None


def test_a_locked_unit_cannot_move():
    b = movement_battle(gap=0.0)
    lock(b.state, "s0u0", "s1u0")
    assert "locked in combat" in b.why(
        Action("move", "s0u0", placement=shifted(b, "s0u0", 0.0, 3.0), option="move"))
    assert not [a for a in b.legal() if a.kind == "move"]


def test_a_pinned_unit_cannot_move_or_run():
    b = movement_battle()
    b.state.alive_models("s0u0")[0].statuses = frozenset({statuses.PINNED})
    for how in ("move", "run"):
        reason = b.why(Action("move", "s0u0", placement=shifted(b, "s0u0", 2.0), option=how))
        assert reason.endswith(f"({RULE_PINNED})")


def test_a_routed_unit_falls_back_at_the_start_of_its_movement_phase():
    b = Battle(["line_squad", "line_squad"], ["ember_squad"], phase="assault")
    b.state.pending["sub"] = "charge"
    b.place("s0u0", 20.0, 12.0, 0.0)
    b.place("s0u1", 20.0, 36.0, 0.0)
    b.place("s1u0", 50.0, 24.0, 180.0)
    for m in b.state.alive_models("s1u0"):
        m.statuses = frozenset({statuses.ROUTED})
    assert own_edge(b.state, 1) == "right"
    before = min(m.x for m in b.state.alive_models("s1u0"))
    # Side 0 ends its turn; side 1's Movement phase begins with the fall back: D6 = 3.
    events = b.apply(Action("end_charges"), 3)
    rolled = [e for e in events if isinstance(e, DiceRolled)][0]
    assert rolled.outcome == "I 4 + 3 = 7\""
    moved = [e for e in events if isinstance(e, UnitMoved)][0]
    assert moved.how == "falls back" and abs(moved.longest - 7.0) < 0.01
    assert min(m.x for m in b.state.alive_models("s1u0")) > before
    assert not [a for a in b.legal() if a.kind == "move" and a.unit == "s1u0"]


# --- moves offered as intents (move_intents.py) -------------------------------------------------

def test_offered_moves_are_intents_solved_on_apply_to_the_preview_placement():
    b = movement_battle()
    offered = [a for a in b.legal() if a.kind == "move" and a.unit == "s0u0"]
    assert offered and all(not a.placement for a in offered)
    toward = next(a for a in offered if a.option == "move:toward:s1u0")
    preview = b.ruleset.solved_action(b.state, toward, b.geo)
    assert preview.placement and b.why(preview) is None
    before = {m.id: m.x for m in b.state.alive_models("s0u0")}
    b.apply(toward)
    assert {m.id: (m.x, m.y) for m in b.state.alive_models("s0u0")} == preview.destinations()
    assert all(abs(m.x - before[m.id] - 7.0) < 0.01 for m in b.state.alive_models("s0u0"))


def test_a_solved_intent_keeps_the_one_inch_gap_to_enemies():
    b = movement_battle(gap=4.0)
    b.apply(Action("move", "s0u0", option="move:toward:s1u0"))
    gap = min(b.geo.distance(m, e) for m in b.state.alive_models("s0u0")
              for e in b.state.alive_models("s1u0"))
    assert 1.0 <= gap < 2.0


def test_an_intent_names_an_enemy_unit_or_an_objective():
    b = movement_battle()
    for option in ("move:toward:s0u0", "move:toward:nobody", "move:objective:99", "move:home"):
        assert "heads toward an enemy unit or to an objective" in b.why(
            Action("move", "s0u0", option=option))
    assert "unknown move" in b.why(Action("move", "s0u0", option="fly:toward:s1u0"))


def test_an_intent_of_a_pinned_unit_is_refused_by_the_pinned_rule():
    b = movement_battle()
    b.state.alive_models("s0u0")[0].statuses = frozenset({statuses.PINNED})
    reason = b.why(Action("move", "s0u0", option="run:toward:s1u0"))
    assert reason.endswith(f"({RULE_PINNED})")


def test_a_recorded_offered_placement_is_still_accepted():
    """Saves from before intents carry the solved placement itself: still a legal move."""
    b = movement_battle()
    intent = Action("move", "s0u0", option="run:toward:s1u0")
    recorded = b.ruleset.solved_action(b.state, intent, b.geo)
    assert recorded.option == "run" and b.why(recorded) is None
    b.apply(recorded)
    assert b.unit("s0u0").flags["ran"]


def test_a_hand_drag_stands_for_a_move_of_the_unit():
    b = movement_battle()
    template = b.ruleset.drag_template(b.state, "s0u0", b.geo)
    assert template.kind == "move" and template.option == "move"
    assert set(template.destinations()) == {m.id for m in b.state.alive_models("s0u0")}
    assert b.ruleset.drag_template(b.state, "s1u0", b.geo) is None


def test_an_intent_no_formation_move_can_take_leaves_the_unit_in_place_and_says_so():
    wall = Terrain(frozenset({"impassable"}), ((22.0, 10.0), (22.6, 10.0), (22.6, 38.0),
                                               (22.0, 38.0)), "Long wall")
    b = Battle(["line_squad"], ["ember_squad"], terrain=(wall,), phase="movement")
    keep_only(b, "s0u0", ["s0u0m1"])
    keep_only(b, "s1u0", ["s1u0m1"])
    stand(b, "s0u0m1", 21.39, 24.0)  # against the wall (the table allows 0.02" of slack)
    stand(b, "s1u0m1", 30.0, 24.0)
    toward = [a for a in b.legal() if a.option == "move:toward:s1u0"]
    assert toward
    events = b.apply(toward[0])
    assert [type(e) for e in events] == [Note]
    assert events[0].text == ("Line Squad stays where it is: no legal formation move toward "
                              "Ember Squad")
    assert b.state.models["s0u0m1"].x == 21.39 and b.unit("s0u0").flags["moved"]
