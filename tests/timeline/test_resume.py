"""Stop a battle after N decisions, save it, resume it: the same battle as the uninterrupted
one (same event-log digest, same result), for every ruleset and warband with 3 and 4 sides."""

import pytest

from game.io.battle_saves import load_battle, make_players, save_battle
from game.timeline import play_on
from tests.timeline.battles import BATTLES, start, uninterrupted

SEED = 2


@pytest.mark.parametrize(("ruleset_id", "sides"), BATTLES)
def test_stop_save_resume_gives_the_uninterrupted_battle(tmp_path, ruleset_id, sides):
    """One battle played through, saved on the way after several N decisions (saving
    changes nothing); each save resumed to the end gives the same log digest and result."""
    agents = ["random"] * sides
    length = uninterrupted(ruleset_id, SEED, tuple(agents))[2]
    stops = sorted({1, length // 3, (2 * length) // 3, length - 1})
    timeline, players = start(ruleset_id, SEED, agents)
    saves = {}
    for stop in stops:
        play_on(timeline, players, stop_after=stop)
        assert timeline.position == stop
        saves[stop] = save_battle(tmp_path / f"{ruleset_id}-{sides}-{stop}.json", timeline,
                                  players)
    play_on(timeline, players)
    digest, winner = timeline.controller.log_digest(), timeline.state.result.get("winner")
    assert (digest, winner, timeline.position) == uninterrupted(ruleset_id, SEED, tuple(agents))
    for stop, path in saves.items():
        loaded = load_battle(path)
        assert loaded.timeline.position == stop
        play_on(loaded.timeline, make_players(loaded.record))
        assert loaded.timeline.controller.log_digest() == digest, f"stopped after {stop}"
        assert loaded.timeline.state.result.get("winner") == winner


def test_a_greedy_agent_resumes_with_its_own_generator(tmp_path):
    """The greedy agent breaks ties with its seeded generator: the save keeps its state, so
    the resumed agent makes the choices the uninterrupted one made."""
    agents = ("greedy", "random")
    digest, winner, length = uninterrupted("squads", SEED, agents)
    timeline, players = start("squads", SEED, list(agents))
    play_on(timeline, players, stop_after=length // 2)
    loaded = load_battle(save_battle(tmp_path / "greedy.json", timeline, players))
    play_on(loaded.timeline, make_players(loaded.record))
    assert loaded.timeline.controller.log_digest() == digest
    assert loaded.timeline.state.result.get("winner") == winner


def test_resuming_with_other_agents_seeds_them_as_simulate_does(tmp_path):
    timeline, players = start("warband", SEED, ["random", "random"])
    play_on(timeline, players, stop_after=5)
    loaded = load_battle(save_battle(tmp_path / "w.json", timeline, players))
    fresh = make_players(loaded.record, {0: "greedy"})
    assert fresh[0].name == "greedy" and fresh[1].name == "random"
    reference = start("warband", SEED, ["greedy", "random"])[1][0]
    assert fresh[0].rng.getstate() == reference.rng.getstate()
