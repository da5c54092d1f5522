"""The lesson engine: plays a lesson on the real ruleset, step by step, forward and back.

Why on the real ruleset: a lesson must show the rules as they are played, so every step goes
through the turn controller (`legal_actions` / `apply`) with the lesson's scripted dice (every
die: the dice are strict, so a lesson reads the same whatever the seed); a lesson that scripts a
wrong position or the wrong number of dice fails loudly (LessonError naming the file and the step)
instead of teaching something the game does not do. Going back restores the position and the
dice stream before the step (the timeline's dice marks), so stepping forward again rolls the
same dice. Pure: no pygame (the table comes in through the controller).

Use (the client's lesson screen does the same):

    run = LessonRun(find_lesson("squads_charge"))
    while not run.finished:
        step = run.current            # text, rule, highlight, decision (if it asks one)
        if step.decision:             # "your turn": the player picks among run.offered()
            verdict = run.choose(picked_action)   # wrong: verdict.explanation, nothing moves
        else:
            run.next()
    run.back(); run.restart(); run.skip()
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game import rulesets
from game.core.actions import Action
from game.core.deploy import place_block
from game.core.dice import Dice, ScriptExhausted
from game.core.errors import GameError, error_text
from game.core.events import Event
from game.core.i18n import msg
from game.core.state import Scenario
from game.learn.lesson_file import Lesson, LessonError, LessonStep
from game.learn.sheets import RuleEntry, sheet
from game.timeline import mark_dice, restore_dice
from game.turn import TurnController


@dataclass(frozen=True)
class Verdict:
    """How a "your turn" choice went: right (the step is played) or why it is wrong."""

    correct: bool
    explanation: str = ""


@dataclass
class StepReport:
    """What a played step showed: its rule, text, the dice faces rolled and the decision."""

    index: int
    rule: RuleEntry
    text: str
    dice: list[int] = field(default_factory=list)
    decision: dict | None = None
    events: list[Event] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"rule": self.rule.id, "rule_title": self.rule.title, "text": self.text,
                "dice": list(self.dice), "decision": self.decision,
                "log": [e.describe() for e in self.events]}


class _LessonRuleset:
    """The ruleset, starting from the lesson's position instead of a deployed battle."""

    def __init__(self, ruleset, state):
        self._ruleset = ruleset
        self._state = state

    def __getattr__(self, name):
        return getattr(self._ruleset, name)

    def new_game(self, scenario, seed, forces=None):
        return self._state


def _setup_module(ruleset_id: str):
    """Where the ruleset builds a state with given armies (tests and lessons use it)."""
    import importlib
    import importlib.util

    for name in ("setup", "profile"):
        full = f"game.rulesets.{ruleset_id}.{name}"
        if importlib.util.find_spec(full) is None:
            continue
        module = importlib.import_module(full)
        if hasattr(module, "build_state"):
            return module
    raise GameError(msg("ruleset {ruleset_id} has no build_state for lessons",
                        ruleset_id=repr(ruleset_id)))


def opening_state(lesson: Lesson):
    """The lesson's position: its armies, stood where it says, in the phase it starts in."""
    scenario = Scenario(lesson.table[0], lesson.table[1], ruleset=lesson.ruleset,
                        title=lesson.title, source=lesson.path)
    module = _setup_module(lesson.ruleset)
    armies = [(name, force, list(units)) for name, force, units in lesson.armies]
    try:
        s = module.build_state(lesson.ruleset, scenario, lesson.seed, armies)
    except GameError as exc:
        raise LessonError(lesson.path, msg("armies: {problem}", problem=error_text(exc))) from None
    place_units(lesson, s, lesson.placements, module)
    start = lesson.start
    if "phase" in start:
        s.phase = str(start["phase"])
    if "active" in start:
        s.active = int(start["active"])
    if isinstance(start.get("pending"), dict):
        s.pending.update(start["pending"])
    return scenario, s


def place_units(lesson: Lesson, s, placements, module=None, where: str = "placement") -> None:
    """Stand units (a block around a point; a ruleset whose setup has `stand` places its
    formations itself) and single models where the lesson says."""
    module = module or _setup_module(lesson.ruleset)
    stand = getattr(module, "stand", None)
    for n, place in enumerate(placements):
        here = f"{where} {n + 1}"
        if "model" in place:
            model = s.models.get(place["model"])
            if model is None:
                raise LessonError(lesson.path, msg("{here}: no model {model}", here=here,
                                                   model=repr(place['model'])))
            model.x, model.y = float(place["x"]), float(place["y"])
            if "facing" in place:
                model.facing = float(place["facing"])
            continue
        unit = s.units.get(place["unit"])
        if unit is None:
            raise LessonError(lesson.path, msg("{here}: no unit {unit} (units are s<side>u<n>: "
                                               "{names})",
                                               here=here, unit=repr(place['unit']),
                                               names=', '.join(sorted(s.units))))
        if "keep" in place:
            _keep(s, unit, int(place["keep"]))
        facing = float(place.get("facing", 0.0 if unit.side == 0 else 180.0))
        if stand is not None:
            stand(s, unit.id, float(place["x"]), float(place["y"]), facing)
        else:
            place_block(s.alive_models(unit.id), float(place["x"]), float(place["y"]), facing,
                        int(place.get("files", 5)), 0.5)


def _keep(s, unit, count: int) -> None:
    """A smaller unit for the lesson: only its first `count` models (not casualties)."""
    for mid in unit.models[count:]:
        del s.models[mid]
    unit.models = unit.models[:count]
    unit.flags["starting_models"] = count


def _check_highlights(lesson: Lesson, state) -> None:
    """Every unit and model a step highlights is in the lesson's battle (a typo in a lesson
    would otherwise highlight nothing, silently)."""
    for n, step in enumerate(lesson.steps):
        h = step.highlight
        units = list(h.get("units", [])) + list(h.get("contact", []))
        units += [h[key]["unit"] for key in ("ring", "arc") if isinstance(h.get(key), dict)
                  and "unit" in h[key]]
        for unit in units:
            if unit not in state.units:
                raise LessonError(lesson.path, msg("step {number}: highlight names no unit {unit}",
                                                   number=n + 1, unit=repr(unit)))
        for model in h.get("models", []):
            if model not in state.models:
                raise LessonError(lesson.path, msg("step {number}: highlight names no model "
                                                   "{model}",
                                                   number=n + 1, model=repr(model)))


def find_action(offered: list[Action], pattern) -> Action | None:
    return next((a for a in offered if pattern.matches(a)), None)


class LessonRun:
    """One lesson being played. `position` steps are done; `current` is the next one."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.ruleset = rulesets.get(lesson.ruleset)
        self.sheet = sheet(lesson.ruleset)
        self.restart()

    # --- reading ---------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.position >= len(self.lesson.steps)

    @property
    def current(self) -> LessonStep | None:
        return None if self.finished else self.lesson.steps[self.position]

    @property
    def state(self):
        return self.controller.state

    def offered(self) -> list[Action]:
        """What the rules offer now (the choices of a "your turn" step)."""
        return [] if self.controller.over else self.controller.legal_actions()

    def rule(self, step: LessonStep) -> RuleEntry:
        return self.sheet.entry(step.rule)

    # --- moving ----------------------------------------------------------------------------------
    def restart(self) -> None:
        from game.table import Table

        scenario, state = opening_state(self.lesson)
        geo = Table(scenario)
        try:
            if self.lesson.start.get("begin_turn") and hasattr(self.ruleset, "begin_turn"):
                self.ruleset.begin_turn(state, geo)  # a ruleset whose turn opens with a step
            self.controller = TurnController(_LessonRuleset(self.ruleset, state), scenario,
                                             self.lesson.seed, None, geo=geo,
                                             dice=Dice(self.lesson.seed, strict=True))
        except (GameError, ScriptExhausted, LookupError, TypeError, ValueError) as exc:
            # the opening position (its phase, its pending steps) is the lesson's own
            raise LessonError(self.lesson.path, msg("the opening position cannot be played: "
                                                    "{name}: {problem}",
                                                    name=type(exc).__name__,
                                                    problem=error_text(exc))) from None
        _check_highlights(self.lesson, state)
        self.position = 0
        self.reports: list[StepReport] = []
        self._before: list[tuple] = []
        self._after: dict[str, tuple] = {}

    def next(self) -> StepReport:
        """Play the current step (a decision step plays the expected choice: "show me")."""
        step = self._require_step()
        if step.decision is not None:
            return self._play(step, step.decision.expect, chosen=None)
        return self._play(step, step.action, chosen=None)

    def choose(self, action: Action) -> Verdict:
        """The player's choice at a decision step: the expected one is played; another one is
        explained (the step's words, and the rules' own reason if they refuse it), and nothing
        changes."""
        step = self._require_step()
        if step.decision is None:
            raise GameError(msg("this step asks no decision"))
        decision = step.decision
        if decision.expect.matches(action):
            self._play(step, decision.expect, chosen=action)
            return Verdict(True)
        why = decision.because.get(action.kind, decision.wrong)
        refused = self.controller.explain_illegal(action)
        if refused:
            why = msg("{why} (the rules refuse it: {refused})", why=why, refused=refused)
        return Verdict(False, why)

    def back(self) -> bool:
        """Undo the last step played; False at the start."""
        if not self._before:
            return False
        self._restore(self._before.pop())
        self.reports.pop()
        self.position -= 1
        return True

    def skip(self) -> list[StepReport]:
        """Play every remaining step as the lesson expects."""
        while not self.finished:
            self.next()
        return self.reports

    # --- inside ------------------------------------------------------------------------------
    def _require_step(self) -> LessonStep:
        if self.finished:
            raise GameError(msg("the lesson is finished"))
        return self.lesson.steps[self.position]

    def _mark(self) -> tuple:
        c = self.controller
        return (c.state.copy(), list(c.history), list(c.events), mark_dice(c.dice))

    def _restore(self, mark: tuple) -> None:
        state, history, events, dice = mark
        self.controller.rewind(state.copy(), list(history), list(events))
        restore_dice(self.controller.dice, dice)

    def _fail(self, step: LessonStep, problem: str) -> LessonError:
        return LessonError(self.lesson.path, msg("step {position}: {problem}",
                                                 position=self.position + 1, problem=problem))

    def _play(self, step: LessonStep, pattern, chosen: Action | None) -> StepReport:
        before = self._mark()
        if step.rewind_to is not None:
            self._restore(self._after[step.rewind_to])
        c = self.controller
        if step.setup:  # a "what if they had stood here" branch: the lesson moves bases
            state = c.state.copy()
            place_units(self.lesson, state, step.setup, where=f"step {self.position + 1} setup")
            c.rewind(state, list(c.history), list(c.events))
        rolled_from, events_from = len(c.dice.log), len(c.events)
        c.dice.script(*step.dice)
        decision = None
        try:
            if pattern is not None:
                action = chosen or find_action(self.offered(), pattern)
                if action is None:
                    offered = "; ".join(a.to_text()[:60] for a in self.offered()) or \
                        msg("nothing")
                    raise self._fail(step, msg("the rules do not offer {action} (offered: "
                                               "{offered})", action=str(pattern.to_json()),
                                               offered=offered))
                c.apply(action)
                if step.decision is not None:
                    decision = {"prompt": step.decision.prompt,
                                "expected": pattern.to_json(),
                                "chosen": action.label or action.to_text()}
            if c.dice.scripted_left:
                raise self._fail(step, msg("{left} scripted dice were not rolled",
                                           left=c.dice.scripted_left))
        except ScriptExhausted:
            self._restore(before)
            raise self._fail(step, msg("the rules roll more dice than the {scripted} the step "
                                       "scripts (a lesson scripts every die)",
                                       scripted=len(step.dice))) from None
        except GameError as exc:
            self._restore(before)
            if isinstance(exc, LessonError):
                raise
            raise self._fail(step, msg("the rules refused it: {problem}",
                                       problem=error_text(exc))) from None
        except (LookupError, TypeError, ValueError) as exc:  # a position the lesson made up
            self._restore(before)
            raise self._fail(step, msg("the rules cannot play this position: {kind}: {problem}",
                                       kind=type(exc).__name__, problem=str(exc))) from None
        faces = [v for roll in c.dice.log[rolled_from:] for v in roll.values]
        report = StepReport(self.position, self.rule(step), step.text, faces, decision,
                            list(c.events[events_from:]))
        self._before.append(before)
        self.reports.append(report)
        self.position += 1
        if step.id:
            self._after[step.id] = self._mark()
        return report


def play_headless(lesson: Lesson) -> dict:
    """The lesson's scripted path to its end, as the CLI prints it."""
    run = LessonRun(lesson)
    run.skip()
    return {"lesson": lesson.id, "ruleset": lesson.ruleset, "title": lesson.title,
            "steps": [r.to_json() for r in run.reports]}
