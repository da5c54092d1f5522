"""Events of the `legions` assault that the core events do not cover. Each names its rule and
describes itself in plain language, so the generic client and the log show every step of the
assault (setup move, volleys, the roll, initiative steps, strike groups, resolution points,
aftermath) without computing anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event
from game.core.i18n import join, msg
from game.core.text import count


def against(sides) -> str:
    """Each side's names joined by commas, the sides by "against": "A, B against C"."""
    text = ""
    for i, names in enumerate(sides):
        text = join(names) if i == 0 else msg("{sides} against {side}", sides=text,
                                              side=join(names))
    return text


@dataclass(frozen=True)
class ChargeTargetDeclared(Event):
    """Steps 1 and 2 of the charge: the target, then line of sight and the 12" range."""

    unit: str = ""
    unit_name: str = ""
    target: str = ""
    target_name: str = ""
    distance: float = 0.0
    disordered: tuple[str, ...] = ()

    def describe(self) -> str:
        text = msg("{unit} declares a charge on {target}: in sight, {distance:.1f}\" away "
                   "(12\" at most)", unit=self.unit_name, target=self.target_name,
                   distance=self.distance)
        if self.disordered:
            return join([text, msg("; disordered charge ({reasons})",
                                   reasons=join(self.disordered, "; "))], "")
        return text


@dataclass(frozen=True)
class SetupMoveSet(Event):
    """Step 3: the setup move's distance, from I + M."""

    unit_name: str = ""
    initiative_plus_move: int = 0
    distance: int = 0

    def describe(self) -> str:
        return msg("{unit} makes a setup move: I + M = {total} gives {distance}\"",
                   unit=self.unit_name, total=self.initiative_plus_move, distance=self.distance)


@dataclass(frozen=True)
class ChargeAlreadyWon(Event):
    unit_name: str = ""
    target_name: str = ""

    def describe(self) -> str:
        return msg("{unit} reaches base contact with {target} in its setup move: the charge is "
                   "already won (no volley attacks, no charge roll)", unit=self.unit_name,
                   target=self.target_name)


@dataclass(frozen=True)
class ChargeRolled(Event):
    """Step 5: 2D6, the lowest discarded; the kept die is the charge distance."""

    unit_name: str = ""
    dice: tuple[int, ...] = ()
    kept: int = 0
    needed: int = 0

    def describe(self) -> str:
        low = min(self.dice) if self.dice else 0
        verdict = msg("enough") if self.kept >= self.needed else msg("not enough")
        return msg("{unit} rolls the charge: {first} and {second}, drops the {low}: {kept}\" "
                   "against {needed}\" needed ({verdict})", unit=self.unit_name,
                   first=self.dice[0], second=self.dice[1], low=low, kept=self.kept,
                   needed=self.needed, verdict=verdict)


@dataclass(frozen=True)
class StepSkipped(Event):
    """A step of the assault that does not happen, and why (so the player sees it)."""

    step: str = ""
    why: str = ""

    def describe(self) -> str:
        return msg("{step}: {why}", step=self.step, why=self.why)


@dataclass(frozen=True)
class CombatDeclared(Event):
    """Fight step 1: which units fight in this combat."""

    sides: tuple[tuple[str, ...], ...] = ()

    def describe(self) -> str:
        return msg("Combat: {sides}", sides=against(self.sides))


@dataclass(frozen=True)
class InitiativeStepStarted(Event):
    initiative: int = 0
    fighters: tuple[str, ...] = ()  # "Line Squad: 9 models"

    def describe(self) -> str:
        who = join(self.fighters, "; ") if self.fighters else msg("no model is engaged")
        return msg("Initiative step {step}: {who}", step=self.initiative, who=who)


@dataclass(frozen=True)
class StrikeGroupsFormed(Event):
    initiative: int = 0
    groups: tuple[str, ...] = ()

    def describe(self) -> str:
        if not self.groups:
            return msg("Initiative step {step}: no strike group", step=self.initiative)
        return msg("Initiative step {step}: strike groups: {groups}", step=self.initiative,
                   groups=join(self.groups, "; "))


@dataclass(frozen=True)
class WeaponDeclared(Event):
    unit_name: str = ""
    models: str = ""
    weapon: str = ""

    def describe(self) -> str:
        return msg("{unit}: {models} fight with {weapon}", unit=self.unit_name,
                   models=self.models, weapon=self.weapon)


@dataclass(frozen=True)
class CasualtiesRemoved(Event):
    """Fight step 10: the models set aside in this initiative step leave the table together."""

    initiative: int = 0
    names: tuple[str, ...] = ()

    def describe(self) -> str:
        if not self.names:
            return msg("End of initiative step {step}: no casualties", step=self.initiative)
        return msg("End of initiative step {step}: removed together: {names}",
                   step=self.initiative, names=join(self.names))


@dataclass(frozen=True)
class ResolutionPoints(Event):
    """Resolution steps 1 and 2: each player's total, and the winner."""

    totals: tuple[tuple[str, int, str], ...] = ()  # (side name, points, how)
    winner: str = ""

    def describe(self) -> str:
        parts = [msg("{side} {points} ({how})", side=name, points=points, how=how)
                 for name, points, how in self.totals]
        verdict = msg("{side} wins the combat", side=self.winner) if self.winner \
            else msg("a draw: nobody wins")
        return msg("Combat resolution: {totals}: {verdict}", totals=join(parts),
                   verdict=verdict)


@dataclass(frozen=True)
class AftermathChosen(Event):
    unit_name: str = ""
    option: str = ""
    detail: str = ""

    def describe(self) -> str:
        if self.detail:
            return msg("Aftermath: {unit} chooses {option} ({detail})", unit=self.unit_name,
                       option=self.option, detail=self.detail)
        return msg("Aftermath: {unit} chooses {option}", unit=self.unit_name, option=self.option)


@dataclass(frozen=True)
class LockChanged(Event):
    unit_name: str = ""
    other_names: tuple[str, ...] = ()
    locked: bool = True

    def describe(self) -> str:
        if self.locked:
            return msg("{unit} and {others} are locked in combat", unit=self.unit_name,
                       others=join(self.other_names))
        return msg("{unit} is no longer locked in combat", unit=self.unit_name)


@dataclass(frozen=True)
class ReactionDeclared(Event):
    """Charge step 4: the charged unit's reaction (or none), and the points its side has left."""

    unit_name: str = ""
    reaction: str = ""
    points_left: int = 0

    def describe(self) -> str:
        if self.reaction == "no reaction":
            return msg("{unit} declares no reaction", unit=self.unit_name)
        return msg("Reaction: {unit} declares {reaction} ({points} left this phase)",
                   unit=self.unit_name, reaction=self.reaction,
                   points=count(self.points_left, "reaction point"))


# --- the challenge sub-phase (challenge.py) and characters (characters.py) -----------------------

@dataclass(frozen=True)
class ChallengeIssued(Event):
    """A character challenges the enemy in its combat (or declares it issues none)."""

    challenger: str = ""
    combat: str = ""
    as_reaction: bool = False

    def describe(self) -> str:
        if self.as_reaction:
            return msg("Challenge: {challenger} challenges the enemy in {combat} (the challenge "
                       "declared as a reaction)", challenger=self.challenger, combat=self.combat)
        return msg("Challenge: {challenger} challenges the enemy in {combat}",
                   challenger=self.challenger, combat=self.combat)


@dataclass(frozen=True)
class ChallengeAnswered(Event):
    """The challenged player accepts with one of its characters, or refuses."""

    challenger: str = ""
    champion: str = ""  # the model that accepts, "" for a refusal

    def describe(self) -> str:
        if self.champion:
            return msg("{champion} accepts the challenge of {challenger}",
                       champion=self.champion, challenger=self.challenger)
        return msg("The challenge of {challenger} is refused", challenger=self.challenger)


@dataclass(frozen=True)
class ModelDisgraced(Event):
    """A refused challenge: the model the challenger picks is Disgraced for the phase."""

    model: str = ""
    model_name: str = ""
    ws: int = 0
    ld: int = 0

    def describe(self) -> str:
        return msg("{model} is Disgraced for refusing: WS {ws} and Ld {ld} this phase (halved)",
                   model=self.model_name, ws=self.ws, ld=self.ld)


@dataclass(frozen=True)
class StanceChosen(Event):
    """The face-off: a duellist's stance and the weapon profile it fights with. A client may
    draw the stance by the model (`model`, `stance`)."""

    model: str = ""
    model_name: str = ""
    stance: str = ""
    effect: str = ""
    weapon: str = ""

    def describe(self) -> str:
        return msg("Face-off: {model} takes a {stance} stance ({effect}) with {weapon}",
                   model=self.model_name, stance=self.stance, effect=self.effect,
                   weapon=self.weapon)


@dataclass(frozen=True)
class FocusRolled(Event):
    """The focus roll: D6 + I and its modifiers for each duellist; the higher has the
    advantage (strikes first, +1 A); a tie is rolled again."""

    names: tuple[str, str] = ("", "")
    dice: tuple[int, int] = (0, 0)
    totals: tuple[int, int] = (0, 0)
    how: tuple[str, str] = ("", "")
    advantage: str = ""  # "" = a tie, rolled again

    def describe(self) -> str:
        parts = [msg("{model} {die} ({how}) = {total}", model=n, die=d, how=h, total=t)
                 for n, d, h, t in zip(self.names, self.dice, self.how, self.totals, strict=True)]
        verdict = (msg("{model} has the advantage: strikes first, +1 A", model=self.advantage)
                   if self.advantage else msg("a tie: both roll again"))
        return msg("Focus: {rolls}: {verdict}", rolls=join(parts), verdict=verdict)


@dataclass(frozen=True)
class GloryScored(Event):
    """The challenge's glory: the resolution points it adds to its combat."""

    side_name: str = ""
    points: int = 0
    why: str = ""

    def describe(self) -> str:
        if not self.points:
            return msg("Glory: no one scores ({why})", why=self.why)
        return msg("Glory: {side} scores {points} ({why})", side=self.side_name,
                   points=count(self.points, "resolution point"), why=self.why)


@dataclass(frozen=True)
class CharacterJoined(Event):
    """A Paragon joins an Infantry unit, or leaves it (movement phase)."""

    character: str = ""
    unit_name: str = ""
    joined: bool = True

    def describe(self) -> str:
        if self.joined:
            return msg("{character} joins {unit}: one unit now, and it lends its "
                       "characteristics to the unit's checks", character=self.character,
                       unit=self.unit_name)
        return msg("{character} leaves {unit}: a unit of its own again",
                   character=self.character, unit=self.unit_name)
