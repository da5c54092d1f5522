"""The seed's melee (rules/cards.md, "Melee steps"), played through once with scripted dice,
from the card to the next card: the oracle of the whole sequence. Plus the spec's reaction
table, verbatim, as an oracle of the [added] reaction test.

Column (side 0): 4 Grenadiers (Captain, Fierce; Aggression 3+, Defence 4+, Elite).
War Party (side 1): 4 Militia (Aggression 5+, Defence 5+, Militia) facing them 3" away, and a
Settler unit far off (so that the battle goes on when the Militia are gone).
"""

from game.core.actions import Action, make_placement
from game.core.events import Casualty, DiceRolled, UnitMoved
from game.rulesets.cards import melee
from game.rulesets.cards.contact import any_contact, contact_pairs
from game.rulesets.cards.events import MeleeRoundFought, ReactionTested, RoundStarted
from game.rulesets.cards.reaction import result_for
from tests.rulesets.cards.battle import (
    DRAW,
    FIGHT,
    ROUND,
    STEP,
    TOUCH,
    Battle,
    alive,
    column,
    stack_deck,
    stand,
)

SPEC_TABLE = """
| discipline | Rout | Flight | Recoil | None |
|---|---|---|---|---|
| Elite | ≤0 | 1 | 2 | 3+ |
| Regular | ≤0 | 1–2 | 3 | 4+ |
| Irregular | ≤1 | 2 | 3–4 | 5+ |
| Militia | ≤1 | 2–3 | 4–5 | 6+ |
"""


def bands(cell: str) -> range:
    cell = cell.strip()
    if cell.startswith("≤"):
        return range(-10, int(cell[1:]) + 1)
    if cell.endswith("+"):
        return range(int(cell[:-1]), 20)
    low, _, high = cell.partition("–")
    return range(int(low), int(high or low) + 1)


def test_the_spec_reaction_table_verbatim():
    rows = [line.strip("|").split("|") for line in SPEC_TABLE.strip().splitlines()[2:]]
    for discipline, *cells in rows:
        for result, cell in zip(("rout", "flight", "recoil", "none"), cells, strict=True):
            for total in bands(cell):
                assert result_for(discipline.strip(), total) == result, (discipline, total)


def set_up():
    b = Battle([("Column", "garrison_column", ["grenadiers"]),
                ("War Party", "frontier_war_party", ["militia", "settlers"])])
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(13.0 + TOUCH, 10.0, 3) + [(13.0 + TOUCH + STEP, 10.0)])
    stand(b, "s1u1", column(44.0, 40.0, 4))
    stack_deck(b, "unit:0:grenadiers", "end")
    return b


def test_a_melee_from_the_charge_to_the_next_card():
    b = set_up()
    s = b.state
    # The card: the Grenadiers activate; a move ending in base contact is a charge (3" east).
    b.apply(DRAW)
    charge = Action("move", "s0u0", placement=make_placement(
        {m.id: (m.x + 3.0, m.y) for m in s.alive_models("s0u0")}))
    assert b.why(charge) is None
    b.apply(charge)
    assert s.phase == "melee" and len(contact_pairs(s, b.geo)) == 3

    # Step 1: the Column (who played the card) chooses; the exact odds are there to see.
    odds = b.ruleset.melee_round_odds(s, b.geo)
    assert sum(odds["joint"].values()) == 1 and odds["expected"][1] > odds["expected"][0]
    b.apply(FIGHT)

    # Steps 2-4 of round 1. Grenadiers: the 3rd figure is 1.4" from the Captain (1 die); the
    # Captain and the 2nd roll 2 dice each (Fierce) -- rolled separately. Militia: 3 dice.
    events = b.apply(ROUND,
                     3,                 # Grenadier 3: hit (3+)
                     1, 2, 5, 6,        # Captain and Grenadier 2, Fierce: 2 hits
                     5, 1, 1,           # Militia: 1 hit
                     2,                 # Grenadiers' defence: fails (4+)
                     5, 1, 2)           # Militia's defence: 1 blocked, 2 through
    attacks = [e for e in events if isinstance(e, DiceRolled) and e.rule == melee.RULE_ATTACKS]
    assert [(e.who, len(e.values), e.outcome) for e in attacks] == [
        ("Grenadiers", 1, "1 hit"), ("Grenadiers", 4, "2 hits"), ("Militia", 3, "1 hit")]
    assert not [e for e in events if isinstance(e, Casualty)]   # nobody removed yet
    # Step 4: each owner picks among its figures in base contact, the Column first.
    assert s.pending["melee"]["choose"] == {"s0u0": 1, "s1u0": 2}
    assert b.ruleset.current_player(s) == 0
    b.apply(Action("remove", "s0u0", targets=("s0u0m2",)))     # the Captain is spared
    assert b.ruleset.current_player(s) == 1
    b.apply(Action("remove", "s1u0", targets=("s1u0m0",)))
    # Step 5: the War Party lost more (2 to 1): the Militia test (2 figures left: no
    # modifier); 6 = None. Step 6: both sides still have figures: back into contact, the
    # Column (winner) first, then round 2.
    events = b.apply(Action("remove", "s1u0", targets=("s1u0m1",)), 6)
    summary = next(e for e in events if isinstance(e, MeleeRoundFought))
    assert summary.losses == (1, 2) and summary.tester == "War Party"
    test = next(e for e in events if isinstance(e, ReactionTested))
    assert (test.total, test.result) == (6, "None")
    movers = [e.unit for e in events if isinstance(e, UnitMoved)]
    assert movers[0] == "s0u0"
    assert s.pending["melee"]["round"] == 2 and any_contact(s, b.geo)

    # Round 2: Fierce is spent; every Grenadier in contact hits, every Militia misses, the
    # Militia's defence fails: the Militia are wiped out (hits beyond them are ignored).
    plan = melee.round_plan(s, b.geo, s.pending["melee"]["units"])
    assert all(g.dice_each == 1 for g in plan.groups)
    ours = sum(g.dice for g in plan.groups if g.unit == "s0u0")
    theirs = sum(g.dice for g in plan.groups if g.unit == "s1u0")
    assert ours >= 2 and theirs == 2
    b.apply(ROUND, *[6] * ours, *[1] * theirs, *[1] * ours)
    assert not s.unit_alive("s1u0")
    # Step 6: one side has lost all its figures: the survivors may move 2", not within 1".
    assert s.pending["melee"]["stage"] == "free_move"
    assert b.ruleset.current_player(s) == 0
    b.apply(Action("free_move", "s0u0"))
    # No one touches any more: the next card is drawn (End of turn: round 2 begins).
    assert s.phase == "draw"
    events = b.apply(DRAW)
    assert any(isinstance(e, RoundStarted) and e.round == 2 for e in events)
    assert alive(b, "s0u0") == ["s0u0m0", "s0u0m1", "s0u0m3"]
