"""Command line: `skirmish [play]`, `simulate`, `odds`, `render`, `replay`, `resume`.

Every error we expect (a bad argument, a missing or malformed map or data file) becomes one line
on stderr naming the file and the problem, with exit code 2: never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
from pathlib import Path

from game import cli_texts
from game.core.errors import GameError, error_text
from game.core.i18n import join, msg
from game.io import limits


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line and exit 2 like ours."""

    def error(self, message):
        if self.prog == "skirmish":  # the line already starts "skirmish: "
            raise GameError(message)
        command = self.prog.removeprefix("skirmish ")
        raise GameError(msg("{command}: {problem}", command=command, problem=message))


def _seed(text: str) -> int:
    """A seed on the command line: a whole number of at most 64 bits (checked before int())."""
    digits = text.strip().lstrip("+-")
    if not digits.isdigit() or len(digits) > len(str(limits.MAX_SEED)):
        raise argparse.ArgumentTypeError(_(msg("a seed is a whole number of at most 64 bits, "
                                               "not {text}", text=repr(text[:24]))))
    value = int(text)
    if not limits.is_seed(value):
        raise argparse.ArgumentTypeError(_(msg("a seed is a whole number of at most 64 bits")))
    return value


def _count(text: str) -> int:
    """A count (games, sides, turns): a whole number of at most 9 digits."""
    digits = text.strip().lstrip("+-")
    if not digits.isdigit() or len(digits) > 9:
        raise argparse.ArgumentTypeError(_(msg("not a whole number: {text}",
                                               text=repr(text[:24]))))
    return int(text)


#: The commands, for options given before any (`skirmish --seed 3` is `skirmish play --seed 3`).
COMMANDS = ("play", "simulate", "replay", "odds", "render", "resume", "tutorial")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="skirmish", description=_("Skirmish Table: tabletop battles, rules shown."))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, title=_("commands"),
                                metavar=_("COMMAND"))

    play = sub.add_parser("play", help=_("open the game window (the default)"))
    play.add_argument("--ruleset", default=None, help=_("open this ruleset's battle set-up"))
    play.add_argument("--map", type=Path, default=None, help=_("the map (a .tmx file) to play on"))
    play.add_argument("--seed", type=_seed, default=None,
                      help=_("the dice seed: the same seed, the same dice"))

    sim = sub.add_parser("simulate", help=_("play battles headless between agents"))
    _add_battle_arguments(sim, games=True)
    sim.add_argument("--sides", type=_count, default=2,
                     help=_("how many sides fight (more than two: warband only)"))
    for side, agent in ((1, "greedy"), (2, "random"), (3, "random"), (4, "random")):
        sim.add_argument(f"--p{side}", default=agent, help=_(msg(
            "the agent for side {side} (default {agent}; agents: {agents})", side=side,
            agent=agent, agents=", ".join(_agent_names()))))
    sim.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    sim.add_argument("--log", action="store_true", help=_("print every step of each battle"))
    _add_search_flags(sim)
    sim.add_argument("--replays", type=Path, default=None,
                     help=_("write each game's replay (JSON) into this folder"))

    rep = sub.add_parser("replay", help=_("replay a saved battle and check it"))
    rep.add_argument("file", type=Path, help=_("the replay file (JSON)"))
    rep.add_argument("--map", type=Path, default=None,
                     help=_("the map the battle was played on, when it is not in a maps folder"))
    rep.add_argument("--log", action="store_true", help=_("print every step of the battle"))
    rep.add_argument("--json", action="store_true", help=_("print the check as JSON"))

    odds = sub.add_parser("odds", help=_("exact odds of a rules step"))
    odds.add_argument("what", choices=["charge", "melee"],
                      help=_("the step: charge or melee"))
    odds.add_argument("--ruleset", default="squads", help=_(msg(
        "the ruleset (default squads; rulesets: {rulesets})", rulesets=", ".join(_ids()))))
    odds.add_argument("--distance", type=float, help=_("charge: the distance to cover"))
    odds.add_argument("--attacker", help=_("melee: the attacking profile id"))
    odds.add_argument("--defender", help=_("melee: the defending profile id"))
    odds.add_argument("--attacker-gear", default="", help=_("melee: comma-separated equipment"))
    odds.add_argument("--defender-gear", default="", help=_("melee: comma-separated equipment"))
    odds.add_argument("--charging", action="store_true", help=_("melee: the attacker charged"))
    odds.add_argument("--json", action="store_true", help=_("print the odds as JSON"))

    render = sub.add_parser("render", help=_("draw a battle to a PNG (no window needed)"))
    _add_battle_arguments(render, games=False)
    render.add_argument("--turns", type=_count, default=0,
                        help=_("battle rounds to play with greedy agents first (0: the opening)"))
    render.add_argument("--size", default="1280x800", help=_("picture size, WIDTHxHEIGHT"))
    render.add_argument("--out", type=Path, required=True, help=_("the PNG file to write"))
    _add_timeline_arguments(sub, sim, rep)
    _add_tutorial_arguments(sub)
    _add_language_flag(parser, sub)
    return parser


def _add_battle_arguments(command, games: bool) -> None:
    """--ruleset, --map, --seed (and --games): the battle a command plays."""
    command.add_argument("--ruleset", default="squads", help=_(msg(
        "the ruleset (default squads; rulesets: {rulesets})", rulesets=", ".join(_ids()))))
    command.add_argument("--map", type=Path, default=None,
                         help=_("the map (a .tmx file; default: the ruleset's own)"))
    if games:
        command.add_argument("--games", type=_count, default=1,
                             help=_("how many battles to play"))
    command.add_argument("--seed", type=_seed, default=0,
                         help=_("the dice seed: the same seed, the same dice"))


def _ids() -> list[str]:
    from game import rulesets

    return rulesets.ids()


def _agent_names() -> tuple[str, ...]:
    from game.ai import AGENTS

    return AGENTS


def _add_tutorial_arguments(sub) -> None:
    """The lessons of learn mode (game/learn/), listed or played headless."""
    tut = sub.add_parser("tutorial", help=_("list the lessons, or play one headless"))
    tut.add_argument("lesson", nargs="?", default=None, help=_("a lesson id or a lesson file"))
    tut.add_argument("--list", action="store_true", help=_("list the lessons"))
    tut.add_argument("--headless", action="store_true",
                     help=_("play the lesson's scripted path to its end, no window"))
    tut.add_argument("--json", action="store_true", help=_("print the lesson's path as JSON"))


def _add_timeline_arguments(sub, sim, rep) -> None:
    """Saving, resuming and stepping through battles (game/timeline.py)."""
    sim.add_argument("--stop-after", type=int, default=None, metavar="N",
                     help=_("play N decisions, then save (--save) and stop"))
    sim.add_argument("--save", type=Path, default=None, metavar="FILE",
                     help=_("save the battle to FILE (with --stop-after: a battle to resume)"))
    res = sub.add_parser("resume", help=_("continue a saved battle to the end"))
    res.add_argument("file", type=Path, help=_("the saved battle (JSON)"))
    res.add_argument("--map", type=Path, default=None,
                     help=_("the map the battle was played on, when it is not in a maps folder"))
    for side in range(1, 5):
        res.add_argument(f"--p{side}", default=None,
                         help=_(msg("the agent for side {side} (default: the saved one)",
                                    side=side)))
    res.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    res.add_argument("--log", action="store_true", help=_("print every step of the battle"))
    rep.add_argument("--to", type=int, default=None, metavar="N",
                     help=_("the state summary after N decisions"))


def _add_language_flag(parser, sub) -> None:
    """`--lang` on every command (en, fr, ru), and before one (`skirmish --lang fr --help`).
    A command's own default is SUPPRESS: argparse would otherwise write its None over a
    `--lang` given before the command."""
    for command in (parser, *sub.choices.values()):
        command.add_argument("--lang", type=_language,
                             default=None if command is parser else argparse.SUPPRESS,
                             help=_("the language to show: en, fr or ru (default: "
                                    "$SKIRMISH_LANG, the settings, the system's)"))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        # the language first, so that an argument refused while parsing is told in it
        _choose_language(argparse.Namespace(lang=_language_asked(argv)))
        cli_texts.install()
        parser = build_parser()
        named = {"-h", "--help", *COMMANDS} & set(argv)
        if argv and argv[0].startswith("-") and not named:
            argv = ["play", *argv]  # `skirmish --seed 3`: play's options with no command
        args = parser.parse_args(argv)
        if args.command is None:  # no command: play, with play's defaults
            args = parser.parse_args(["play", *argv])
        _choose_language(args)
        command = args.command
        if command == "play":
            return _play(args)
        if command == "simulate":
            return _simulate(args)
        if command == "odds":
            return _odds(args)
        if command == "replay":
            return _replay(args)
        if command == "render":
            return _render(args)
        if command == "resume":
            return _resume(args)
        if command == "tutorial":
            return _tutorial(args)
    except GameError as exc:
        _say(msg("skirmish: {error}", error=error_text(exc)), file=sys.stderr)
        return 2
    except OSError as exc:  # a file we write (a picture, a folder) that the system refuses
        where = f"{exc.filename}: " if exc.filename else ""
        problem = f"{where}{exc.strerror or exc}"
        _say(msg("skirmish: {error}", error=problem), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


def _language_asked(argv: list[str]) -> str | None:
    """The value of --lang in the arguments, before they are parsed (None if not given)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _say(text, file=None) -> None:
    """Print a text for the player, in the chosen language."""
    from game.i18n import translate

    print(translate(text), file=file)


def _(text) -> str:
    from game.i18n import translate

    return translate(text)


def _language(text: str) -> str:
    from game.i18n import LANGUAGE_NAMES, normalize

    found = normalize(text)
    if found is None:
        raise argparse.ArgumentTypeError(_(msg(
            "{text} is not a language of the game ({languages})", text=repr(text[:24]),
            languages=", ".join(LANGUAGE_NAMES))))
    return found


def _choose_language(args) -> str:
    """The language of everything printed and shown: --lang, $SKIRMISH_LANG, the settings,
    the system's, English (`game.i18n.choose_language`)."""
    from game.i18n import choose_language, set_language, set_ruleset

    setting = None
    try:
        from game.ui.settings import load

        setting = load()[0].language or None
    except Exception:  # settings never stop a command: the defaults stand
        setting = None
    set_ruleset(getattr(args, "ruleset", None))
    return set_language(choose_language(getattr(args, "lang", None), setting))


def _ruleset(ruleset_id: str):
    from game import rulesets

    return rulesets.get(ruleset_id)


def _scenario(ruleset_id: str, map_path: Path | None):
    """The map to play `ruleset_id` on (the given one, else its default), checked for it."""
    from game.io.tmx import default_map_for, load_scenario
    from game.io.zones import check_sides_for

    ruleset = _ruleset(ruleset_id)
    path = map_path if map_path is not None else default_map_for(ruleset_id)
    scenario = load_scenario(path)
    check_sides_for(ruleset, scenario)
    return scenario


def _check_battle(ruleset_id: str, map_path: Path | None, seed: int) -> None:
    """Build the opening of the battle the window or the picture will show, so that a bad map
    or data file is one line here and not a failure inside the client."""
    from game.sim import battle_forces, start_battle

    ruleset = _ruleset(ruleset_id)
    scenario = _scenario(ruleset_id, map_path)
    start_battle(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))


def _replays_folder(folder: Path) -> Path:
    """The folder replays go to, made if needed and proved writable by writing a few bytes
    (a file where a folder should be, read-only, full or a system folder: one line, at once)."""
    if folder.exists() and not folder.is_dir():
        raise GameError(msg("simulate: --replays {folder}: not a folder", folder=str(folder)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".write-test-", dir=folder)
        try:
            os.write(handle, b"{}\n")
            os.fsync(handle)
        finally:
            os.close(handle)
            Path(probe).unlink(missing_ok=True)
    except OSError as exc:
        raise GameError(msg("simulate: --replays {folder}: cannot write there ({problem})",
                            folder=str(folder), problem=str(exc.strerror or exc))) from None
    return folder


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_(msg("{text} is not a number of seconds",
                                               text=repr(text)))) from None
    if not 0 < value <= 600:
        raise argparse.ArgumentTypeError(_(msg("the budget is a number of CPU seconds, above 0 "
                                               "and at most 600")))
    return value


def _add_search_flags(sim) -> None:
    """The search agent's flags and the fair comparison between two agents."""
    sim.add_argument("--budget", type=_budget, default=None,
                     help=_("CPU seconds per decision for the search agent (default 1.0)"))
    sim.add_argument("--swap-seats", action="store_true",
                     help=_("play each seed twice, the two agents changing seats; report wins "
                            "per agent"))
    sim.add_argument("--explain", action="store_true",
                     help=_("with --log: what the search agent weighed before each decision"))


def _agent_summary(report: dict) -> str:
    """The --swap-seats line: wins per agent, the first agent's mean margin and its SE."""
    if "wins_by_agent" not in report:
        return ""
    wins = ", ".join(f"{name} {n}" for name, n in report["wins_by_agent"].items())
    return msg("; wins by agent: {wins}; {agent} mean margin {margin:+.2f} ± {se:.2f}",
               wins=wins, agent=report["margin_agent"], margin=report["mean_margin"],
               se=report["margin_se"])


def _simulate(args) -> int:
    from game.sim import simulate

    if args.stop_after is not None or args.save is not None:
        return _simulate_and_save(args)
    if args.games < 1:
        raise GameError(msg("simulate: --games must be at least 1"))
    most = getattr(_ruleset(args.ruleset), "max_sides", 2)
    if not 2 <= args.sides <= most:
        allowed = msg("2 sides") if most == 2 else msg("2 to {most} sides", most=most)
        raise GameError(msg("simulate: --sides {sides}: {ruleset} is played by {allowed}",
                            sides=args.sides, ruleset=args.ruleset, allowed=allowed))
    chosen = [args.p1, args.p2, args.p3, args.p4]
    agents = (chosen + ["random"] * args.sides)[: args.sides]
    scenario = _scenario(args.ruleset, args.map)
    replays = _replays_folder(args.replays) if args.replays is not None else None
    report = simulate(args.ruleset, scenario, args.games, args.seed, agents,
                      log=print if args.log else None, replays=replays,
                      on_failure=lambda line: print(f"skirmish: {line}", file=sys.stderr),
                      budget=args.budget, swap_seats=args.swap_seats, explain=args.explain)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        wins = join(msg("side {side}: {wins}", side=i + 1, wins=w)
                    for i, w in enumerate(report["wins"]))
        failed = msg(", {failed} failed", failed=len(report["failed"])) if report["failed"] \
            else ""
        line = msg("{games} games ({ruleset}): {wins}, draws {draws}, mean rounds {rounds:.2f}",
                   games=report["games"], ruleset=args.ruleset, wins=wins,
                   draws=report["draws"], rounds=report["mean_rounds"])
        # no empty part: gettext's "" is the catalog's header
        _say(join([p for p in (line, failed, _agent_summary(report)) if p], ""))
    return 2 if report["failed"] else 0


def _replay(args) -> int:
    from game.sim import replay

    if args.to is not None:
        return _replay_to(args)
    report = replay(args.file, log=print if args.log else None, map_path=args.map)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        _say(msg("{file}: {actions} actions replayed, {reason}; points {points}",
                 file=str(args.file), actions=report["actions"], reason=report["reason"],
                 points=", ".join(f"{p:g}" for p in report["points"])))
    return 0


def _simulate_and_save(args) -> int:
    """`simulate --stop-after N --save FILE`: one battle, N decisions, saved, stopped."""
    from game.io.battle_saves import save_battle
    from game.timeline import new_battle, play_on

    if args.save is None:
        raise GameError(msg("simulate: --stop-after needs --save FILE"))
    if args.games != 1:
        raise GameError(msg("simulate: --save plays one battle (--games 1)"))
    if args.stop_after is not None and args.stop_after < 0:
        raise GameError(msg("simulate: --stop-after must be 0 or more"))
    agents = [args.p1, args.p2, args.p3, args.p4][: args.sides]
    timeline, players = new_battle(args.ruleset, _scenario(args.ruleset, args.map), args.seed,
                                   agents)
    log = _say if args.log else None
    if log:
        log(msg("--- game {game} (seed {seed}) ---", game=1, seed=args.seed))
        for line in timeline.controller.event_log():
            log(line)
    play_on(timeline, players, args.stop_after, log)
    path = save_battle(args.save, timeline, players)
    summary = timeline.summary()
    if args.json:
        print(json.dumps({"saved": str(path), **summary}, sort_keys=True))
    else:
        saved = msg("saved {file}: {decisions} decisions, round {round}", file=str(path),
                    decisions=summary["decisions"], round=summary["round"])
        _say(msg("{saved}, battle over", saved=saved) if summary["over"] else saved)
    return 0


def _resume(args) -> int:
    """`resume FILE`: continue a saved battle to the end; the same agents and seeds give the
    battle `simulate` would have played without stopping (same result, same log digest)."""
    import hashlib

    from game.io.battle_saves import load_battle, make_players
    from game.timeline import play_on

    loaded = load_battle(args.file, map_path=args.map)
    overrides = {i: name for i, name in enumerate([args.p1, args.p2, args.p3, args.p4]) if name}
    try:
        players = make_players(loaded.record, overrides)
    except GameError as exc:
        raise GameError(msg("{file}: {error}", file=str(args.file),
                            error=error_text(exc))) from None
    timeline = loaded.timeline
    timeline.ai_sides = frozenset(players)
    start = timeline.position
    log = _say if args.log else None
    if log:
        log(msg("--- {file}: resumed after {decisions} decisions ---", file=str(args.file),
                decisions=start))
    play_on(timeline, players, log=log)
    state = timeline.state
    winner = state.result.get("winner")
    wins = [int(winner == i) for i in range(len(state.sides))]
    report = {"ruleset": state.ruleset, "games": 1, "wins": wins, "draws": int(winner is None),
              "mean_rounds": float(state.round), "seed": timeline.controller.seed,
              "agents": [players[i].name for i in sorted(players)],
              "log_sha256": hashlib.sha256(timeline.controller.log_digest().encode()).hexdigest(),
              "resumed_from": start}
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        _say(msg("{file}: resumed after {decisions} decisions; {reason}; {result}",
                 file=str(args.file), decisions=start,
                 reason=state.result.get("reason", msg("not finished")),
                 result=msg("a draw") if winner is None else msg("side {side} wins",
                                                                  side=winner + 1)))
    return 0


def _replay_to(args) -> int:
    """`replay FILE --to N`: the state after the first N decisions of a save or replay."""
    from game.core.errors import SaveError
    from game.io.battle_saves import load_battle

    timeline = load_battle(args.file, map_path=args.map).timeline
    if not 0 <= args.to <= len(timeline.decisions):
        raise SaveError(args.file, msg("--to {to} is outside 0..{last} (the decisions it holds)",
                                       to=args.to, last=len(timeline.decisions)))
    timeline.go_to(args.to)
    summary = timeline.summary()
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _say(msg("{file} after {decisions} decisions: round {round}, phase {phase}, points "
                 "{points}", file=str(args.file), decisions=args.to, round=summary["round"],
                 phase=summary["phase"], points=", ".join(f"{p:g}" for p in summary["points"])))
    return 0


def _odds(args) -> int:
    from game.odds import charge_odds, charge_odds_reason, melee_odds

    if args.what == "melee":
        if not args.attacker or not args.defender:
            raise GameError(msg("odds melee: --attacker and --defender are required"))
        table = melee_odds(args.ruleset, args.attacker, args.defender,
                           _gear(args.attacker_gear), _gear(args.defender_gear), args.charging)
        if args.json:
            print(json.dumps({"ruleset": args.ruleset, "attacker": args.attacker,
                              "defender": args.defender, "outcomes": {
                                  k: {"p": float(v), "fraction": f"{v.numerator}/{v.denominator}"}
                                  for k, v in table.items()}}))
        else:
            for outcome, p in table.items():
                print(f"{_(outcome):>20}: {p.numerator}/{p.denominator} = "
                      f"{float(p):.4f}")
        return 0
    if args.distance is None:
        raise GameError(msg("odds charge: --distance is required"))
    if not math.isfinite(args.distance) or not 0 <= args.distance <= limits.MAX_DISTANCE_INCHES:
        raise GameError(msg("odds charge: --distance must be a number of inches from 0 to "
                            "{most}, not {distance}", most=limits.MAX_DISTANCE_INCHES,
                            distance=str(args.distance)))
    p = charge_odds(args.ruleset, args.distance)
    reason = charge_odds_reason(args.ruleset, args.distance)
    if args.json:
        out = {"ruleset": args.ruleset, "distance": args.distance, "p": float(p),
               "fraction": f"{p.numerator}/{p.denominator}"}
        if reason:
            out["why"] = reason
        print(json.dumps(out))
    else:
        fraction = f"{p.numerator}/{p.denominator}"
        line = msg("{ruleset}: P(charge reaches {distance:g}\") = {fraction} = {p:.4f}",
                   ruleset=args.ruleset, distance=args.distance, fraction=fraction, p=float(p))
        _say(join([line, msg(" ({reason})", reason=reason)], "") if reason else line)
    return 0


def _tutorial(args) -> int:
    from game.learn.cli import tutorial

    return tutorial(args.lesson, args.list, args.headless, args.json)


def _gear(text: str) -> list[str]:
    return [g.strip() for g in text.split(",") if g.strip()]


def _play(args) -> int:
    if args.ruleset is not None or args.map is not None:
        from game.io.tmx import map_ruleset

        # the window plays the map's own ruleset unless told otherwise (squads by default)
        chosen = args.ruleset or (map_ruleset(args.map) if args.map else None) or "squads"
        _check_battle(chosen, args.map, args.seed or 0)
    try:
        from game.ui.app import run
    except ImportError as exc:
        raise GameError(msg("the game window cannot start: {problem}", problem=str(exc))) from None
    return run(ruleset=args.ruleset, map_path=args.map, seed=args.seed)


def _render(args) -> int:
    try:
        width, height = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        raise GameError(msg("render: --size must be WIDTHxHEIGHT, not {size}",
                            size=repr(args.size[:40]))) from None
    if (max(width, height) > limits.MAX_RENDER_SIDE
            or width * height > limits.MAX_RENDER_PIXELS):
        raise GameError(msg("render: --size {width}x{height} is too big (at most {side} px a "
                            "side and {pixels} px in all)", width=width, height=height,
                            side=limits.MAX_RENDER_SIDE, pixels=limits.MAX_RENDER_PIXELS))
    _check_battle(args.ruleset, args.map, args.seed)
    try:
        from game.ui.snapshot import render_battle
    except ImportError as exc:
        raise GameError(msg("render: the drawing code cannot start: {problem}",
                            problem=str(exc))) from None
    out = render_battle(args.ruleset, args.map, args.turns, args.seed, args.out, (width, height))
    _say(msg("wrote {file}", file=str(out)))
    return 0
