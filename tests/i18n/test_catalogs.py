"""The project's catalogs (issue 29): every extracted message translated in Dutch, French and
German with the same ``{placeholders}`` and compiled (``python -m beanframe.i18n check``), one
test per domain; one translation per message and language across domains (the lookup merges
them); the right plural rule in every ``.po``; the printed editions' names where the rulebooks
give them. The names translated without a printed edition are listed (``-s`` shows them)."""

from __future__ import annotations

import gettext
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from beanframe.i18n import LANGUAGES, SOURCE, language, pgettext
from beanframe.i18n.catalogs import PROJECT, ROOT, Domain, check

TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
NO_PRINTED_EDITION = "translated: no printed edition"


def read(domain: Domain, lang: str):
    path = domain.po(lang)
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain.name)


def translated(message) -> tuple[str, ...] | None:
    """A message's translation (its forms), or None when it has none yet (empty or fuzzy)."""
    strings = tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)
    return None if message.fuzzy or not all(strings) else strings


def msgid(message) -> str:
    return message.id[0] if isinstance(message.id, (list, tuple)) else message.id


def report(title: str, problems: list[str]) -> None:
    """Fail with one line per problem (no traceback: the lines say it all)."""
    if problems:
        pytest.fail("\n".join([title, *problems] if title else problems), pytrace=False)


def _by_language(line: str) -> tuple[str, str]:
    lang = next((lang for lang in TRANSLATED if f"/locale/{lang}/" in line), "")
    return lang, line


def shown(context: str | None, text: str) -> str:
    return repr(text) if context is None else f"[{context}] {text!r}"


@pytest.mark.parametrize("domain", PROJECT, ids=[d.name for d in PROJECT])
def test_every_message_is_translated_and_compiled(domain):
    problems = check(domain)  # one line each, naming the .po (so its language)
    report(f"{len(problems)} problem(s) in the catalogs of {domain.name}, by language:", sorted(problems, key=_by_language))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_one_translation_per_message_across_domains(lang):
    # the lookup merges every domain of a language (the first domain's wins): the same English in
    # two domains must say the same, else a pgettext context must tell them apart
    seen: dict[tuple[str | None, str], dict[tuple[str, ...], list[str]]] = defaultdict(lambda: defaultdict(list))
    for domain in PROJECT:
        catalog = read(domain, lang)
        for message in catalog or ():
            if message.id and (strings := translated(message)) is not None:
                seen[(message.context, msgid(message))][strings].append(domain.name)
    problems = [
        f"[{lang}] {shown(*key)}: " + " vs ".join(f"{' and '.join(names)} {' / '.join(s)!r}" for s, names in ways.items())
        for key, ways in sorted(seen.items(), key=str)
        if len(ways) > 1
    ]
    report(f"{len(problems)} message(s) translated differently in two catalogs:", problems)


# what each language's plural rule must say: form 0 for these n only (French: 0 and 1 are singular)
SINGULAR = {"nl": {1}, "de": {1}, "fr": {0, 1}}
COUNTS = [*range(0, 202), 1000, 1001, 1_000_000, 2_000_000]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_po_has_its_languages_plural_rule(lang):
    problems = []
    for domain in PROJECT:
        catalog = read(domain, lang)
        if catalog is None:
            problems.append(f"{domain.name} ({lang}): no .po")
            continue
        where = f"{domain.po(lang).relative_to(ROOT)}"
        headers = dict(catalog.mime_headers)
        if headers.get("Language") != lang:
            problems.append(f"{where}: Language header is {headers.get('Language')!r}, not {lang!r}")
        forms = headers.get("Plural-Forms", "")
        try:
            expression = forms.split("plural=", 1)[1].rstrip("; ")
            rule = gettext.c2py(expression)
            n_forms = int(forms.split("nplurals=", 1)[1].split(";")[0])
        except (IndexError, ValueError, SyntaxError) as exc:
            problems.append(f"{where}: unreadable Plural-Forms {forms!r} ({exc})")
            continue
        wrong = [n for n in COUNTS if (rule(n) == 0) != (n in SINGULAR[lang]) or not 0 <= rule(n) < n_forms]
        if wrong:
            problems.append(f"{where}: Plural-Forms {forms!r} is not {lang}'s: wrong for n = {wrong[:5]}")
        for message in catalog:
            if message.pluralizable and message.id and len(message.string) != n_forms:
                problems.append(f"{where}: {shown(message.context, msgid(message))} has {len(message.string)} forms, not {n_forms}")
    report("", problems)


def test_list_the_names_no_printed_edition_gives():
    # not a check: the names a translator chose where no rulebook gives one (issue 29), for review
    found = defaultdict(list)
    for domain in PROJECT:
        for lang in TRANSLATED:
            for message in read(domain, lang) or ():
                if message.id and any(NO_PRINTED_EDITION in c for c in message.user_comments):
                    found[(domain.name, lang)].append(f"{shown(message.context, msgid(message))} -> {' / '.join(translated(message) or ('(untranslated)',))}")
    total = sum(len(v) for v in found.values())
    print(f"\n{total} message(s) marked '# {NO_PRINTED_EDITION}':")
    for (name, lang), entries in sorted(found.items()):
        print(f"  {name} ({lang}): {len(entries)}")
        for entry in entries:
            print(f"    {entry}")


# ---------------------------------------------------------------------------------------------
# The printed editions' names (issue 29): Dutch from the Dutch Al Cabohne rulebook, German from the
# original cards, English from the Rio Grande edition of Bohnanza
# ---------------------------------------------------------------------------------------------


def toml_names(path: str, table: str = "bean") -> dict[str, str]:
    """key -> the English ``name`` of a data file's table."""
    data = tomllib.loads((ROOT / path).read_text(encoding="utf-8"))
    return {row["key"]: row["name"] for row in data[table]}


def names_in(lang: str, names: dict[str, str], context: str = "bean") -> dict[str, str]:
    with language(lang):
        return {key: pgettext(context, name) for key, name in names.items()}


AL_CABOHNE_NL = {  # the Dutch rulebook's card list: 20x Blauwe boon, 19x Kidneyboon, 18x Vuurboon, ...
    "blue": "Blauwe boon", "kidney": "Kidneyboon", "fire": "Vuurboon", "puff": "Stootboon",
    "broad": "Bruine boon", "french": "Sperzieboon", "runner": "Blufboon",
}  # fmt: skip
AL_CABOHNE_DE = {
    "blue": "Blaue Bohne", "kidney": "Kidneybohne", "fire": "Feuerbohne", "puff": "Puffbohne",
    "broad": "Saubohne", "french": "Brechbohne", "runner": "Stangenbohne",
}  # fmt: skip
BOSSES = {"nl": {"Al Caboon", "Don Corleboon", "Joe Boonanno"}, "de": {"Al Cabohne", "Don Corlebohne", "Joe Bohnano"}}
BOHNANZA = {  # key: (Rio Grande's English, the German card)
    "blue": ("Blue Bean", "Blaue Bohne"), "fire": ("Chili Bean", "Feuerbohne"), "broad": ("Stink Bean", "Saubohne"),
    "green": ("Green Bean", "Brechbohne"), "soy": ("Soy Bean", "Sojabohne"), "blackeyed": ("Black-eyed Bean", "Augenbohne"),
    "red": ("Red Bean", "Rote Bohne"), "garden": ("Garden Bean", "Gartenbohne"), "coffee": ("Coffee Bean", "Kaffeebohne"),
    "wax": ("Wax Bean", "Wachsbohne"), "cocoa": ("Cocoa Bean", "Kakaobohne"),
}  # fmt: skip


def _differences(got: dict[str, str], want: dict[str, str], what: str) -> list[str]:
    return [f"{what} {key}: {got.get(key)!r}, not {name!r}" for key, name in want.items() if key in got and got[key].casefold() != name.casefold()]


def test_al_cabohne_speaks_the_printed_dutch_and_german_names():
    names = toml_names("plugins/al_cabohne/cards.toml")
    problems = _differences(names_in("nl", names), AL_CABOHNE_NL, "Dutch name of bean")
    problems += _differences(names_in("de", names), AL_CABOHNE_DE, "German name of bean")
    domain = next(d for d in PROJECT if d.name == "al_cabohne")
    for lang, bosses in BOSSES.items():
        said = {s for m in read(domain, lang) or () if m.id for s in translated(m) or ()}
        problems += [f"the {lang} catalog of al_cabohne does not name the boss {boss!r}" for boss in sorted(bosses - said)]
    report("", problems)


def test_bohnanza_speaks_rio_grandes_english_and_the_german_cards():
    names = toml_names("plugins/bohnanza/cards.toml")
    problems = _differences(names, {k: en for k, (en, _) in BOHNANZA.items()}, "English name (cards.toml) of bean")
    problems += _differences(names_in("de", names), {k: de for k, (_, de) in BOHNANZA.items()}, "German name of bean")
    report("", problems)


def test_the_tests_read_the_catalogs_of_the_project():
    # the domains checked here are the ones the tooling keeps, each with its folder of catalogs
    assert {d.name for d in PROJECT} >= {"beanframe", "cli", "table", "beans", "al_cabohne", "prohibohn", "bohnanza", "bohnaparte", "ali_baba", "cheap_field"}
    assert all(isinstance(d.folder, Path) and (d.folder / "nl" / "LC_MESSAGES").is_dir() for d in PROJECT)
