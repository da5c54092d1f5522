"""Actions: every decision a player makes is one hashable Action with a stable text form.

Discrete choices (declare a charge, pick targets, pick a weapon target, pass) and placements
(a destination per model) share one type so that the client, the AI and replays handle every
ruleset alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Placement = tuple[tuple[str, float, float], ...]


def make_placement(destinations: dict[str, tuple[float, float]]) -> Placement:
    """A canonical, hashable placement: sorted by model id, rounded to 1/1000 inch."""
    return tuple(sorted((mid, round(x, 3), round(y, 3)) for mid, (x, y) in destinations.items()))


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    unit: str | None = None
    targets: tuple[str, ...] = ()
    placement: Placement = ()
    option: str | None = None
    #: Plain-language text for buttons and logs; not part of what the action is.
    label: str = field(default="", compare=False)

    def destinations(self) -> dict[str, tuple[float, float]]:
        return {mid: (x, y) for mid, x, y in self.placement}

    def to_text(self) -> str:
        """Stable text (replays and logs): kind, then the fields that are set."""
        parts = [self.kind]
        if self.unit:
            parts.append(f"unit={self.unit}")
        if self.targets:
            parts.append("targets=" + ",".join(self.targets))
        if self.option is not None:
            parts.append(f"option={self.option}")
        if self.placement:
            parts.append("to=" + ";".join(f"{m}@{x:.3f},{y:.3f}" for m, x, y in self.placement))
        return " ".join(parts)

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.unit:
            out["unit"] = self.unit
        if self.targets:
            out["targets"] = list(self.targets)
        if self.placement:
            out["placement"] = [list(p) for p in self.placement]
        if self.option is not None:
            out["option"] = self.option
        if self.label:
            out["label"] = self.label
        return out

    @classmethod
    def from_json(cls, data: dict) -> Action:
        return cls(
            kind=str(data["kind"]),
            unit=data.get("unit"),
            targets=tuple(data.get("targets", ())),
            placement=tuple((str(m), float(x), float(y)) for m, x, y in data.get("placement", ())),
            option=data.get("option"),
            label=data.get("label", ""),
        )
