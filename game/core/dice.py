"""All dice go through one `Dice` object.

Why one object: a seed then replays a whole battle, the roll log shows the player every die with
the rule it served, and tests and the tutorial can script exact values.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """One logged throw of one or more dice."""

    label: str
    rule: str
    values: tuple[int, ...]
    sides: int = 6
    scripted: bool = False

    @property
    def total(self) -> int:
        return sum(self.values)


class ScriptExhausted(RuntimeError):
    """A scripted Dice ran out of values while strict (a test asked for fewer dice than used)."""


class Dice:
    """Seeded dice with a labelled log and optional scripted values.

    Scripted values are consumed first, in order, one per die; once they run out the seeded
    generator takes over (unless `strict`, where running out is an error, which tests use to
    prove exactly how many dice a rule rolls).
    """

    def __init__(self, seed: int | None = 0, script: list[int] | None = None, strict: bool = False):
        self.seed = seed
        self._rng = random.Random(seed)
        self._script: deque[int] = deque(script or [])
        self.strict = strict
        self.log: list[Roll] = []

    def script(self, *values: int) -> None:
        """Queue exact values for the next dice (a tutorial or a test decides the outcome)."""
        self._script.extend(values)

    @property
    def scripted_left(self) -> int:
        return len(self._script)

    def _one(self, sides: int) -> tuple[int, bool]:
        if self._script:
            value = self._script.popleft()
            if not 1 <= value <= sides:
                raise ValueError(f"scripted die {value} is not a face of a D{sides}")
            return value, True
        if self.strict:
            raise ScriptExhausted("scripted dice ran out")
        return self._rng.randint(1, sides), False

    def roll(self, count: int = 1, label: str = "", rule: str = "", sides: int = 6) -> Roll:
        """Roll `count` dice of `sides` faces, log them, and return the Roll."""
        faces = [self._one(sides) for _ in range(count)]
        roll = Roll(label, rule, tuple(v for v, _ in faces), sides, any(s for _, s in faces))
        self.log.append(roll)
        return roll

    def d6(self, label: str = "", rule: str = "") -> int:
        return self.roll(1, label, rule).values[0]

    def shuffle(self, items: list, label: str = "", rule: str = "") -> None:
        """Shuffle in place with the seeded generator (cards): logged as a 0-die roll."""
        self._rng.shuffle(items)
        self.log.append(Roll(label or "shuffle", rule, (), 0))

    def fork(self, seed: int) -> Dice:
        """An independent Dice for look-ahead (search must not consume the game's dice)."""
        return Dice(seed)
