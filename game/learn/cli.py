"""`skirmish tutorial`: the lessons listed, or one played headless (its scripted path).

Kept here, not in game/cli.py, so the command line only parses; a broken lesson is a
LessonError (a GameError), which the command line prints as one line with exit code 2.
"""

from __future__ import annotations

import json

from game.core.errors import GameError
from game.core.i18n import msg
from game.i18n import translate


def tutorial(lesson: str | None, listing: bool, headless: bool, as_json: bool) -> int:
    from game.learn.lesson import play_headless
    from game.learn.lesson_file import find_lesson, list_lessons

    if listing:
        lessons = list_lessons()
        if as_json:
            print(json.dumps(lessons))
        else:
            for item in lessons:
                print(f"{item['id']:<24} {item['ruleset']:<8} {translate(item['title'])}")
        return 0
    if lesson is None:
        raise GameError(msg("tutorial: name a lesson (see `skirmish tutorial --list`)"))
    if not headless:
        raise GameError(msg("tutorial: the lesson screen opens from the game's menu (Learn); "
                            "here, use --headless"))
    played = play_headless(find_lesson(lesson))
    if as_json:
        print(json.dumps(played))
    else:
        print(f"{translate(played['title'])} ({played['ruleset']})")
        for n, step in enumerate(played["steps"], 1):
            faces = "+".join(map(str, step["dice"]))
            dice = translate(msg(" [dice {faces}]", faces=faces)) if step["dice"] else ""
            print(f"{n:>2}. ({translate(step['rule_title'])}) {translate(step['text'])}{dice}")
    return 0
