"""Cards positions where a strong player sees the right move and greedy does not, shown sound
over many lines of play (`clear_gain`: the strong move's paired gain at least two standard
errors, every deal of the hidden cards weighed alike), and the search plays them. All stand
in the battle's last round, where the End card ends the battle with what it finds.

Two are about the objective, and what greedy's value of a move cannot see: a move is worth to
greedy half the objective's points when its own side comes to hold it
(`evaluation.position_value`), nothing when it only takes the enemy's hold away, and nothing
when it takes the objective only together with another unit's move still to come. A strong
player counts the enemy's 3 points as much as its own, and plans the card's units together.

The third is about a charge greedy judges by its first round: greedy values a charge by one
round's odds with the figures the charge brings into contact, but the melee goes on with
every figure moved back into contact, so a charge on the end of a stronger unit's column
fights the whole unit from the second round on.

Each position has two tests: that it is sound, and that the search plays the strong move."""

from tests.ai.positions.common import clear_gain, search_plays_strong

#: The round's undrawn cards, in both orders, hidden from the players: the Rangers' card (they
#: hold the objective and may charge) before or after the End card.
ORDERS = (("unit:1:rangers", "end"), ("end", "unit:1:rangers"))


def _last_round(units, rangers, order):
    """The last round (6th of 6), side 0's Regulars card: its `units` ((x, figures) each)
    stand in columns from y = 20; 6 Militia stand 7.0-7.1" to the south (beyond a 6"
    charge: the nearest enemy, one the Regulars can beat); `rangers` Rangers hold the
    objective at (17, 22), 7.5-9.5" east (beyond a charge too). The cards left: `order`."""
    from tests.ai.positions.common import objective_at
    from tests.rulesets.cards.battle import DRAW, Battle, column, stack_deck, stand

    b = Battle([("Column", "garrison_column", ["regulars"] * len(units)),
                ("War Party", "frontier_war_party", ["rangers", "militia"])])
    for index, (x, figures) in enumerate(units):
        stand(b, f"s0u{index}", column(x, 20.0, figures))
    stand(b, "s1u0", column(19.5, 20.5, rangers))
    stand(b, "s1u1", column(10.0, 6.0, 6))
    b.geo = objective_at(b.state, 17.0, 22.0, rounds=6)
    stack_deck(b, "unit:0:regulars", *order)
    b.apply(DRAW)
    return b.ruleset, b.state, b.geo


def _takes_theirs_away(ruleset, state, geo):
    """The strong moves: those after which side 1 no longer holds the objective (the move
    played on a copy)."""
    from game.ai.playout import Playout
    from game.core.dice import Dice
    from game.rulesets.base import objective_holders

    def denies(action):
        play = Playout(ruleset, state.copy(), geo, Dice(0))
        play.take_automatic_steps()
        play.apply(action)
        return objective_holders(play.state, geo)[0] != 1

    return denies


def _contest(order):
    """One unit of 4 Regulars against 4 Rangers on the objective: it cannot take it, but 4
    figures against 4 leave nobody holding it. Greedy's move toward the Militia (0.84 of a
    point to greedy: the ground closed) leaves the Rangers their 3 points; the move onto the
    objective is worth -0.14 to greedy (no hold of its own, the Rangers' reach)."""
    return _last_round([(10.0, 4)], 4, order)


def test_cards_contesting_the_objective_it_cannot_take_beats_greedys_move():
    """Over 200 lines of each deal: +1.04 +- 0.52 points a line when the Rangers' card comes
    first (they charge the Regulars on the objective: the melee decides it), +3.00 +- 0.00
    when the End comes first; +2.02 +- 0.26 over both."""
    positions = [_contest(order) for order in ORDERS]
    greedy_first, gains = clear_gain(positions, 0, _takes_theirs_away(*positions[0]))
    assert greedy_first.kind == "move" and greedy_first.option != "charge"
    assert all(mean > 1.5 for mean, _ in gains.values()), gains


def search_plays_strong_on_either_deal(build, strong, orders=ORDERS):
    """The search's first decision is the same on both deals (it reads no hidden card) and a
    strong move; played out where the End comes first (`orders[1]`), its play ends better
    than greedy's (`search_plays_strong`, seeded dice)."""
    from game.ai.search import SearchAgent
    from tests.ai.positions.common import first_decision

    ends_first = build(orders[1])
    _, search_first = search_plays_strong(*ends_first, 0, strong(*ends_first))
    assert first_decision(*build(orders[0]), SearchAgent(0, budget=None)) == search_first


def test_cards_search_contests_the_objective_it_cannot_take():
    search_plays_strong_on_either_deal(_contest, _takes_theirs_away)


def _two_units(order):
    """Two units of 2 Regulars on the one card, 3 Rangers on the objective: either unit alone
    on it is 2 figures against 3, worth -0.12 and -0.34 to greedy, who moves the first
    toward the Militia (0.79), then the second too; both on it are 4 against 3, and the
    objective changes hands (6 points of margin if the End comes first)."""
    return _last_round([(9.0, 2), (11.0, 2)], 3, order)


def _onto_the_objective(ruleset, state, geo):
    """The strong moves: a unit's move that ends with every figure of it within the
    objective's 3" (the move played on a copy)."""
    from game.ai.playout import Playout
    from game.core.dice import Dice
    from game.rulesets.base import OBJECTIVE_RANGE

    hill = state.scenario.objectives[0]

    def onto(action):
        if action.kind != "move":
            return False
        play = Playout(ruleset, state.copy(), geo, Dice(0))
        play.take_automatic_steps()
        play.apply(action)
        return all(geo.point_distance(m, (hill.x, hill.y)) <= OBJECTIVE_RANGE
                   for m in play.state.alive_models(action.unit))

    return onto


def test_cards_two_units_of_one_card_taking_the_objective_together_beat_greedys_move():
    """Over 200 lines of each deal, either unit moving onto the objective first (greedy
    brings the second after it): -0.47 +- 0.38 points a line when the Rangers' card comes
    first (they charge the two small units), +6.00 +- 0.00 when the End comes first; +2.77 +-
    0.19 over both."""
    positions = [_two_units(order) for order in ORDERS]
    greedy_first, gains = clear_gain(positions, 0, _onto_the_objective(*positions[0]))
    assert greedy_first.kind == "move" and greedy_first.option != "charge"
    assert len(gains) == 2 and all(mean > 2.0 for mean, _ in gains.values()), gains


def test_cards_search_takes_the_objective_with_both_units_of_the_card():
    search_plays_strong_on_either_deal(_two_units, _onto_the_objective)


#: The round's undrawn cards when the Grenadiers are the enemy: their card before or after
#: the End card.
GRENADIER_ORDERS = (("unit:1:grenadiers", "end"), ("end", "unit:1:grenadiers"))


def _the_grenadiers_end(order):
    """The last round, the Regulars' card: 5 Regulars in a column whose head is level with
    the southern end of 6 Grenadiers (Elite, 3+ to hit, a Fierce Captain) in a column 3" east.
    The charge offered brings 4 Regulars against the Grenadiers' last 2 figures: one round
    at 4 against 2 is worth +0.23 a round to greedy (+0.61 with the ground closed), so it
    charges. But a melee goes on round after round with every figure moved back into contact
    (the seed's step 6), and on the last card it runs until a side is gone: from the second
    round on the Regulars fight the whole company. `order`: the undrawn cards."""
    from tests.rulesets.cards.battle import DRAW, TOUCH, Battle, column, stack_deck, stand

    b = Battle([("Column", "garrison_column", ["regulars"]),
                ("War Party", "frontier_war_party", ["grenadiers"])])
    stand(b, "s0u0", column(10.0, 22.5, 5))
    stand(b, "s1u0", column(10.0 + TOUCH + 3.0, 15.7, 6))
    b.state.round = 6
    stack_deck(b, "unit:0:regulars", *order)
    b.apply(DRAW)
    return b.ruleset, b.state, b.geo


def _no_nearer(ruleset, state, geo):
    """The strong moves: staying, or a move (not a charge) that ends no nearer the
    Grenadiers."""
    from game.rulesets.base import moved_view

    now = geo.unit_distance(state, "s0u0", "s1u0")

    def keeps_off(action):
        if action.kind == "stay":
            return True
        return action.kind == "move" and action.option != "charge" and geo.unit_distance(
            moved_view(state, action), "s0u0", "s1u0") >= now

    return keeps_off


def test_cards_keeping_off_the_grenadiers_end_beats_greedys_charge():
    """Over 200 lines of each deal: the move away +4.21 +- 0.30 points a line when the
    Grenadiers' card comes first (staying +0.98 +- 0.43: they charge it then), +3.55 +- 0.30
    when the End comes first (staying the same); +3.88 +- 0.21 and +2.26 +- 0.26 over both.
    (The move toward them is no strong move: -0.26 +- 0.35 when their card comes first.)"""
    positions = [_the_grenadiers_end(order) for order in GRENADIER_ORDERS]
    greedy_first, gains = clear_gain(positions, 0, _no_nearer(*positions[0]))
    assert greedy_first.option == "charge"
    assert all(mean > 2.0 for mean, _ in gains.values()), gains


def test_cards_search_keeps_off_the_grenadiers_end():
    search_plays_strong_on_either_deal(_the_grenadiers_end, _no_nearer, GRENADIER_ORDERS)
