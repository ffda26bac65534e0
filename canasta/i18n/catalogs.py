"""The message catalogs: extracted, updated and compiled with Babel.

Run from the project's folder (the venv's Python, Babel installed by ``pip install -e .``)::

    python -m canasta.i18n.catalogs extract   # canasta/ -> locale/canasta.pot
    python -m canasta.i18n.catalogs update    # the .pot -> each language's .po (created if missing)
    python -m canasta.i18n.catalogs compile   # each .po -> its .mo, next to it
    python -m canasta.i18n.catalogs check     # says what is out of step; exit status 1 if anything is

How the catalogs are made and kept in step:

* The **template** ``canasta/i18n/locale/canasta.pot`` is extracted from every module of
  ``canasta/`` with the keywords ``tr``, ``t``, ``tn`` (singular, plural) and ``N_``
  (``canasta.i18n`` says what each is for). It is written without line numbers, so it
  changes only when a message does.
* Each language's **.po** (``locale/<code>/LC_MESSAGES/canasta.po``, a code of
  ``canasta.i18n.CODES`` other than English) is the source a translator edits. A
  message with a context (``tc``, gettext's ``msgctxt``) is its own entry there. ``update``
  merges the template into it (new messages empty, changed ones fuzzy, gone ones
  obsolete) and creates it when missing.
* Each **.mo** is compiled from its .po by ``compile`` and committed, so a fresh clone
  installed with ``pip install -e .`` shows the translations with no extra step, and the
  packaged executable carries them (``packaging/canasta.spec`` adds
  ``canasta/i18n/locale``; ``pyproject.toml`` lists them as package data).
* The tests in ``tests/i18n`` keep them in step: extracting now finds no message missing
  from the template, every committed .mo is exactly what compiling its .po gives, and
  every .po is complete (no empty or fuzzy entry, the English message's placeholders
  kept, the language's number of plural forms). So after changing a message: ``extract``,
  ``update``, translate, ``compile``, commit the four kinds of file together.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Iterable, Optional

from . import CODES, DOMAIN, LOCALE_DIR, placeholders

PACKAGE_DIR = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: the extraction keywords (pybabel's notation ``tr t tn:1,2 N_ tc:1c,2``)
KEYWORDS = {"tr": None, "t": None, "tn": (1, 2), "N_": None, "tc": ((1, "c"), 2)}
#: between a message's context and its English in the shared translations' keys
#: (gettext's own: "rank\u0004two" is the rank "two", apart from the number "two")
CONTEXT_SEP = "\x04"
#: a number word a language may write as the number itself ({count}) instead
OPTIONAL_PLACEHOLDERS = frozenset({"count_word"})
_PROJECT = "Canasta"
_HEADER = (
    "# Canasta's words.\n"
    "# This file is distributed under the same license as the Canasta project.\n#"
)


def languages() -> tuple[str, ...]:
    """The codes that have a catalog (every language but English)."""
    return tuple(code for code in CODES if code != "en")


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def _version() -> str:
    from .. import __version__
    return __version__


# -- extracting ----------------------------------------------------------------------------

def extract(package_dir: Path = PACKAGE_DIR):
    """A template :class:`~babel.messages.catalog.Catalog` of every message in the package."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project=_PROJECT, version=_version(), header_comment=_HEADER, fuzzy=False,
                      charset="utf-8")
    root = package_dir.parent

    def no_hidden(path: str) -> bool:
        return not Path(path).name.startswith((".", "__pycache__"))

    for filename, lineno, message, comments, context in extract_from_dir(
            str(package_dir), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True, directory_filter=no_hidden):
        where = (Path(package_dir, filename).relative_to(root).as_posix(), lineno)
        catalog.add(message, None, [where], auto_comments=comments, context=context)
    return catalog


def template_ids(catalog) -> set:
    """The message ids of a catalog (a plural's as its pair of English forms; a
    message with a context as ``(context, id)``)."""
    return {(m.id if m.context is None else (m.context, m.id)) for m in catalog if m.id}


def shared_key(message) -> str:
    """A message's key in the shared translations' JSON (:func:`untranslated`,
    :func:`fill`): its English (a plural's singular), after its context and
    :data:`CONTEXT_SEP` when it has one."""
    key = message.id if isinstance(message.id, str) else message.id[0]
    return key if message.context is None else f"{message.context}{CONTEXT_SEP}{key}"


def write_catalog(catalog, path: Path) -> None:
    from babel.messages.pofile import write_po
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, sort_output=False)
    path.write_bytes(buffer.getvalue())


def read_catalog(path: Path, locale: Optional[str] = None):
    from babel.messages.pofile import read_po
    with open(path, "rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


# -- updating and compiling ----------------------------------------------------------------

def update(codes: Iterable[str] = None) -> list[Path]:
    """Merge the template into each language's .po (created when missing)."""
    from babel.messages.catalog import Catalog
    template = read_catalog(TEMPLATE)
    written = []
    for code in codes or languages():
        path = po_path(code)
        if path.exists():
            catalog = read_catalog(path, locale=code)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project=_PROJECT, version=_version(),
                              header_comment=_HEADER, fuzzy=False, charset="utf-8")
        catalog.update(template, update_creation_date=False)
        catalog.version = _version()
        write_catalog(catalog, path)
        written.append(path)
    return written


def compiled(po: Path, code: str) -> bytes:
    """The .mo a .po compiles to (fuzzy entries left out, as gettext does)."""
    from babel.messages.mofile import write_mo
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(po, locale=code), use_fuzzy=False)
    return buffer.getvalue()


def compile_all(codes: Iterable[str] = None) -> list[Path]:
    written = []
    for code in codes or languages():
        if po_path(code).exists():
            mo_path(code).write_bytes(compiled(po_path(code), code))
            written.append(mo_path(code))
    return written


# -- filling translations from a shared file -----------------------------------------------

def untranslated(codes: Iterable[str] = None) -> dict:
    """The messages some language's .po lacks, as ``{english: {"plural": ..., code: ""}}``
    (the shape :func:`fill` reads back: a translator writes the empty strings, a plural's
    as a list of the language's forms)."""
    wanted: dict = {}
    for code in codes or existing():
        for message in read_catalog(po_path(code), locale=code):
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            if message.fuzzy or not all(strings):
                entry = wanted.setdefault(shared_key(message), {})
                if isinstance(message.id, tuple):
                    entry["plural"] = message.id[1]
                entry[code] = ""
    return wanted


def fill(sources: Iterable[Path], codes: Iterable[str] = None) -> dict:
    """Write the translations of JSON files (``{english: {code: text or [forms]}}``) into
    each language's .po; returns ``{code: number filled}``. Keys not in a catalog are
    skipped (a message since changed or gone). A plural given fewer forms than the
    language has repeats its last form (Spanish's form for millions is its plural's)."""
    import json
    table: dict = {}
    for source in sources:
        table.update(json.loads(Path(source).read_text(encoding="utf-8")))
    done = {}
    for code in codes or existing():
        catalog = read_catalog(po_path(code), locale=code)
        count = 0
        for message in catalog:
            if not message.id:
                continue
            text = table.get(shared_key(message), {}).get(code)
            if not text:
                continue
            if isinstance(message.id, tuple):
                forms = list(text) if isinstance(text, (list, tuple)) else [text]
                # a language's extra form (Spanish's "millions") is its plural's words
                forms += forms[-1:] * (catalog.num_plurals - len(forms))
                message.string = tuple(forms[:catalog.num_plurals])
            else:
                message.string = text if isinstance(text, str) else text[0]
            message.flags.discard("fuzzy")
            count += 1
        write_catalog(catalog, po_path(code))
        done[code] = count
    return done


# -- checking ------------------------------------------------------------------------------

def existing() -> list[str]:
    """The codes whose .po exists."""
    return [code for code in languages() if po_path(code).exists()]


def catalog_problems(code: str, path: Optional[Path] = None) -> list[str]:
    """What keeps a language's .po (``path``, by default the committed one) from being
    complete (developer's English)."""
    catalog = read_catalog(path or po_path(code), locale=code)
    from babel.messages.plurals import get_plural
    forms = get_plural(code).num_plurals
    problems = []
    if catalog.num_plurals != forms:     # the header's Plural-Forms (a form too few reads as empty)
        problems.append(f"{code}: Plural-Forms gives {catalog.num_plurals} forms instead of {forms}")
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        english = message.id if isinstance(message.id, str) else message.id[1]
        wanted = placeholders(key) | placeholders(english)
        if message.context is not None:
            key = f"{message.context}|{key}"      # named with its context in the problems
        if isinstance(message.id, tuple):
            wanted |= {"count"}     # tn gives every plural message its count (for {count_word}'s place)
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy:
            problems.append(f"{code}: fuzzy: {key!r}")
        if not all(strings):
            problems.append(f"{code}: not translated: {key!r}")
            continue
        for text in strings:
            found = placeholders(text)
            if not found <= wanted:
                problems.append(f"{code}: unknown placeholders {sorted(found - wanted)}: {key!r}")
            missing = wanted - found - OPTIONAL_PLACEHOLDERS
            if missing and not (isinstance(message.id, tuple) and missing == {"count"}):
                problems.append(f"{code}: placeholders left out {sorted(missing)}: {key!r}")
    return problems


def missing_from_template() -> list[str]:
    """Messages in the code that the committed template lacks."""
    committed = template_ids(read_catalog(TEMPLATE)) if TEMPLATE.exists() else set()
    return sorted(str(m) for m in template_ids(extract()) - committed)


def mo_out_of_step() -> list[str]:
    return [code for code in existing()
            if not mo_path(code).exists() or mo_path(code).read_bytes() != compiled(po_path(code), code)]


def check() -> list[str]:
    problems = [f"not in {TEMPLATE.name}: {m}" for m in missing_from_template()]
    problems += [f"{code}: the .mo is not the compiled .po" for code in mo_out_of_step()]
    for code in existing():
        problems += catalog_problems(code)
    return problems


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta.i18n.catalogs",
                                     description="Extract, update, compile and check Canasta's catalogs.")
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "todo", "fill"))
    parser.add_argument("codes", nargs="*", help="languages (default: all)")
    parser.add_argument("--json", action="append", default=[], metavar="FILE",
                        help="todo: write the untranslated messages here; fill: read translations")
    args = parser.parse_args(argv)
    for code in args.codes:
        if code not in languages():
            parser.error(f"unknown language {code!r}; choose from {', '.join(languages())}")
    if args.command == "extract":
        catalog = extract()
        write_catalog(catalog, TEMPLATE)
        print(f"{TEMPLATE}: {len(template_ids(catalog))} messages")
    elif args.command == "update":
        for path in update(args.codes):
            print(path)
    elif args.command == "todo":
        import json
        wanted = untranslated(args.codes)
        text = json.dumps(wanted, ensure_ascii=False, indent=1)
        if args.json:
            Path(args.json[0]).write_text(text + "\n", encoding="utf-8")
        else:
            print(text)
        print(f"{len(wanted)} message(s) to translate", file=sys.stderr)
    elif args.command == "fill":
        if not args.json:
            parser.error("fill needs --json FILE (one or more)")
        for code, count in fill([Path(p) for p in args.json], args.codes).items():
            print(f"{code}: {count} filled")
    elif args.command == "compile":
        for path in compile_all(args.codes):
            print(path)
    else:
        problems = check()
        for line in problems:
            print(line)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
