"""The bean table as segments of the observation vector, for every bean plugin.

A plugin that registers the bean table calls :func:`register_bean_table` from its
``beanframe_observation`` hook (Al Cabohne does; Bohnanza can): beans are one-hot over the card set
(``b`` beans), seats relative (0: the observer). Every segment holds only what the observer may see
(F.13): their own hand in order, everyone's hand size, the face-up fields, coin counts, the deck's
size, the whole face-up discard, the face-up piles and leftovers. Another player's hand, the
deck's order and contents are never read. Counts are raw numbers; ``high`` bounds each segment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from beanframe.beans.table import PART
from beanframe.core.observation import relative

if TYPE_CHECKING:
    import numpy as np

    from beanframe.core.compose import Config
    from beanframe.core.game import Game


def hand_positions(config: Config) -> int:
    """How many hand positions are encoded one by one (a longer hand's later cards still count in
    ``beans.hand_counts``): twice the starting hand and two more, beyond what play reaches."""
    return 2 * config.params["beans"].hand_size + 2


def pile_slots(piles: Sequence[Sequence[int]], beans: int, out: np.ndarray) -> None:
    """Per slot: the top card's bean one-hot, then the card count (empty slots stay zero); piles
    beyond the slots are left out."""
    width = beans + 1
    for i, pile in enumerate(piles[: len(out) // width]):
        if pile:
            out[i * width + pile[-1]] = 1.0
            out[i * width + beans] = len(pile)


def register_bean_table(register: Any, config: Config, part: str = PART) -> None:
    """Register the bean table's segments (``beans.*``) for the table kept in part ``part``."""
    rules = config.params["beans"]
    cards = rules.cards
    b = len(cards)
    n = config.players
    total = float(cards.total)
    most = float(max(bean.count for bean in cards.beans))
    positions = hand_positions(config)
    fields = rules.max_fields
    piles = b  # a pile holds one bean, and no two piles the same bean

    def hand(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is None:
            return
        for i, card in enumerate(game.state.parts[part].hands[player][:positions]):
            out[i * b + card] = 1.0

    def hand_counts(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is None:
            return
        for card in game.state.parts[part].hands[player]:
            out[card] += 1.0

    def hand_sizes(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, h in enumerate(game.state.parts[part].hands):
            out[relative(player, p, n)] = len(h)

    def field_slots(game: Game, player: int | None, out: np.ndarray) -> None:
        """Per player and field slot: owned (1), the bean one-hot, the card count."""
        width = b + 2
        for p, fs in enumerate(game.state.parts[part].fields):
            base = relative(player, p, n) * fields * width
            for i, f in enumerate(fs[:fields]):
                at = base + i * width
                out[at] = 1.0
                if f:
                    out[at + 1 + f[-1]] = 1.0
                    out[at + 1 + b] = len(f)

    def coins(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, c in enumerate(game.state.parts[part].coins):
            out[relative(player, p, n)] = len(c)

    def bought(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, done in enumerate(game.state.parts[part].bought_field):
            out[relative(player, p, n)] = float(done)

    def deck(game: Game, player: int | None, out: np.ndarray) -> None:
        t = game.state.parts[part]
        out[0] = len(t.deck)
        out[1] = t.run_outs
        out[2] = len(t.set_aside)

    def discard_top(game: Game, player: int | None, out: np.ndarray) -> None:
        d = game.state.parts[part].discard
        if d:
            out[d[-1]] = 1.0

    def discard_counts(game: Game, player: int | None, out: np.ndarray) -> None:
        for card in game.state.parts[part].discard:
            out[card] += 1.0

    def piles_now(game: Game, player: int | None, out: np.ndarray) -> None:
        pile_slots(game.state.parts[part].piles, b, out)

    def leftovers(game: Game, player: int | None, out: np.ndarray) -> None:
        pile_slots(game.state.parts[part].leftovers, b, out)

    register("beans.hand", positions * b, hand, 1.0, f"own hand, front first: {positions} positions x {b} beans one-hot")
    register("beans.hand_counts", b, hand_counts, most, "own hand: cards per bean")
    register("beans.hand_sizes", n, hand_sizes, total, "hand sizes (relative seats)")
    register("beans.fields", n * fields * (b + 2), field_slots, total, f"per seat, per field: owned, bean one-hot, cards ({fields} fields)")
    register("beans.coins", n, coins, total, "coins (relative seats)")
    register("beans.bought_field", n, bought, 1.0, "bought a field (relative seats)")
    register("beans.deck", 3, deck, total, "deck size, run-outs so far, coins set aside under the discard")
    register("beans.discard_top", b, discard_top, 1.0, "the discard's top bean, one-hot")
    register("beans.discard_counts", b, discard_counts, most, "the face-up discard: cards per bean")
    register("beans.piles", piles * (b + 1), piles_now, most, "the turn's face-up piles: bean one-hot, cards")
    register("beans.leftovers", piles * (b + 1), leftovers, most, "leftover piles: bean one-hot, cards")
