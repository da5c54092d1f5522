"""Reading, updating and checking the `.po` files (development and tests; needs Babel).

`update` brings each language's catalog of a domain in line with the source: new message ids
are added untranslated, ids gone from the source are dropped, translations kept. `problems`
lists what keeps a catalog from being complete: a message with no translation (or a fuzzy one),
a plural with a form missing, a translation whose {fields} differ from its message id's.
"""

from __future__ import annotations

import string
from pathlib import Path

from game.i18n.catalogs import LOCALE_DIR
from game.i18n.extract import extract

LANGUAGES = ("fr", "ru")
#: gettext's usual plural rule for French (two forms: 0 and 1 singular). Babel's locale data
#: gives French a third form (for millions) that no message of the game needs.
PLURAL_RULES = {"fr": (2, "(n > 1)")}


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang: str, domain: str):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(lang, domain)
    if not path.is_file():
        catalog = Catalog(locale=lang, domain=domain, project="Skirmish Table",
                          copyright_holder="Skirmish Table", charset="utf-8")
    else:
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=domain)
    if lang in PLURAL_RULES:
        catalog._num_plurals, catalog._plural_expr = PLURAL_RULES[lang]
        for m in catalog:
            if m.id and not isinstance(m.id, str) and isinstance(m.string, (list, tuple)):
                m.string = tuple(m.string[:catalog.num_plurals])
    return catalog


def write(catalog, lang: str, domain: str) -> None:
    from babel.messages.pofile import write_po

    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".po.tmp")
    with tmp.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=False,
                 include_previous=False, include_lineno=False)
    tmp.replace(path)


def template(domain: str, messages: dict):
    from babel.messages.catalog import Catalog

    pot = Catalog(domain=domain, project="Skirmish Table", charset="utf-8")
    for (msgid, plural), message in messages.items():
        places = [(p.rsplit(":", 1)[0], 0) for p in message.places[:3]]
        pot.add((msgid, plural) if plural else msgid, locations=places)
    return pot


def collapse_sheet_ids(lang: str, domain: str) -> int:
    """Give multi-line message ids (and their translations) the one-line form the rule sheets
    are read in; returns how many changed. For catalogs written before extraction collapsed
    them, so that `update` keeps their translations."""
    from babel.messages.catalog import Catalog

    old = read(lang, domain)
    new = Catalog(locale=lang, domain=domain, project="Skirmish Table", charset="utf-8")
    new.mime_headers = old.mime_headers
    changed = 0
    for m in old:
        if not m.id:
            continue
        if isinstance(m.id, str) and "\n" in m.id:
            changed += 1
            new.add(" ".join(m.id.split()), " ".join(m.string.split()) if m.string else "",
                    locations=m.locations, flags=m.flags)
        elif (m.id if isinstance(m.id, str) else m.id[0]) not in new:
            new.add(m.id, m.string, locations=m.locations, flags=m.flags)
    if changed:
        write(new, lang, domain)
    return changed


def update(domains: list[str] | None = None) -> dict[str, int]:
    """Update every `.po` from the source; returns untranslated counts by "lang/domain"."""
    found = extract()
    counts = {}
    for domain, messages in sorted(found.items()):
        if domains and domain not in domains:
            continue
        pot = template(domain, messages)
        for lang in LANGUAGES:
            catalog = read(lang, domain)
            catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False,
                           update_creation_date=False)
            catalog.fuzzy = False
            catalog.obsolete.clear()
            write(catalog, lang, domain)
            counts[f"{lang}/{domain}"] = sum(1 for m in catalog if m.id and not _done(m))
    return counts


def fields(text: str) -> set[str]:
    """The replacement fields of a format string ("{unit} holds" -> {"unit"})."""
    try:
        return {name.split(".")[0].split("[")[0] for _lit, name, _spec, _conv
                in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def _forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) \
        else [message.string]


def _done(message) -> bool:
    return not message.fuzzy and all(_forms(message))


def problems(lang: str, domain: str, messages: dict | None = None) -> list[str]:
    """Why the `lang` catalog of `domain` is not complete (empty when it is)."""
    catalog = read(lang, domain)
    out = []
    if messages is not None:
        have = {(m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
        for msgid, _plural in messages:
            if msgid not in have:
                out.append(f"{lang}/{domain}: not in the catalog: {msgid!r}")
    for m in catalog:
        if not m.id:
            continue
        msgid = m.id if isinstance(m.id, str) else m.id[0]
        if not _done(m):
            out.append(f"{lang}/{domain}: untranslated: {msgid!r}")
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        wanted = set().union(*(fields(i) for i in ids))
        expected_forms = catalog.num_plurals if not isinstance(m.id, str) else 1
        if len(_forms(m)) != expected_forms:
            out.append(f"{lang}/{domain}: {len(_forms(m))} plural forms, "
                       f"{expected_forms} needed: {msgid!r}")
        for form in _forms(m):
            # A plural form may leave {n} out ("un dé"), never add or rename a field.
            extra = fields(form) - wanted
            lost = wanted - fields(form) - ({"n"} if not isinstance(m.id, str) else set())
            if extra or lost:
                out.append(f"{lang}/{domain}: fields {sorted(fields(form))} differ from "
                           f"{sorted(wanted)}: {msgid!r}")
    return out


def fill(lang: str, domain: str, translations: dict) -> int:
    """Set translations (msgid -> text, or -> list of plural forms); returns how many."""
    catalog = read(lang, domain)
    done = 0
    for m in catalog:
        if not m.id:
            continue
        msgid = m.id if isinstance(m.id, str) else m.id[0]
        if msgid in translations:
            value = translations[msgid]
            m.string = tuple(value) if isinstance(m.id, tuple) else value
            m.flags.discard("fuzzy")
            done += 1
    write(catalog, lang, domain)
    return done


def untranslated(lang: str, domain: str) -> dict:
    """msgid -> plural id (or None) of every message still to translate."""
    out = {}
    for m in read(lang, domain):
        if m.id and not _done(m):
            out[m.id if isinstance(m.id, str) else m.id[0]] = \
                None if isinstance(m.id, str) else m.id[1]
    return out
