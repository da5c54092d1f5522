"""`benchmarks.ai_potential`: the best candidate chosen on the even playouts, judged on the
odd ones, so that the figure is not the best of several noisy means."""

from benchmarks import ai_potential


def test_the_best_is_chosen_on_even_playouts_and_judged_on_odd_ones(monkeypatch):
    """Scripted margins by (action, playout): "lucky" looks best on the even playouts (+10)
    and is worth nothing on the odd ones; "steady" gains +2 on every playout. The held-out
    best is "lucky", whose held-out gain is 0, not the +10 a best-of-means would report."""
    script = {"greedy": [0, 0, 0, 0], "lucky": [10, 0, 10, 0], "steady": [2, 2, 2, 2]}
    seeds = [7919 * k + 17 for k in range(4)]
    monkeypatch.setattr(ai_potential, "play_out",
                        lambda ruleset, state, geo, action, seed, side:
                        script[action][seeds.index(seed)])
    row = ai_potential.judge(None, None, None, ["greedy", "lucky", "steady"], 0, 4)
    assert row["gains"] == [0, 5, 2]
    assert row["best"] == 1 and row["best_held_out"] == 0


def test_greedy_best_on_even_playouts_holds_out_nothing(monkeypatch):
    script = {"greedy": [0, 0, 0, 0], "worse": [-1, 3, -1, 3]}
    seeds = [7919 * k + 17 for k in range(4)]
    monkeypatch.setattr(ai_potential, "play_out",
                        lambda ruleset, state, geo, action, seed, side:
                        script[action][seeds.index(seed)])
    row = ai_potential.judge(None, None, None, ["greedy", "worse"], 0, 4)
    assert row["best"] == 0 and row["best_held_out"] == 0 and row["spread"] == 0.0


def test_a_real_decision_played_out_twice_with_the_same_action_gains_nothing():
    """Two copies of greedy's choice in a real ranks position: the same keyed dice give the
    same margins, so every gain is exactly 0."""
    from game import ai, rulesets
    from game.io.tmx import default_map_for, load_scenario
    from game.sim import battle_forces
    from game.turn import TurnController

    ruleset = rulesets.get("ranks")
    scenario = load_scenario(default_map_for("ranks"))
    controller = TurnController(ruleset, scenario, 0, battle_forces(ruleset, 2, scenario))
    action = ai.make("greedy", 0).choose(controller)
    row = ai_potential.judge(ruleset, controller.state, controller.geo, [action, action], 0, 2)
    assert row["gains"] == [0, 0] and row["best"] == 0
