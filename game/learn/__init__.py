"""Learn mode, everything but the drawing: lessons, rule sheets, glossary, charts, the reasons
for options not offered, and outcome distributions. Pure: no pygame (the client's lesson
screen, step mode, "why?" panel, rules reference and odds chart are built on this API).

Rule sheets (`game.learn.sheets`; the words are data in `game/learn/sheets/*.toml`):
- `sheet(ruleset) -> Sheet`: `.rules` (RuleEntry: id, title, section, text, log_names),
  `.terms`, `.entry(rule_id)`, `.by_log_name(rule_string)`.
- `rule_for_event(ruleset, event) -> RuleEntry`: the "why?" of a log line (an Event, or a dice
  Roll: both carry `rule`). `lookup(ruleset, rule_string) -> RuleEntry | None`.
- `glossary(ruleset) -> tuple[Term, ...]` (term, name, text): every term shown on screen.

Charts (`game.learn.charts`): `charts(ruleset) -> list[Chart]`, each a titled table (row and
column headings, cells as text) generated from the ruleset's own chart functions.

Withheld options (`game.learn.withheld`): `withheld(ruleset, state, geo) -> list[Withheld]`:
what a player would look for but is not offered now (unit, what, reason, rule entry).

Outcomes (`game.learn.outcomes`): `outcomes(ruleset, state, geo, action) -> Outcome`: for a
charge or an attack, the exact distribution (Fractions) for the attacker, and what the
defender can expect to do back, before committing.

Lessons (`game.learn.lesson_file`, `game.learn.lesson`; files in `game/learn/lessons/`):
- `list_lessons()`, `find_lesson(id_or_path) -> Lesson` (LessonError: one line, file named).
- `LessonRun(lesson)`: `.current` (LessonStep: text, rule, highlight, decision), `.next()`,
  `.choose(action) -> Verdict(correct, explanation)`, `.back()`, `.restart()`, `.skip()`,
  `.offered()`, `.reports` (StepReport per played step: rule, text, dice, decision, events),
  `.controller` (the battle the table draws), `.finished`.
- `play_headless(lesson) -> dict`: what `skirmish tutorial LESSON --headless --json` prints.
"""

from game.learn.charts import charts
from game.learn.sheets import glossary, lookup, rule_for_event, sheet

__all__ = ["charts", "glossary", "lookup", "rule_for_event", "sheet"]
