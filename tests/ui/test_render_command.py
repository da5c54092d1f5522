"""`python -m game render` writes a real picture of the battle."""

import pygame

from game.cli import main


def distinct_colours(surface, step: int = 7) -> int:
    width, height = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3]
                for x in range(0, width, step) for y in range(0, height, step)})


def test_render_writes_a_non_blank_png(tmp_path, capsys):
    out = tmp_path / "battle.png"
    assert main(["render", "--ruleset", "squads", "--seed", "2", "--size", "960x640",
                 "--out", str(out)]) == 0
    assert out.is_file() and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (960, 640)
    assert distinct_colours(picture) > 300


def test_render_after_a_turn(tmp_path):
    out = tmp_path / "later.png"
    assert main(["render", "--turns", "1", "--seed", "3", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_render_errors_are_one_line(tmp_path, capsys):
    assert main(["render", "--map", str(tmp_path / "missing.tmx"),
                 "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing.tmx" in err
    assert main(["render", "--size", "big", "--out", str(tmp_path / "x.png")]) == 2


def test_the_picture_names_the_phase_as_the_ruleset_does(monkeypatch):
    """The title strip's phase is the ruleset's name for it: cards' "activate" reads
    "Activation phase" (the picture once capitalized the id: "Activate phase")."""
    from game import rulesets
    from game.io.tmx import default_map_for, load_scenario
    from game.turn import TurnController
    from game.ui.app import start_pygame
    from game.ui.snapshot import draw_battle
    from tests.ui.drawn import Recorder

    record = Recorder(monkeypatch)
    start_pygame()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    path = default_map_for("cards")
    controller = TurnController(rulesets.get("cards"), load_scenario(path), 2)
    assert controller.state.phase == "activate"
    draw_battle(controller, (960, 640), path)
    assert any("round 1 of 6, Activation phase" in text for text in record.texts()), \
        record.texts()
