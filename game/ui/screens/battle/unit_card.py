"""The unit card: a model's profile, its unit's statuses, its weapons and special rules in plain
words, each abbreviation with its glossary term (WS = Weapon Skill), for any ruleset.

Shown on hover (beside the hovered model, on the side of the view away from it) and, for the
selected unit, in the side panel above the log. Text only comes from the state, the ruleset's
own plain-words hooks (`model_lines`, `status_help`) and `game.learn.glossary`: nothing here
decides a rule. `card_lines` is pure (tested without drawing); `draw_card` draws its lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.text import count
from game.ui import explain
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import _, rules_words, translate

CARD_WIDTH = 300
#: Profile entries that name what a model carries (shown as "Weapons: ...").
WEAPON_KEYS = ("weapon", "weapons", "gear")
#: Profile entries that are the rules' bookkeeping, not words for players.
SKIP_KEYS = ("files",)


@dataclass(frozen=True)
class CardLine:
    text: str
    kind: str = "body"  # title, sub, stats, body, head, key, status

    @property
    def style(self) -> tuple[int, tuple, bool]:
        """(size, colour, bold) of the line."""
        return {"title": (15, palette.TEXT, True), "sub": (12, palette.TEXT_DIM, False),
                "stats": (13, palette.TEXT, True), "head": (12, palette.HIGHLIGHT, True),
                "key": (11, palette.TEXT_DIM, False),
                "status": (12, (235, 225, 200), False)}.get(self.kind, (12, palette.TEXT, False))


def terms(ruleset_id: str) -> dict[str, str]:
    """Abbreviation -> its full name, from the ruleset's glossary (empty if it has none)."""
    try:
        from game.learn import glossary

        return {t.term: translate(t.name) for t in glossary(ruleset_id)}
    except Exception:  # noqa: BLE001 - a ruleset without a sheet still gets its card
        return {}


def words(value) -> str:
    """A profile value as words: lists joined, identifiers made readable, never a repr."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(words(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return translate(value.replace("_", " ")) if "_" in value else translate(value)
    return str(value)


def card_lines(ruleset, state, model_id: str, names: dict[str, str] | None = None
               ) -> list[CardLine]:
    """What the card of one model (and its unit) says, line by line, unwrapped."""
    model = state.models[model_id]
    unit = state.units[model.unit]
    names = names or {}
    glossary = terms(getattr(ruleset, "id", ""))
    alive = len(state.alive_models(unit.id))
    unit_name = names.get(unit.id, unit.name)
    belongs = [] if unit_name == model.name else [translate(unit_name)]  # a lone model: its unit
    strength = _("{alive} of {models}").format(alive=alive,
                                              models=translate(count(len(unit.models), "model")))
    lines = [CardLine(translate(model.name), "title"),
             CardLine(" · ".join([*belongs, translate(state.sides[unit.side].name), strength]),
                      "sub")]
    profile = model.profile
    described = getattr(ruleset, "model_lines", None)  # the ruleset's own plain words
    numbers = {k: v for k, v in profile.items()
               if isinstance(v, int | float) and not isinstance(v, bool) and k not in SKIP_KEYS}
    if described is not None:
        lines.extend(CardLine(rules_words(line)) for line in described(state, model.id))
    else:
        lines.append(CardLine(_("Wounds {wounds} of {max_wounds}").format(
            wounds=model.wounds, max_wounds=model.max_wounds)))
        if numbers:
            lines.append(CardLine("   ".join(f"{words(k)}\u00a0{words(v)}"
                                           for k, v in numbers.items()), "stats"))
    known = [f"{words(k)} = {glossary[k]}" for k in numbers if k in glossary and glossary[k] != k]
    if known:
        lines.append(CardLine(", ".join(known), "key"))
    carried = [words(profile[k]) for k in WEAPON_KEYS if profile.get(k)]
    if carried and described is None:
        lines.append(CardLine(_("Weapons: {weapons}").format(weapons="; ".join(carried))))
    special = []
    for key, value in profile.items():
        if key in numbers or key in WEAPON_KEYS or key in SKIP_KEYS or value in ((), [], None):
            continue
        if described is not None:  # the ruleset's lines say these already
            continue
        name = glossary.get(key, translate(explain.readable(key)))
        name = name[:1].upper() + name[1:]
        special.append(name if value is True else f"{name}: {words(value)}")
    if special:
        lines.append(CardLine(_("Special rules"), "head"))
        lines.extend(CardLine(rules_words(s)) for s in special)
    statuses = explain.status_lines(unit.flags, model.statuses, ruleset)
    if statuses:
        lines.append(CardLine(_("Status"), "head"))
        lines.extend(CardLine(rules_words(s), "status") for s in statuses)
    return lines


def wrapped(lines: list[CardLine], width: int) -> list[CardLine]:
    """The lines wrapped to the card's inner width in the font each is drawn in."""
    text = shared_text()
    out = []
    for line in lines:
        size, _x, bold = line.style
        out.extend(CardLine(part, line.kind) for part in text.wrap(line.text, width, size, bold))
    return out


def card_height(lines: list[CardLine]) -> int:
    return sum(line.style[0] + 6 for line in lines) + 12


def draw_card(surface: pygame.Surface, box: pygame.Rect, lines: list[CardLine],
              edge: tuple) -> None:
    """Draw wrapped lines in `box` (those that do not fit are left out, the last says "…")."""
    text = shared_text()
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    panel.fill((14, 16, 20, 232))
    surface.blit(panel, box)
    pygame.draw.rect(surface, edge, box, 2, border_radius=4)
    shown = fitting(lines, box.height)
    y = box.y + 8
    for line in shown:
        size, color, bold = line.style
        text.blit(surface, line.text, (box.x + 10, y), size=size, color=color, bold=bold)
        y += size + 6


def fitting(lines: list[CardLine], height: int) -> list[CardLine]:
    """The lines that fit a card `height` pixels tall; if some are left out, the last shown says
    so ("…": the hover card shows them all)."""
    room, used = [], 12
    for line in lines:
        used += line.style[0] + 6
        if used > height:
            if room:
                room[-1] = CardLine(_("… (hover a model for its whole card)"), "key")
            return room
        room.append(line)
    return room
