"""Extract, merge and compile the game's message catalogues (gettext, with Babel).

    python build_scripts/update_catalogue.py           # update .pot, .po, compile .mo
    python build_scripts/update_catalogue.py --check   # change nothing; exit 1 if stale

Every ``_``, ``ngettext``, ``N_``, ``pgettext`` and ``NP_`` string under ``game/`` goes
into ``game/locale/durak.pot``; each ``game/locale/<lang>/LC_MESSAGES/durak.po`` is
merged with it (new strings come in untranslated, changed ones fuzzy, gone ones
dropped) and compiled to ``durak.mo`` beside it. Then it lists what is untranslated
or fuzzy: translate those entries in the .po (and clear the ``fuzzy`` flag), run it
again, and commit .pot, .po and .mo together. ``--check`` is what the tests run.
"""

from __future__ import annotations

import argparse
import gettext
import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game import i18n  # noqa: E402

PACKAGE = ROOT / "game"
LOCALE = PACKAGE / "locale"
# English is the source language (gettext's fallback words it, plurals too); a new
# language: add it to game.i18n.LANGUAGES, run this, translate its new .po.
DOMAIN = i18n.DOMAIN
LANGUAGES = tuple(lang for lang in i18n.LANGUAGES if lang != "en")
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NP_": ((1, "c"), 2)}
METHODS = [("**.py", "python")]


def extract() -> Catalog:
    """Every marked string of the game package, in a fresh template."""
    template = Catalog(project="durak", domain=DOMAIN, charset="utf-8")
    found = extract_from_dir(str(PACKAGE), METHODS, keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for filename, line, message, comments, context in found:
        template.add(message, locations=[(f"game/{filename}", line)],
                     auto_comments=comments, context=context)
    return template


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def serialise_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False)
    return out.getvalue()


def serialise_mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def merged(template: Catalog, lang: str) -> Catalog:
    """The language's catalogue brought up to the template (new, fuzzy, gone strings)."""
    path = po_path(lang)
    if path.exists():
        catalog = read(path, lang)
    else:
        catalog = Catalog(locale=lang, domain=DOMAIN, project="durak", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=False)
    catalog.obsolete.clear()
    return catalog


def problems(catalog: Catalog) -> Iterator[str]:
    """One line per entry a player would see in English: untranslated or fuzzy."""
    for message in catalog:
        if not message.id:
            continue
        ident = message.id[0] if isinstance(message.id, tuple) else message.id
        where = f"[{message.context}] " if message.context else ""
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            yield f"fuzzy: {where}{ident!r}"
        elif not all(strings):
            yield f"untranslated: {where}{ident!r}"


def stale_files(template: Catalog) -> tuple[dict[Path, bytes], list[str]]:
    """What each committed file should hold now, and the entries still to translate."""
    wanted: dict[Path, bytes] = {LOCALE / f"{DOMAIN}.pot": serialise_po(template)}
    todo: list[str] = []
    for lang in LANGUAGES:
        catalog = merged(template, lang)
        wanted[po_path(lang)] = serialise_po(catalog)
        wanted[po_path(lang).with_suffix(".mo")] = serialise_mo(catalog)
        todo += [f"{lang}: {line}" for line in problems(catalog)]
    return wanted, todo


def differs(path: Path, content: bytes) -> bool:
    """Whether ``path`` holds other entries than ``content`` (dates in headers aside)."""
    if not path.exists():
        return True
    old = path.read_bytes()
    if path.suffix == ".mo":
        return mo_entries(old) != mo_entries(content)
    return _entries(old) != _entries(content)


def mo_entries(mo: bytes) -> dict:
    """A compiled catalogue's translations, its header (dates) left out."""
    catalog = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    catalog.pop("", None)
    return catalog


def _entries(po: bytes) -> list[tuple]:
    catalog = read_po(io.BytesIO(po))
    return [(m.context, m.id, m.string, m.fuzzy) for m in catalog if m.id]


def write_atomically(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    temp.write_bytes(content)
    temp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a file is stale or a string untranslated")
    args = parser.parse_args(argv)
    wanted, todo = stale_files(extract())
    stale = [path for path, content in wanted.items() if differs(path, content)]
    for line in todo:
        print(line)
    if args.check:
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)} (run build_scripts/update_catalogue.py)")
        return 1 if stale or todo else 0
    for path in stale:
        write_atomically(path, wanted[path])
        print(f"updated {path.relative_to(ROOT)}")
    if todo:
        print(f"{len(todo)} entries to translate in the .po files above, then run this again")
    return 0


if __name__ == "__main__":
    sys.exit(main())
