"""Fair determinization: a copy of a game in which everything one observer cannot see is redealt.

A plain ``clone()`` holds the true hidden cards and the true seed, so a search bot playing on it
cheats. ``game.determinize(observer, rng)`` makes a new game (the original is untouched) that the
observer cannot tell apart from the real one, and that knows no more than the observer:

1. **Hidden cards, game-wide.** Every plugin may declare, through ``beanframe_hidden(game,
   observer)``, the live card lists of its parts that ``observer`` cannot see, as :class:`Hidden`
   zones, each in a named *pool* (cards move only within a pool: bean cards never become building
   cards) and with the positions the observer does know (a shown hand card, a bean named in an
   open offer). The core gathers the zones of every plugin (a list declared twice is one zone, its
   known positions united), takes every card of a pool's zones, removes the known cards, puts the
   rest in a canonical (sorted) order, shuffles it with ``rng`` and deals it back into the unknown
   positions; known positions get their known card. Every zone keeps its size and the pool keeps
   its cards. Because the pool is sorted before it is shuffled, the result depends only on what
   the observer knows and on ``rng``, never on the true order of the hidden cards.
2. **Anything else.** ``beanframe_determinize(game, observer, rng)`` is then called one plugin at a
   time in dependency order, on the new game, for hidden data that is not a list of cards (or
   bookkeeping that follows the redealt cards).
3. **What decisions reveal.** A pending decision may tell the observer something (a player asked
   to give a hand card to an empty boss holds one that fits). A redeal after which a decider has
   no legal action is drawn again (rejection sampling, up to :data:`TRIES` times).
4. **Future chance.** The new game gets a fresh seed drawn from ``rng`` (the true seed, which
   rebuilds the deck, is not in it) and ``state.determinized`` is set. ``game.random()`` derives
   every later stream from that seed, so reshuffles and other chance of the copy follow a stream
   the observer cannot predict, and two determinizations with different ``rng`` differ there too.
   The stacked deck of the set-up (``setup_args["deck"]``) is dropped as well.

A determinized game plays on like any game (legal actions, views, clones, invariants), but it is a
guess, not a game its seed and actions rebuild: ``to_json()`` refuses it with a
:class:`~beanframe.errors.DeterminizedGameError`. Its full record (``history``, ``events``,
``log``) is the observer's redacted record (:func:`beanframe.core.records.known_lists`): another
player's private action appears in its public form and an event hidden from the observer in its
public form (or not at all), so the copy holds nothing of the real hidden cards, while the
observer's information state (``history_for``, ``events_for``, ``log_for``) is unchanged.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, MutableSequence
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from attrs import field, frozen

from beanframe.core.records import redacted_copy_record
from beanframe.core.actions import shorten
from beanframe.core.limits import check_player

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset


@frozen
class Hidden:
    """A zone of cards some observer cannot see: a live list of a part, redealt in place.

    ``pool`` names the cards it exchanges with (every zone of one pool forms one pool: "beans");
    ``cards`` is the part's own list (not a copy: the redeal writes into it); ``known`` maps the
    positions whose card the observer knows to that card (usually the card that is there; a
    plugin that knows less than the truth may name another card of the pool, which then goes
    there). Cards must be sortable (ints or strings), so the pool can be put in canonical order.
    """

    pool: str
    cards: MutableSequence[Any] = field(eq=False, repr=False)
    known: Mapping[int, Any] = field(factory=dict)


_Impl = tuple[str, Callable[..., Any], tuple[str, ...]]
_impls: WeakKeyDictionary = WeakKeyDictionary()


def _hook_impls(ruleset: Ruleset, hook: str) -> list[_Impl]:
    """The implementations of ``hook`` as plain functions, in dependency order (collected once per
    ruleset: determinization is called often by search bots, so it does not go through pluggy)."""
    cached = _impls.setdefault(ruleset, {})
    impls = cached.get(hook)
    if impls is None:
        rank = {name: i for i, name in enumerate(ruleset.plugin_order)}
        found = getattr(ruleset.pm.hook, hook).get_hookimpls()
        ordered = sorted(found, key=lambda h: rank.get(h.plugin_name, len(rank)))
        impls = cached[hook] = [(h.plugin_name, h.function, tuple(h.argnames)) for h in ordered]
    return impls


def hidden_zones(game: Game, observer: int | None) -> list[tuple[str, Hidden]]:
    """Every zone the plugins declare hidden from ``observer``, with the plugin that declared it,
    in dependency order. A plugin's mistake (not a list of :class:`Hidden`, a known position
    outside its zone) is a ValueError naming the plugin."""
    out: list[tuple[str, Hidden]] = []
    args = {"game": game, "observer": observer}
    for name, function, argnames in _hook_impls(game.ruleset, "beanframe_hidden"):
        zones = function(**{a: args[a] for a in argnames})
        if not isinstance(zones, (list, tuple)):
            raise ValueError(f"{name}: beanframe_hidden returned {shorten(zones)}, not a list of Hidden zones")
        for zone in zones:
            if not isinstance(zone, Hidden):
                raise ValueError(f"{name}: beanframe_hidden returned {shorten(zone)}, not a Hidden zone")
            bad = [i for i in zone.known if not (isinstance(i, int) and 0 <= i < len(zone.cards))]
            if bad:
                raise ValueError(f"{name}: beanframe_hidden names known position(s) {bad} of a {shorten(zone.pool)} zone of {len(zone.cards)} card(s)")
            out.append((name, zone))
    return out


_Entry = tuple[MutableSequence[Any], dict[int, Any], str]


def _pools(zones: list[tuple[str, Hidden]]) -> dict[str, tuple[list[_Entry], Counter]]:
    """The zones merged (one entry per list) and grouped by pool, with each pool's cards that the
    observer does not know. ValueError, naming the plugin, when the zones contradict each other
    or a known card is not among the pool's cards."""
    merged: dict[int, tuple[str, MutableSequence[Any], dict[int, Any], str]] = {}
    for name, zone in zones:
        key = id(zone.cards)
        entry = merged.get(key)
        if entry is None:
            merged[key] = (zone.pool, zone.cards, dict(zone.known), name)
            continue
        pool, _, known, first = entry
        if pool != zone.pool:
            raise ValueError(f"{name}: a zone that {first} declared in pool {shorten(pool)} is declared again in pool {shorten(zone.pool)}")
        for i, card in zone.known.items():
            if known.setdefault(i, card) != card:
                raise ValueError(f"{name}: position {i} of a {shorten(pool)} zone is known as {shorten(card)}, {first} knows it as {shorten(known[i])}")
    pools: dict[str, tuple[list[_Entry], Counter]] = {}
    for pool, cards, known, name in merged.values():
        pools.setdefault(pool, ([], Counter()))[0].append((cards, known, name))
    for pool, (entries, remaining) in pools.items():
        remaining.update(c for cards, _, _ in entries for c in cards)
        for _cards, known, name in entries:
            for card in known.values():
                if remaining[card] <= 0:
                    raise ValueError(f"{name}: the known card {shorten(card)} is not among the hidden cards of pool {shorten(pool)}")
                remaining[card] -= 1
    return pools


def unknown_positions(zones: list[tuple[str, Hidden]]) -> int:
    """How many positions of ``zones`` hold a card the observer does not know (a list declared
    twice counted once)."""
    return sum(remaining.total() for _, remaining in _pools(zones).values())


def redeal(zones: list[tuple[str, Hidden]], rng: random.Random) -> None:
    """Redeal the unknown cards of every pool among the unknown positions of its zones (see the
    module's documentation)."""
    pools = _pools(zones)
    for pool in sorted(pools):
        entries, remaining = pools[pool]
        rest = sorted(remaining.elements())  # canonical: the true order must not show through
        rng.shuffle(rest)
        at = 0
        for cards, known, _ in entries:
            for i in range(len(cards)):
                if i in known:
                    cards[i] = known[i]
                else:
                    cards[i] = rest[at]
                    at += 1


#: redeals tried before determinize gives up (see :func:`determinize`)
TRIES = 100


def _playable(game: Game) -> bool:
    """Whether every player who must decide now has a legal action."""
    if game.is_over:
        return True
    deciders = getattr(game, "deciders", None)  # group decisions, where the core has them
    if deciders is None:
        return bool(game.legal_actions())
    return all(game.legal_actions(p) for p in deciders)


def determinize(game: Game, observer: int | None, rng: random.Random) -> Game:
    """A new game in which everything ``observer`` (a player, or None for a spectator) cannot
    see is redealt with ``rng`` (a ``random.Random``), future chance included; see the module's
    documentation. The original game is not changed.

    A pending decision tells the observer something too: a player asked to give a hand card to
    an empty boss holds one that fits. A redeal after which a decider has no legal action is
    therefore refused and drawn again (rejection sampling: the result is a uniform redeal among
    those that keep the decision possible), up to :data:`TRIES` times; then a ValueError says
    that a step's legality depends on hidden cards that no plugin declares known."""
    check_player(observer, game.players)
    impls = _hook_impls(game.ruleset, "beanframe_determinize")
    for _ in range(TRIES):
        copy = type(game)(game.ruleset, game.state.clone())  # the class of the game: no import of it
        copy.setup_args = {key: None for key in game.setup_args}  # a stacked deck rebuilds hidden cards
        s = copy.state
        # the full record of the copy is the observer's: the others' private actions and events
        # only in their public forms (the real ones would tell the real hands)
        redacted_copy_record(game.state, s, observer)
        s.seed = rng.getrandbits(64)
        s.determinized = True
        redeal(hidden_zones(copy, observer), rng)
        args = {"game": copy, "observer": observer, "rng": rng}
        for _, function, argnames in impls:
            function(**{a: args[a] for a in argnames})
        if _playable(copy):
            return copy
    raise ValueError(
        f"determinize({observer}): no redeal in {TRIES} leaves a legal action at '{game.prompt()}': "
        "the decision depends on hidden cards no plugin declares known"
    )


def arrangements(game: Game, observer: int | None, cap: int = 10**9) -> int:
    """How many different redeals ``game.determinize(observer, ...)`` can produce: the distinct
    arrangements of the unknown cards of every pool, capped at ``cap``. The conformance kit
    demands that two determinizations differ only when this is large."""
    total = 1
    for _, remaining in _pools(hidden_zones(game, observer)).values():
        n = 0
        for c in remaining.values():
            # multinomial coefficient, built up one bean at a time: C(n + c, c)
            n += c
            total *= math.comb(n, c)
            if total >= cap:
                return cap
    return total
