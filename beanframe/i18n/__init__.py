"""The players' own words: English, Dutch, French and German (issue 29).

Messages are written in English in the code and marked for extraction; gettext catalogs (``.po``
edited, ``.mo`` compiled and shipped in the wheel) give the other languages. Each part of the
project keeps its own catalogs next to its code, as Django apps do (``beanframe/locale``,
``beanframe/server/locale``, ``plugins/<variant>/locale``), and a plugin offers its own through
the ``beanframe_catalogs`` hook, so a house rule brings its words with it.

Marking and translating (the keywords Babel extracts, see :mod:`beanframe.i18n.catalogs`)::

    from beanframe.i18n import _, N_, ngettext, pgettext

    _("harvest field {n}").format(n=2)              # translated now, in the current language
    ngettext("{n} coin", "{n} coins", n).format(n=n)
    pgettext("bean", "Chili Bean")                  # a context: the same English, other meanings
    text = N_("plant a card")                       # marked only: translated where it is shown

The language is per context (a :class:`contextvars.ContextVar`): a table server renders one
game for four players in four languages, each inside ``with language(code):``. Codes
(``plant f1``) are never translated. The state is the same; only the words differ.

A message asked for in a language whose catalogs lack it comes back in English and is
remembered in :func:`missing` (tests fail on it: no English falls through into a Dutch game).
"""

from __future__ import annotations

import contextlib
import gettext
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path

#: the languages beanframe speaks; English is the source language (no catalog needed)
LANGUAGES: tuple[str, ...] = ("en", "nl", "fr", "de")
SOURCE = "en"
#: each language's name in itself, for selectors
NAMES: Mapping[str, str] = {"en": "English", "nl": "Nederlands", "fr": "Français", "de": "Deutsch"}
#: the environment variable naming the terminal's language (before the locale's)
ENV = "BEANFRAME_LANG"

_current: ContextVar[str] = ContextVar("beanframe_language", default=SOURCE)

#: catalogs: domain -> folder holding ``<lang>/LC_MESSAGES/<domain>.mo``
_folders: dict[str, Path] = {}
#: per language: the messages of every domain, and the plural messages with their own catalog's
#: plural rule (catalogs of one language may count their forms differently)
_merged: dict[str, tuple[dict[str, str], dict[str, tuple[Callable[[int], int], tuple[str, ...]]]]] = {}
_plugins_loaded = False
_finders: list[Callable[[], None]] = []
_found: set[str] = set()  # the domains the finders registered (forgotten by reload)
_finding = False
_lock = threading.RLock()
_missing: set[tuple[str, str]] = set()

HERE = Path(__file__).resolve().parent.parent


# -- marking and translating --------------------------------------------------------------------


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark only"
    """Mark ``message`` for extraction without translating it (a class attribute, a help text
    in a data structure): it is translated where it is shown, with :func:`_`."""
    return message


def _(message: str) -> str:
    """``message`` in the current language."""
    lang = _current.get()
    if lang == SOURCE or not message:
        return message
    found = _catalog(lang)[0].get(message)
    if found is None:
        _missing.add((lang, message))
        return message
    return found


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (its own plural rules:
    French says "0 pièce", English "0 coins")."""
    lang = _current.get()
    if lang == SOURCE:
        return singular if n == 1 else plural
    found = _plural_form(lang, singular, n)
    if found is None:
        _missing.add((lang, singular))
        return singular if n == 1 else plural
    return found


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` from the same English
    words meaning something else (a bean's name, a building's)."""
    lang = _current.get()
    if lang == SOURCE or not message:
        return message
    found = _catalog(lang)[0].get(f"{context}\x04{message}")
    if found is None:
        _missing.add((lang, f"{context}|{message}"))
        return message
    return found


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    lang = _current.get()
    if lang == SOURCE:
        return singular if n == 1 else plural
    found = _plural_form(lang, f"{context}\x04{singular}", n)
    if found is None:
        _missing.add((lang, f"{context}|{singular}"))
        return singular if n == 1 else plural
    return found


def has(message: str, lang: str | None = None, context: str | None = None) -> bool:
    """Whether the catalogs of ``lang`` (default: the current language) translate ``message``
    (always true in English)."""
    lang = lang or _current.get()
    if lang == SOURCE:
        return True
    key = message if context is None else f"{context}\x04{message}"
    singles, plurals = _catalog(lang)
    return key in singles or key in plurals


# -- the current language ------------------------------------------------------------------------


def current() -> str:
    """The language of the current context."""
    return _current.get()


@contextlib.contextmanager
def language(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` (None or an unknown code: English)."""
    lang = code if code in LANGUAGES else SOURCE
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


def set_language(code: str) -> None:
    """Speak ``code`` from now on in this context (the CLI does so once, at start)."""
    if code not in LANGUAGES:
        raise ValueError(unknown_language(code))
    _current.set(code)


def unknown_language(code: object) -> str:
    return f"unknown language {str(code)[:20]!r} (beanframe speaks {', '.join(LANGUAGES)})"


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: ``BEANFRAME_LANG``, else the locale's (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``), else English. ``BEANFRAME_LANG`` naming a language
    beanframe does not speak is an error (the user asked for it); a locale's is not (English)."""
    environ = os.environ if environ is None else environ
    asked = environ.get(ENV, "").strip()
    if asked:
        code = _code(asked)
        if code is None:
            raise ValueError(f"{ENV}: {unknown_language(asked)}")
        return code
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = environ.get(name, "")
        for part in value.split(":"):
            code = _code(part)
            if code is not None:
                return code
        if value and name != "LANGUAGE":
            break  # the first one set decides (as the C library reads them)
    return SOURCE


def choose(asked: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language for ``--lang asked`` (None: from the environment). ValueError names an
    unknown one."""
    if asked:
        code = _code(asked)
        if code is None:
            raise ValueError(unknown_language(asked))
        return code
    return from_environment(environ)


def negotiate(accept_language: str | None) -> str:
    """The language to answer an HTTP ``Accept-Language`` header in: the best-rated one beanframe
    speaks (``nl-BE,nl;q=0.9,en;q=0.8`` -> ``nl``), else English."""
    if not accept_language:
        return SOURCE
    rated: list[tuple[float, int, str]] = []
    for index, item in enumerate(accept_language.split(",")[:32]):
        tag, _sep, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = _code(tag)
        if code is not None and quality > 0:
            rated.append((-quality, index, code))
    return min(rated)[2] if rated else SOURCE


def _code(tag: str) -> str | None:
    """``nl_BE.UTF-8``, ``fr-CA``, ``DE`` -> the language beanframe speaks, or None."""
    base = tag.strip().split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


# -- catalogs -----------------------------------------------------------------------------------


def register_catalogs(domain: str, folder: str | os.PathLike[str]) -> None:
    """Add the catalogs of ``domain`` in ``folder`` (``<folder>/<lang>/LC_MESSAGES/<domain>.mo``)
    to every language. The core's parts register their own; plugins through the
    ``beanframe_catalogs`` hook (found when a language is first used)."""
    path = Path(folder)
    with _lock:
        if _finding:
            _found.add(domain)
        if _folders.get(domain) == path:
            return
        _folders[domain] = path
        _merged.clear()


def catalog_folders() -> dict[str, Path]:
    """Every registered domain and its folder (the plugins' included)."""
    _load_plugins()
    return dict(_folders)


def reload() -> None:
    """Forget the merged catalogs and the plugins' folders (a plugin was added at run time)."""
    global _plugins_loaded
    with _lock:
        _plugins_loaded = False
        for domain in _found:  # a removed plugin's words go with it
            _folders.pop(domain, None)
        _found.clear()
        _merged.clear()


def missing() -> set[tuple[str, str]]:
    """The (language, message) pairs asked for since the last :func:`clear_missing` that no
    catalog of that language translates (they were shown in English)."""
    return set(_missing)


def clear_missing() -> None:
    _missing.clear()


def add_finder(find: Callable[[], None]) -> None:
    """Run ``find`` (it calls :func:`register_catalogs`) before a language is first used, and
    again after :func:`reload`: the core finds the plugins' catalogs this way (this module
    imports nothing of beanframe, so the core may use it)."""
    _finders.append(find)
    reload()


def _load_plugins() -> None:
    """Run the finders once (under the lock: no other thread merges catalogs meanwhile)."""
    global _plugins_loaded, _finding
    if _plugins_loaded:
        return
    _plugins_loaded = True
    _finding = True
    try:
        for find in _finders:
            find()
    finally:
        _finding = False


def _plural_form(lang: str, key: str, n: int) -> str | None:
    """The form of the plural message ``key`` for ``n``, by its own catalog's rule (None: none)."""
    entry = _catalog(lang)[1].get(key)
    if entry is None:
        return None
    rule, forms = entry
    index = rule(n)
    return forms[index] if 0 <= index < len(forms) and forms[index] else None


def _catalog(lang: str) -> tuple[dict[str, str], dict[str, tuple[Callable[[int], int], tuple[str, ...]]]]:
    merged = _merged.get(lang)
    if merged is not None:
        return merged
    with _lock:
        _load_plugins()
        merged = _merged.get(lang)
        if merged is not None:  # another thread merged them meanwhile
            return merged
        singles: dict[str, str] = {}
        plurals: dict[str, tuple[Callable[[int], int], tuple[str, ...]]] = {}
        for domain, folder in sorted(_folders.items()):
            path = folder / lang / "LC_MESSAGES" / f"{domain}.mo"
            if not path.is_file():
                continue
            with path.open("rb") as handle:
                found = gettext.GNUTranslations(handle)
            forms: dict[str, dict[int, str]] = {}
            for key, value in found._catalog.items():  # noqa: SLF001 - the stdlib's parsed catalog
                if isinstance(key, tuple):
                    forms.setdefault(key[0], {})[key[1]] = value
                elif key != "" and value:  # "" is the header
                    singles.setdefault(key, value)
            for key, by_index in forms.items():
                strings = tuple(by_index.get(i, "") for i in range(max(by_index) + 1))
                if all(strings):  # Babel compiles an untranslated plural as empty forms: not a translation
                    plurals.setdefault(key, (found.plural, strings))
        merged = (singles, plurals)
        _merged[lang] = merged
    return merged


register_catalogs("beanframe", HERE / "locale")
