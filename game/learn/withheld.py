"""Options a player looks for but is not offered, each with its reason and its rule.

Why: "offered means legal" makes options vanish silently; a new player then cannot tell a
rule from a bug. This asks the rules themselves: for the option a player of this phase looks
for (a charge, mostly), with each of the current player's units and each enemy, the ruleset's
own `explain_illegal` gives the reason when it is not offered; a few reasons the rulesets keep
elsewhere are read where they are kept (squads: targets beyond the roll or that no clean charge
move reaches; warband: who cannot parry). Nothing here decides a rule. Pure.

`withheld(ruleset_id, state, geo) -> list[Withheld]` (unit, target, what, reason, rule entry).
"""

from __future__ import annotations

from dataclasses import dataclass

from game import rulesets
from game.core.actions import Action
from game.core.i18n import msg
from game.learn.sheets import RuleEntry, sheet

#: The option players look for, per ruleset and phase: (action kind, takes a target, option,
#: the sheet entry of the rule when the refusal quotes its own words). Not while a charge is
#: under way (then its own steps are the choices).
LOOK_FOR = {
    "squads": {"charge": ("charge", False, None, "charge_eligibility")},
    "warband": {"movement": ("charge", True, None, "charge")},
    "legions": {"assault": ("declare_charge", True, None, "charge_forbidden")},
    "ranks": {"orders": ("charge", True, None, "charge")},
    "cards": {"activate": ("move", False, "charge", "draw")},
}


@dataclass(frozen=True)
class Withheld:
    unit: str | None
    target: str | None
    what: str
    reason: str
    rule: RuleEntry | None

    def to_json(self) -> dict:
        return {"unit": self.unit, "target": self.target, "what": self.what,
                "reason": self.reason, "rule": self.rule.id if self.rule else None}


def rule_in_text(ruleset_id: str, text: str) -> RuleEntry | None:
    """The sheet entry whose log name a refusal quotes (refusals cite the rule in brackets);
    the longest quoted name wins."""
    found = [(len(name), entry) for entry in sheet(ruleset_id).rules
             for name in entry.log_names if name and name in text]
    return max(found, key=lambda pair: pair[0])[1] if found else None


def _entry(ruleset_id: str, text: str, fallback: str | None) -> RuleEntry | None:
    return rule_in_text(ruleset_id, text) or (sheet(ruleset_id).entry(fallback)
                                              if fallback else None)


def withheld(ruleset_id: str, state, geo) -> list[Withheld]:
    """What the current player would look for now but is not offered, and why."""
    ruleset = rulesets.get(ruleset_id)
    player = ruleset.current_player(state)
    if player is None:
        return []
    offered = ruleset.legal_actions(state, geo)
    out = _looked_for(ruleset, state, geo, player, offered)
    extra = EXTRA.get(ruleset_id)
    if extra is not None:
        out.extend(extra(state, geo, player))
    return out


def _looked_for(ruleset, state, geo, player: int, offered: list[Action]) -> list[Withheld]:
    wanted = LOOK_FOR.get(ruleset.id, {}).get(state.phase)
    if wanted is None or "charge" in state.pending:
        return []
    kind, with_target, option, fallback = wanted
    given = {(a.unit, a.targets[:1]) for a in offered
             if a.kind == kind and (option is None or a.option == option)}
    given_units = {unit for unit, _ in given}
    enemies = [u.id for u in state.units.values() if u.side != player and state.unit_alive(u.id)]
    out = []
    for unit in state.units.values():
        if unit.side != player or not state.unit_alive(unit.id):
            continue
        targets = enemies if with_target else [None]
        for target in targets:
            if (unit.id, (target,) if target else ()) in given or (
                    not with_target and unit.id in given_units):
                continue
            action = Action(kind, unit.id, targets=(target,) if target else (), option=option)
            reason = ruleset.explain_illegal(state, action, geo)
            if not reason:
                continue
            what = msg("{unit}: charge {target}", unit=unit.name,
                       target=state.units[target].name) if target else \
                msg("{unit}: charge", unit=unit.name)
            out.append(Withheld(unit.id, target, what, reason,
                                _entry(ruleset.id, reason, fallback)))
    return out


def _squads_targets(state, geo, player: int) -> list[Withheld]:
    """After the roll: enemies within 12" but beyond the roll, and those within it that no
    clean charge move reaches (the reasons squads keeps for its "charge fails" choice)."""
    from game.rulesets.squads import charge

    pending = state.pending.get("charge")
    if not pending:
        return []
    unit_id, roll = pending["unit"], pending["roll"]
    reachable = list(pending["reachable"])
    name = state.units[unit_id].name
    out = []
    for enemy in state.units.values():
        if enemy.side == state.units[unit_id].side or not state.unit_alive(enemy.id):
            continue
        distance = geo.unit_distance(state, unit_id, enemy.id)
        if enemy.id not in reachable and distance <= charge.CHARGE_RANGE + 1e-9:
            reason = msg("{target} is {distance:.1f}\" away, beyond the roll of {roll}\" "
                         "({rule})", target=enemy.name, distance=distance, roll=roll,
                         rule=charge.RULE_TARGETS)
            out.append(Withheld(unit_id, enemy.id,
                                msg("{unit}: charge {target}", unit=name, target=enemy.name),
                                reason,
                                _entry("squads", reason, "charge_targets")))
    for note in charge.unreachable_notes(state, geo, unit_id, roll, reachable):
        target = next((t for t in reachable if note.startswith(state.units[t].name)), None)
        out.append(Withheld(unit_id, target,
                            msg("{unit}: charge {target}", unit=name,
                                target=state.units[target].name) if target else name,
                            note, _entry("squads", note, "charge_move")))
    return out


def _warband_parries(state, geo, player: int) -> list[Withheld]:
    """In a close combat phase: each engaged model that cannot parry now, and why."""
    from game.rulesets.warband import combat
    from game.rulesets.warband.engagement import contact_map
    from game.rulesets.warband.status import KNOCKED_DOWN

    fight = state.pending.get("combat")
    if state.phase != "combat" or not fight:
        return []
    touching = contact_map(state, geo)
    out = []
    for model in state.models.values():
        if not model.alive or not touching.get(model.id):
            continue
        flags = state.units[model.unit].flags
        if flags.get(KNOCKED_DOWN):
            reason = msg("it is knocked down and cannot parry ({rule})",
                         rule=combat.RULE_KNOCKED_DOWN_TARGET)
        else:
            reason, _ = combat.parry_problem(state, geo, fight, model)
            if reason is None:
                continue
        text = msg("{model} cannot parry: {reason}", model=model.name, reason=reason)
        out.append(Withheld(model.unit, None, msg("{model}: parry", model=model.name), text,
                            _entry("warband", text, "parry")))
    return out


EXTRA = {"squads": _squads_targets, "warband": _warband_parries}
