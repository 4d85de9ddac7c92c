"""Bean types, card sets and bean-o-meters, loaded from a variant's own TOML data file."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from importlib import resources

from attrs import field, frozen

from beanframe.core.actions import shorten
from beanframe.i18n import LANGUAGES, _, current, language, pgettext


@frozen
class BeanType:
    """One bean. ``meter[k]`` is the smallest field size that sells for k+1 coins (0: that many
    coins cannot be had, as for the Gartenbohne's first step)."""

    key: str
    name: str
    count: int
    meter: tuple[int, int, int, int] = field(converter=tuple)

    def coins_for(self, n: int) -> int:
        coins = 0
        for k, size in enumerate(self.meter, 1):
            if size and n >= size:
                coins = k
        return coins


@frozen
class CardSet:
    """The beans of a game, indexed 0..len-1 (cards are stored as these ints)."""

    beans: tuple[BeanType, ...] = field(converter=tuple)
    # values[b][n]: coins for n cards of bean b (n capped at the bean's count)
    values: tuple[tuple[int, ...], ...] = field(init=False)
    _index: dict[str, int] = field(init=False, eq=False, repr=False)
    _names: dict[str, tuple[str, ...]] = field(init=False, eq=False, repr=False, factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """The beans' names in the reader's language (the printed editions' names: Vuurboon,
        Feuerbohne, Chili Bean), by index. The data files hold the English names; the catalogs
        the others (``[bean]`` context)."""
        lang = current()
        names = self._names.get(lang)
        if names is None:
            names = self._names[lang] = tuple(pgettext("bean", b.name) for b in self.beans)
        return names

    def __attrs_post_init__(self) -> None:
        object.__setattr__(
            self, "values", tuple(tuple(b.coins_for(n) for n in range(b.count + 1)) for b in self.beans)
        )
        index: dict[str, int] = {}
        for i, b in enumerate(self.beans):
            for alias in (b.key, b.name, b.name.replace(" ", ""), b.name.split()[0]):
                index.setdefault(alias.lower(), i)
        object.__setattr__(self, "_index", index)

    def __len__(self) -> int:
        return len(self.beans)

    @property
    def total(self) -> int:
        return sum(b.count for b in self.beans)

    def value(self, bean: int, n: int) -> int:
        """Coins for selling ``n`` cards of ``bean`` (fields past the 4-coin size still sell for 4)."""
        values = self.values[bean]
        return values[n] if n < len(values) else values[-1]

    def index(self, name: str | int) -> int:
        """The index of a bean given by index, key ("fire") or name in any language ("Chili Bean",
        "Vuurboon", "Feuerbohne"), any case."""
        if isinstance(name, int) and not isinstance(name, bool):
            if 0 <= name < len(self.beans):
                return name
            raise KeyError(_("no bean number {number}").format(number=name))
        want = str(name).strip().lower()
        found = self._index.get(want)
        if found is not None:
            return found
        for i, shown in enumerate(self.names):  # the reader's own words: "vuurboon", "Vuur"
            if want in (shown.lower(), shown.replace(" ", "").lower(), shown.split()[0].lower()):
                return i
        for i, names in enumerate(zip(*self.printed_names().values())):  # a German position file read in English
            if any(want in (n.lower(), n.replace(" ", "").lower()) for n in names):
                return i
        known = ", ".join(self.names)
        raise KeyError(_("unknown bean {name} (beans: {known})").format(name=shorten(name), known=known)) from None

    def printed_names(self) -> dict[str, tuple[str, ...]]:
        """The beans' names in every language beanframe speaks (a name typed or written in any of
        them finds its bean: a position file written in German reads in an English game too)."""
        out = {}
        for lang in LANGUAGES:
            with language(lang):
                out[lang] = self.names
        return out

    def full_deck(self) -> list[int]:
        """Every card of the set, grouped by bean."""
        return [i for i, b in enumerate(self.beans) for _ in range(b.count)]

    def with_beans(self, extra: Iterable[BeanType]) -> CardSet:
        return CardSet((*self.beans, *extra))

    def without(self, keys: Sequence[str]) -> CardSet:
        return CardSet(b for b in self.beans if b.key not in keys)


_SHOWN: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}


def shown_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The beans' English ``names`` (as a state part keeps them: ``BeanTable.names``) in the
    reader's language; cached, since views are made often."""
    lang = current()
    if lang == "en":
        return names
    key = (lang, names)
    found = _SHOWN.get(key)
    if found is None:
        found = _SHOWN[key] = tuple(pgettext("bean", n) for n in names)
    return found


def load_beans(package: str, filename: str) -> list[BeanType]:
    """The ``[[bean]]`` tables of a TOML data file shipped inside ``package``."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return [BeanType(b["key"], b["name"], b["count"], b["meter"]) for b in data["bean"]]
