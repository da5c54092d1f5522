"""The rules reference: per ruleset the rules (each with its log name), the glossary and the
charts as tables; opened at a rule; F1 from the battle (the glossary over a unit's card)."""

import pygame

from game.io.tmx import default_map_for
from game.learn import charts, sheet
from game.ui.config import VS_AI, BattleConfig
from game.ui.screens.rules_reference import RulesReferenceScreen


def test_the_reference_opens_scrolled_to_a_rule_for_every_ruleset(make_app):
    drive = make_app()
    drive.frames(1)
    for ruleset in ("squads", "warband", "legions", "ranks", "cards"):
        last = sheet(ruleset).rules[-1]
        screen = drive.app.push(RulesReferenceScreen(drive.app, ruleset, last.id))
        drive.frames(1)
        assert screen.target == last.id and screen.scroll > 0
        lines = [b.text for b in screen.blocks]
        assert any(last.log_names[0][:30] in line for line in lines) if last.log_names else True
        screen.set_tab("glossary")
        assert sum(1 for b in screen.blocks if b.anchor) == len(sheet(ruleset).terms)
        screen.set_tab("charts")
        assert sum(1 for b in screen.blocks if b.cells) == sum(len(c.rows) + 1
                                                               for c in charts(ruleset))
        drive.key(pygame.K_ESCAPE)
        assert not isinstance(drive.top, RulesReferenceScreen)


def test_f1_opens_the_reference_and_the_glossary_over_a_units_card(make_app):
    drive = make_app()
    battle = drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), VS_AI, 0,
                                                 4))
    drive.frames(2)
    drive.key(pygame.K_F1)
    assert isinstance(drive.top, RulesReferenceScreen) and drive.top.tab == "rules"
    drive.key(pygame.K_ESCAPE)
    model = next(iter(battle.state.models.values()))
    drive.move(battle.camera.to_screen(model.x, model.y))
    assert battle.hovered_model is not None
    drive.key(pygame.K_F1)
    assert drive.top.tab == "glossary"
