"""The lesson screen: a lesson (`game.learn.LessonRun`) played on the battle screen's table.

Why a battle screen: the table, the dice tray, the log, the decision buttons and the drags are
the ones a player meets in a battle, so a lesson teaches the real screen. What changes: nothing
acts by itself (no AI, no hand-over, no autosave); the right column opens with the step's text
and the rule it cites, and Back / Next / Restart / Skip; at a "your turn" step the buttons (and
the drags) offer `LessonRun.offered()` and every choice goes to `LessonRun.choose()`, whose
explanation is shown for a wrong one (nothing moves). Finishing marks the lesson done.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.core.actions import Action
from game.core.i18n import N_
from game.learn.lesson import LessonRun
from game.learn.lesson_file import Lesson, LessonError
from game.ui.config import VS_AI, BattleConfig
from game.ui.render import palette
from game.ui.render.dice import DiceTray
from game.ui.render.log import BattleLog
from game.ui.render.text import shared_text
from game.ui.screens.battle.screen import BattleScreen
from game.ui.screens.lesson_draw import draw_highlight, draw_lines, focus, wrapped
from game.ui.screens.lesson_progress import mark_done
from game.ui.words import _, ngettext, rules_words, translate

NAV_HEIGHT = 34
LESSON_LOG_SHARE = 0.28  # the log gives room to the lesson's text
NAV = (("back", N_("Back")), ("next", N_("Next")), ("restart", N_("Restart")),
       ("skip", N_("Skip")), ("leave", N_("Leave")))


class LessonScreen(BattleScreen):
    releases_memory = True

    def __init__(self, app, lesson: Lesson):
        self.run = LessonRun(lesson)
        self.lesson = lesson
        self.verdict = None  # the last "your turn" choice's Verdict
        self.done_note = ""
        self.nav: dict[str, pygame_gui.elements.UIButton] = {}
        config = BattleConfig(lesson.ruleset, None, VS_AI, 0, lesson.seed)
        super().__init__(app, config, self.run.controller)
        self.humans = set(range(len(self.state.sides)))
        self.agents = {}
        self._sync(new_events=[])

    # --- a lesson, not a battle ------------------------------------------------------------------
    def attach_timeline(self) -> None:
        self.timeline = None  # the lesson steps back itself; nothing is autosaved

    @property
    def step(self):
        return self.run.current

    def is_human_turn(self) -> bool:
        step = self.run.current
        return step is not None and step.decision is not None and not self.controller.over

    def legal(self) -> list[Action]:
        return self.run.offered() if self.is_human_turn() else []

    def _run_ai(self, dt: float) -> None:
        pass  # nothing acts by itself in a lesson

    def _check_hand_over(self) -> None:
        pass

    def show_results(self) -> None:
        self.over_timer = None  # a lesson ends with its last step, not on a results screen

    def leave_prompt(self, then):
        return None

    def open_pause(self) -> None:
        self.leave()

    def apply(self, action: Action, offered: bool = True) -> bool:
        """A "your turn" choice (a button or a drag) goes to the lesson, which plays it if it
        is the one the step teaches and explains it otherwise."""
        if not self.is_human_turn():
            return False
        old = list(self.controller.events)
        try:
            verdict = self.run.choose(action)
        except LessonError as exc:  # the rules refused a dragged placement: the reason
            self.say(translate(str(exc).split(": ", 1)[-1]), bad=True)
            return False
        self.verdict = verdict
        if verdict.correct:
            self._sync(self._new_events(old))
        else:
            self.draft = None
            self.say(_("Not this one: {why}").format(why=rules_words(verdict.explanation)),
                     bad=True)
        return True

    # --- the lesson's buttons --------------------------------------------------------------------
    def go(self, key: str) -> None:
        run = self.run
        if key == "leave":
            self.leave()
            return
        if key == "back":
            if not run.back():
                self.say(_("This is the lesson's first step."))
                return
            self._sync(None)
        elif key == "restart":
            run.restart()
            self._sync(None)
        elif key == "skip":
            self._played(run.skip)
        elif key == "next":
            if run.finished:
                self.leave()
                return
            self._played(run.next)
        if run.finished and not self.done_note:
            self.done_note = mark_done(self.lesson.id) or \
                N_("Lesson done: its mark shows in Learn.")

    def _played(self, play) -> None:
        """Play forward; the tray rolls what is new (a "what if" step that rewound the
        battle first shows its events from the rewound position)."""
        old = list(self.run.controller.events)
        play()
        self._sync(self._new_events(old))

    def _new_events(self, old: list) -> list | None:
        """The events since `old`, or None if the battle was rewound in between."""
        events = self.run.controller.events
        extends = len(events) >= len(old) and all(a is b for a, b in zip(old, events,
                                                                         strict=False))
        return events[len(old):] if extends else None

    def leave(self) -> None:
        self.app.pop()

    def _sync(self, new_events) -> None:
        """After a step (or back / restart): the table, log and tray show the lesson's battle.
        `new_events` animate in the tray; None rebuilds the tray (a step taken back)."""
        self.controller = self.run.controller
        self.verdict = None if new_events is None or new_events else self.verdict
        if new_events is None:  # a step taken back, or the battle rewound: rebuilt
            self.tray = DiceTray(animate=False, seed=self.config.seed)
            self.tray.add(self.controller.events)
            self.tray.animate = self.app.animate
        else:
            self.tray.add(new_events)
        self.log = BattleLog(N_("Lesson log"))
        self.log.add(self.controller.events)
        self.version += 1
        self.draft = None
        self.press = None
        self.dragging = False
        self.hovered_action = None
        self.selected = None
        self._preview_cache.clear()
        self._sight_cache.clear()
        self._score_cache = None
        self.message = ""
        self._panel_key = None
        self._layout_lesson()
        step = self.run.current
        if step is not None and step.highlight:
            focus(self.camera, self.state, step.highlight)

    # --- layout ----------------------------------------------------------------------------------
    def _build_layout(self) -> None:
        super()._build_layout()
        width, height = self.app.size
        log_height = int(self.right_rect.height * LESSON_LOG_SHARE)
        self.log_rect = pygame.Rect(self.right_rect.x, height - log_height,
                                    self.right_rect.width, log_height)
        self.decide_rect = pygame.Rect(self.right_rect.x, self.right_rect.y,
                                       self.right_rect.width, self.log_rect.y - self.right_rect.y)
        self.nav = {}
        w = (self.decide_rect.width - 16 - 4 * (len(NAV) - 1)) // len(NAV)
        for i, (key, label) in enumerate(NAV):
            self.nav[key] = pygame_gui.elements.UIButton(
                pygame.Rect(self.decide_rect.x + 8 + i * (w + 4), 0, w, NAV_HEIGHT - 4),
                shared_text().clip(_(label), w - 8, 14),
                self.ui, object_id="#centered")
        for key in ("undo", "sight"):
            self.tools[key].hide()
        if hasattr(self, "run"):
            self._layout_lesson()

    def lesson_lines(self) -> list[tuple[str, int, tuple, bool]]:
        run = self.run
        n, total = run.position, len(self.lesson.steps)
        lines = [(rules_words(self.lesson.title), 15, palette.HIGHLIGHT, True)]
        step = run.current
        if step is None:
            lines.append((ngettext("Lesson finished ({n} step). Back to look again, Restart to "
                                   "play it again, Leave to choose another.",
                                   "Lesson finished ({n} steps). Back to look again, Restart to "
                                   "play it again, Leave to choose another.", total
                                   ).format(n=total), 13, palette.TEXT_GOOD, False))
            if self.done_note:
                lines.append((translate(self.done_note), 12, palette.TEXT_DIM, False))
            return lines
        rule = run.rule(step)
        lines.append((_("Step {step} of {steps} · rule: {rule}").format(
            step=n + 1, steps=total, rule=rules_words(rule.title)), 12, palette.TEXT_DIM, True))
        lines.append((rules_words(step.text), 13, palette.TEXT, False))
        if step.decision is not None:
            lines.append((rules_words(step.decision.prompt) + "  "
                          + _("(Next shows the expected choice.)"), 13, palette.HIGHLIGHT, True))
        if self.message:
            lines.append((rules_words(self.message), 12,
                          palette.TEXT_BAD if self.message_bad else palette.TEXT, False))
        return lines

    def _lesson_height(self) -> int:
        lines = wrapped(self.lesson_lines(), self.decide_rect.width - 24)
        return 10 + sum(size + 5 for _, size, _, _ in lines) + 6 + NAV_HEIGHT

    def _layout_lesson(self) -> None:
        top = self.decide_rect.y + self._lesson_height() - NAV_HEIGHT
        for button in self.nav.values():
            button.set_position((button.rect.x, top))
        self.nav["next"].set_text(_("Show me") if self.is_human_turn() else
                                  (_("Finish") if self.run.finished else _("Next")))
        self.panel.set_rect(self._list_rect())

    def _list_rect(self) -> pygame.Rect:
        if not hasattr(self, "run"):
            return super()._list_rect()
        top = self.decide_rect.y + self._lesson_height() + 4
        bottom = self.decide_rect.bottom - 4
        return pygame.Rect(self.decide_rect.x, top, self.decide_rect.width, max(0, bottom - top))

    # --- frame -----------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.nav.items():
                if event.ui_element is button:
                    self.go(key)
                    return
        if event.type == pygame.KEYDOWN and self._lesson_key(event):
            return
        super().handle(event)

    def _lesson_key(self, event) -> bool:
        """The lesson's own keys: Ctrl+Z steps back (a lesson keeps no battle timeline),
        Ctrl+N / Ctrl+Right the next step, F1 the rules reference at the step's rule."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self.go("back")
        elif ctrl and event.key in (pygame.K_RIGHT, pygame.K_n):
            self.go("next")
        elif ctrl and event.key == pygame.K_s:
            self.say(_("A lesson is not saved: Restart plays it again from the start."))
        elif event.key == pygame.K_F1:
            step = self.run.current
            self.open_reference(rule=step.rule if step is not None else None)
        else:
            return False
        return True

    def language_changed(self) -> None:
        super().language_changed()
        self._sync(None)  # the lesson's log and texts in the new language

    def say(self, text: str, bad: bool = False) -> None:
        super().say(text, bad)
        self._layout_lesson()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        step = self.run.current
        if step is not None and step.highlight:
            draw_highlight(surface, self.camera, self.state, step.highlight,
                           self.scene.names(self.state), self.scene.rings, self.clock)

    def _draw_decisions(self, surface) -> None:
        rect = self.decide_rect
        pygame.draw.rect(surface, palette.PANEL, rect)
        pygame.draw.line(surface, palette.PANEL_EDGE, rect.topleft, rect.bottomleft)
        draw_lines(surface, wrapped(self.lesson_lines(), rect.width - 24), rect.x + 12,
                   rect.y + 10)
        self.panel.draw(surface, self.hovered_action, self.selected)
        if self.draft is not None and self.is_human_turn():
            self._draw_draft(surface)
