"""Events of the `legions` assault that the core events do not cover. Each names its rule and
describes itself in plain language, so the generic client and the log show every step of the
assault (setup move, volleys, the roll, initiative steps, strike groups, resolution points,
aftermath) without computing anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event
from game.core.text import count


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
        text = (f"{self.unit_name} declares a charge on {self.target_name}: in sight, "
                f"{self.distance:.1f}\" away (12\" at most)")
        if self.disordered:
            text += "; disordered charge (" + "; ".join(self.disordered) + ")"
        return text


@dataclass(frozen=True)
class SetupMoveSet(Event):
    """Step 3: the setup move's distance, from I + M."""

    unit_name: str = ""
    initiative_plus_move: int = 0
    distance: int = 0

    def describe(self) -> str:
        return (f"{self.unit_name} makes a setup move: I + M = {self.initiative_plus_move} "
                f"gives {self.distance}\"")


@dataclass(frozen=True)
class ChargeAlreadyWon(Event):
    unit_name: str = ""
    target_name: str = ""

    def describe(self) -> str:
        return (f"{self.unit_name} reaches base contact with {self.target_name} in its setup "
                f"move: the charge is already won (no volley attacks, no charge roll)")


@dataclass(frozen=True)
class ChargeRolled(Event):
    """Step 5: 2D6, the lowest discarded; the kept die is the charge distance."""

    unit_name: str = ""
    dice: tuple[int, ...] = ()
    kept: int = 0
    needed: int = 0

    def describe(self) -> str:
        low = min(self.dice) if self.dice else 0
        verdict = "enough" if self.kept >= self.needed else "not enough"
        return (f"{self.unit_name} rolls the charge: {self.dice[0]} and {self.dice[1]}, drops "
                f"the {low}: {self.kept}\" against {self.needed}\" needed ({verdict})")


@dataclass(frozen=True)
class StepSkipped(Event):
    """A step of the assault that does not happen, and why (so the player sees it)."""

    step: str = ""
    why: str = ""

    def describe(self) -> str:
        return f"{self.step}: {self.why}"


@dataclass(frozen=True)
class CombatDeclared(Event):
    """Fight step 1: which units fight in this combat."""

    sides: tuple[tuple[str, ...], ...] = ()

    def describe(self) -> str:
        return "Combat: " + " against ".join(", ".join(names) for names in self.sides)


@dataclass(frozen=True)
class InitiativeStepStarted(Event):
    initiative: int = 0
    fighters: tuple[str, ...] = ()  # "Line Squad: 9 models"

    def describe(self) -> str:
        who = "; ".join(self.fighters) if self.fighters else "no model is engaged"
        return f"Initiative step {self.initiative}: {who}"


@dataclass(frozen=True)
class StrikeGroupsFormed(Event):
    initiative: int = 0
    groups: tuple[str, ...] = ()

    def describe(self) -> str:
        if not self.groups:
            return f"Initiative step {self.initiative}: no strike group"
        return f"Initiative step {self.initiative}: strike groups: " + "; ".join(self.groups)


@dataclass(frozen=True)
class WeaponDeclared(Event):
    unit_name: str = ""
    models: str = ""
    weapon: str = ""

    def describe(self) -> str:
        return f"{self.unit_name}: {self.models} fight with {self.weapon}"


@dataclass(frozen=True)
class CasualtiesRemoved(Event):
    """Fight step 10: the models set aside in this initiative step leave the table together."""

    initiative: int = 0
    names: tuple[str, ...] = ()

    def describe(self) -> str:
        if not self.names:
            return f"End of initiative step {self.initiative}: no casualties"
        return (f"End of initiative step {self.initiative}: removed together: "
                + ", ".join(self.names))


@dataclass(frozen=True)
class ResolutionPoints(Event):
    """Resolution steps 1 and 2: each player's total, and the winner."""

    totals: tuple[tuple[str, int, str], ...] = ()  # (side name, points, how)
    winner: str = ""

    def describe(self) -> str:
        parts = [f"{name} {points} ({how})" for name, points, how in self.totals]
        verdict = f"{self.winner} wins the combat" if self.winner else "a draw: nobody wins"
        return "Combat resolution: " + ", ".join(parts) + f": {verdict}"


@dataclass(frozen=True)
class AftermathChosen(Event):
    unit_name: str = ""
    option: str = ""
    detail: str = ""

    def describe(self) -> str:
        text = f"Aftermath: {self.unit_name} chooses {self.option}"
        return text + (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True)
class LockChanged(Event):
    unit_name: str = ""
    other_names: tuple[str, ...] = ()
    locked: bool = True

    def describe(self) -> str:
        others = ", ".join(self.other_names)
        if self.locked:
            return f"{self.unit_name} and {others} are locked in combat"
        return f"{self.unit_name} is no longer locked in combat"


@dataclass(frozen=True)
class ReactionDeclared(Event):
    """Charge step 4: the charged unit's reaction (or none), and the points its side has left."""

    unit_name: str = ""
    reaction: str = ""
    points_left: int = 0

    def describe(self) -> str:
        if self.reaction == "no reaction":
            return f"{self.unit_name} declares no reaction"
        return (f"Reaction: {self.unit_name} declares {self.reaction} "
                f"({count(self.points_left, 'reaction point')} left this phase)")


# --- the challenge sub-phase (challenge.py) and characters (characters.py) -----------------------

@dataclass(frozen=True)
class ChallengeIssued(Event):
    """A character challenges the enemy in its combat (or declares it issues none)."""

    challenger: str = ""
    combat: str = ""
    as_reaction: bool = False

    def describe(self) -> str:
        how = " (the challenge declared as a reaction)" if self.as_reaction else ""
        return f"Challenge: {self.challenger} challenges the enemy in {self.combat}{how}"


@dataclass(frozen=True)
class ChallengeAnswered(Event):
    """The challenged player accepts with one of its characters, or refuses."""

    challenger: str = ""
    champion: str = ""  # the model that accepts, "" for a refusal

    def describe(self) -> str:
        if self.champion:
            return f"{self.champion} accepts the challenge of {self.challenger}"
        return f"The challenge of {self.challenger} is refused"


@dataclass(frozen=True)
class ModelDisgraced(Event):
    """A refused challenge: the model the challenger picks is Disgraced for the phase."""

    model: str = ""
    model_name: str = ""
    ws: int = 0
    ld: int = 0

    def describe(self) -> str:
        return (f"{self.model_name} is Disgraced for refusing: WS {self.ws} and Ld {self.ld} "
                f"this phase (halved)")


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
        return f"Face-off: {self.model_name} takes a {self.stance} stance ({self.effect}) " \
               f"with {self.weapon}"


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
        parts = [f"{n} {d} ({h}) = {t}" for n, d, h, t in
                 zip(self.names, self.dice, self.how, self.totals, strict=True)]
        verdict = (f"{self.advantage} has the advantage: strikes first, +1 A" if self.advantage
                   else "a tie: both roll again")
        return "Focus: " + ", ".join(parts) + f": {verdict}"


@dataclass(frozen=True)
class GloryScored(Event):
    """The challenge's glory: the resolution points it adds to its combat."""

    side_name: str = ""
    points: int = 0
    why: str = ""

    def describe(self) -> str:
        if not self.points:
            return f"Glory: no one scores ({self.why})"
        return f"Glory: {self.side_name} scores {count(self.points, 'resolution point')} ({self.why})"


@dataclass(frozen=True)
class CharacterJoined(Event):
    """A Paragon joins an Infantry unit, or leaves it (movement phase)."""

    character: str = ""
    unit_name: str = ""
    joined: bool = True

    def describe(self) -> str:
        if self.joined:
            return (f"{self.character} joins {self.unit_name}: one unit now, and it lends its "
                    f"characteristics to the unit's checks")
        return f"{self.character} leaves {self.unit_name}: a unit of its own again"
