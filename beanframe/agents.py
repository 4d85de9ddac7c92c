"""Agents: anything with ``act(view, legal_actions) -> action``.

Bots are registered by name through ``beanframe_register_bots`` (the core registers ``random``;
variants register their own, e.g. Al Cabohne's ``greedy``) and made with ``make_bot``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from beanframe.core.actions import Action, shorten
from beanframe.core.bots import RandomBot as RandomBot  # the core's bot, re-exported here
from beanframe.errors import ConfigError
from beanframe.i18n import _
from beanframe.infoset import InformationSet

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset
    from beanframe.core.view import View


@runtime_checkable
class Agent(Protocol):
    def act(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """Choose one of ``legal_actions`` knowing only ``view``."""
        ...


def make_bot(ruleset: Ruleset, name: str, seed: int | None = None) -> Agent:
    """A bot registered under ``name`` in ``ruleset`` (ConfigError naming the known bots if none).
    Its factory is called as ``factory(seed=seed, ruleset=ruleset)``: the ruleset is public and
    immutable, so a bot may read the composed rules from it; it never gets the game."""
    spec = ruleset.bots.get(name)
    if spec is None:
        known = ", ".join(sorted(ruleset.bots)) or _("none")
        raise ConfigError(_("unknown bot {name} for {variants} (bots: {known})").format(name=shorten(name), variants=ruleset.name, known=known))
    return spec.factory(seed=seed, ruleset=ruleset)


def play_game(game: Game, agents: Sequence[Agent]) -> Game:
    """Play ``game`` to its end, asking ``agents[player]`` at each decision. Agents whose
    ``uses_view`` is False are given no view (building one costs time they would not use).

    A group decision (several ``game.deciders``) asks one decider at a time and applies its
    choice, so no seat gets a tempo edge: a new group decision starts with its first decider
    (``to_act``, in the order the step gave), then the deciders are asked round-robin by seat,
    starting after the last player who acted in that decision (same frame kind and owner, same
    turn), also when nested decisions came in between. One-decider decisions ask ``to_act``."""
    if len(agents) != game.players:
        raise ConfigError(_("{n} agents for a {players}-player game").format(n=len(agents), players=game.players))
    wants = [getattr(a, "uses_view", True) for a in agents]
    state = game.state
    turns = DeciderTurns(game.players)
    while not game.is_over:
        frame = state.stack[-1]
        if not frame.group:  # the common case, kept free of the round-robin bookkeeping
            player = frame.player
            legal = game.legal_actions()
            view = game.view(player) if wants[player] else None
            game.apply(_ask(agents[player], game, player, view, legal))
            continue
        player = turns.next(game)
        legal = game.legal_actions(player)
        view = game.view(player) if wants[player] else None
        game.apply(_ask(agents[player], game, player, view, legal), player)
    return game


def _ask(agent: Agent, game: Game, player: int, view: View | None, legal: Sequence[Action]) -> Action:
    """``agent.act(view, legal)``; a search bot (``uses_information``) also gets the player's
    information set (:class:`beanframe.infoset.InformationSet`), never the game."""
    if getattr(agent, "uses_information", False):
        return agent.act(view, legal, InformationSet(game, player))  # type: ignore[call-arg]
    return agent.act(view, legal)


class DeciderTurns:
    """Which decider to ask next, fairly: a group decision starts with its first decider
    (``to_act``, in the order the step gave), then the deciders are asked round-robin by seat,
    starting after the last player who acted in that decision (same frame kind and owner, same
    turn), also when nested decisions came in between. A one-decider frame asks its player.
    ``play_game`` and the CLI share it, so a human at the terminal is asked as a bot would be."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.last_in: dict[tuple[int, str, int], int] = {}  # group decision -> who acted last

    def next(self, game: Game) -> int:
        frame = game.state.stack[-1]
        if not frame.group:
            return frame.player
        key = (game.state.turn, frame.kind, frame.player)
        last = self.last_in.get(key)
        n = self.players
        player = frame.group[0] if last is None else min(frame.group, key=lambda p: (p - last - 1) % n)
        self.last_in[key] = player
        return player


def seat_bot(text: str, ruleset: Ruleset) -> str | None:
    """A seat as the CLI and the table server read it: ``human`` (None) or ``bot:NAME`` (the name
    of a bot of ``ruleset``); anything else is a one-line ConfigError listing the bots."""
    spec = text.strip().lower()
    if spec == "human":
        return None
    kind, sep, name = spec.partition(":")
    bots = ", ".join(f"bot:{b}" for b in sorted(ruleset.bots)) or _("no bots")
    if kind != "bot" or not sep or not name.strip():
        raise ConfigError(_("bad seat {seat}: a seat is 'human' or 'bot:NAME' ({bots})").format(seat=shorten(text, 30), bots=bots))
    name = name.strip()
    if name not in ruleset.bots:
        raise ConfigError(_("unknown bot {name} in seat {seat} (bots of {variants}: {bots})").format(
            name=shorten(name, 30), seat=shorten(text, 30), variants=ruleset.name, bots=bots))
    return name
