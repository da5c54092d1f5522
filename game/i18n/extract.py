"""What there is to translate: every message id of the game, by domain, taken from the source.

- Python: the gettext keywords `msg`, `nmsg` (singular, plural), `_`, `N_`, `ngettext`, read
  by Babel's extractor (string literals only; an f-string is never a message id).
- Data: the player-visible fields of the unit data (TOML), the rule sheets (TOML), the lessons
  (JSON) and the maps (TMX titles, descriptions and object names), walked by key.

The domain of a message is where it is written (`domain_of`), so that each area's catalog sits
beside the others and a ruleset's translations are in one file per language. Used by
`tools/i18n.py` (update the `.po` files) and by the tests (is every message translated?).
A development tool: it needs Babel, which the game itself only needs to compile catalogs.
"""

from __future__ import annotations

import json
import tomllib
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("squads", "warband", "cards", "legions", "ranks")

#: gettext keywords: name -> the argument positions of the message id (and its plural).
KEYWORDS = {"msg": (1,), "nmsg": (1, 2), "nmsg_id": (1, 2), "_": (1,), "N_": (1,), "ngettext": (1, 2)}

#: Fields of the unit data a player reads (names, weapons, types, talents...).
DATA_KEYS = {"name", "weapon", "officer", "sub_types", "talents", "traits", "type",
             "Discipline", "gear", "title", "description"}
#: Fields of a rule sheet a player reads (`log_text` and `log` are keys, not texts).
SHEET_KEYS = {"title", "section", "text", "name", "term"}
#: Fields of a lesson a player reads; every value under `wrong` is a text too.
LESSON_KEYS = {"title", "text", "prompt", "name", "label", "explain"}
LESSON_TEXT_MAPS = {"wrong"}


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)


def domain_of(rel: str) -> str:
    """The catalog a file's messages belong to, from its path relative to the repository."""
    parts = rel.split("/")
    stem = Path(rel).stem
    if rel.startswith("game/rulesets/") and len(parts) > 3 and parts[2] in RULESETS:
        return parts[2]
    if rel.startswith("game/data/") and stem in RULESETS:
        return stem
    if rel.startswith("game/learn/sheets/"):
        return f"learn_{stem}" if stem in RULESETS else "learn"
    if rel.startswith("game/learn/lessons/"):
        ruleset = stem.split("_")[0]
        return f"learn_{ruleset}" if ruleset in RULESETS else "learn"
    if rel.startswith("game/learn/"):
        return "learn"
    if rel.startswith("game/ui/"):
        return "ui"
    if rel.startswith("maps/"):
        return "maps"
    return "core"


def _add(out: dict, domain: str, msgid: str, plural: str | None, place: str) -> None:
    if not msgid or not any(c.isalpha() for c in msgid):
        return
    found = out[domain].get((msgid, plural))
    if found is None:
        found = out[domain][(msgid, plural)] = Message(msgid, plural)
    found.places.append(place)


def _python(path: Path, rel: str, out: dict) -> None:
    from babel.messages.extract import extract_python

    with path.open("rb") as handle:
        for lineno, _funcname, message, _comments in extract_python(
                handle, KEYWORDS, (), {"encoding": "utf-8"}):
            if isinstance(message, tuple):
                singular, plural = message[0], message[1] if len(message) > 1 else None
            else:
                singular, plural = message, None
            if singular:
                _add(out, domain_of(rel), singular, plural, f"{rel}:{lineno}")


def _strings(value, keys: set[str], maps: set[str], key: str | None, found: list[str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k in maps and isinstance(v, dict):
                found.extend(s for s in v.values() if isinstance(s, str))
            else:
                _strings(v, keys, maps, k, found)
    elif isinstance(value, list):
        for v in value:
            _strings(v, keys, maps, key, found)
    elif isinstance(value, str) and key in keys:
        found.append(value)


def data_texts(path: Path) -> list[str]:
    """The player-visible strings of one data, sheet, lesson or map file, in file order."""
    rel = path.relative_to(ROOT).as_posix()
    found: list[str] = []
    if path.suffix == ".tmx":
        root = ET.parse(path).getroot()
        for prop in root.iter("property"):
            if prop.get("name") in ("title", "description") and prop.get("value"):
                found.append(prop.get("value"))
        for obj in root.iter("object"):
            if obj.get("name"):
                found.append(obj.get("name"))
        return found
    data = json.loads(path.read_text("utf-8")) if path.suffix == ".json" \
        else tomllib.loads(path.read_text("utf-8"))
    if rel.startswith("game/learn/sheets/"):
        _strings(data, SHEET_KEYS, set(), None, found)
    elif rel.startswith("game/learn/lessons/"):
        _strings(data, LESSON_KEYS, LESSON_TEXT_MAPS, None, found)
    else:
        _strings(data, DATA_KEYS, set(), None, found)
    return found


def source_files() -> list[Path]:
    files = sorted((ROOT / "game").rglob("*.py"))
    files += sorted((ROOT / "game" / "data").glob("*.toml"))
    files += sorted((ROOT / "game" / "learn" / "sheets").glob("*.toml"))
    files += sorted((ROOT / "game" / "learn" / "lessons").glob("*.json"))
    files += sorted((ROOT / "maps").glob("*.tmx"))
    return [f for f in files if "/i18n/" not in f.as_posix()]


def extract() -> dict[str, dict[tuple[str, str | None], Message]]:
    """Every message id of the game: domain -> (msgid, plural) -> Message."""
    out: dict = defaultdict(dict)
    for path in source_files():
        rel = path.relative_to(ROOT).as_posix()
        if path.suffix == ".py":
            _python(path, rel, out)
        else:
            for text in data_texts(path):
                _add(out, domain_of(rel), text, None, rel)
    return dict(out)
