"""What the browser table draws of a game, contributed by plugins (``beanframe_register_web``).

The table server's page (``beanframe serve``) draws what every game has: the hand, the prompt,
the legal moves with their labels, offers, the log, the end. Everything a variant shows beyond
that comes from the variant, the way its terminal renderers do (:mod:`beanframe.core.present`):
ES modules and style sheets shipped as the plugin's **package data**, which the page imports in
dependency order, and **rule data** (public facts of the ruleset that the views do not repeat:
a bean-o-meter, the buildings' prices and powers, a board's fields), computed once per ruleset.

The core never serves anything and knows no HTML: it only collects what plugins register. The
hook is called once per ruleset, only when the server asks (:func:`web_presentation`), never
during play.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from beanframe.core.actions import shorten
from beanframe.core.compose import call_in_order
from beanframe.errors import ConfigError

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset

# rule data: fn(ruleset) -> plain JSON-able data, public (the same for every seat and spectator)
RuleData = Callable[[Any], Any]

PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")
# a file of a plugin's web folder: folder/name.js, folder/sub/name.css (no "..", no hidden files)
FILE = re.compile(r"[A-Za-z0-9_-]+(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+")
SUFFIXES = {"module": (".js",), "style": (".css",)}


class WebRegistry:
    """What ``beanframe_register_web`` receives: ``register.module(package, path)``,
    ``register.style(package, path)``, ``register.data(name, fn, replace=False)``.

    ``package`` is an importable package that ships the file as package data and ``path`` the
    file inside it (``"static/trade.js"``): the server serves every file of that folder
    (``static/``) under ``/web/PACKAGE/``, so a module may import its neighbours relatively.
    Registering the same file twice (two variants of a set share the bean family's) keeps one."""

    def __init__(self) -> None:
        self.variant = ""
        self.modules: list[tuple[str, str]] = []
        self.styles: list[tuple[str, str]] = []
        self.data_fns: dict[str, RuleData] = {}

    def module(self, package: str, path: str) -> None:
        """An ES module the page imports (its default export: ``{ui, parts, claims}``, see
        docs/plugins.md "The browser table")."""
        self._add(self.modules, "module", package, path)

    def style(self, package: str, path: str) -> None:
        """A style sheet the page links."""
        self._add(self.styles, "style", package, path)

    def data(self, name: str, fn: RuleData, replace: bool = False) -> None:
        """Public rule data the page's modules read as ``ctx.data[name]``: ``fn(ruleset)``
        returns plain JSON-able data (never anything of a game in progress). A later variant may
        ``replace`` a requirement's."""
        if not name.isidentifier():
            raise ConfigError(f"{self.variant}: rule data needs a plain name, not {shorten(name)}")
        if name in self.data_fns and not replace:
            raise ConfigError(f"{self.variant}: rule data {shorten(name)} is registered twice (use replace=True)")
        self.data_fns[name] = fn

    def _add(self, where: list[tuple[str, str]], kind: str, package: str, path: str) -> None:
        if not isinstance(package, str) or not PACKAGE.fullmatch(package):
            raise ConfigError(f"{self.variant}: a web {kind} names a package such as 'my_rule', not {shorten(package)}")
        if not isinstance(path, str) or not FILE.fullmatch(path) or ".." in path or not path.endswith(SUFFIXES[kind]):
            ends = " or ".join(SUFFIXES[kind])
            raise ConfigError(
                f"{self.variant}: a web {kind} is a file in a folder of its package ending in {ends}, such as 'static/board{SUFFIXES[kind][0]}', not {shorten(path)}"
            )
        if (package, path) not in where:
            where.append((package, path))

    def folders(self) -> set[tuple[str, str]]:
        """The (package, folder) pairs whose files may be served."""
        return {(package, path.split("/", 1)[0]) for package, path in self.modules + self.styles}


_cache: weakref.WeakKeyDictionary[Any, WebRegistry] = weakref.WeakKeyDictionary()


def web_presentation(ruleset: Ruleset) -> WebRegistry:
    """The web modules, style sheets and rule data of ``ruleset``'s plugins (collected once)."""
    found = _cache.get(ruleset)
    if found is None:
        found = WebRegistry()
        call_in_order(ruleset.pm, ruleset.plugin_order, "beanframe_register_web", found, register=found)
        _cache[ruleset] = found
    return found
