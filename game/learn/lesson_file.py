"""The lesson file: a JSON scenario with scripted dice and the steps that walk through it.

Why a file and one checker: a lesson is written by hand (and later translated), so a broken one
must be one line naming the file and the problem (`LessonError`, exit 2 at the CLI), found when
it is loaded, not halfway through a lesson.

    {"id", "ruleset", "title", "seed" (optional), "table": [width, height],
     "armies": [{"name", "force", "units": [profile ids]}, ...],      unit ids s<side>u<n>
     "placements": [{"unit", "x", "y", "facing", "files"?, "keep"?}]  a block around (x, y);
                   [{"model", "x", "y", "facing"?}]                    one model exactly
     "start": {"phase"?, "active"?, "pending"?, "begin_turn"?}           where the lesson begins
     "steps": [step, ...]}

A step: "text" (plain words) and "rule" (an id of the ruleset's rule sheet), optional "id",
"dice" (faces scripted before the step's action), "highlight" ({"units", "models", "ring":
{"unit", "radius"}, "contact": [unit, unit], "arc": {"unit", "edge"}}), "rewind_to" (the id of
an earlier step: the position right after it comes back, for "what if" branches), "setup"
(placements, as above, made before the step: "what if they had stood here"), and one of
"action" (played by the lesson) or "decision" ({"prompt", "expect": action, "wrong": why a
wrong choice is wrong, "because": {action kind: why that one is wrong}}). An action is matched
against what the rules offer: {"kind", "unit"?, "targets"?, "option"?}.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from game.core.errors import InputFileError
from game.core.i18n import msg
from game.io import limits

LESSONS_DIR = Path(__file__).resolve().parent / "lessons"
MAX_LESSON_BYTES = 256 * 1024
MAX_STEPS = 200
HIGHLIGHT_KEYS = {"units", "models", "ring", "contact", "arc"}
ACTION_KEYS = {"kind", "unit", "targets", "option"}


class LessonError(InputFileError):
    """A lesson file that cannot be played; the message names the file and the problem."""


@dataclass(frozen=True)
class ActionPattern:
    """What a step's action must be; fields left None match anything."""

    kind: str
    unit: str | None = None
    targets: tuple[str, ...] | None = None
    option: str | None = None

    def matches(self, action) -> bool:
        return (action.kind == self.kind
                and (self.unit is None or action.unit == self.unit)
                and (self.targets is None or tuple(action.targets) == self.targets)
                and (self.option is None or action.option == self.option))

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.unit is not None:
            out["unit"] = self.unit
        if self.targets is not None:
            out["targets"] = list(self.targets)
        if self.option is not None:
            out["option"] = self.option
        return out


@dataclass(frozen=True)
class Decision:
    prompt: str
    expect: ActionPattern
    wrong: str
    because: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class LessonStep:
    text: str
    rule: str
    id: str = ""
    dice: tuple[int, ...] = ()
    highlight: dict = field(default_factory=dict)
    action: ActionPattern | None = None
    decision: Decision | None = None
    rewind_to: str | None = None
    setup: tuple[dict, ...] = ()


@dataclass(frozen=True)
class Lesson:
    id: str
    ruleset: str
    title: str
    path: str
    table: tuple[float, float]
    armies: tuple[tuple[str, str, tuple[str, ...]], ...]
    placements: tuple[dict, ...]
    start: dict
    steps: tuple[LessonStep, ...]
    seed: int = 0


def _want(path, where: str, value, kind, what: str):
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise LessonError(path, msg("{where}: {what}", where=where, what=what))
    return value


def _number(path, where: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not limits.finite_number(
            value):
        raise LessonError(path, msg("{where} must be a number", where=where))
    return float(value)


def _pattern(path, where: str, raw) -> ActionPattern:
    _want(path, where, raw, dict, msg("an action is an object with a 'kind'"))
    extra = set(raw) - ACTION_KEYS
    if extra:
        raise LessonError(path, msg("{where}: unknown action key {keys}",
                                    where=where, keys=repr(sorted(extra)[0])))
    kind = _want(path, f"{where}.kind", raw.get("kind"), str, msg("'kind' must be a text"))
    targets = raw.get("targets")
    if targets is not None:
        _want(path, f"{where}.targets", targets, list, msg("'targets' must be a list of unit ids"))
        if not all(isinstance(t, str) for t in targets):
            raise LessonError(path, msg("{where}.targets must be a list of unit ids", where=where))
        targets = tuple(targets)
    for key in ("unit", "option"):
        if raw.get(key) is not None:
            _want(path, f"{where}.{key}", raw[key], str, msg("'{key}' must be a text", key=key))
    return ActionPattern(kind, raw.get("unit"), targets, raw.get("option"))


def _highlight(path, where: str, raw) -> dict:
    _want(path, where, raw, dict, msg("'highlight' must be an object"))
    extra = set(raw) - HIGHLIGHT_KEYS
    if extra:
        raise LessonError(path, msg("{where}: unknown highlight {keys} (known: {names})",
                                    where=where, keys=repr(sorted(extra)[0]),
                                    names=', '.join(sorted(HIGHLIGHT_KEYS))))
    if "ring" in raw:
        ring = _want(path, f"{where}.ring", raw["ring"], dict, "'ring' is {\"unit\", \"radius\"}")
        _want(path, f"{where}.ring.unit", ring.get("unit"), str, msg("a ring needs a 'unit'"))
        if _number(path, f"{where}.ring.radius", ring.get("radius")) <= 0:
            raise LessonError(path, msg("{where}.ring.radius must be above 0", where=where))
    if "contact" in raw and (not isinstance(raw["contact"], list) or len(raw["contact"]) != 2):
        raise LessonError(path, msg("{where}.contact must be two unit ids", where=where))
    return raw


def _placements(path, what: str, raw) -> list[dict]:
    _want(path, f"'{what}s'", raw, list, msg("must be a list of placements"))
    for n, place in enumerate(raw):
        where = f"{what} {n + 1}"
        _want(path, where, place, dict, msg("a placement is an object"))
        if ("unit" in place) == ("model" in place):
            raise LessonError(path, msg("{where}: names a 'unit' or a 'model'", where=where))
        for key in ("x", "y"):
            _number(path, f"{where}.{key}", place.get(key))
        for key in ("facing", "files", "keep"):
            if key in place:
                _number(path, f"{where}.{key}", place[key])
    return raw


def _step(path, n: int, raw, known_ids: set[str], rule_ids: set[str]) -> LessonStep:
    where = f"step {n + 1}"
    _want(path, where, raw, dict, msg("a step is an object"))
    text = _want(path, f"{where}.text", raw.get("text"), str, msg("'text' must be a text"))
    rule = _want(path, f"{where}.rule", raw.get("rule"), str, msg("'rule' must be a rule id"))
    if rule not in rule_ids:
        raise LessonError(path, msg("{where}: rule {rule} is not on the rule sheet",
                                    where=where, rule=repr(rule)))
    dice = raw.get("dice", [])
    if not isinstance(dice, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        raise LessonError(path, msg("{where}.dice must be a list of faces 1 to 6", where=where))
    rewind = raw.get("rewind_to")
    if rewind is not None and rewind not in known_ids:
        raise LessonError(path, msg("{where}: rewind_to {rewind} is not an earlier step's id",
                                    where=where, rewind=repr(rewind)))
    if "action" in raw and "decision" in raw:
        raise LessonError(path, msg("{where}: a step has an 'action' or a 'decision', not both",
                                    where=where))
    action = _pattern(path, f"{where}.action", raw["action"]) if "action" in raw else None
    decision = None
    if "decision" in raw:
        d = _want(path, f"{where}.decision", raw["decision"], dict, msg("must be an object"))
        because = d.get("because", {})
        if not isinstance(because, dict) or not all(isinstance(v, str) for v in because.values()):
            raise LessonError(path, msg("{where}.decision.because maps action kinds to texts",
                                        where=where))
        decision = Decision(
            _want(path, f"{where}.decision.prompt", d.get("prompt"), str, msg("needs a 'prompt'")),
            _pattern(path, f"{where}.decision.expect", d.get("expect")),
            _want(path, f"{where}.decision.wrong", d.get("wrong"), str,
                  msg("needs a 'wrong' text")),
            dict(because))
    step_id = raw.get("id", "")
    _want(path, f"{where}.id", step_id, str, msg("'id' must be a text"))
    if step_id and step_id in known_ids:
        raise LessonError(path, msg("{where}: id {step_id} is used twice",
                                    where=where, step_id=repr(step_id)))
    setup = tuple(_placements(path, f"{where} setup", raw.get("setup", [])))
    return LessonStep(" ".join(text.split()), rule, step_id, tuple(dice),
                      _highlight(path, f"{where}.highlight", raw.get("highlight", {})),
                      action, decision, rewind, setup)


def load_lesson(path: str | Path) -> Lesson:
    """Read and check a lesson file (LessonError: one line naming the file and the problem)."""
    from game import rulesets
    from game.core.errors import GameError
    from game.learn.sheets import sheet

    path = Path(path)
    data = limits.read_capped(path, MAX_LESSON_BYTES, LessonError, msg("lesson file"))
    try:
        raw = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            raise LessonError(path, msg("not valid JSON at line {line}", line=exc.lineno)) from None
        raise LessonError(path, msg("not valid JSON")) from None
    if limits.nesting_depth(raw) > limits.MAX_NESTING:
        raise LessonError(path, msg("nested too deeply (the limit is {limit})",
                                    limit=limits.MAX_NESTING))
    _want(path, "the file", raw, dict, msg("a lesson is a JSON object"))
    for key in ("id", "ruleset", "title"):
        _want(path, f"'{key}'", raw.get(key), str, msg("missing or not a text"))
    try:
        rulesets.get(raw["ruleset"])
        rule_ids = {r.id for r in sheet(raw["ruleset"]).rules}
    except GameError as exc:
        raise LessonError(path, str(exc)) from None
    table = raw.get("table", [60, 44])
    if not isinstance(table, list) or len(table) != 2:
        raise LessonError(path, msg("'table' must be [width, height] in inches"))
    size = tuple(_number(path, "'table'", v) for v in table)
    if not all(0 < v <= limits.MAX_TABLE_INCHES for v in size):
        raise LessonError(path, msg("'table' sides must be above 0 and at most {limit}\"",
                                    limit=limits.MAX_TABLE_INCHES))
    armies = _want(path, "'armies'", raw.get("armies"), list, msg("must be a list of sides"))
    if len(armies) < 2:
        raise LessonError(path, msg("'armies' needs at least two sides"))
    sides = []
    for n, army in enumerate(armies):
        where = f"army {n + 1}"
        _want(path, where, army, dict, "an army is {\"name\", \"force\", \"units\"}")
        units = _want(path, f"{where}.units", army.get("units"), list, msg("a list of profile ids"))
        if not units or not all(isinstance(u, str) for u in units):
            raise LessonError(path, msg("{where}.units must be a non-empty list of profile ids",
                                        where=where))
        sides.append((_want(path, f"{where}.name", army.get("name"), str, msg("needs a 'name'")),
                      _want(path, f"{where}.force", army.get("force"), str, msg("needs a 'force'")),
                      tuple(units)))
    placements = _placements(path, "placement", raw.get("placements", []))
    start = _want(path, "'start'", raw.get("start", {}), dict, msg("must be an object"))
    steps_raw = _want(path, "'steps'", raw.get("steps"), list, msg("must be a list of steps"))
    if not steps_raw or len(steps_raw) > MAX_STEPS:
        raise LessonError(path, msg("'steps' must hold 1 to {limit} steps", limit=MAX_STEPS))
    known: set[str] = set()
    steps = []
    for n, body in enumerate(steps_raw):
        step = _step(path, n, body, known, rule_ids)
        known.add(step.id)
        steps.append(step)
    seed = raw.get("seed", 0)
    if not limits.is_seed(seed):
        raise LessonError(path, msg("'seed' must be a whole number of at most 64 bits"))
    return Lesson(raw["id"], raw["ruleset"], raw["title"], str(path), size, tuple(sides),
                  tuple(placements), start, tuple(steps), seed)


def lesson_paths() -> list[Path]:
    return sorted(LESSONS_DIR.glob("*.json"))


def list_lessons() -> list[dict]:
    """Every shipped lesson: {"id", "ruleset", "title"} (a broken file is a LessonError)."""
    return [{"id": le.id, "ruleset": le.ruleset, "title": le.title}
            for le in (load_lesson(p) for p in lesson_paths())]


def find_lesson(name: str) -> Lesson:
    """A shipped lesson by id, or a lesson file by path."""
    candidate = Path(name)
    if candidate.suffix == ".json" or candidate.exists():
        return load_lesson(candidate)
    for p in lesson_paths():
        if p.stem == name:
            return load_lesson(p)
    known = ", ".join(p.stem for p in lesson_paths())
    raise LessonError(name, msg("no such lesson (known: {known})", known=known))
