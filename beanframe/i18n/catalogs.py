"""Keeping the catalogs, with Babel's catalog tools (a development tool: ``pip install babel``).

    python -m beanframe.i18n update [DOMAIN ...]   # extract the marked messages, merge them into
                                                   # every language's .po (new ones untranslated)
    python -m beanframe.i18n compile [DOMAIN ...]  # .po -> .mo (the files the game reads)
    python -m beanframe.i18n check [DOMAIN ...]    # one line per problem; exit 1 if any
    python -m beanframe.i18n update --domain my_rule --source my_rule  # a house rule's own

What is extracted: in Python, the calls ``_``, ``N_``, ``ngettext``, ``pgettext`` and ``npgettext``;
in JavaScript (the browser table's modules), ``t("...")`` and ``tn("one", "many", n)``; in a plugin's
TOML data, every ``name`` string of a table, with the table's name as its context
(``[[bean]] name = "Chili Bean"`` is ``pgettext("bean", "Chili Bean")``).

A message no printed edition names (a card the rulebooks never translate) is translated here
and says so in a translator comment on its entry: ``# translated: no printed edition``.
"""

from __future__ import annotations

import copy
import io
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from attrs import frozen

from beanframe.i18n import LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parent.parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
JS_KEYWORDS = {"t": None, "tn": (1, 2)}
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
PLACEHOLDER = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*(?:[:!][^{}]*)?\}")


@frozen
class Domain:
    """One catalog: its name, the folders its messages are extracted from, where it lives."""

    name: str
    sources: tuple[Path, ...]
    folder: Path
    exclude: tuple[Path, ...] = ()

    def po(self, lang: str) -> Path:
        return self.folder / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return self.folder / lang / "LC_MESSAGES" / f"{self.name}.mo"


def _domain(name: str, sources: Iterable[str], folder: str, exclude: Iterable[str] = ()) -> Domain:
    return Domain(name, tuple(ROOT / s for s in sources), ROOT / folder, tuple(ROOT / e for e in exclude))


#: the project's own catalogs (a part's messages live with its code)
PROJECT: tuple[Domain, ...] = (
    _domain("beanframe", ["beanframe"], "beanframe/locale", exclude=["beanframe/server", "beanframe/beans", "beanframe/i18n"]),
    _domain("cli", ["cli"], "cli/locale"),
    _domain("table", ["beanframe/server"], "beanframe/server/locale"),
    _domain("beans", ["beanframe/beans"], "beanframe/beans/locale"),
    *(_domain(p, [f"plugins/{p}"], f"plugins/{p}/locale") for p in ("al_cabohne", "prohibohn", "bohnanza", "bohnaparte", "ali_baba")),
    _domain("cheap_field", ["examples/house_rule/beanframe_house_cheap_field"], "examples/house_rule/beanframe_house_cheap_field/locale"),
)


# -- extraction ------------------------------------------------------------------------------


def extract_toml(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    """A Babel extraction method: every ``name`` string of a TOML table, its context the table's
    name. Line numbers are those of the ``name =`` lines."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()
    for table, value in data.items():
        rows = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
        for row in rows:
            if isinstance(row, dict) and isinstance(row.get("name"), str):
                name = row["name"]
                line = next((i + 1 for i, s in enumerate(lines) if "name" in s and f'"{name}"' in s), 0)
                yield line, "pgettext", (table, name), []


def _files(domain: Domain) -> Iterator[tuple[Path, str]]:
    for source in domain.sources:
        for path in sorted(source.rglob("*")):
            if any(path.is_relative_to(e) for e in domain.exclude) or "locale" in path.parts or "tests" in path.parts:
                continue
            if path.suffix == ".py":
                yield path, "python"
            elif path.suffix == ".js":
                yield path, "javascript"
            elif path.suffix == ".toml" and "layouts" not in path.parts and path.name != "pyproject.toml":
                yield path, "toml"


def template(domain: Domain) -> Any:
    """The domain's messages as a Babel catalog (what ``update`` merges into each language)."""
    from babel.messages.catalog import Catalog  # noqa: PLC0415 - a development tool
    from babel.messages.extract import extract, extract_javascript, extract_python  # noqa: PLC0415

    catalog = Catalog(domain=domain.name, project="beanframe", charset="utf-8")
    methods = {"python": extract_python, "javascript": extract_javascript, "toml": extract_toml}
    for path, kind in _files(domain):
        keywords = JS_KEYWORDS if kind == "javascript" else KEYWORDS
        with path.open("rb") as handle:
            for line, message, comments, context in extract(methods[kind], handle, keywords=keywords, comment_tags=("i18n:",)):
                # a plugin outside the project (--source): its files named from its package's folder
                base = ROOT if path.is_relative_to(ROOT) else domain.folder.parent.parent
                where = (str(path.relative_to(base)), line)
                catalog.add(message, None, [where], auto_comments=comments, context=context)
    return catalog


def update(domain: Domain) -> list[str]:
    """Merge the extracted messages into every language's ``.po`` (kept translations stay; new
    messages come untranslated; gone ones are dropped). Returns what changed, a line each."""
    from babel.messages.pofile import read_po, write_po  # noqa: PLC0415

    fresh = template(domain)
    said = []
    for lang in TRANSLATED:
        path = domain.po(lang)
        if path.is_file():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang, domain=domain.name)
        else:
            from babel.messages.catalog import Catalog  # noqa: PLC0415

            catalog = Catalog(locale=lang, domain=domain.name, project="beanframe", charset="utf-8")
        before = {m.id for m in catalog if m.id}
        catalog.update(fresh, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        after = {m.id for m in catalog if m.id}
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, omit_header=False, sort_output=False, include_previous=False)
        said.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {len(after)} messages "
                    f"({len(after - before)} new, {len(before - after)} gone)")  # fmt: skip
    return said


def mo_bytes(catalog: Any) -> bytes:
    """The ``.mo`` of a catalog: its translations, not fuzzy ones, and no plural with an empty
    form (Babel would compile it with the English forms in the gaps, so the game would show
    English without knowing that a translation is missing)."""
    from babel.messages.mofile import write_mo  # noqa: PLC0415

    complete = copy.deepcopy(catalog)
    for message in list(complete):
        if message.id and message.pluralizable and not all(message.string):
            complete.delete(message.id, context=message.context)
    buffer = io.BytesIO()
    write_mo(buffer, complete, use_fuzzy=False)
    return buffer.getvalue()


def compile_mo(domain: Domain) -> list[str]:
    """Write each language's ``.mo`` from its ``.po``."""
    said = []
    for lang in TRANSLATED:
        catalog = _read(domain, lang)
        if catalog is None:
            continue
        domain.mo(lang).write_bytes(mo_bytes(catalog))
        said.append(f"{domain.mo(lang).name} ({lang}): {sum(1 for m in catalog if m.id and m.string)} messages")
    return said


def _read(domain: Domain, lang: str) -> Any:
    from babel.messages.pofile import read_po  # noqa: PLC0415

    path = domain.po(lang)
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain.name)


def _strings(message: Any) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def _ids(message: Any) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def check(domain: Domain) -> list[str]:
    """One line per problem: a message of the code missing from a language's catalog or left
    untranslated or fuzzy, a translation whose ``{placeholders}`` differ from the English, a
    ``.mo`` older than its ``.po``."""
    problems = []
    wanted = {(m.context, _ids(m)[0]) for m in template(domain) if m.id}
    for lang in TRANSLATED:
        catalog = _read(domain, lang)
        where = domain.po(lang).relative_to(ROOT) if domain.po(lang).is_relative_to(ROOT) else domain.po(lang)
        if catalog is None:
            if wanted:
                problems.append(f"{where}: missing ({len(wanted)} messages to translate)")
            continue
        have = {(m.context, _ids(m)[0]): m for m in catalog if m.id}
        for key in sorted(wanted - have.keys(), key=str):
            problems.append(f"{where}: not in the catalog (run update): {_show(key)}")
        for key, message in have.items():
            if key not in wanted:
                continue
            strings = _strings(message)
            if message.fuzzy or not all(strings):
                problems.append(f"{where}: untranslated: {_show(key)}")
                continue
            english = set(PLACEHOLDER.findall(" ".join(_ids(message))))
            for text in strings:
                if set(PLACEHOLDER.findall(text)) != english:
                    problems.append(f"{where}: placeholders differ from the English {sorted(english)}: {_show(key)} -> {text!r}")
        mo = domain.mo(lang)
        if not mo.is_file() or mo.read_bytes() != mo_bytes(catalog):
            problems.append(f"{mo.relative_to(ROOT) if mo.is_relative_to(ROOT) else mo}: not compiled from its .po (run compile)")
    return problems


def _show(key: tuple[str | None, str]) -> str:
    context, message = key
    return repr(message) if context is None else f"[{context}] {message!r}"


def sizes(domain: Domain) -> dict[str, int]:
    """Translated messages per language."""
    out = {}
    for lang in TRANSLATED:
        catalog = _read(domain, lang)
        out[lang] = 0 if catalog is None else sum(1 for m in catalog if m.id and all(_strings(m)))
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse  # noqa: PLC0415

    parser = argparse.ArgumentParser(prog="python -m beanframe.i18n", description="keep beanframe's gettext catalogs")
    parser.add_argument("command", choices=("update", "compile", "check", "sizes"))
    parser.add_argument("domains", nargs="*", help="the project's catalogs to work on (default: all)")
    parser.add_argument("--domain", help="a plugin's own catalog: its name (with --source)")
    parser.add_argument("--source", help="the plugin's package folder (its catalogs go to SOURCE/locale)")
    args = parser.parse_args(argv)
    if args.domain:
        if not args.source:
            parser.error("--domain needs --source")
        source = Path(args.source).resolve()
        domains: tuple[Domain, ...] = (Domain(args.domain, (source,), source / "locale"),)
    else:
        known = {d.name: d for d in PROJECT}
        unknown = [d for d in args.domains if d not in known]
        if unknown:
            parser.error(f"unknown catalog {unknown[0]!r} (the project's: {', '.join(known)})")
        domains = tuple(known[d] for d in args.domains) if args.domains else PROJECT
    failed = False
    for domain in domains:
        if args.command == "update":
            lines = update(domain)
        elif args.command == "compile":
            lines = compile_mo(domain)
        elif args.command == "sizes":
            lines = [f"{domain.name}: " + ", ".join(f"{lang} {n}" for lang, n in sizes(domain).items())]
        else:
            lines = check(domain)
            failed = failed or bool(lines)
        for line in lines:
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
