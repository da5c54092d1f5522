"""A corpus of malformed inputs: maps, tilesets, pictures, replays, data files, command lines.

Why generated: nothing big is committed; the big cases (a 5 MB map, an inflation bomb, a 17 MB
replay) are written at test time into a temporary folder, most of them sparse or compressed.
Each case says how to write its files and which command lines take it (every entry point that
reads that kind of input). Run as a script to write the corpus and list its cases:

    python -m tests.hardening.corpus --out DIR
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from game.io.paths import GAME_MAPS_DIR
from tests.hardening.cases import SHIPPED_MAP, Case, make_folder, sparse
from tests.hardening.corpus_maps import map_cases


# --- replays ----------------------------------------------------------------------------------
def shipped_digest() -> str:
    return hashlib.sha256(SHIPPED_MAP.read_bytes()).hexdigest()


def replay_record(**changes) -> dict:
    record = {"version": 2, "ruleset": "squads", "map": SHIPPED_MAP.name,
              "map_sha256": shipped_digest(), "seed": 1, "forces": None, "actions": []}
    record.update(changes)
    return {k: v for k, v in record.items() if v != "DROP"}


def replay_file(name: str, record=None, raw: str | bytes | None = None):
    def write(folder: Path) -> Path:
        path = folder / f"{name}.json"
        content = raw if raw is not None else json.dumps(record)
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path
    return write


REPLAY_COMMANDS = [["replay", "FILE"], ["replay", "FILE", "--json", "--map", str(SHIPPED_MAP)]]


def replay_cases() -> list[Case]:
    good = json.dumps(replay_record())
    raw = {
        "replay_empty_file": "",
        "replay_not_json": "{version: 2",
        "replay_binary": b"\xff\xfe\x00garbage",
        "replay_deep_nesting_100000": "[" * 100000 + "]" * 100000,
        "replay_deep_nesting_in_a_field": good[:-1] + ', "x": ' + "[" * 60 + "]" * 60 + "}",
        "replay_seed_5000_digits": good.replace('"seed": 1', '"seed": ' + "7" * 5000),
        "replay_nan_constant": good.replace('"seed": 1', '"seed": NaN'),
        "replay_infinity_constant": good.replace('"seed": 1', '"seed": -Infinity'),
        "replay_truncated": good[: len(good) // 2],
    }
    records = {
        "replay_list": [1, 2],
        "replay_version_99": replay_record(version=99),
        "replay_version_true": replay_record(version=True),
        "replay_version_missing": replay_record(version="DROP"),
        "replay_seed_true": replay_record(seed=True),
        "replay_seed_float": replay_record(seed=1.5),
        "replay_seed_text": replay_record(seed="one"),
        "replay_seed_over_64_bits": replay_record(seed=2**70),
        "replay_ruleset_unknown": replay_record(ruleset="chess"),
        "replay_ruleset_number": replay_record(ruleset=5),
        "replay_map_absolute_path": replay_record(map="/etc/passwd"),
        "replay_map_escapes_folder": replay_record(map="../../../../etc/hosts.tmx"),
        "replay_map_not_in_folders": replay_record(map="elsewhere.tmx"),
        "replay_map_hash_differs": replay_record(map_sha256="0" * 64),
        "replay_map_hash_not_hex": replay_record(map_sha256="xyz"),
        "replay_map_dict": replay_record(map={"id": "x"}),
        "replay_v1_map_outside_existing": replay_record(version=1, map="/etc/hostname"),
        "replay_v1_map_outside_missing": replay_record(version=1, map="/no/such/place.tmx"),
        "replay_forces_text": replay_record(forces="brute_horde"),
        "replay_forces_numbers": replay_record(forces=[1, 2]),
        "replay_forces_too_many": replay_record(forces=["brute_horde"] * 5),
        "replay_forces_three_for_squads": replay_record(forces=["brute_horde", "line_company",
                                                                "brute_horde"]),
        "replay_forces_unknown": replay_record(forces=["dragons", "line_company"]),
        "replay_actions_dict": replay_record(actions={"kind": "pass"}),
        "replay_action_not_object": replay_record(actions=["pass"]),
        "replay_action_without_kind": replay_record(actions=[{"unit": "s0u0"}]),
        "replay_action_unit_list": replay_record(actions=[{"kind": "move", "unit": [1, 2]}]),
        "replay_action_unit_dict": replay_record(actions=[{"kind": "move", "unit": {"a": 1}}]),
        "replay_action_targets_string": replay_record(actions=[{"kind": "charge",
                                                                "unit": "s0u0",
                                                                "targets": "s1u0"}]),
        "replay_action_placement_nan": replay_record(actions=[{"kind": "move", "unit": "s0u0",
                                                               "placement": [["s0u0m0", 1e400,
                                                                              1]]}]),
        "replay_action_placement_short": replay_record(actions=[{"kind": "move",
                                                                 "placement": [["m", 1]]}]),
        "replay_action_option_number": replay_record(actions=[{"kind": "pass", "option": 3}]),
        "replay_action_illegal": replay_record(actions=[{"kind": "charge", "unit": "s1u0"}]),
        "replay_action_unknown_unit": replay_record(actions=[{"kind": "charge",
                                                              "unit": "nobody"}]),
        "replay_log_hash_differs": replay_record(log_sha256="1" * 64),
        "replay_log_hash_number": replay_record(log_sha256=7),
    }
    # a map given on the command line is the player's choice: these are fine with --map
    by_map_id = {"replay_map_not_in_folders", "replay_v1_map_outside_existing",
                 "replay_v1_map_outside_missing"}
    cases = [Case(n, "replay", replay_file(n, raw=c), REPLAY_COMMANDS) for n, c in raw.items()]
    cases += [Case(n, "replay", replay_file(n, r),
                   REPLAY_COMMANDS[:1] if n in by_map_id else REPLAY_COMMANDS)
              for n, r in records.items()]
    cases.append(Case("replay_120000_actions", "replay", replay_file(
        "replay_120000_actions", replay_record(actions=[{"kind": "pass"}] * 120_000)),
        REPLAY_COMMANDS))
    cases.append(Case("replay_5mb_of_actions", "replay", replay_file(
        "replay_5mb_of_actions", replay_record(actions=[{"kind": "pass"}] * 300_000)),
        REPLAY_COMMANDS))
    cases.append(Case("replay_17mb", "replay", sparse("replay_17mb.json", 17 << 20, b"{"),
                      REPLAY_COMMANDS))
    cases.append(Case("replay_is_a_folder", "replay",
                      lambda folder: make_folder(folder / "replay_is_a_folder.json"), REPLAY_COMMANDS))
    return cases


# --- data files ---------------------------------------------------------------------------------
def shipped_data(ruleset: str) -> str:
    return (GAME_MAPS_DIR.parent / "game" / "data" / f"{ruleset}.toml").read_text()


def data_file(ruleset: str, change: Callable[[str], str | bytes]):
    def write(folder: Path) -> Path:
        data_dir = folder / "data"
        data_dir.mkdir(exist_ok=True)
        path = data_dir / f"{ruleset}.toml"
        content = change(shipped_data(ruleset))
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path
    return write


def sub(old: str, new: str, count: int = 1) -> Callable[[str], str]:
    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)
    return change


DATA_COMMANDS = {
    "squads": [["simulate", "--ruleset", "squads", "--games", "1", "--replays", "DIR/replays"],
               ["render", "--ruleset", "squads", "--out", "DIR/existing.png"],
               ["play", "--ruleset", "squads"]],
    "warband": [["simulate", "--ruleset", "warband", "--games", "1", "--sides", "3"],
                ["odds", "melee", "--ruleset", "warband", "--attacker", "sellsword_captain",
                 "--defender", "iron_axe_brother"],
                ["play", "--ruleset", "warband"]],
}


def data_cases() -> list[Case]:
    brute = 'base = "32"'
    squads = {
        "data_empty_file": lambda text: "",
        "data_not_toml": lambda text: text + "\n[profiles.broken\n",
        "data_binary": lambda text: b"\xff\xfe\x00\x01",
        "data_deep_arrays": lambda text: text + "\nextra = " + "[" * 5000 + "]" * 5000 + "\n",
        "data_deep_arrays_in_limit_of_parser": lambda text: text + "\nextra = " + "[" * 40
        + "]" * 40 + "\n",
        "data_deep_inline_tables": lambda text: text + "\nextra = " + "{a = " * 3000 + "1"
        + "}" * 3000 + "\n",
        "data_deep_dotted_tables": lambda text: text + "\n[" + ".".join(["t"] * 60) + "]\nx = 1\n",
        "data_int_5000_digits": sub("M = 6", "M = " + "9" * 5000),
        "data_base_nan": sub(brute, 'base = "nan"'),
        "data_base_inf": sub(brute, 'base = "inf"'),
        "data_base_100000": sub(brute, 'base = "100000"'),
        "data_base_negative": sub(brute, 'base = "-5"'),
        "data_base_oval_nan_depth": sub(brute, 'base = "oval 60xnan"'),
        "data_base_number": sub(brute, "base = 32"),
        "data_units_dict": sub('units = ["brute_mob", "brute_mob", "brute_stompers", '
                               '"brute_chief"]', "units = { a = 1 }"),
        "data_units_nested_list": sub('units = ["brute_mob", "brute_mob", "brute_stompers", '
                                      '"brute_chief"]', 'units = [["brute_mob"], "brute_mob"]'),
        "data_units_inline_table_items": sub('units = ["brute_mob", "brute_mob", '
                                             '"brute_stompers", "brute_chief"]',
                                             "units = [{ id = 1 }]"),
        "data_units_string": sub('units = ["brute_mob", "brute_mob", "brute_stompers", '
                                 '"brute_chief"]', 'units = "brute_mob"'),
        "data_units_unknown": sub('"brute_chief"]', '"dragon"]'),
        "data_units_empty": sub('units = ["brute_mob", "brute_mob", "brute_stompers", '
                                '"brute_chief"]', "units = []"),
        "data_models_zero": sub("models = 10", "models = 0"),
        "data_models_huge": sub("models = 10", "models = 1000000000000000000"),
        "data_stat_nan": sub("M = 6", "M = nan"),
        "data_stat_inf_float": sub("M = 6", "M = inf"),
        "data_stat_out_of_range": sub("M = 6", "M = 900"),
        "data_profiles_not_table": lambda text: "profiles = 5\n",
        "data_unknown_key": sub("M = 6", "M = 6\nwings = true"),
        "data_missing_name": sub('name = "Brute Mob"\n', ""),
        "data_name_table": sub('name = "Brute Mob"', "name = { x = 1 }"),
        "data_no_forces": lambda text: text.split("[forces", 1)[0],
        "data_2mb": lambda text: text + "\n# " + "x" * (2 << 20) + "\n",
    }
    cases = [Case(n, "data", data_file("squads", c), DATA_COMMANDS["squads"],
                  env={"SKIRMISH_RULESET_DATA": "DIR/data"}) for n, c in squads.items()]
    warband = {
        "data_warband_base_inf": sub('base = "25"', 'base = "inf"'),
        "data_warband_units_dict": lambda text: text.replace(
            text[text.index("units = [", text.index("[forces.sellswords]")):].split("\n\n")[0],
            "units = { leader = 1 }", 1),
        "data_warband_deep_arrays": lambda text: text + "\nextra = " + "[" * 5000 + "]" * 5000,
        "data_warband_skills_nested_list": sub('skills = ["strikes_first"]',
                                               'skills = [["strikes_first"]]'),
        "data_warband_skills_mixed": sub('skills = ["strikes_first"]',
                                         'skills = ["strikes_first", 2]'),
    }
    cases += [Case(n, "data", data_file("warband", c), DATA_COMMANDS["warband"],
                   env={"SKIRMISH_RULESET_DATA": "DIR/data"}) for n, c in warband.items()]
    return cases


# --- command lines ------------------------------------------------------------------------------
def command_cases() -> list[Case]:
    def nothing(folder: Path) -> Path:
        return folder / "none"

    def file_in(folder: Path) -> Path:
        path = folder / "a_file"
        path.write_text("not a folder")
        return path

    lines = {
        "cli_odds_distance_nan": (["odds", "charge", "--distance", "nan"], "--distance"),
        "cli_odds_distance_inf": (["odds", "charge", "--distance", "inf"], "--distance"),
        "cli_odds_distance_minus_inf": (["odds", "charge", "--distance", "-inf"], "--distance"),
        "cli_odds_distance_1e400": (["odds", "charge", "--distance", "1e400"], "--distance"),
        "cli_odds_distance_negative": (["odds", "charge", "--distance", "-1"], "--distance"),
        "cli_odds_distance_huge": (["odds", "charge", "--distance", "1e300"], "--distance"),
        "cli_odds_distance_text": (["odds", "charge", "--distance", "far"], "--distance"),
        "cli_odds_no_charge_roll": (["odds", "melee", "--ruleset", "squads", "--attacker", "a",
                                     "--defender", "b"], "squads"),
        "cli_sides_9": (["simulate", "--sides", "9"], "--sides"),
        "cli_sides_minus_1": (["simulate", "--sides", "-1"], "--sides"),
        "cli_sides_1": (["simulate", "--sides", "1"], "--sides"),
        "cli_sides_3_for_squads": (["simulate", "--sides", "3"], "--sides"),
        "cli_sides_5_for_warband": (["simulate", "--ruleset", "warband", "--sides", "5"],
                                    "--sides"),
        "cli_sides_huge": (["simulate", "--sides", "99999999999999"], "--sides"),
        "cli_seed_5000_digits": (["simulate", "--seed", "1" * 5000], "--seed"),
        "cli_seed_true": (["simulate", "--seed", "true"], "--seed"),
        "cli_seed_float": (["simulate", "--seed", "1.5"], "--seed"),
        "cli_seed_over_64_bits": (["render", "--seed", str(2**64), "--out", "DIR/x.png"],
                                  "--seed"),
        "cli_games_zero": (["simulate", "--games", "0"], "--games"),
        "cli_games_negative": (["simulate", "--games", "-3"], "--games"),
        "cli_games_text": (["simulate", "--games", "many"], "--games"),
        "cli_play_ruleset_chess": (["play", "--ruleset", "chess"], "chess"),
        "cli_simulate_ruleset_chess": (["simulate", "--ruleset", "chess"], "chess"),
        "cli_render_ruleset_chess": (["render", "--ruleset", "chess", "--out", "DIR/x.png"],
                                     "chess"),
        "cli_unknown_agent": (["simulate", "--p1", "alien"], "alien"),
        "cli_render_size_30000": (["render", "--size", "30000x30000", "--out", "DIR/x.png"],
                                  "--size"),
        "cli_render_size_8192_square": (["render", "--size", "8192x8192", "--out", "DIR/x.png"],
                                        "--size"),
        "cli_render_size_text": (["render", "--size", "big", "--out", "DIR/x.png"], "--size"),
        "cli_render_size_5000_digits": (["render", "--size", "9" * 5000 + "x9",
                                         "--out", "DIR/x.png"], "--size"),
        "cli_render_turns_text": (["render", "--turns", "x", "--out", "DIR/x.png"], "--turns"),
        "cli_replays_is_a_file": (["simulate", "--replays", "FILE"], "a_file"),
        "cli_replays_under_proc": (["simulate", "--replays", "/proc/skirmish"], "/proc/skirmish"),
        "cli_replays_dev_full": (["simulate", "--replays", "/dev/full"], "/dev/full"),
        "cli_replay_missing": (["replay", "DIR/none.json"], "none.json"),
        "cli_map_missing": (["simulate", "--map", "DIR/none.tmx"], "none.tmx"),
        "cli_unknown_command": (["frobnicate"], "frobnicate"),
        "cli_odds_unknown_what": (["odds", "everything"], "everything"),
    }
    return [Case(name, "cli", file_in if "FILE" in argv else nothing, [argv], blame=blame)
            for name, (argv, blame) in lines.items()]


def all_cases() -> list[Case]:
    return map_cases() + replay_cases() + data_cases() + command_cases()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    for case in all_cases():
        folder = args.out / case.name
        folder.mkdir(parents=True, exist_ok=True)
        target = case.write(folder)
        print(f"{case.kind:8} {case.name:40} {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
