"""The challenge sub-phase (rules/legions.md, "Challenge sub-phase"; the seed's Paragon type and
Champion sub-type), between the charge and the fight sub-phases.

In each combat, at most one challenge per phase. A character (characters.py: a Paragon, a
Champion, an Officer = Command model) of a unit in the combat may issue one; the active player
is asked first, then the other ([added] order); a challenge declared as a reaction (charge step
4, reactions.py) is issued first, by the charged unit's character, and cannot be withdrawn.
The challenged player accepts with one of its characters in the combat, or refuses: then the
challenger picks one of those characters, which is Disgraced (WS and Ld halved this phase,
rounded up [added]; checks.characteristic) and the combat has had its challenge.

An accepted challenge is played in four steps:
- **Face-off**: each duellist takes a stance and declares the weapon profile it fights with
  (the challenger first, [added] order). Stances [added, our three]: Aggressive (+1 A, -1
  focus), Guarded (-1 A, at least 1; the enemy -1 to hit, [added] never worse than 6+),
  Feint (+1 focus).
- **Focus**: D6 + I; Heavy -1, Light +1 (the declared profile's traits), -1 per wound lost,
  +X for Duellist's Edge (X); the higher has the advantage: it strikes first with +1 A; a tie
  is rolled again.
- **Strike**: as in the fight (the WS chart, the S - T chart, a save per wound, D per unsaved
  wound), only between the two; the second strikes back if it still stands. The two are not
  part of the general fight of this phase (fight.standing, wounds.takers).
- **Glory**: a kill scores resolution points equal to the slain model's base W, +1 for a
  Paragon or Command model; if both live, the one that inflicted more wounds scores that many.
  The slain duellist is removed at once by the challenge, not at the fight's step 10: it is not
  also a casualty "removed in this fight sub-phase" (the same kill never counts twice).
[added] A challenge lasts this phase only: next phase the characters may challenge again.

The sub-phase in progress is `s.pending["challenge"]`; the phase's duels are the duel book
(characters.duel_book), read by the fight and by the resolution (`characters.challenge_points`).
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import Event, Note, PhaseStarted
from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.state import GameState, Model
from game.core.text import count
from game.rulesets.legions import reactions
from game.rulesets.legions.characters import RULE_CHARACTERS, duel_book, eligible, glory_value
from game.rulesets.legions.checks import RULE_DISGRACED, characteristic
from game.rulesets.legions.combat import combat_name, combats
from game.rulesets.legions.duel_choices import (
    STANCE_NAMES,
    STANCE_TEXT,
    attacks_in_duel,
    best_choice,
    choice_text,
    choices_of,
    disgrace_cost,
    focus_parts,
    hit_needed,
    likely_odds,
    likely_pair,
    net_value,
    odds,
    odds_table,
    odds_text,
    split,
    toughness,
)
from game.rulesets.legions.events import (
    ChallengeAnswered,
    ChallengeIssued,
    FocusRolled,
    GloryScored,
    ModelDisgraced,
    StanceChosen,
)
from game.rulesets.legions.phases import SUB_PHASE_NAMES
from game.rulesets.legions.profile import weapon
from game.rulesets.legions.strike_rolls import roll_to_hit, roll_to_wound
from game.rulesets.legions.wounds import new_pool, take_wound

RULE_ISSUE = msg("Challenge: a character locked in combat may challenge the enemy; one challenge "
                 "per combat per phase; the active player first ([added] order) (legions)")
RULE_ANSWER = msg("Challenge: the challenged player accepts with one of its characters in the "
                  "combat, or refuses (legions)")
RULE_REFUSED = msg("A refused challenge: the challenger picks an eligible enemy model; it is "
                   "Disgraced, WS and Ld halved this phase (legions)")
RULE_FACE_OFF = msg("Face-off: each duellist chooses a stance: Aggressive +1 A, -1 focus; Guarded "
                    "-1 A, the enemy -1 to hit; Feint +1 focus ([added] stances); and declares "
                    "its weapon profile (legions)")
RULE_FOCUS = msg("Focus: D6 + I, Heavy -1, Light +1, -1 per wound lost, +X for Duellist's Edge "
                 "(X); higher = the advantage: strikes first, +1 A; ties re-roll (legions)")
RULE_STRIKE = msg("Strike: the duellists' attacks as in the fight, only between the two; they are "
                  "not part of the general fight this phase (legions)")
RULE_GLORY = msg("Glory: a kill scores the slain model's base W, +1 if Paragon or Command; if both "
                 "live, the one that inflicted more wounds scores that many (legions)")
RULE_ONE_PER_COMBAT = msg("One challenge per combat per phase (legions)")
RULE_REACTION = reactions.RULE_CHALLENGE

KINDS = ("issue_challenge", "no_challenge", "accept_challenge", "refuse_challenge", "disgrace",
         "face_off")


# --- the sub-phase -------------------------------------------------------------------------------

def current(s: GameState) -> dict | None:
    return s.pending.get("challenge")


def start(s: GameState) -> list[Event]:
    """The challenge sub-phase begins: every combat in which both sides have models."""
    queue = [list(c) for c in combats(s) if _may_duel(s, c)]
    s.pending["challenge"] = {"queue": queue, "combat": None, "stage": "next", "order": [],
                              "forced": None, "challenger": None, "champion": None,
                              "choices": {}}
    duel_book(s)
    if not queue:
        return []
    return [PhaseStarted(rule=RULE_ISSUE, phase=SUB_PHASE_NAMES["challenge"],
                         side_name=s.sides[s.active].name)]


def _may_duel(s: GameState, combat) -> bool:
    """A combat in which a challenge could be issued: characters on two sides (or a challenge
    declared as a reaction, whose lapse the log then tells)."""
    sides = {s.units[u].side for u in combat}
    if len(sides) < 2:
        return False
    return _reaction_unit(s, combat) is not None or all(eligible(s, combat, x) for x in sides)


def challenge_sub_phase(s: GameState, geo: Geometry) -> list[Event]:
    """The hook the assault phase calls when the charges end: start the sub-phase (its
    decisions then come one by one through `actions` and `step`)."""
    return start(s)


def _other(s: GameState, c: dict, side: int) -> int:
    return next(s.units[u].side for u in c["combat"] if s.units[u].side != side)


def _reaction_unit(s: GameState, combat) -> str | None:
    """The charged unit of this combat that declared a challenge as a reaction against a
    charger that is in the combat too."""
    for unit_id, charger in s.pending.get("reactions", {}).get("challenges", []):
        if unit_id in combat and charger in combat and s.unit_alive(unit_id):
            return unit_id
    return None


def issuers(s: GameState, c: dict, side: int) -> list[Model]:
    """The side's characters that may issue the challenge now (the declared unit's only, for a
    challenge declared as a reaction); none if the enemy has no character to face them."""
    combat = c["combat"]
    if not eligible(s, combat, _other(s, c, side)):
        return []
    units = [c["forced"]] if c["forced"] else combat
    return eligible(s, units, side)


def chooser(s: GameState) -> int:
    c = current(s)
    stage = c["stage"]
    if stage == "issue" and c["order"]:
        return c["order"][0]
    if stage == "answer":
        return _other(s, c, s.models[c["challenger"]].side)
    if stage == "disgrace":
        return s.models[c["challenger"]].side
    if stage == "face_off":
        return s.models[_next_to_face_off(c)].side
    return s.active


def _next_to_face_off(c: dict) -> str:
    return c["challenger"] if c["challenger"] not in c["choices"] else c["champion"]


def actions(s: GameState, geo: Geometry) -> list[Action]:
    c = current(s)
    stage = c["stage"]
    if stage == "issue" and c["order"]:
        side = c["order"][0]
        foes = eligible(s, c["combat"], _other(s, c, side))
        out = []
        for m in issuers(s, c, side):
            likely = max(foes, key=lambda f: (net_value(s, f, m, *likely_pair(s, f, m)), f.id))
            out.append(Action("issue_challenge", m.unit, targets=(m.id,),
                              label=msg("Challenge: {model} challenges the enemy ({count} may "
                                        "accept; against {foe}: {odds})", model=m.name,
                                        count=count(len(foes), "character"), foe=likely.name,
                                        odds=odds_text(m, likely, likely_odds(s, m, likely)))))
        if not c["forced"]:
            out.append(Action("no_challenge", option=str(side),
                              label=_no_challenge(s.sides[side].name,
                                                  combat_name(s, c["combat"]))))
        return out
    if stage == "answer":
        ch = s.models[c["challenger"]]
        out = [Action("accept_challenge", m.unit, targets=(ch.id, m.id),
                      label=msg("{model} accepts the challenge of {challenger} ({odds})",
                                model=m.name, challenger=ch.name,
                                odds=odds_text(m, ch, likely_odds(s, m, ch))))
               for m in eligible(s, c["combat"], _other(s, c, ch.side))]
        out.append(Action("refuse_challenge", targets=(ch.id,),
                          label=msg("Refuse the challenge of {challenger} (it then picks one "
                                    "of your characters to be Disgraced: WS and Ld halved this "
                                    "phase)", challenger=ch.name)))
        return out
    if stage == "disgrace":
        ch = s.models[c["challenger"]]
        return [Action("disgrace", m.unit, targets=(m.id,),
                       label=msg("{challenger} names {model} Disgraced (WS {ws} -> {ws_now}, "
                                 "Ld {ld} -> {ld_now} this phase)", challenger=ch.name,
                                 model=m.name, ws=int(m.profile["WS"]),
                                 ws_now=(int(m.profile["WS"]) + 1) // 2, ld=int(m.profile["Ld"]),
                                 ld_now=(int(m.profile["Ld"]) + 1) // 2))
                for m in eligible(s, c["combat"], _other(s, c, ch.side))]
    if stage == "face_off":
        me = s.models[_next_to_face_off(c)]
        foe = s.models[c["champion"] if me.id == c["challenger"] else c["challenger"]]
        known = c["choices"].get(foe.id)
        out = []
        for choice in choices_of(me):
            if known:
                o = odds(s, me, foe, choice, known)
            else:
                o = odds(s, me, foe, choice, best_choice(s, foe, me, known_b=choice))
            out.append(Action("face_off", me.unit, targets=(me.id,), option=choice,
                              label=msg("Face-off: {model}: {choice} ({against}: {odds})",
                                        model=me.name, choice=choice_text(me, choice),
                                        against=msg("against its choice") if known
                                        else msg("if it answers best"),
                                        odds=odds_text(me, foe, o))))
        return out
    return []


def problem(s: GameState, geo: Geometry, a: Action) -> str | None:
    c = current(s)
    if a in actions(s, geo):
        return None
    stage = c["stage"]
    if a.kind in ("issue_challenge", "no_challenge") and stage == "issue":
        if a.kind == "no_challenge":
            return (msg("The challenge declared as a reaction must be issued ({rule})",
                        rule=RULE_REACTION)
                    if c["forced"] else msg("It is not that side's turn to issue a challenge"))
        return msg("That model may not issue the challenge: a character of the side now asked, "
                   "not already in a challenge, with an enemy character in the combat "
                   "({rule}; {other_rule})", rule=RULE_CHARACTERS, other_rule=RULE_ONE_PER_COMBAT)
    if a.kind == "accept_challenge" and stage == "answer":
        return msg("Only a character of the challenged side in this combat may accept ({rule})",
                   rule=RULE_ANSWER)
    if a.kind == "disgrace" and stage == "disgrace":
        return msg("Name one of the enemy characters of this combat ({rule})", rule=RULE_REFUSED)
    if a.kind == "face_off" and stage == "face_off":
        return msg("Choose a stance (Aggressive, Guarded, Feint) and a melee weapon profile the "
                   "duellist carries ({rule})", rule=RULE_FACE_OFF)
    what = {"issue": msg("issue a challenge or not"),
            "answer": msg("accept or refuse the challenge"),
            "disgrace": msg("name the Disgraced model"), "face_off": msg("choose a stance")}
    return msg("Not possible now: the challenge sub-phase waits to {what}",
               what=what.get(stage, stage))


def apply_action(s: GameState, geo: Geometry, dice: Dice, a: Action) -> list[Event]:
    c = current(s)
    if a.kind == "issue_challenge":
        m = s.models[a.targets[0]]
        c.update(stage="answer", challenger=m.id)
        return [ChallengeIssued(rule=RULE_REACTION if c["forced"] else RULE_ISSUE,
                                challenger=m.name, combat=combat_name(s, c["combat"]),
                                as_reaction=bool(c["forced"]))]
    if a.kind == "no_challenge":
        c["order"].pop(0)
        return [Note(rule=RULE_ISSUE, text=_no_challenge(s.sides[int(a.option)].name,
                                                         combat_name(s, c["combat"])))]
    if a.kind == "accept_challenge":
        m = s.models[a.targets[1]]
        c.update(stage="face_off", champion=m.id, choices={})
        book = duel_book(s)
        book["duellists"] = [*book["duellists"], c["challenger"], m.id]
        return [ChallengeAnswered(rule=RULE_ANSWER, challenger=s.models[c["challenger"]].name,
                                  champion=m.name)]
    if a.kind == "refuse_challenge":
        c["stage"] = "disgrace"
        return [ChallengeAnswered(rule=RULE_ANSWER, challenger=s.models[c["challenger"]].name)]
    if a.kind == "disgrace":
        return _disgrace(s, c, a.targets[0])
    if a.kind == "face_off":
        me = s.models[a.targets[0]]
        c["choices"][me.id] = a.option
        stance, wid, pname = split(a.option)
        w = weapon(wid)
        return [StanceChosen(rule=RULE_FACE_OFF, model=me.id, model_name=me.name,
                             stance=STANCE_NAMES[stance], effect=STANCE_TEXT[stance],
                             weapon=w.label(w.profile(pname)))]
    raise ValueError(a.kind)


def _no_challenge(side: str, combat: str) -> str:
    return msg("{side} issues no challenge in {combat}", side=side, combat=combat)


def _disgrace(s: GameState, c: dict, model_id: str) -> list[Event]:
    m = s.models[model_id]
    book = duel_book(s)
    book["disgraced"] = [*book["disgraced"], m.id]
    c["stage"] = "next"
    return [ModelDisgraced(rule=RULE_DISGRACED, model=m.id, model_name=m.name,
                           ws=characteristic(s, m, "WS"), ld=characteristic(s, m, "Ld"))]


def step(s: GameState, geo: Geometry, dice: Dice) -> list[Event] | None:
    """One automatic step of the sub-phase, or None when a decision waits. When it is over,
    `s.pending["challenge"]` is gone (the fight sub-phase comes next)."""
    c = current(s)
    stage = c["stage"]
    if stage == "next":
        if not c["queue"]:
            s.pending.pop("challenge")
            return []
        combat = c["queue"].pop(0)
        c.update(combat=combat, challenger=None, champion=None, choices={}, forced=None)
        forced = _reaction_unit(s, combat)
        if forced:
            side = s.units[forced].side
            c.update(forced=forced, order=[side], stage="issue")
            if not issuers(s, c, side):
                c.update(forced=None, order=[], stage="next")
                return [Note(rule=RULE_REACTION, text=msg(
                    "The challenge {unit} declared as a reaction lapses: no character to issue "
                    "or face it", unit=s.units[forced].name))]
            return []
        sides = sorted({s.units[u].side for u in combat}, key=lambda x: x != s.active)
        c.update(order=sides, stage="issue")
        return []
    if stage == "issue":
        while c["order"] and not issuers(s, c, c["order"][0]):
            c["order"].pop(0)
        if not c["order"]:
            c["stage"] = "next"
            return []
        offered = actions(s, geo)
        if c["forced"] and len(offered) == 1:
            return apply_action(s, geo, dice, offered[0])
        return None
    if stage == "disgrace":
        offered = actions(s, geo)
        if len(offered) == 1:
            return apply_action(s, geo, dice, offered[0])
        return None
    if stage == "face_off":
        if len(c["choices"]) < 2:
            return None
        c["stage"] = "next"
        return fight_duel(s, dice, c)
    return None


# --- focus, strike, glory ------------------------------------------------------------------------

def fight_duel(s: GameState, dice: Dice, c: dict) -> list[Event]:
    a, b = s.models[c["challenger"]], s.models[c["champion"]]
    ca, cb = c["choices"][a.id], c["choices"][b.id]
    (fa, how_a), (fb, how_b) = focus_parts(a, ca), focus_parts(b, cb)
    events: list[Event] = []
    while True:
        da = dice.d6(msg("{model} focus", model=a.name), RULE_FOCUS)
        db = dice.d6(msg("{model} focus", model=b.name), RULE_FOCUS)
        ta, tb = da + fa, db + fb
        first = a if ta > tb else b if tb > ta else None
        events.append(FocusRolled(rule=RULE_FOCUS, names=(a.name, b.name), dice=(da, db),
                                  totals=(ta, tb), how=(how_a, how_b),
                                  advantage=first.name if first else ""))
        if first is not None:
            break
    second = b if first is a else a
    choice = {a.id: ca, b.id: cb}
    dealt = {a.id: 0, b.id: 0}
    for striker, target, bonus in ((first, second, 1), (second, first, 0)):
        if not target.alive or target.wounds <= 0 or not striker.alive:
            if striker.alive:
                events.append(Note(rule=RULE_STRIKE, text=msg(
                    "{model} does not strike back: it has fallen", model=striker.name)))
            continue
        before = target.wounds
        events.extend(_strike(s, dice, striker, target, choice[striker.id],
                              choice[target.id], bonus))
        dealt[striker.id] = before - target.wounds
    events.extend(_glory(s, a, b, dealt))
    return events


def _strike(s: GameState, dice: Dice, me: Model, foe: Model, mine: str, theirs: str,
            bonus: int) -> list[Event]:
    stance, wid, pname = split(mine)
    w = weapon(wid)
    p = w.profile(pname)
    label = w.label(p)
    attacks = attacks_in_duel(s, me, stance) + bonus
    need = hit_needed(s, me, foe, split(theirs)[0])
    if bonus:
        text = msg("{attacks} with the advantage's +1 A with {weapon} at {foe} to hit",
                   attacks=count(attacks, "attack"), weapon=label, foe=foe.name)
    else:
        text = msg("{attacks} with {weapon} at {foe} to hit", attacks=count(attacks, "attack"),
                   weapon=label, foe=foe.name)
    events, hits = roll_to_hit(dice, me.name, attacks, need, RULE_STRIKE,
                               msg("{model} {weapon} to hit (challenge)", model=me.name,
                                   weapon=label), text)
    if not hits:
        return events
    strength = p.strength_for(int(me.profile["S"]))
    more, wounds = roll_to_wound(dice, me.name, hits, strength, toughness(s, foe), RULE_STRIKE,
                                 msg("{model} {weapon} to wound (challenge)", model=me.name,
                                     weapon=label))
    events += more
    if wounds is None:
        return events
    pool = new_pool(s, me.unit, foe.unit, wounds, p.ap, p.damage, label, RULE_STRIKE, attacks,
                    hits, simultaneous=False, strikers=[me])
    while pool["left"] > 0 and foe.alive:
        events.extend(take_wound(s, dice, pool, foe.id))
    return events


def _glory(s: GameState, a: Model, b: Model, dealt: dict[str, int]) -> list[Event]:
    book = duel_book(s)
    scorer, points, why = None, 0, ""
    for killer, slain in ((a, b), (b, a)):
        if not slain.alive:
            scorer, points = killer, glory_value(slain)
            if points > int(slain.profile["W"]):
                why = msg("{model} slew {foe}: its base W {w} +1 (Paragon or Command)",
                          model=killer.name, foe=slain.name, w=int(slain.profile["W"]))
            else:
                why = msg("{model} slew {foe}: its base W {w}", model=killer.name,
                          foe=slain.name, w=int(slain.profile["W"]))
    if scorer is None:
        if dealt[a.id] != dealt[b.id]:
            scorer = a if dealt[a.id] > dealt[b.id] else b
            points = dealt[scorer.id]
            why = msg("both live; {model} inflicted more wounds ({first} to {second})",
                      model=scorer.name, first=dealt[a.id], second=dealt[b.id])
        else:
            why = msg("both live, as many wounds inflicted ({n} each)", n=dealt[a.id])
    glory = {str(scorer.side): points} if scorer is not None and points else {}
    book["records"] = [*book["records"], {"models": [a.id, b.id], "units": [a.unit, b.unit],
                                          "glory": glory}]
    name = s.sides[scorer.side].name if scorer is not None else ""
    return [GloryScored(rule=RULE_GLORY, side_name=name, points=points, why=why)]


def issue_value(s: GameState, m: Model, foes: list[Model]) -> float:
    """A challenge by `m` against these possible answerers: the enemy picks its best answer,
    an acceptance by one of them or a refusal (a Disgraced model)."""
    answers = [-net_value(s, f, m, *likely_pair(s, f, m)) for f in foes]
    return min([refusal_cost(s, foes), *answers])


def refusal_cost(s: GameState, foes: list[Model]) -> float:
    """A refusal costs the refusing side the Disgraced model the challenger will pick: the one
    whose disgrace costs it most."""
    return max(disgrace_cost(s, f) for f in foes)


def reaction_value(s: GameState, geo: Geometry, a: Action) -> float:
    """The challenge declared as a reaction: if the charge reaches, the best challenge the
    charged unit's characters could issue first, less the reaction point it spends."""
    from game.rulesets.legions.charge_odds import roll_chance
    from game.rulesets.legions.evaluation import REACTION_POINT_VALUE

    charger = s.pending["charge"]["unit"]
    p = float(roll_chance(s, geo, charger, a.unit).p)
    foes = eligible(s, (charger,), s.units[charger].side)
    mine = eligible(s, (a.unit,), s.units[a.unit].side)
    if not foes or not mine:
        return -REACTION_POINT_VALUE
    return p * max(issue_value(s, m, foes) for m in mine) - REACTION_POINT_VALUE


def action_value(s: GameState, a: Action) -> float:
    """What a challenge decision is worth to the side taking it (the greedy AI's view): the
    challenge's expected glory and kills with the likely face-off choices; a refusal costs a
    Disgraced model (duel_choices.disgrace_cost), so a challenger expects the worse of the two
    for it."""
    c = current(s)
    if a.kind == "no_challenge":
        return 0.0
    if a.kind == "issue_challenge":
        m = s.models[a.targets[0]]
        return issue_value(s, m, eligible(s, c["combat"], _other(s, c, m.side)))
    if a.kind == "accept_challenge":
        ch, me = s.models[a.targets[0]], s.models[a.targets[1]]
        return net_value(s, me, ch, *likely_pair(s, me, ch))
    if a.kind == "refuse_challenge":
        ch = s.models[a.targets[0]]
        return -refusal_cost(s, eligible(s, c["combat"], _other(s, c, ch.side)))
    if a.kind == "disgrace":
        return disgrace_cost(s, s.models[a.targets[0]])
    if a.kind == "face_off":
        me = s.models[a.targets[0]]
        foe = s.models[c["champion"] if me.id == c["challenger"] else c["challenger"]]
        known = c["choices"].get(foe.id)
        if known:
            return net_value(s, me, foe, a.option, known)
        return min(net_value(s, me, foe, a.option, d) for d in choices_of(foe))
    return 0.0


def action_odds(s: GameState, a: Action) -> dict[str, dict]:
    """The exact odds shown before a challenge decision (the client's odds line)."""
    c = current(s)
    if c is None:
        return {}
    if a.kind == "issue_challenge":
        m = s.models[a.targets[0]]
        out: dict[str, dict] = {}
        for f in eligible(s, c["combat"], _other(s, c, m.side)):
            out.update(odds_table(m, f, likely_odds(s, m, f)))
        return out
    if a.kind == "accept_challenge":
        ch, me = s.models[a.targets[0]], s.models[a.targets[1]]
        return odds_table(me, ch, likely_odds(s, me, ch))
    if a.kind == "face_off" and c.get("champion"):
        me = s.models[a.targets[0]]
        foe = s.models[c["champion"] if me.id == c["challenger"] else c["challenger"]]
        theirs = c["choices"].get(foe.id) or best_choice(s, foe, me, known_b=a.option)
        return odds_table(me, foe, odds(s, me, foe, a.option, theirs))
    return {}
