"""What an Al Cabohne player sees, as segments of the observation vector (``beanframe_observation``).

Beans are one-hot over the card set (``b`` beans); seats are relative (0: the observer). Every
segment holds only what the observer may see (F.13): their own hand in order, everyone's hand
size, the face-up fields, coin counts, the deck's size, the whole face-up discard, the piles and
leftovers of the turn, the mafia's fields and treasury. Another player's hand, the deck's order
and contents are never read. Counts are raw numbers (not scaled); ``high`` bounds each segment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.core.observation import relative

from . import mafia as m

if TYPE_CHECKING:
    import numpy as np

    from beanframe.core.compose import Config
    from beanframe.core.game import Game


def hand_positions(config: Config) -> int:
    """How many hand positions are encoded one by one (a longer hand's later cards still count in
    ``beans.hand_counts``): twice the starting hand and two more, beyond what play reaches."""
    return 2 * config.params["beans"].hand_size + 2


def register(register, config: Config) -> None:
    rules = config.params["beans"]
    cards = rules.cards
    b = len(cards)
    n = config.players
    total = float(cards.total)
    most = float(max(bean.count for bean in cards.beans))
    positions = hand_positions(config)
    fields = rules.max_fields
    piles = b  # a pile holds one bean, and no two piles the same bean
    bosses = len(config.params[m.PART].bosses)

    def table(game: Game):
        return game.state.parts[BEANS]

    def hand(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is None:
            return
        for i, card in enumerate(table(game).hands[player][:positions]):
            out[i * b + card] = 1.0

    def hand_counts(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is None:
            return
        for card in table(game).hands[player]:
            out[card] += 1.0

    def hand_sizes(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, h in enumerate(table(game).hands):
            out[relative(player, p, n)] = len(h)

    def pile_slots(piles_of, out: np.ndarray) -> None:
        """Per slot: the bean one-hot, then the card count (empty slots stay zero)."""
        width = b + 1
        for i, pile in enumerate(piles_of):
            if pile:
                out[i * width + pile[-1]] = 1.0
                out[i * width + b] = len(pile)

    def field_slots(game: Game, player: int | None, out: np.ndarray) -> None:
        """Per player and field slot: owned (1), the bean one-hot, the card count."""
        width = b + 2
        for p, fs in enumerate(table(game).fields):
            base = relative(player, p, n) * fields * width
            for i, f in enumerate(fs[:fields]):
                at = base + i * width
                out[at] = 1.0
                if f:
                    out[at + 1 + f[-1]] = 1.0
                    out[at + 1 + b] = len(f)

    def coins(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, c in enumerate(table(game).coins):
            out[relative(player, p, n)] = len(c)

    def bought(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, done in enumerate(table(game).bought_field):
            out[relative(player, p, n)] = float(done)

    def deck(game: Game, player: int | None, out: np.ndarray) -> None:
        t = table(game)
        out[0] = len(t.deck)
        out[1] = t.run_outs
        out[2] = len(t.set_aside)

    def discard_top(game: Game, player: int | None, out: np.ndarray) -> None:
        d = table(game).discard
        if d:
            out[d[-1]] = 1.0

    def discard_counts(game: Game, player: int | None, out: np.ndarray) -> None:
        for card in table(game).discard:
            out[card] += 1.0

    def piles_now(game: Game, player: int | None, out: np.ndarray) -> None:
        pile_slots(table(game).piles[:piles], out)

    def leftovers(game: Game, player: int | None, out: np.ndarray) -> None:
        pile_slots(table(game).leftovers[:piles], out)

    def boss_fields(game: Game, player: int | None, out: np.ndarray) -> None:
        pile_slots(game.state.parts[m.PART].bosses, out)

    def treasury(game: Game, player: int | None, out: np.ndarray) -> None:
        out[0] = len(game.state.parts[m.PART].treasury)

    register("beans.hand", positions * b, hand, 1.0, f"own hand, front first: {positions} positions x {b} beans one-hot")
    register("beans.hand_counts", b, hand_counts, most, "own hand: cards per bean")
    register("beans.hand_sizes", n, hand_sizes, total, "hand sizes (relative seats)")
    register("beans.fields", n * fields * (b + 2), field_slots, total, f"per seat, per field: owned, bean one-hot, cards ({fields} fields)")
    register("beans.coins", n, coins, total, "coins (relative seats)")
    register("beans.bought_field", n, bought, 1.0, "bought the third field (relative seats)")
    register("beans.deck", 3, deck, total, "deck size, run-outs so far, coins set aside under the discard")
    register("beans.discard_top", b, discard_top, 1.0, "the discard's top bean, one-hot")
    register("beans.discard_counts", b, discard_counts, most, "the face-up discard: cards per bean")
    register("beans.piles", piles * (b + 1), piles_now, most, "the turn's face-up piles: bean one-hot, cards")
    register("beans.leftovers", piles * (b + 1), leftovers, most, "the opponent's leftovers: bean one-hot, cards")
    register("mafia.bosses", bosses * (b + 1), boss_fields, most, "each boss's field: bean one-hot, cards")
    register("mafia.treasury", 1, treasury, total, "the mafia's treasury (coins)")
