"""What a text a player reads must not hold (issue 29), found word by word: rule references,
internal keys (snake_case identifiers; the data files' ``key``s where a name should be), English
falling through into a Dutch, French or German text, names in another language, and messages
asked for that no catalog of the language has (:func:`beanframe.i18n.missing`), attributed to
the catalog domain that extracts them."""

from __future__ import annotations

import functools
import re
import tomllib
from collections import defaultdict
from collections.abc import Iterable, Mapping

from babel.messages.pofile import read_po

from beanframe.i18n import LANGUAGES, SOURCE
from beanframe.i18n.catalogs import PROJECT, ROOT, template

TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
RULE_REFERENCE = re.compile(r"\bF\.\d+|\bRULES [A-E]\b")
SNAKE = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
# English words that are no Dutch, French or German words (nor code words: those are left out per
# variant set, see typed_words). Not "of", "is", "in", "hand", "offer" (Dutch), "or" (French)...
ENGLISH = (
    "the", "you", "your", "with", "which", "and", "field", "fields", "player", "players", "card", "cards",
    "coin", "coins", "bean", "beans", "turn", "must", "cannot", "choose", "this", "these", "their", "there",
    "when", "only", "already", "now", "first", "next",
)  # fmt: skip
NOT_ENGLISH_IN = {"fr": {"coin", "coins"}}  # French: "coin" is a corner
# the words of the one-line commands and the front ends' commands: typed, never translated
TYPED = {"offer", "give", "for", "nothing", "to", "accept", "join", "help", "board", "log", "why", "rules", "quit",
         "exit", "save", "position", "more", "choices", "full", "sit-out", "meter", "show", "all", "q"}  # fmt: skip
#: at most this many lines in one failure (and how many more there were)
MOST_LINES = 150


def word_pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    """Whole words (a hyphen joins: ``buy-field`` holds no ``field``), case-insensitive."""
    words = sorted(set(words), key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])", re.IGNORECASE)


def case_pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    words = sorted(set(words), key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])")


# -- the catalogs and the data files -------------------------------------------------------------


@functools.cache
def catalog(domain_name: str, lang: str) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context, msgid) -> the translated forms, of one domain's ``.po`` (translated entries only)."""
    domain = next(d for d in PROJECT if d.name == domain_name)
    path = domain.po(lang)
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        found = read_po(handle, locale=lang, domain=domain.name)
    out = {}
    for m in found:
        strings = tuple(m.string) if isinstance(m.string, (list, tuple)) else (m.string,)
        if m.id and not m.fuzzy and all(strings):
            out[(m.context, m.id[0] if isinstance(m.id, (list, tuple)) else m.id)] = strings
    return out


@functools.cache
def catalog_words(lang: str) -> frozenset[str]:
    """Every word of every translation of ``lang`` (lower case): a key that is also such a word
    ("casino") is a word of the language there."""
    out = set()
    for domain in PROJECT:
        for strings in catalog(domain.name, lang).values():
            for text in strings:
                out.update(w.lower() for w in re.findall(r"[\w-]+", text))
    return frozenset(out)


DATA_FILES = sorted(p for p in (ROOT / "plugins").glob("*/*.toml") if p.name != "value.toml")


@functools.cache
def data_keys() -> frozenset[str]:
    """The data files' internal keys: each row's ``key`` (beans, buildings, gangs) and the name of
    each table that describes one thing (a landscape: ``[farm]``, ``[iron_mine]``)."""
    keys = set()
    for path in DATA_FILES:
        for table, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(value, dict) and "name" in value:
                keys.add(table)
            for row in value if isinstance(value, list) else ():
                if isinstance(row, dict) and isinstance(row.get("key"), str):
                    keys.add(row["key"])
    return frozenset(keys)


@functools.cache
def data_names() -> frozenset[tuple[str, str]]:
    """(context, English name) of every name a player reads as a name: the data files' (the
    table's name is the context) and the plugins' capitalised names with a context (a boss)."""
    names = set()
    for path in DATA_FILES:
        for table, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            for row in value if isinstance(value, list) else [value] if isinstance(value, dict) else ():
                if isinstance(row, dict) and isinstance(row.get("name"), str):
                    names.add((table, row["name"]))
    for domain in PROJECT:
        if domain.name in ("beanframe", "cli", "table"):
            continue
        for lang in TRANSLATED:
            names.update((c, m) for c, m in catalog(domain.name, lang) if c and m[:1].isupper())
    return frozenset(names)


def name_in(lang: str, context: str, name: str) -> str | None:
    if lang == SOURCE:
        return name
    for domain in PROJECT:
        found = catalog(domain.name, lang).get((context, name))
        if found:
            return found[0]
    return None


@functools.cache
def foreign_names(lang: str, titles: frozenset[str]) -> frozenset[str]:
    """The names of the data in every other language that ``lang`` does not share (no game
    title, none shorter than 4 letters)."""
    own = {name_in(lang, c, n) or n for c, n in data_names()}
    other = {name_in(o, c, n) for c, n in data_names() for o in LANGUAGES if o != lang}
    return frozenset(n for n in other if n and len(n) >= 4 and n not in own and n.casefold() not in titles)


@functools.cache
def message_domains() -> dict[str, tuple[str, ...]]:
    """How :func:`beanframe.i18n.missing` names a message (``context|msgid`` or the msgid) ->
    the domains that extract it (Babel, the same extraction as ``update``)."""
    out = defaultdict(list)
    for domain in PROJECT:
        for m in template(domain):
            if m.id:
                text = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
                out[text if m.context is None else f"{m.context}|{text}"].append(domain.name)
    return {k: tuple(v) for k, v in out.items()}


def missing_lines(missing: Iterable[tuple[str, str]]) -> list[str]:
    """One line per message shown in English for want of a catalog entry, sorted by domain and
    language."""
    domains = message_domains()
    lines = []
    for lang, message in missing:
        where = "/".join(domains.get(message, ())) or "(no domain extracts it: a name from data or code, not marked)"
        lines.append((where, lang, f"{where} [{lang}]: {message!r}"))
    return [line for *_key, line in sorted(lines)]


# -- the scan ------------------------------------------------------------------------------------


def line_at(text: str, start: int, end: int) -> str:
    """The whole line holding ``text[start:end]``, its spaces squeezed."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    return " ".join(text[line_start : len(text) if line_end < 0 else line_end].split())


def cut(line: str, word: str, most: int = 140) -> str:
    """``line`` cut to about ``most`` characters around ``word``."""
    if len(line) <= most:
        return line
    at = max(0, line.find(word) - most // 2)
    return ("…" if at else "") + line[at : at + most] + ("…" if at + most < len(line) else "")


@functools.cache
def any_name() -> re.Pattern[str] | None:
    """Every data name in every language: lines that differ only in names (and numbers) are one
    problem."""
    names = {name_in(lang, c, n) for c, n in data_names() for lang in LANGUAGES} - {None}
    return case_pattern(n for n in names if n)


def same_problem(line: str) -> str:
    pattern = any_name()
    line = pattern.sub("NAME", line) if pattern is not None else line
    return re.sub(r"\d+", "#", line)


#: the kinds of finding, by the test that reports them
KINDS = {"keys": ("rule references", "internal keys"), "words": ("English", "names in another language")}


class Scanner:
    """The checks of one language on one variant set's texts. ``found[group]`` holds one entry per
    distinct line with problems (numbers and names aside): the words found, where first read."""

    def __init__(self, lang: str, typed: Iterable[str], allowed: Iterable[str], titles: Iterable[str]) -> None:
        self.lang = lang
        self.typed = {w.lower() for w in typed} | TYPED
        self.allowed = set(allowed)
        translated = lang != SOURCE
        english = set(ENGLISH) - NOT_ENGLISH_IN.get(lang, set()) - self.typed
        words = catalog_words(lang)
        keys = {k for k in data_keys() if k not in words and k not in self.typed} if translated else set()
        self.patterns = {
            "rule references": RULE_REFERENCE,
            "internal keys": case_pattern(keys),
            "English": word_pattern(english) if translated else None,
            "names in another language": case_pattern(foreign_names(lang, frozenset(t.casefold() for t in titles))),
        }
        self.found: dict[str, dict[str, tuple[list[str], str, str]]] = {group: {} for group in KINDS}

    def _add(self, group: str, word: str, text: str, match: re.Match[str], door: str, where: str) -> None:
        line = line_at(text, match.start(), match.end())
        words, _, _ = self.found[group].setdefault(same_problem(line), ([], cut(line, word), f"{door}, {where}"))
        if word not in words:
            words.append(word)

    def scan(self, text: str, door: str, where: str, allowed: Iterable[str] = (), only: Iterable[str] = ()) -> None:
        """Look for every kind of problem in ``text`` (``only``: for these kinds; ``allowed``:
        identifiers it may hold besides the scanner's: no check reads them)."""
        only = set(only)
        extra = set(allowed)
        for m in SNAKE.finditer(text) if not only or "internal keys" in only else ():
            if m.group() not in self.allowed and m.group() not in extra:
                self._add("keys", m.group(), text, m, door, where)
        for group, kinds in KINDS.items():
            for kind in kinds if not only else [k for k in kinds if k in only]:
                pattern = self.patterns[kind]
                for m in pattern.finditer(text) if pattern is not None else ():
                    if m.group() not in extra:  # the listing's own identifiers (a phase named "field")
                        self._add(group, m.group(), text, m, door, where)

    def lines(self, group: str) -> list[str]:
        """One line per problem, sorted by the door it was first read at."""
        found = sorted(self.found[group].values(), key=lambda item: (item[2], item[1]))
        return [f"[{self.lang}] {', '.join(map(repr, words))} in {shown!r} ({at})" for words, shown, at in found]


def failure(title: str, lines: list[str]) -> str:
    shown = lines[:MOST_LINES]
    more = f"\n... and {len(lines) - MOST_LINES} more" if len(lines) > MOST_LINES else ""
    return f"{title} ({len(lines)}):\n" + "\n".join(shown) + more


def typed_words(codes: Iterable[str], commands: Iterable[str]) -> set[str]:
    """The words a player types in a variant set: every word of every action code, the commands."""
    return {w for code in codes for w in code.lower().split()} | {c.lower() for c in commands}


def first_difference(a: Mapping[str, str], b: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """(door, line in a, line in b) for each door whose text differs (seen-doors: those in both;
    not a bot's move, which depends on the bot's own cards)."""
    out = []
    for door in sorted(a.keys() | b.keys()):
        if door.startswith("cli bot move"):
            continue  # the bot sees its own cards, redealt in the copy: its choice may differ
        if door.startswith("seen ") and not (door in a and door in b):
            continue  # another decider's legal actions may differ in the copy: compared where both have them
        x, y = a.get(door), b.get(door)
        if x != y:
            xs, ys = (x or "(none)").splitlines(), (y or "(none)").splitlines()
            i = next((i for i, (p, q) in enumerate(zip(xs, ys)) if p != q), min(len(xs), len(ys)))
            out.append((door, xs[i] if i < len(xs) else "(nothing)", ys[i] if i < len(ys) else "(nothing)"))
    return out
