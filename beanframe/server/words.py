"""The table's languages (issue 29): which language each connection speaks, the table's own log
lines kept free of any language, and the browser's strings.

Every connection chooses: an HTTP request by ``?lang=`` or else its ``Accept-Language`` header,
a WebSocket by its hello's ``"language"`` (else the same two). What a seat is told is made inside
``with language(code)``: one room is seen in four languages at once, the state the same, the
words different. Codes (``plant f1``, ``p2``) are never translated.

The table log (``table_log``) is stored as English templates with their arguments and put into
words for each reader; the page's JavaScript marks its words with ``t("...")`` and
``tn("one", "many", n)`` and gets their translations from :func:`js_strings`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from beanframe.i18n import LANGUAGES, NAMES, _, choose, language, negotiate, ngettext
from beanframe.server.limits import BadInput

# the page's own strings: ``t("...")`` and ``tn("...", "...", n)`` with double-quoted literals
_T = re.compile(r'\bt\(\s*"((?:[^"\\\n]|\\.)*)"\s*[,)]')
_TN = re.compile(r'\btn\(\s*"((?:[^"\\\n]|\\.)*)"\s*,\s*"((?:[^"\\\n]|\\.)*)"\s*,')


def asked_language(value: Any) -> str:
    """The language a client names (``"nl"``, ``"fr-CA"``); BadInput (400) names an unknown one."""
    if not isinstance(value, str) or not value.strip():
        raise BadInput(_("say the language as a code: {codes}").format(codes=", ".join(LANGUAGES)))
    try:
        return choose(value[:20])
    except ValueError:
        raise BadInput(
            _("unknown language {name} (the table speaks {codes})").format(name=repr(value[:20]), codes=", ".join(LANGUAGES))
        ) from None


def request_language(query: Mapping[str, str], headers: Mapping[str, str]) -> str:
    """An HTTP request's language: ``?lang=`` if given (BadInput for an unknown one), else the
    best of its ``Accept-Language``, else English."""
    asked = query.get("lang")
    if asked is not None:
        return asked_language(asked)
    return negotiate(headers.get("accept-language"))


# -- the table's own log lines ----------------------------------------------------------------


def table_line(text: str, **args: Any) -> dict[str, Any]:
    """A table log line as it is stored: the English template (marked ``N_`` where it is written)
    and its arguments (codes and numbers only), put into words by :func:`line_words`."""
    return {"text": text, "args": args}


def line_words(entry: Any) -> str:
    """A stored table log line in the current language (a line stored as plain text, by an
    older server, as it is)."""
    if isinstance(entry, str):
        return entry
    text, args = entry.get("text", ""), entry.get("args") or {}
    try:
        if "n" in args and "many" in entry:
            return ngettext(text, entry["many"], args["n"]).format(**args)
        return _(text).format(**args)
    except (KeyError, IndexError, ValueError):
        return text


def lines_words(entries: Iterable[Any]) -> list[str]:
    return [line_words(e) for e in entries]


# -- the browser's strings ----------------------------------------------------------------------


def _unescape(literal: str) -> str:
    try:
        return json.loads(f'"{literal}"')
    except ValueError:
        return literal


def marked(source: str) -> tuple[set[str], set[tuple[str, str]]]:
    """The messages a JavaScript module marks: ``t("...")`` and ``tn("one", "many", n)``."""
    plurals = {(_unescape(a), _unescape(b)) for a, b in _TN.findall(source)}
    return {_unescape(m) for m in _T.findall(source)}, plurals


_scanned: dict[tuple[str, str], tuple[set[str], set[tuple[str, str]]]] = {}


def folder_messages(package: str, folder: str) -> tuple[set[str], set[tuple[str, str]]]:
    """The messages of every ``.js`` module of a package's folder (read once)."""
    key = (package, folder)
    found = _scanned.get(key)
    if found is None:
        singles: set[str] = set()
        plurals: set[tuple[str, str]] = set()
        try:
            node = resources.files(package).joinpath(folder)
            files = [f for f in node.iterdir() if f.name.endswith(".js")]
        except (ModuleNotFoundError, OSError, ValueError):
            files = []
        for f in files:
            one, many = marked(f.read_text(encoding="utf-8"))
            singles |= one
            plurals |= many
        found = _scanned[key] = (singles, plurals)
    return found


def js_strings(folders: Iterable[tuple[str, str]], lang: str) -> dict[str, Any]:
    """The translations of the messages the modules of ``folders`` mark, in ``lang``: a message
    to its words, a plural's singular to its forms (``[one, many]``; the page picks one with the
    language's rule). English needs none: the page shows its own words."""
    strings: dict[str, Any] = {}
    if lang == "en":
        return strings
    with language(lang):
        for package, folder in sorted(set(folders)):
            singles, plurals = folder_messages(package, folder)
            for message in sorted(singles):
                strings[message] = _(message)
            for one, many in sorted(plurals):
                strings[one] = [ngettext(one, many, 1), ngettext(one, many, 2)]
    return strings


#: the page's own modules (beanframe/server/static)
PAGE = ("beanframe.server", "static")


def page_strings(lang: str, folders: Iterable[tuple[str, str]] = ()) -> dict[str, Any]:
    """``GET /api/strings?lang=``: the language, the selector's names, the page's strings (and
    those of ``folders``, a room's variant modules)."""
    return {"language": lang, "languages": dict(NAMES), "strings": js_strings([PAGE, *folders], lang)}
