"""Lessons: each plays its scripted path to the end on the real ruleset; a wrong choice is
explained and changes nothing; back and restart give the same dice; the squads lesson shows the
seed's worked example (roll 9: engaged, each closer, within 1" where possible; roll 3: the
charge fails and no model moves); a broken lesson file is one line naming it."""

import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.actions import Action
from game.core.errors import GameError
from game.learn.lesson import LessonRun, play_headless
from game.learn.lesson_file import LessonError, find_lesson, lesson_paths, list_lessons, load_lesson
from game.learn.sheets import sheet

LESSONS = [p.stem for p in lesson_paths()]


def test_there_is_a_lesson_for_every_ruleset():
    assert {item["ruleset"] for item in list_lessons()} == {
        "cards", "legions", "ranks", "squads", "warband"}


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_each_lesson_plays_its_scripted_path_to_the_end(lesson_id):
    lesson = find_lesson(lesson_id)
    played = play_headless(lesson)
    assert played["lesson"] == lesson.id == lesson_id
    assert len(played["steps"]) == len(lesson.steps)
    ids = {r.id for r in sheet(lesson.ruleset).rules}
    for step in played["steps"]:
        assert step["rule"] in ids and step["text"]
        assert all(isinstance(d, int) and 1 <= d <= 6 for d in step["dice"])
    asked = [s for s in played["steps"] if s["decision"]]
    assert asked, "every lesson has a 'your turn' moment"
    assert any(step["dice"] for step in played["steps"])


def run_to(run, index):
    while run.position < index:
        run.next()


def squads_step(run, rule, nth=0):
    return [n for n, s in enumerate(run.lesson.steps) if s.rule == rule][nth]


def test_squads_lesson_the_roll_of_nine_and_the_seeds_figures():
    run = LessonRun(find_lesson("squads_charge"))
    state, geo = run.state, run.controller.geo
    start = {m.id: (m.x, m.y) for m in state.alive_models("s0u0")}
    assert abs(geo.unit_distance(state, "s0u0", "s1u0") - 7.0) < 1e-6
    run.next()                                               # eligibility
    report = run.choose(Action("charge", "s0u0"))
    assert report.correct
    assert run.reports[-1].dice == [5, 4]
    assert run.state.pending["charge"]["reachable"] == ["s1u0"]   # chosen only after the roll
    run.next()                                               # 9 >= 7: the Marines in reach
    move = next(a for a in run.offered() if a.kind == "charge_move")
    assert run.choose(move).correct
    s = run.state
    assert geo.unit_distance(s, "s0u0", "s1u0") <= 2.0      # engaged
    marines = s.alive_models("s1u0")
    within_one = 0
    for m in s.alive_models("s0u0"):
        before = m.copy()
        before.x, before.y = start[m.id]
        nearest = min(geo.distance(m, t) for t in marines)
        if (m.x, m.y) != start[m.id]:
            assert nearest < min(geo.distance(before, t) for t in marines)   # closer
            assert geo.path_length(s, before, (m.x, m.y)) <= 9.0 + 1e-6
        within_one += nearest <= 1.0
    assert within_one >= 5                                   # within 1" where possible


def test_squads_lesson_what_if_i_had_rolled_three():
    run = LessonRun(find_lesson("squads_charge"))
    start = {m.id: (m.x, m.y) for m in run.state.alive_models("s0u0")}
    run_to(run, squads_step(run, "charge_targets", 1))
    report = run.next()
    assert report.dice == [1, 2]
    assert any("charge fails" in e.describe() for e in report.events)
    assert {m.id: (m.x, m.y) for m in run.state.alive_models("s0u0")} == start
    assert not run.state.units["s0u0"].flags.get("charged")
    run.next()
    report = run.next()                                      # back to the 9: the fight
    assert run.state.units["s0u0"].flags.get("charged")
    assert any("Fight phase" in e.describe() for e in report.events)


def test_a_wrong_choice_is_explained_and_changes_nothing():
    run = LessonRun(find_lesson("squads_charge"))
    run.next()
    before = {m.id: (m.x, m.y) for m in run.state.models.values()}
    verdict = run.choose(Action("end_phase"))
    assert not verdict.correct
    assert "gives up the charge" in verdict.explanation
    assert run.position == 1 and run.controller.dice.log == []
    assert {m.id: (m.x, m.y) for m in run.state.models.values()} == before
    assert run.choose(Action("charge", "s0u0")).correct


def test_a_choice_the_rules_refuse_is_explained_with_the_rules_reason():
    run = LessonRun(find_lesson("squads_charge"))
    run.next()
    verdict = run.choose(Action("charge", "s1u0"))
    assert not verdict.correct and "the rules refuse it" in verdict.explanation


def test_back_and_forward_give_the_same_dice_and_restart_goes_to_the_start():
    run = LessonRun(find_lesson("warband_close_combat"))
    run_to(run, 3)
    first = (run.reports[-1].dice, [e.describe() for e in run.reports[-1].events])
    assert run.back() and run.position == 2
    run.next()
    assert (run.reports[-1].dice, [e.describe() for e in run.reports[-1].events]) == first
    run.restart()
    assert run.position == 0 and not run.back()


def test_a_step_without_a_decision_refuses_a_choice():
    run = LessonRun(find_lesson("squads_charge"))
    with pytest.raises(GameError, match="asks no decision"):
        run.choose(Action("charge", "s0u0"))


# --- broken lesson files ------------------------------------------------------------------------
def write(tmp_path, change):
    data = json.loads(Path(find_lesson("squads_charge").path).read_text())
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("change, problem", [
    (lambda d: d.pop("steps"), "'steps': must be a list of steps"),
    (lambda d: d["steps"][0].update(rule="no_such_rule"),
     "step 1: rule 'no_such_rule' is not on the rule sheet"),
    (lambda d: d["steps"][1].update(dice=[7]), "step 2.dice must be a list of faces 1 to 6"),
    (lambda d: d["steps"][4].update(rewind_to="nowhere"),
     "step 5: rewind_to 'nowhere' is not an earlier step's id"),
    (lambda d: d.update(ruleset="chess"), "unknown ruleset 'chess'"),
    (lambda d: d["steps"][0].update(highlight={"glow": 1}), "unknown highlight 'glow'"),
])
def test_a_broken_lesson_file_is_one_clear_line(tmp_path, change, problem):
    path = write(tmp_path, change)
    with pytest.raises(LessonError) as caught:
        load_lesson(path)
    assert str(caught.value).startswith(str(path)) and problem in str(caught.value)


def test_a_lesson_whose_action_the_rules_do_not_offer_names_the_step(tmp_path):
    def change(d):
        d["steps"][4]["action"] = {"kind": "charge", "unit": "s1u0"}
    with pytest.raises(LessonError, match=r"broken.json: step 5: the rules do not offer"):
        play_headless(load_lesson(write(tmp_path, change)))


def test_a_lesson_that_scripts_dice_the_rules_do_not_roll_names_the_step(tmp_path):
    def change(d):
        d["steps"][0]["dice"] = [3]
    with pytest.raises(LessonError, match="step 1: 1 scripted dice were not rolled"):
        play_headless(load_lesson(write(tmp_path, change)))


def test_a_lesson_that_scripts_too_few_dice_names_the_step(tmp_path):
    def change(d):
        d["steps"][1]["dice"] = [5]
    with pytest.raises(LessonError, match="step 2: the rules roll more dice than the 1 the "
                                          "step scripts"):
        play_headless(load_lesson(write(tmp_path, change)))


def test_a_lesson_with_a_made_up_opening_phase_is_one_line(tmp_path):
    def change(d):
        d["start"] = {"phase": "no_such_phase"}
    with pytest.raises(LessonError, match="broken.json: "):
        play_headless(load_lesson(write(tmp_path, change)))


def test_a_lesson_placing_a_unit_it_has_not_is_refused(tmp_path):
    def change(d):
        d["placements"][0]["unit"] = "s5u0"
    with pytest.raises(LessonError, match="placement 1: no unit 's5u0'"):
        LessonRun(load_lesson(write(tmp_path, change)))


def test_a_lesson_highlighting_a_unit_it_has_not_is_refused(tmp_path):
    def change(d):
        d["steps"][2]["highlight"] = {"units": ["s9u9"]}
    with pytest.raises(LessonError, match="step 3: highlight names no unit 's9u9'"):
        LessonRun(load_lesson(write(tmp_path, change)))


# --- the command line -----------------------------------------------------------------------------
def test_cli_lists_the_lessons_as_json(capsys):
    assert main(["tutorial", "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) >= 5 and set(listed[0]) == {"id", "ruleset", "title"}


def test_cli_plays_the_squads_lesson_headless(capsys):
    assert main(["tutorial", "squads_charge", "--headless", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["lesson"], out["ruleset"]) == ("squads_charge", "squads")
    assert {"rule", "text", "dice", "decision"} <= set(out["steps"][0])
    dice = [s["dice"] for s in out["steps"]]
    assert [5, 4] in dice and [1, 2] in dice


def test_cli_broken_lesson_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert main(["tutorial", str(path), "--headless", "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(path) in err and "not valid JSON" in err


def test_cli_unknown_lesson_names_the_known_ones(capsys):
    assert main(["tutorial", "nope", "--headless"]) == 2
    assert "squads_charge" in capsys.readouterr().err


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_wrong_choice_in_a_lesson_is_explained(lesson_id):
    run = LessonRun(find_lesson(lesson_id))
    explained = 0
    while not run.finished:
        step = run.current
        if step.decision is not None:
            for other in (a for a in run.offered() if not step.decision.expect.matches(a)):
                verdict = run.choose(other)
                assert not verdict.correct and verdict.explanation
                explained += 1
        run.next()
    assert run.finished and explained > 0


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_log_line_of_a_lesson_opens_its_rule(lesson_id):
    from game.learn.sheets import rule_for_event

    lesson = find_lesson(lesson_id)
    run = LessonRun(lesson)
    run.skip()
    for event in run.controller.events:
        assert rule_for_event(lesson.ruleset, event).id != "unlisted", event


def test_legions_what_if_the_setup_move_reaches_contact():
    run = LessonRun(find_lesson("legions_assault"))
    step = next(n for n, s in enumerate(run.lesson.steps) if s.rule == "already_won")
    run_to(run, step)
    report = run.next()
    assert any("charge is already won" in e.describe() for e in report.events)
    assert report.dice == []                      # no volley, no charge roll
    assert run.controller.geo.unit_distance(run.state, "s0u0", "s1u0") <= 0.02


def test_ranks_what_if_the_riders_attack_the_rear():
    run = LessonRun(find_lesson("ranks_combat"))
    run.skip()
    dice = next(e for e in run.reports[-1].events if type(e).__name__ == "CombatDice")
    assert {kind for _, kind, _ in dice.bases} == {"rear"}
    assert any("+2 rear attack" in e.describe() for e in run.reports[-1].events)
