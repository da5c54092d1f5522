"""Plain-language text for the log, the hover cards and the tutorial. Text only: no rule is
computed here (the events carry what happened and the rule they served).

Statuses are the flags the rules set on units and models. Each ruleset describes its own by a
`status_help` mapping (flag -> (short code, explanation)), since what a status does is a rule;
only bookkeeping flags are listed here, and any other flag is still shown, name made readable.
"""

from __future__ import annotations

from game.core import events as ev
from game.core.i18n import N_
from game.i18n import _
from game.ui.words import rules_words, translate

Color = tuple[int, int, int]

#: flag -> (short code on the base, colour, explanation on hover)
STATUS_HELP: dict[str, tuple[str, Color, str]] = {
    "moved": (N_("MOVED"), (190, 190, 190), N_("Has moved this phase.")),
    "fought": (N_("FOUGHT"), (190, 190, 190), N_("Has fought this phase.")),
}

#: Numbers the rules keep on a unit that are worth showing on hover, with a readable name.
VALUE_NAMES = {"advance_roll": N_("Advance roll"), "starting_models": N_("Models at the start")}


def readable(flag: str) -> str:
    return flag.replace("_", " ").strip().capitalize()


def status_info(flag: str, ruleset=None) -> tuple[str, Color, str]:
    extra = getattr(ruleset, "status_help", None) or {}
    if flag in extra:
        code, text = extra[flag]
        return translate(code), (230, 200, 120), rules_words(text)
    if flag in STATUS_HELP:
        code, color, text = STATUS_HELP[flag]
        return _(code), color, _(text)
    words = [w for w in flag.split("_") if w]
    code = "".join(w[0] for w in words).upper()[:4] or "?"
    return code, (220, 220, 220), translate(readable(flag)) + "."


def active_statuses(flags: dict, model_statuses=()) -> list[str]:
    """Flags that are statuses (set to True) on a unit, then any statuses on a model."""
    out = [name for name, value in flags.items() if value is True]
    out.extend(sorted(str(s) for s in model_statuses if str(s) not in out))
    return out


def status_markers(flags: dict, ruleset=None, hide=("moved", "fought", "charge_declared")
                   ) -> list[tuple[str, Color]]:
    """Short markers for the base labels (routine bookkeeping flags are left to the hover)."""
    return [status_info(f, ruleset)[:2] for f in active_statuses(flags) if f not in hide]


def status_lines(flags: dict, model_statuses=(), ruleset=None) -> list[str]:
    """A unit's statuses and valued flags in plain words. Book-keeping flags a ruleset names in
    `hidden_flags` (slots, files...) and structured values are not for players: skipped; a
    list of words reads as words ("talents: Parry, Steady"), never as Python."""
    hidden = set(getattr(ruleset, "hidden_flags", ()))
    lines = [status_info(f, ruleset)[2] for f in active_statuses(flags, model_statuses)]
    for name, value in flags.items():
        if name in hidden or value is True or value in (False, None):
            continue
        if isinstance(value, list | tuple | set | frozenset):
            if not value or not all(isinstance(v, str | int | float) for v in value):
                continue
            value = ", ".join(translate(v) if isinstance(v, str) else str(v) for v in value)
        elif isinstance(value, dict):
            continue
        elif isinstance(value, str):
            value = translate(value)
        label = _(VALUE_NAMES[name]) if name in VALUE_NAMES else translate(readable(name))
        lines.append(f"{label}: {value}")
    return lines


# --- events --------------------------------------------------------------------------------------
#: How the log shows each kind of event: (colour, bold).
HEADER = (255, 214, 120)
EVENT_STYLE: dict[type, tuple[Color, bool]] = {
    ev.BattleStarted: (HEADER, True),
    ev.TurnStarted: (HEADER, True),
    ev.PhaseStarted: ((170, 210, 255), True),
    ev.DiceRolled: ((240, 236, 200), False),
    ev.ChargeDeclared: ((255, 190, 120), False),
    ev.ChargeResolved: ((255, 170, 90), False),
    ev.AttacksMade: ((240, 200, 200), False),
    ev.DamageDealt: ((255, 150, 140), False),
    ev.Casualty: ((255, 110, 100), True),
    ev.StatusChanged: ((220, 180, 255), False),
    ev.BattleEnded: (HEADER, True),
}


def event_text(event: ev.Event) -> str:
    """An event's line in the player's language (translated, then its tags taken off)."""
    try:
        return rules_words(event.describe())
    except Exception:  # a describe() bug must not take the log down
        return type(event).__name__


def rule_text(event: ev.Event) -> str:
    return _("Rule: {rule}").format(rule=rules_words(event.rule)) if event.rule else ""


def event_style(event: ev.Event) -> tuple[Color, bool]:
    return EVENT_STYLE.get(type(event), ((225, 225, 225), False))
