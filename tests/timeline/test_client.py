"""The timeline in the client: Ctrl+Z undoes a move (and says where undo stops), every
decision is autosaved, the menu's Continue, Saved battles and Replays open, and the replay
viewer steps back and forth."""

import pygame
import pytest

from game.io import battle_saves
from game.io.paths import replays_dir
from game.sim import simulate
from game.ui.app import HOT_SEAT, VS_AI, BattleConfig
from game.ui.screens.battle import BattleScreen
from game.ui.screens.menu import MenuScreen
from game.ui.screens.replays import ReplayControls
from game.ui.screens.saves import SavedBattlesScreen
from tests.timeline.battles import scenario
from tests.ui.conftest import make_app  # noqa: F401 (the client tests' app fixture)

CTRL = pygame.KMOD_CTRL


@pytest.fixture(autouse=True)
def own_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))


def start(drive, mode=HOT_SEAT):
    path = scenario("squads").source
    battle = drive.app.start_battle(BattleConfig("squads", path, mode, 0, 3))
    drive.frames(2)
    return battle


def act(battle, action):
    """Apply on the battle's rules worker, then step a frame so its result is taken in."""
    assert battle.apply(action)
    battle.app.pump(1)


def move(battle, unit):
    act(battle, next(a for a in battle.legal() if a.kind == "move" and a.unit == unit))


def test_ctrl_z_undoes_a_move_and_says_where_undo_stops(make_app):  # noqa: F811
    drive = make_app()
    battle = start(drive)
    before = repr(battle.state)
    move(battle, "s0u0")
    assert battle.timeline.position == 1
    drive.key(pygame.K_z, mod=CTRL)
    assert battle.timeline.position == 0 and repr(battle.state) == before
    assert battle.message.startswith("Undone: Move") and "start of the battle" in battle.message
    drive.key(pygame.K_z, mod=CTRL)
    assert battle.message == "Nothing to undo: this is the start of the battle"


def test_every_decision_is_autosaved_and_continue_opens_it(make_app):  # noqa: F811
    drive = make_app()
    battle = start(drive)
    move(battle, "s0u0")
    move(battle, "s0u1")
    saved = battle_saves.latest_unfinished()
    assert saved is not None and saved.summary["decisions"] == 2
    state = repr(battle.state)
    drive.app.open_menu()
    drive.frames(2)
    menu = drive.top
    assert isinstance(menu, MenuScreen)
    buttons = {key: b for b, key in menu.timeline_buttons.items()}
    drive.press(buttons["continue"])
    resumed = drive.top
    assert isinstance(resumed, BattleScreen) and resumed is not battle
    assert resumed.timeline.position == 2 and repr(resumed.state) == state
    assert resumed.config.mode == HOT_SEAT


def test_versus_the_ai_my_turn_is_taken_back_before_the_ai_acts(make_app):  # noqa: F811
    drive = make_app(ai_delay=1000.0)  # the AI waits: the player changes their mind first
    battle = start(drive, VS_AI)
    for _ in range(2):
        act(battle, next(a for a in battle.legal() if a.kind == "end_phase"))
    assert battle.controller.current_player() == 1 and not battle.is_human_turn()
    drive.key(pygame.K_z, mod=CTRL)
    assert battle.timeline.position == 1 and battle.is_human_turn()


def test_saved_battles_lists_opens_and_deletes(make_app):  # noqa: F811
    drive = make_app()
    battle = start(drive)
    move(battle, "s0u0")
    drive.app.open_menu()
    drive.frames(2)
    buttons = {key: b for b, key in drive.top.timeline_buttons.items()}
    drive.press(buttons["saved"])
    listing = drive.top
    assert isinstance(listing, SavedBattlesScreen) and len(listing.rows) == 1
    assert "squads" in listing.rows[0].summary["ruleset"]
    delete = next(b for b, (what, _) in listing.buttons.items() if what == "delete")
    drive.press(delete)
    assert drive.top.rows == [] and battle_saves.list_saves() == []


def test_the_replay_viewer_steps_back_and_forth(make_app):  # noqa: F811
    simulate("warband", scenario("warband"), 1, 2, ["random", "random"], replays=replays_dir())
    drive = make_app()
    drive.frames(2)
    buttons = {key: b for b, key in drive.top.timeline_buttons.items()}
    drive.press(buttons["replays"])
    listing = drive.top
    opener = next(b for b, (what, _) in listing.buttons.items() if what == "open")
    drive.press(opener)
    viewer = drive.top
    assert isinstance(viewer, ReplayControls)
    timeline = viewer.timeline
    assert timeline.position == 0 and viewer.end > 10
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert timeline.position == 2
    assert "Ctrl+Z" not in viewer.battle._hint()[0]  # watching: nothing of mine to undo
    drive.key(pygame.K_LEFT)
    assert timeline.position == 1
    drive.key(pygame.K_END)
    assert timeline.position == viewer.end and timeline.over
    last_round = timeline.state.round
    drive.key(pygame.K_PAGEUP)
    assert timeline.state.round == last_round and viewer.round_at(timeline.position - 1) < last_round
    drive.key(pygame.K_HOME)
    assert timeline.position == 0
    assert len(viewer.battle.log.entries) == len(timeline.controller.events)  # the log too
    drive.key(pygame.K_SPACE)
    drive.app.step([], dt=1.05)
    assert timeline.position == 1
    viewer.press("take_over")
    assert drive.top is viewer.battle


def test_the_panel_says_what_undo_takes_back_and_the_undo_button_does_it(make_app):  # noqa: F811
    drive = make_app()
    battle = start(drive)
    assert battle._hint()[0] == ""  # nothing to undo yet: nothing said
    move(battle, "s0u0")
    hint = battle._hint()[0]
    assert hint.startswith("Ctrl+Z undoes: Move") and "start of the battle" in hint
    drive.press(battle.tools["undo"])
    assert battle.timeline.position == 0


def test_ctrl_s_saves_the_battle_under_its_own_name(make_app):  # noqa: F811
    drive = make_app()
    battle = start(drive)
    move(battle, "s0u0")
    drive.key(pygame.K_s, mod=CTRL)
    assert battle.message.startswith("Saved as squads-")
    names = sorted(e.path.name for e in battle_saves.list_saves())
    assert len(names) == 2 and names[0].startswith("autosave-")
    named = next(e for e in battle_saves.list_saves() if not e.path.name.startswith("auto"))
    assert battle_saves.load_battle(named.path).timeline.position == 1


def test_a_replay_is_taken_over_against_the_ai_from_any_point(make_app):  # noqa: F811
    from game.ui.screens.replays import open_replay

    simulate("warband", scenario("warband"), 1, 2, ["random", "random"], replays=replays_dir())
    drive = make_app(ai_delay=1000.0)  # the AI waits: only my decision is applied
    drive.frames(2)
    (entry,) = battle_saves.list_saves(replays_dir())
    viewer = open_replay(drive.app, entry.path)
    for _ in range(5):
        drive.key(pygame.K_RIGHT)
    me = viewer.battle.controller.current_player()
    viewer.press("take_over_ai")
    battle = drive.top
    assert battle is viewer.battle and battle.humans == {me} and me not in battle.agents
    assert battle.timeline.position == 5 and battle.timeline.can_redo()
    act(battle, battle.legal()[-1])
    assert battle.timeline.position == 6


def test_closing_the_window_mid_battle_asks_first_and_the_battle_is_kept(make_app):  # noqa: F811
    from game.ui.screens.overlays import ConfirmLeaveScreen

    drive = make_app()
    battle = start(drive)
    move(battle, "s0u0")
    drive.post(pygame.QUIT)
    drive.frames(2)
    asked = drive.top
    assert isinstance(asked, ConfirmLeaveScreen) and drive.app.running
    drive.press(asked.stay)  # keep playing: back to the battle
    assert drive.top is battle and drive.app.running
    drive.post(pygame.QUIT)
    drive.frames(2)
    drive.press(drive.top.leave)
    assert not drive.app.running
    assert battle_saves.latest_unfinished().summary["decisions"] == 1  # kept for Continue


def test_the_pause_menu_saves_and_asks_before_quitting_to_the_menu(make_app):  # noqa: F811
    from game.ui.screens.overlays import ConfirmLeaveScreen, PauseScreen

    drive = make_app()
    battle = start(drive)
    move(battle, "s0u0")
    drive.key(pygame.K_ESCAPE)
    pause = drive.top
    assert isinstance(pause, PauseScreen)
    drive.press(pause.save)
    assert pause.note.startswith("Saved as squads-")
    drive.press(pause.to_menu)
    asked = drive.top
    assert isinstance(asked, ConfirmLeaveScreen)
    drive.press(asked.leave)
    assert isinstance(drive.top, MenuScreen)
