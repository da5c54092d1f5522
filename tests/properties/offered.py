"""Guarantee 2 of the referee (issue 10), shared by the rulesets' play properties: on a state
reached in play, nothing `legal_actions` offers is refused, every offer applies on a copy, and
any other action that `explain_illegal` accepts (sampled placements a player could drag) is
playable too and puts the figures where it says."""

from game.core.dice import Dice


def assert_offers_apply(ruleset, state, geo, seed: int, offered=None) -> int:
    """Every offered action (`offered`, else `legal_actions`) passes `explain_illegal` and
    applies on a copy (the original is left as it was). Returns how many were offered."""
    if offered is None:
        offered = ruleset.legal_actions(state, geo)
    snapshot = repr(state)
    for action in offered:
        problem = ruleset.explain_illegal(state, action, geo)
        assert problem is None, f"offered but refused: {action.label or action.to_text()}: {problem}"
        ruleset.apply(state.copy(), action, geo, Dice(seed))
    assert repr(state) == snapshot
    return len(offered)


def assert_accepted_apply(ruleset, state, geo, candidates, seed: int) -> int:
    """Each candidate that `explain_illegal` accepts applies on a copy without a refusal, and a
    move ends with its figures at the placement. Returns how many were accepted."""
    accepted = 0
    for action in candidates:
        if ruleset.explain_illegal(state, action, geo) is not None:
            continue
        accepted += 1
        trial = state.copy()
        ruleset.apply(trial, action, geo, Dice(seed))
        if action.kind == "move":
            for mid, x, y in action.placement:
                model = trial.models[mid]
                assert (model.x, model.y) == (x, y), (action.to_text(), mid)
    return accepted
