"""Rule sheets: every rule of a ruleset in plain words, each tied to the names the log uses.

Why data: the words a player reads live in `game/learn/sheets/<ruleset>.toml` (and
`common.toml`, the rules every ruleset shares), so a translation replaces files, not code. The
code keeps only the link between an entry and the rule strings the rulesets emit (`Event.rule`,
`Roll.rule`): an entry lists them by the name of the constant that holds them (`log` =
"charge.RULE_ROLL", read from `game.rulesets.<ruleset>.charge`; in `common.toml` relative to
`game.rulesets`) or, for the few strings written in place, literally (`log_text`). Reading the
constant, not a copy of its text, keeps the sheet in step when a ruleset rewords a rule; a
constant that disappears is a DataError naming the file and the entry.

File layout:

    [[rule]]   id, title, section, text (plain words), log = [...], log_text = [...]
    [[term]]   term (as shown on screen), name, text
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from game.core.errors import DataError
from game.core.i18n import msg
from game.data.loader import read_toml

SHEETS_DIR = Path(__file__).resolve().parent / "sheets"
COMMON = "common"


@dataclass(frozen=True)
class RuleEntry:
    """One rule in plain words. `log_names` are the exact rule strings events carry for it."""

    id: str
    title: str
    section: str
    text: str
    log_names: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "section": self.section, "text": self.text,
                "log_names": list(self.log_names)}


@dataclass(frozen=True)
class Term:
    """A word or characteristic shown on screen, and what it means."""

    term: str
    name: str
    text: str

    def to_json(self) -> dict:
        return {"term": self.term, "name": self.name, "text": self.text}


@dataclass(frozen=True)
class Sheet:
    ruleset: str
    title: str
    rules: tuple[RuleEntry, ...]
    terms: tuple[Term, ...]
    _by_log: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        for entry in self.rules:
            for name in entry.log_names:
                self._by_log.setdefault(name, entry)

    def entry(self, rule_id: str) -> RuleEntry | None:
        return next((r for r in self.rules if r.id == rule_id), None)

    def by_log_name(self, log_name: str) -> RuleEntry | None:
        return self._by_log.get(log_name)


def _text(path: Path, where: str, body: dict, key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value.strip():
        raise DataError(path, msg("{where}: '{key}' must be a non-empty text", where=where,
                                  key=key))
    return " ".join(value.split())


def _constant(path: Path, where: str, package: str, ref: str) -> str:
    """The rule string a constant holds: "module.RULE_X" in `package` ("RULE_X": the package)."""
    module_name, _, attr = ref.rpartition(".")
    full = f"{package}.{module_name}" if module_name else package
    try:
        module = importlib.import_module(full)
    except ImportError:
        raise DataError(path, msg("{where}: log {ref}: no module {full}",
                                  where=where, ref=repr(ref), full=full)) from None
    value = getattr(module, attr, None)
    if not isinstance(value, str):
        raise DataError(path, msg("{where}: log {ref}: {full} has no rule text {attr}",
                                  where=where, ref=repr(ref), full=full, attr=attr))
    return value


def load_sheet_file(path: Path, package: str) -> tuple[str, list[RuleEntry], list[Term]]:
    raw = read_toml(path)
    title = raw.get("title", "")
    rules, terms, seen = [], [], set()
    for n, body in enumerate(raw.get("rule", [])):
        where = f"rule {n + 1}"
        if not isinstance(body, dict):
            raise DataError(path, msg("{where} is not a table", where=where))
        rule_id = _text(path, where, body, "id")
        if rule_id in seen:
            raise DataError(path, msg("{where}: id {rule_id} is used twice",
                                      where=where, rule_id=repr(rule_id)))
        seen.add(rule_id)
        where = f"rule {rule_id!r}"
        refs, literal = body.get("log", []), body.get("log_text", [])
        if not isinstance(refs, list) or not isinstance(literal, list) or not all(
                isinstance(x, str) for x in refs + literal):
            raise DataError(path, msg("{where}: 'log' and 'log_text' are lists of texts",
                                      where=where))
        names = tuple(_constant(path, where, package, ref) for ref in refs) + tuple(literal)
        rules.append(RuleEntry(rule_id, _text(path, where, body, "title"),
                               _text(path, where, body, "section"),
                               _text(path, where, body, "text"), names))
    for n, body in enumerate(raw.get("term", [])):
        where = f"term {n + 1}"
        if not isinstance(body, dict):
            raise DataError(path, msg("{where} is not a table", where=where))
        terms.append(Term(_text(path, where, body, "term"), _text(path, where, body, "name"),
                          _text(path, where, body, "text")))
    return title if isinstance(title, str) else "", rules, terms


@cache
def sheet(ruleset_id: str) -> Sheet:
    """The ruleset's sheet: its own rules and terms, then the common ones (its own first, so
    a ruleset's wording of a shared log name wins)."""
    from game import rulesets

    rulesets.get(ruleset_id)  # an unknown ruleset is a GameError naming the known ones
    path = SHEETS_DIR / f"{ruleset_id}.toml"
    title, rules, terms = load_sheet_file(path, f"game.rulesets.{ruleset_id}")
    _, common_rules, common_terms = load_sheet_file(SHEETS_DIR / f"{COMMON}.toml",
                                                    "game.rulesets")
    own = {r.id for r in rules}
    clash = next((r.id for r in common_rules if r.id in own), None)
    if clash:
        raise DataError(path, msg("rule id {clash} is also a common rule's id", clash=repr(clash)))
    return Sheet(ruleset_id, title, tuple(rules + common_rules), tuple(terms + common_terms))


def lookup(ruleset_id: str, log_name: str) -> RuleEntry | None:
    """The sheet entry behind a rule string from the log, or None if the sheet lacks it."""
    return sheet(ruleset_id).by_log_name(log_name)


def rule_for_event(ruleset_id: str, event) -> RuleEntry:
    """The rule text behind a log line ("why?"): the sheet entry for the event's `rule` (an
    Event or a dice Roll). A rule string the sheet does not list still gets an entry: its
    own words, marked unlisted (a test keeps that from happening for what the rules emit)."""
    name = getattr(event, "rule", "") or ""
    found = lookup(ruleset_id, name)
    if found is not None:
        return found
    return RuleEntry("unlisted", name or msg("No rule named"), "", name or
                     msg("This line names no rule: it is a step of the game's own flow."),
                     (name,))


def glossary(ruleset_id: str) -> tuple[Term, ...]:
    return sheet(ruleset_id).terms
