"""The gettext catalogs: `.po` files in the repository (game/locale/<lang>/LC_MESSAGES/<domain>.po,
one domain per area of the game so that each area's translations live beside each other), each
compiled once to a `.mo` in the user's cache folder at first use (keyed by the `.po`'s hash, so an
updated translation is recompiled and a stale one never read), then opened with the standard
library's `gettext.GNUTranslations`. The compiled files are never committed: the `.po` is the
one copy.
"""

from __future__ import annotations

import gettext
import hashlib
import os
import tempfile
from functools import lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"


def cache_dir() -> Path:
    """Where compiled catalogs go: $SKIRMISH_CACHE_DIR, or the platform's user cache folder."""
    override = os.environ.get("SKIRMISH_CACHE_DIR")
    if override:
        return Path(override) / "locale"
    import platformdirs

    return Path(platformdirs.user_cache_dir("skirmish-table", appauthor=False)) / "locale"


def po_files(lang: str) -> list[Path]:
    """The `.po` files of one language, by domain name."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    return sorted(folder.glob("*.po")) if folder.is_dir() else []


def available_languages() -> list[str]:
    """English (the source) and every language with at least one catalog."""
    found = sorted(p.name for p in LOCALE_DIR.iterdir() if p.is_dir() and po_files(p.name)) \
        if LOCALE_DIR.is_dir() else []
    return ["en"] + [lang for lang in found if lang != "en"]


def compile_po(po: Path, mo: Path) -> None:
    """Compile one `.po` to a `.mo` with Babel, written atomically (a half-written catalog
    must never be read by another game starting at the same moment)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    mo.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=mo.parent, prefix=mo.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        os.replace(tmp, mo)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def compiled(po: Path, lang: str) -> Path:
    """The `.mo` for `po`, compiled now if this version of it was never compiled."""
    digest = hashlib.sha256(po.read_bytes()).hexdigest()[:16]
    mo = cache_dir() / lang / f"{po.stem}.{digest}.mo"
    if not mo.is_file():
        compile_po(po, mo)
    return mo


def _ordered(files: list[Path], ruleset: str | None) -> list[Path]:
    """The ruleset being played looks in its own catalogs first (its log's and its rule
    sheet's), so that a word two rulesets say differently ("Steady": a talent in one, an
    officer's trait in another) reads as that ruleset says it."""
    if not ruleset:
        return files
    own = (ruleset, f"learn_{ruleset}")
    return sorted(files, key=lambda p: (own.index(p.stem) if p.stem in own else len(own)))


@lru_cache(maxsize=32)
def translations(lang: str, ruleset: str | None = None) -> gettext.NullTranslations:
    """Every domain of `lang` as one chain of GNUTranslations (a message is looked up in each
    domain in turn, `ruleset`'s own first); NullTranslations for English or a language with
    no catalog."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    first = None
    for po in _ordered(po_files(lang), ruleset):
        with compiled(po, lang).open("rb") as handle:
            domain = gettext.GNUTranslations(handle)
        if first is None:
            first = domain
        else:
            first.add_fallback(domain)
    if first is not None:
        first.add_fallback(chain)
        return first
    return chain
