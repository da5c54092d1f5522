"""Offered means legal in `cards`: the rules check a move as the Action stores it (rounded to
1/1000"), and the battle that exposed the rounding (issue 11: seed 7014) plays through."""

from game import ai, rulesets
from game.core.actions import make_placement
from game.core.geometry import CONTACT_TOLERANCE
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.cards import activation
from game.rulesets.cards.figures import as_stored
from game.turn import TurnController
from tests.rulesets.cards.battle import D, stand, two_units


def test_offers_are_checked_as_stored_rounded_toward_the_start():
    """A solver end sunk exactly the contact tolerance (0.02") into another base is legal;
    rounded to the nearest 1/1000" it sinks a hair deeper, and is refused. Offers are rounded toward the figure's start
    instead (the move gets a hair shorter, never longer), and that is what is checked."""
    b = two_units()
    stand(b, "s0u0", [(10.0, 10.0), (10.0, 11.2)])
    stand(b, "s1u0", [(30.0, 30.0)])
    s = b.state
    blocker = s.models["s0u0m1"]
    blocker.x, blocker.y = 20.0, 10.0                 # a friend, straight ahead
    end = (20.0 - (D - CONTACT_TOLERANCE) - 1e-9, 10.0)   # as deep as contact allows
    assert b.geo.placement_problem(s, {"s0u0m0": end}) is None
    nearest = dict((m, (x, y)) for m, x, y in make_placement({"s0u0m0": end}))
    assert "overlap" in b.geo.placement_problem(s, nearest)
    stored = as_stored(s, {"s0u0m0": end})
    assert stored["s0u0m0"][0] < end[0] and b.geo.placement_problem(s, stored) is None
    assert dict((m, (x, y)) for m, x, y in make_placement(stored)) == stored
    # figures that do not move stay out of the placement (so they are never nudged)
    assert as_stored(s, {"s0u0m0": (10.0, 10.0), "s0u0m1": (20.0, 10.0)}) == {}


def test_offered_moves_pass_the_check_apply_makes():
    b = two_units()
    stand(b, "s0u0", [(10.0, 10.0 + 1.2 * i) for i in range(4)])
    stand(b, "s1u0", [(14.0, 10.0 + 1.2 * i) for i in range(4)])
    s = b.state
    s.phase = "activate"
    s.pending["activation"] = {"card": "unit:0:militia", "units": ["s0u0"]}
    offered = activation.activation_actions(s, b.geo)
    assert any(a.option == "charge" for a in offered)
    assert all(b.why(a) is None for a in offered)


def test_seed_7014_random_battle_offers_only_what_apply_accepts():
    """Issue 11's repro (`simulate --ruleset cards --games 1 --seed 7014 --p1 random --p2
    random`): two of five offered moves were refused ("Militia 1 would overlap Regulars 10")."""
    ruleset = rulesets.get("cards")
    seed = 7014
    controller = TurnController(ruleset, load_scenario(default_map_for("cards")), seed)
    players = {i: ai.make("random", seed * 31 + i) for i in range(2)}   # as `simulate` does
    while not controller.over:
        s = controller.state
        for action in controller.legal_actions():
            assert ruleset.explain_illegal(s, action, controller.geo) is None, action.label
        controller.apply(players[controller.current_player()].choose(controller))
    assert controller.state.result["reason"]
