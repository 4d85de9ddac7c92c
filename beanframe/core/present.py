"""What front ends (the command line) show of a game, contributed by plugins.

The core knows no game, and neither does the CLI: a plugin that registers a state part also says how
to draw it, which extra commands a player may type (Al Cabohne's ``meter``) and why an action is not
possible now. Plugins contribute through the hook ``beanframe_register_renderers(register)``,
called one plugin at a time in dependency order, once per ruleset and only when a front end asks
(:func:`presentation`): never during play, so a headless simulation pays nothing.

What a renderer returns is up to the front end; the CLI prints anything rich can print (strings,
``rich`` tables and texts). The core never imports rich.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from beanframe.errors import ConfigError

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset

# part renderer: fn(part_view, view, seats) -> list of renderables; seats may be None
PartRenderer = Callable[[Any, Any, Any], list]
# command: fn(game, player, arg) -> list of renderables (player: who typed it, None: a spectator)
Command = Callable[[Any, Any, str], list]
# explainer: fn(game, player, action) -> why ``action`` (None: the choice the player looks for)
# is not possible now, or None when this plugin has nothing to say
Explainer = Callable[[Any, Any, Any], "str | None"]


class RendererRegistry:
    """What ``beanframe_register_renderers`` receives: ``register.part(name, fn)``,
    ``register.command(name, fn, help)``, ``register.explain(fn)``."""

    def __init__(self) -> None:
        self.variant = ""
        self.parts: dict[str, PartRenderer] = {}
        self.commands: dict[str, tuple[Command, str]] = {}
        self.explainers: list[Explainer] = []

    def part(self, name: str, renderer: PartRenderer, replace: bool = False) -> None:
        """Draw the state part ``name`` (its view) with ``renderer``; a later variant may
        ``replace`` the renderer of a part a requirement registered."""
        if name in self.parts and not replace:
            raise ConfigError(f"{self.variant}: a renderer for part {name!r} is registered twice (use replace=True)")
        self.parts[name] = renderer

    def command(self, name: str, fn: Command, help: str) -> None:
        """An extra command a player may type at a decision (``help`` is its one-line text)."""
        if not name.isidentifier() or name in self.commands:
            raise ConfigError(f"{self.variant}: bad or duplicate front-end command {name!r}")
        self.commands[name] = (fn, help)

    def explain(self, fn: Explainer) -> None:
        """Say why an action is not legal now (the first explainer that answers is shown)."""
        self.explainers.append(fn)


_cache: weakref.WeakKeyDictionary[Any, RendererRegistry] = weakref.WeakKeyDictionary()


def presentation(ruleset: Ruleset) -> RendererRegistry:
    """The renderers, commands and explainers of ``ruleset``'s plugins (collected once)."""
    found = _cache.get(ruleset)
    if found is None:
        from beanframe.core.compose import call_in_order

        found = RendererRegistry()
        call_in_order(ruleset.pm, ruleset.plugin_order, "beanframe_register_renderers", found, register=found)
        _cache[ruleset] = found
    return found


def explain(game: Game, player: int | None, action: Any) -> str | None:
    """The plugins' reason why ``action`` is not possible for ``player`` now, if one has one."""
    for fn in presentation(game.ruleset).explainers:
        reason = fn(game, player, action)
        if reason:
            return reason
    return None
