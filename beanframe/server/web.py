"""The browser table's variant files: ``GET /api/rooms/ID/web`` and ``/web/PACKAGE/FOLDER/FILE``.

A room's page asks which ES modules and style sheets draw its game and the public rule data they
read (:func:`web_info`, from the plugins' ``beanframe_register_web``, computed once per ruleset);
it then loads those files from ``/web/...``, which serves only the folders a composed ruleset
registered (:class:`WebFiles`), read from the plugins' package data: never a path outside them.
"""

from __future__ import annotations

import json
import mimetypes
import re
from collections.abc import Iterable
from importlib import resources
from typing import TYPE_CHECKING, Any

from beanframe.core.web import web_presentation
from beanframe.i18n import _, current
from beanframe.server.refusals import Refused
from beanframe.server.words import js_strings

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset

PART = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*")
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
         ".png": "image/png", ".json": "application/json", ".woff2": "font/woff2"}  # fmt: skip
MAX_FILE = 4 * 1024 * 1024


def file_url(package: str, path: str) -> str:
    """The address of a plugin's file, relative to the page (so a server behind a path prefix works)."""
    return f"web/{package}/{path}"


class WebFiles:
    """What the page of each ruleset loads, and the folders ``/web/...`` may serve."""

    def __init__(self) -> None:
        self.folders: set[tuple[str, str]] = set()
        self._info: dict[tuple[int, str], tuple[Any, dict[str, Any]]] = {}

    def info(self, ruleset: Ruleset) -> dict[str, Any]:
        """``{"modules": [url], "styles": [url], "data": {name: ...}}`` for ``ruleset`` (once per
        language: the data names beans in the current language)."""
        key = (id(ruleset), current())
        found = self._info.get(key)
        if found is not None and found[0] is ruleset:
            return found[1]
        web = web_presentation(ruleset)
        data = {name: fn(ruleset) for name, fn in web.data_fns.items()}
        out = {
            "modules": [file_url(p, f) for p, f in web.modules],
            "styles": [file_url(p, f) for p, f in web.styles],
            "data": json.loads(json.dumps(data)),  # plain JSON (tuples become lists), checked here once
        }
        self.folders |= web.folders()
        self._info[key] = (ruleset, out)
        return out

    def strings(self, ruleset: Ruleset, lang: str) -> dict[str, Any]:
        """The words the variants' modules mark with ``t()``/``tn()``, in ``lang``."""
        return js_strings(web_presentation(ruleset).folders(), lang)

    def learn(self, rulesets: Iterable[Ruleset]) -> None:
        """Register the folders of these rulesets (a file asked for before its room's page was)."""
        for ruleset in rulesets:
            self.folders |= web_presentation(ruleset).folders()

    def read(self, package: str, path: str) -> tuple[bytes, str]:
        """A file's bytes and content type; Refused (404) for anything not registered."""
        parts = path.split("/")
        if len(parts) < 2 or not all(PART.fullmatch(p) for p in parts) or (package, parts[0]) not in self.folders:
            raise Refused(_("no such file: {path}").format(path=f"web/{package[:60]}/{path[:80]}"), 404)
        suffix = "." + parts[-1].rsplit(".", 1)[-1] if "." in parts[-1] else ""
        kind = TYPES.get(suffix) or mimetypes.guess_type(parts[-1])[0]
        if kind is None:
            raise Refused(_("no such file: {path}").format(path=f"web/{package[:60]}/{path[:80]}"), 404)
        try:
            node = resources.files(package)
            for p in parts:
                node = node.joinpath(p)
            data = node.read_bytes() if node.is_file() else None
        except (ModuleNotFoundError, OSError, ValueError):
            data = None
        if data is None or len(data) > MAX_FILE:
            raise Refused(_("no such file: {path}").format(path=f"web/{package[:60]}/{path[:80]}"), 404)
        return data, kind
