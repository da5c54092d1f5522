"""The catalogs (game/locale/<lang>/LC_MESSAGES/<domain>.po) against the source: every message
id the game can show has a French and a Russian translation, no translation adds, loses or
renames a {field} of its message id, every plural has its language's number of forms (Russian
three), and the provenance tags the client strips ("[added]", "(squads seed)") are kept."""

from __future__ import annotations

import re

import pytest

from game.i18n import po
from game.i18n.extract import extract

FOUND = extract()
CASES = [(lang, domain) for domain in sorted(FOUND) for lang in po.LANGUAGES]


@pytest.mark.parametrize(("lang", "domain"), CASES, ids=[f"{lg}-{d}" for lg, d in CASES])
def test_every_message_is_translated_with_the_same_fields(lang, domain):
    problems = po.problems(lang, domain, FOUND[domain])
    assert not problems, f"{len(problems)} problems, first: " + "\n".join(problems[:15])


TAGS = re.compile(r"\[added[^\]]*\]")


@pytest.mark.parametrize(("lang", "domain"), CASES, ids=[f"{lg}-{d}" for lg, d in CASES])
def test_provenance_tags_are_kept_so_the_client_can_strip_them(lang, domain):
    bad = []
    for m in po.read(lang, domain):
        if m.id and isinstance(m.id, str) and m.string and \
                len(TAGS.findall(m.id)) != len(TAGS.findall(m.string)):
            bad.append(m.id)
    assert not bad, bad[:5]


def test_russian_catalogs_have_three_plural_forms_and_french_two():
    for domain in FOUND:
        assert po.read("ru", domain).num_plurals == 3
        assert po.read("fr", domain).num_plurals == 2


def test_no_stale_messages_are_left_in_the_catalogs():
    for domain, messages in FOUND.items():
        wanted = {msgid for msgid, _plural in messages}
        for lang in po.LANGUAGES:
            have = {m.id if isinstance(m.id, str) else m.id[0]
                    for m in po.read(lang, domain) if m.id}
            assert not (have - wanted), f"{lang}/{domain}: {sorted(have - wanted)[:5]}"
