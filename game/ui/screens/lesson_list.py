"""Menu → Learn: every shipped lesson, one button each, with a mark on those already finished.

A lesson that cannot be loaded is shown as its one-line problem (naming the file), never a crash.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.base import Screen
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.screens.lesson_progress import done_lessons
from game.ui.words import _, rules_words, translate

WIDTH = 620
ROW = 46


class LessonListScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.message = ""
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.build()

    def lessons(self) -> list[dict]:
        from game.learn.lesson_file import LessonError, list_lessons

        try:
            return list_lessons()
        except LessonError as exc:
            self.message = str(exc)
            return []

    def build(self) -> None:
        self.ui.clear_and_reset()
        self.buttons = {}
        done = done_lessons()
        width, height = self.app.size
        left = (width - WIDTH) // 2
        self.top = max(90, height // 2 - 220)
        y = self.top + 76
        for entry in self.lessons():
            title = rules_words(entry["title"])
            shown = _("Done · {lesson}").format(lesson=title) if entry["id"] in done else title
            label = shared_text().clip(shown, WIDTH - 30, 14)
            self.buttons[entry["id"]] = pygame_gui.elements.UIButton(
                pygame.Rect(left, y, WIDTH, ROW - 6), label, self.ui, object_id="#centered")
            y += ROW
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(left, y + 14, 160, 40), _("Back (Esc)"), self.ui, object_id="#centered")
        self.bottom = y + 60

    def resize(self, size) -> None:
        super().resize(size)
        self.build()

    def on_top(self) -> None:
        self.build()  # a lesson just finished: its mark shows

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
                return
            for lesson_id, button in self.buttons.items():
                if event.ui_element is button:
                    self.open(lesson_id)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def open(self, lesson_id: str) -> None:
        from game.learn.lesson_file import LessonError, find_lesson
        from game.ui.screens.lesson import LessonScreen

        try:
            screen = LessonScreen(self.app, find_lesson(lesson_id))
        except LessonError as exc:
            self.message = str(exc)
            return
        self.app.push(screen)

    def draw(self, surface) -> None:
        text = shared_text()
        width, _x = self.app.size
        surface.fill(palette.BACKGROUND)
        text.blit(surface, _("Learn the rules"), (width / 2, self.top), size=30,
                  color=palette.HIGHLIGHT, bold=True, anchor="midtop")
        about = _("Each lesson plays a real position step by step, with scripted dice; "
                  "\u201cDone\u201d marks a lesson you finished.")
        text.blit(surface, text.clip(about, width - 20, 13), (width / 2, self.top + 40), size=13,
                  color=palette.TEXT_DIM, anchor="midtop")
        y = self.bottom
        for line in text.wrap(translate(self.message), WIDTH, 13)[:4]:
            text.blit(surface, line, ((width - WIDTH) / 2, y), size=13, color=palette.TEXT_BAD)
            y += 18
