"""`cards`: card-activated skirmish of small frontier units (rules/cards.md, seed 003).

This module holds the flow and the Ruleset contract; each rule lives in its own module:
profiles, officers and talents (profile.py), the deck (deck.py), activation and charges
(activation.py), base contact and melee groups (contact.py), melee steps 1-4 (melee.py),
steps 5-6 and the survivors' free move (aftermath.py), the reaction test (reaction.py), forced
moves away (retreat.py), removing and moving figures (figures.py), exact odds (odds.py), the
greedy AI's judgement (evaluation.py), answers remembered per position for the listing and the
AI (memo.py).

The flow, as phases:
- `draw`: a card is drawn. Drawing is pure chance, so it is an automatic step (an `auto`
  action the turn controller applies without asking anyone, left out of replays since the
  seed reproduces it), not a click by the player whose turn it is: nobody has a choice to
  make, and only the Dice may shuffle. A unit card hands the turn to its owner; Morale tests
  every unit below half strength; End of turn ends the round (after 6 rounds, the battle).
- `activate`: the units of the card's type act, one after another, in the order their owner
  picks.
- `melee`: every group of touching units fights, step by step, until no opposing figures
  touch; only then is the next card drawn.

Hooks for the client beyond the contract: `deck_view(state)` (the card in play, the cards drawn
this round, the cards left), `melee_round_odds(state, geo)` (exact losses of one round),
`withheld(state, geo)` (why an expected choice is not offered), `move_allowance`,
`status_help`, `overlay_ranges`.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import BattleStarted, Event, Note, StatusChanged
from game.core.geometry import Geometry
from game.core.i18n import join, msg
from game.core.state import GameState, Scenario
from game.core.text import count
from game.rulesets.base import (
    RulesetBase,
    end_battle,
    move_unit,
    objective_holders,
    victory_breakdown,
)
from game.rulesets.cards import activation, aftermath, deck, melee, reaction, search_hooks
from game.rulesets.cards.contact import melee_groups
from game.rulesets.cards.deck import battle_rounds
from game.rulesets.cards.events import RoundStarted
from game.rulesets.cards.profile import below_half_strength
from game.rulesets.cards.reaction import STATUS_SHAKEN
from game.rulesets.cards.setup import build_game

AUTO = "auto"
RULE_ROUNDS = msg("End of turn card: the round ends, all cards are shuffled back (cards)")
RULE_MORALE = msg("Morale card: every unit below half strength takes a reaction test (cards)")
RULE_SETUP = msg("Set-up")
#: Each phase's name (the client's top bar, `phase_name`): a card is drawn, its units activate,
#: then any melee is fought (the log tells the cards and the melee rounds, not the phases).
PHASE_NAMES = {"draw": msg("Draw"), "activate": msg("Activation"), "melee": msg("Melee")}


class CardsRuleset(RulesetBase):
    battle_rounds = staticmethod(battle_rounds)
    id = "cards"
    # the searcher's hooks (search_hooks.py; game.ai reads them with getattr)
    reach_odds = staticmethod(search_hooks.reach_odds)
    determinize = staticmethod(search_hooks.determinize)
    greedy_decides = search_hooks.GREEDY_DECIDES
    turn_horizons = search_hooks.TURN_HORIZONS
    last_round_turn_rounds = search_hooks.LAST_ROUND_TURN_ROUNDS
    name = msg("Cards: card activation and melee rounds until no one touches")
    last_side_reason = msg("only one side has figures on the table")
    phase_names = PHASE_NAMES
    #: Rings round the selected unit in the client: the officer's reach for reaction tests,
    #: and 1" (Fierce; the survivors' free move keeps that far from the enemy).
    overlay_ranges = ((6.0, msg("officer 6\"")), (1.0, "1\""))
    status_help = {
        "shaken": (msg("SHK"), msg("Shaken: it fled a melee; it cannot charge and its next "
                                   "activation only rallies.")),
        "officer": (msg("OFF"), msg("Officer: gives +1 to reaction tests within 6\" and the "
                                    "unit's talents while alive.")),
    }

    # --- contract ------------------------------------------------------------------------------
    def new_game(self, scenario: Scenario, seed: int, forces: list[str] | None = None) -> GameState:
        return build_game(self.id, scenario, seed, forces)

    def start_events(self, s: GameState) -> list[Event]:
        return [BattleStarted(rule=RULE_SETUP, ruleset=msg("cards"), sides=tuple(x.name for x in s.sides)),
                RoundStarted(rule=RULE_ROUNDS, round=s.round, rounds=battle_rounds(s.scenario))]

    def current_player(self, s: GameState) -> int | None:
        if s.over:
            return None
        if s.phase == "melee":
            stage = s.pending["melee"]["stage"]
            if stage == "casualties":
                return s.units[melee.casualty_chooser(s)].side
            if stage == "free_move":
                return s.units[s.pending["melee"]["free"][0]].side
        return s.active

    def legal_actions(self, s: GameState, geo: Geometry) -> list[Action]:
        if s.over:
            return []
        if s.phase == "draw":
            return [Action("draw", option=AUTO, label=msg("Draw a card"))]
        if s.phase == "activate":
            return activation.activation_actions(s, geo)
        if s.phase == "melee":
            return self._melee_actions(s, geo)
        return []

    def why_illegal(self, s: GameState, a: Action, geo: Geometry) -> str | None:
        if s.phase == "draw":
            return None if a.kind == "draw" else msg(
                "A card must be drawn first (no opposing figures touch: the next card is drawn)")
        if s.phase == "activate":
            return activation.activation_problem(s, geo, a)
        if s.phase == "melee":
            return self._melee_problem(s, a, geo)
        return msg("No action is possible in the {phase} phase",
                   phase=self.phase_name(s.phase))

    def act(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        return getattr(self, f"_do_{s.phase}")(s, a, geo, dice)

    def score(self, s: GameState, geo: Geometry | None = None) -> tuple[float, ...]:
        if s.over:
            return tuple(s.result["points"])
        holders = objective_holders(s, geo) if geo else []
        return tuple(float(r["points"]) for r in victory_breakdown(s, holders))

    # --- optional hooks: the client, the CLI and the AI ------------------------------------------
    def action_value(self, s: GameState, a: Action, geo: Geometry) -> float:
        """Expected points this action gains for the side taking it (the greedy AI's view)."""
        from game.rulesets.cards.evaluation import action_value

        return action_value(s, a, geo)

    def withheld(self, s: GameState, geo: Geometry) -> list[str]:
        """Plain-words reasons why choices one might expect are not offered now (a charge on a
        unit in range that no figure can reach), for the log and the decision panel."""
        if s.phase != "activate":
            return []
        return activation.withheld(s, geo)

    def deck_view(self, s: GameState) -> dict:
        """The card in play, the cards drawn this round and those still in the deck."""
        return deck.deck_view(s)

    def info_panel(self, s: GameState, geo: Geometry) -> list[tuple[str, list[str]]]:
        """For the client's info box: the deck (card in play, drawn, still in the deck) and,
        during a melee, the exact odds of the coming round."""
        view = deck.deck_view(s)
        card = view["card"]["label"] if view["card"] else msg("none yet")
        drawn = join(c["label"] for c in view["drawn"]) or msg("none")
        remaining = join(c["label"] for c in view["remaining"]) or msg("none")
        sections = [(msg("Deck, round {round}", round=view["round"]), [
            msg("Card in play: {card}", card=card),
            msg("Drawn: {cards}", cards=drawn),
            msg("Still in the deck: {cards}", cards=remaining),
        ])]
        if s.pending.get("melee") and s.pending["melee"].get("stage") in ("choose", "round"):
            odds = melee.round_odds(s, geo)
            lines = [msg("{side} loses {expected:.2f} figures on average", side=s.sides[side].name,
                         expected=float(odds["expected"][side])) for side in odds["sides"]]
            for side, p in odds.get("tests", {}).items():
                lines.append(msg("{side} loses more (reaction test): {chance:.0%}",
                                 side=s.sides[side].name, chance=float(p)))
            if "equal" in odds:
                lines.append(msg("Equal losses (no test): {chance:.0%}",
                                 chance=float(odds["equal"])))
            sections.append((msg("This melee round, exact odds"), lines))
        withheld = self.withheld(s, geo)
        if withheld:  # offered means legal: what is not offered says why
            sections.append((msg("Charges not possible"), withheld))
        return sections

    def melee_round_odds(self, s: GameState, geo: Geometry, units: list[str] | None = None
                         ) -> dict:
        """Exact odds of one melee round (steps 2-4) of the melee in progress (or of `units`,
        or of the first group of touching units): see melee.round_odds."""
        return melee.round_odds(s, geo, units)

    def melee_odds(self, attacker: str, defender: str, attacker_gear: list[str],
                   defender_gear: list[str], charging: bool) -> dict:
        """One figure of `attacker` striking `defender` (profile ids): the chance of each number
        of casualties. Gear: `fierce` (2 dice), `inspiring` (the defender re-rolls one failed
        defence die). Charging changes nothing in this ruleset."""
        from game.rulesets.cards.odds import one_figure_attack
        from game.rulesets.cards.profile import FIERCE, INSPIRING, cards_data

        data = cards_data()
        a = data.profiles[attacker].stats
        d = data.profiles[defender].stats
        dist = one_figure_attack(a["Aggression"], d["Defence"], 2 if FIERCE in attacker_gear else 1,
                                 INSPIRING in defender_gear)
        return {count(k, "casualty"): p for k, p in sorted(dist.items())}

    def move_allowance(self, s: GameState, a: Action) -> float | None:
        if a.kind == "move" and a.unit in s.units:
            return activation.allowance(s, a.unit)
        if a.kind == "free_move":
            return aftermath.FREE_MOVE
        return None

    # --- draw ----------------------------------------------------------------------------------
    def _do_draw(self, s, a, geo, dice):
        card, events = deck.draw(s, dice)
        if card == deck.END:
            return events + self._end_round(s, geo)
        if card == deck.MORALE:
            return events + self._morale(s, geo, dice)
        units = deck.units_for(s, card)
        if not units:
            return events + [Note(rule=deck.RULE_DRAW, text=msg("no unit of this type is left"))]
        s.active = deck.card_side_kind(card)[0]
        s.phase = "activate"
        s.pending["activation"] = {"card": card, "units": units}
        return events

    def _end_round(self, s, geo) -> list[Event]:
        ended = self.next_round(s, geo)
        if ended:
            return ended
        deck.reset(s)
        return [RoundStarted(rule=RULE_ROUNDS, round=s.round, rounds=battle_rounds(s.scenario))]

    def _morale(self, s, geo, dice) -> list[Event]:
        """Every unit below half strength tests; not in a melee, so no contact deaths: Recoil
        and Flight move it a full move away from the nearest enemy unit."""
        events: list[Event] = []
        testing = [u.id for u in s.units.values() if below_half_strength(s, u.id)]
        if not testing:
            return [Note(rule=RULE_MORALE, text=msg("no unit is below half strength"))]
        for unit_id in testing:
            if not s.unit_alive(unit_id):
                continue
            result, tested, _ = reaction.take_test(s, geo, dice, unit_id)
            events.extend(tested)
            side = s.units[unit_id].side
            enemies = s.enemy_units(side)
            nearest = min(enemies, key=lambda e: geo.unit_distance(s, unit_id, e.id),
                          default=None)
            events.extend(reaction.apply_result(s, geo, dice, unit_id, result,
                                                [nearest.id] if nearest else [], False))
        return events

    # --- activation ----------------------------------------------------------------------------
    def _do_activate(self, s, a, geo, dice):
        unit = s.units[a.unit]
        s.pending["activation"]["units"].remove(a.unit)
        if a.kind == "rally":
            unit.flags.pop("shaken", None)
            events: list[Event] = [StatusChanged(rule=activation.RULE_RALLY, unit=unit.id,
                                                 unit_name=unit.name, status=STATUS_SHAKEN,
                                                 gained=False)]
        elif a.kind == "stay":
            events = [Note(rule=activation.RULE_ACTIVATE,
                           text=msg("{unit} stays where it is", unit=unit.name))]
        else:
            dest = a.destinations()
            touched = activation.ends_in_contact(s, geo, a.unit, dest)
            how = (msg("charges {targets}", targets=join(s.units[t].name for t in touched))
                   if touched else msg("moves"))
            rule = activation.RULE_CHARGE if touched else activation.RULE_ACTIVATE
            events = [move_unit(s, a.unit, dest, how, rule)]
        if not activation.waiting_units(s):
            s.pending["activation"] = None
            events.extend(self._next_melee(s, geo))
        return events

    # --- melee ---------------------------------------------------------------------------------
    def _next_melee(self, s, geo) -> list[Event]:
        """Any opposing figures touching fight a melee before the next card is drawn."""
        groups = melee_groups(s, geo)
        if groups:
            return melee.start(s, groups[0])
        s.phase = "draw"
        s.pending["melee"] = None
        return []

    def _melee_actions(self, s, geo):
        m = s.pending["melee"]
        stage = m["stage"]
        if stage == "choose":
            out = [Action("fight", label=msg("Fight the melee"))]
            if melee.decline_moves(s, geo) is not None:
                out.append(Action("decline", label=msg("No melee: step back 1\" apart [added]")))
            return out
        if stage == "round":
            return [Action("melee_round", option=AUTO,
                           label=msg("Melee round {round}", round=m["round"]))]
        if stage == "casualties":
            return melee.casualty_actions(s)
        if stage == "free_move":
            return aftermath.free_move_actions(s, geo)
        return []

    def _melee_problem(self, s, a, geo):
        m = s.pending["melee"]
        stage = m["stage"]
        if stage == "choose":
            if a.kind == "fight":
                return None
            if a.kind == "decline":
                if melee.decline_moves(s, geo) is None:
                    return msg("No room to step back 1\" apart: this melee must be fought "
                               "(the contacting figures must step back 1\" to decline)")
                return None
            return msg("A melee must be resolved first: the player who carried out the card's "
                       "actions chooses whether it is fought (step 1)")
        if stage == "round":
            return None if a.kind == "melee_round" else msg(
                "The melee goes on: both sides are in base contact again (step 6)")
        if stage == "casualties":
            return melee.casualty_problem(s, a)
        if stage == "free_move":
            return aftermath.free_move_problem_for(s, geo, a)
        return msg("No action is possible at the melee's {stage} stage", stage=stage)

    def _do_melee(self, s, a, geo, dice):
        stage = s.pending["melee"]["stage"]
        if stage == "choose":
            if a.kind == "decline":
                events = melee.decline(s, geo)
            else:
                s.pending["melee"]["stage"] = "round"
                return [Note(rule=melee.RULE_CHOOSE,
                             text=msg("{side} chooses to fight", side=s.sides[s.active].name))]
        elif stage == "round":
            events = melee.fight_round(s, geo, dice)
        elif stage == "casualties":
            events = melee.remove_casualty(s, a)
        else:
            events = aftermath.free_move(s, geo, a)
        if s.pending.get("melee") and s.pending["melee"]["stage"] == "reaction":
            events.extend(aftermath.after_casualties(s, geo, dice))   # steps 5 and 6
        if s.pending.get("melee") is None:
            events.extend(self._next_melee(s, geo))
        return events

    def finish(self, s, geo, reason):
        return end_battle(s, geo, reason)


RULESET = CardsRuleset()
