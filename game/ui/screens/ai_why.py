""""Why did the AI do that?": an overlay with the AI's last decision as the search saw it.

Shown: the top 3 candidates with their expected margin (and how many decisions ahead it
looked), the reply it foresaw, and the exact odds of the outcomes it weighed, from
`game.ai.explain`. Opened from the battle with Y or its tool button. The decision itself stays
on the worker thread: this screen only reads the agent's last finished explanation (the agent
swaps its `last` list in one assignment when a decision ends, so it is never half-written).
An agent that does not search (greedy, easy, random) says so instead.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ai.explain import explanation, explanation_lines
from game.core.i18n import msg
from game.i18n import _
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.screens.overlay import Overlay
from game.ui.words import translate

WIDTH, HEIGHT = 900, 440
LINE = 20


def latest_agent(agents: dict):
    """The searching agent that decided last (None when no agent searches)."""
    found = [a for a in agents.values() if getattr(a, "last_at", None) is not None]
    return max(found, key=lambda a: a.last_at, default=None)


def why_lines(agents: dict) -> list[str]:
    """What the overlay says for these agents."""
    agent = latest_agent(agents)
    if agent is None:
        if any(hasattr(a, "last") for a in agents.values()):
            return [msg("The AI has not had a choice to make yet.")]
        names = ", ".join(sorted({getattr(a, "name", "?") for a in agents.values()})) or "none"
        return [msg("This AI ({names}) does not search: it scores each action by its own "
                    "expected points, one action ahead, and plays the best.",
                    names=names)]
    return explanation_lines(explanation(agent))


class AiWhyScreen(Overlay):
    def __init__(self, app, agents: dict):
        super().__init__(app)
        self.lines = why_lines(agents)
        self.rect = self.box(WIDTH, HEIGHT)
        self.close_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.centerx - 80, self.rect.bottom - 56, 160, 38), _("Close"),
            self.ui, object_id="#centered")

    def handle(self, event) -> None:
        pressed = (event.type == pygame_gui.UI_BUTTON_PRESSED
                   and event.ui_element is self.close_button)
        keyed = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE, pygame.K_y, pygame.K_RETURN, pygame.K_SPACE)
        if pressed or keyed:
            self.app.pop()

    def draw(self, surface) -> None:
        self.draw_titled(surface, _("Why did the AI do that?"), size=22)
        text = shared_text()
        y, bottom = self.rect.y + 64, self.rect.bottom - 70
        width = self.rect.width - 60
        for i, line in enumerate(self.lines):
            indent = 20 if line.startswith("  ") else 0
            for part in text.wrap(translate(line).strip(), width - indent, 14, bold=i == 0):
                if y > bottom:
                    return
                text.blit(surface, part, (self.rect.x + 30 + indent, y), size=14,
                          color=palette.TEXT if i == 0 else palette.TEXT_DIM, bold=i == 0)
                y += LINE
