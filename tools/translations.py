"""The translation workflow (needs Babel, installed with the test extras).

    python tools/translations.py update [DOMAIN ...]     bring every .po in line with the source
    python tools/translations.py check                   what is untranslated or mismatched (exit 1 if any)
    python tools/translations.py missing LANG DOMAIN     the untranslated ids, as JSON (to translate)
    python tools/translations.py fill LANG DOMAIN FILE   set translations from JSON {msgid: text|[forms]}
    python tools/translations.py compile                 compile every catalog now (else: at first run)
    python tools/translations.py battle RULESET LANG [SEED]
                                                 play a greedy battle; print every message its
                                                 log and rules show untranslated, by domain
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.i18n import catalogs, po  # noqa: E402
from game.i18n.extract import extract  # noqa: E402


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    command, args = argv[0], argv[1:]
    if command == "update":
        for key, left in po.update(args or None).items():
            print(f"{key}: {left} untranslated")
        return 0
    if command == "check":
        found = extract()
        issues = [p for domain, messages in sorted(found.items()) for lang in po.LANGUAGES
                  for p in po.problems(lang, domain, messages)]
        for line in issues:
            print(line)
        print(f"{len(issues)} problems in {len(found)} domains")
        return 1 if issues else 0
    if command == "missing" and len(args) == 2:
        print(json.dumps(po.untranslated(args[0], args[1]), ensure_ascii=False, indent=1))
        return 0
    if command == "fill" and len(args) == 3:
        data = json.loads(Path(args[2]).read_text("utf-8"))
        print(f"{po.fill(args[0], args[1], data)} translations set")
        return 0
    if command == "compile":
        for lang in catalogs.available_languages()[1:]:
            for path in catalogs.po_files(lang):
                print(catalogs.compiled(path, lang))
        return 0
    if command == "battle" and len(args) in (2, 3):
        return _battle(args[0], args[1], int(args[2]) if len(args) == 3 else 0)
    print(__doc__)
    return 2


def _battle(ruleset_id: str, lang: str, seed: int) -> int:
    from game import rulesets
    from game.i18n import set_ruleset, translate
    from game.io.tmx import default_map_for, load_scenario
    from game.sim import play_one

    set_ruleset(ruleset_id)
    where = {msgid: domain for domain, messages in extract().items() for msgid, _ in messages}
    scenario = load_scenario(default_map_for(ruleset_id))
    controller = play_one(rulesets.get(ruleset_id), ruleset_id, scenario, seed,
                           ["greedy", "greedy"], None)
    missed: dict[str, str] = {}
    for event in controller.events:
        line = event.describe()
        for text in (line, event.rule):
            translate(text, lang, lambda m, line=line: missed.setdefault(m, line))
    by_domain: dict[str, list[str]] = {}
    for msgid, line in missed.items():
        by_domain.setdefault(where.get(msgid, "NOT MARKED"), []).append(
            f"  {msgid!r}   <- {line[:90]!r}")
    for domain, lines in sorted(by_domain.items()):
        print(f"{domain}: {len(lines)}")
        print("\n".join(lines))
    print(f"{len(missed)} untranslated in {len(controller.events)} events")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
