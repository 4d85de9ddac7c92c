"""What a Bohnaparte player sees, as segments of the observation vector (``beanframe_observation``).

Bohnanza registers the bean table's segments (hands, fields, coins, deck, discard...); Bohnaparte
adds the board and the war. Seats are relative (0: the observer, then the next seats); ``n``
players, ``L`` landscapes on the board (fixed per ruleset: the random layout deals the same cards
to other places), ``K`` = 11 landscape kinds (``landscapes.toml`` order), ``b`` beans, ``D`` = n
depot places, ``M`` merchant places (2 + 3 + one per village on the board).

Public (F.13, RULES D): the landscapes, owners, camps, fortresses, empty quarries, tired troops,
the markers kept, who has a depot or a merchant and how many cards lie on it, the open attack
(who attacks what, whether each side has laid its card, the riding troop, the fifth deck).
Private: the cards in a depot or on a merchant (their owner's only) and a fight card laid face down
(its player's only, unless it came unseen from the deck top).

=============================  ===============  ================================================
segment                        size             holds
=============================  ===============  ================================================
``bohnaparte.kinds``           L x K            each landscape's kind, one-hot
``bohnaparte.owners``          L x (n + 1)      each landscape's owner: seats 0..n-1, neutral
``bohnaparte.camps``           L x n            whose army camp a landscape is (seats 0..n-1)
``bohnaparte.marks``           L x 3            a fortress under it, an emptied quarry, a tired
                                                rider troop (its horse team)
``bohnaparte.players``         n x 5            per seat: markers kept, has a depot, depot cards,
                                                has a merchant, merchant cards
``bohnaparte.fortresses_left`` 1                fortress cards still to build
``bohnaparte.own_depot``       D x b            one's own depot, in order (``fight-depot d<k>``)
``bohnaparte.own_merchant``    M x b            one's own merchant's cards, in order (``take m<k>``)
``bohnaparte.attack``          2n + 2L + 6      the open attack: attacker (n), defender (n, then
                                                neutral 1), target (L), the riding troop's horse
                                                team (L), round 1 (rider) / round 2 (2), attack
                                                card laid, defence card laid, the fifth deck
                                                (F.26) running for it
``bohnaparte.own_fight_card``  b                the card one laid face down oneself, if one saw it
=============================  ===============  ================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.core.observation import relative

from .board import NEUTRAL, PART
from .landscapes import LANDSCAPES
from .rules import NAME
from .territory import MARKERS

if TYPE_CHECKING:
    import numpy as np

    from beanframe.core.compose import Config
    from beanframe.core.game import Game

KINDS = tuple(LANDSCAPES)


def merchant_places(config: Config) -> int:
    """The most cards a merchant can hold: the cards put on it at purchase, then one turn's draw
    (3 plus one per village on the board) before the owner takes as many as were drawn."""
    rules = config.params[NAME]
    villages = sum(rules.layout.card(i).extra_draws for i in range(len(rules.layout.kinds)))
    return rules.merchant_cards + config.params["beans"].draw + villages


def register(register, config: Config) -> None:
    rules = config.params[NAME]
    n = config.players
    land = len(rules.layout.kinds)
    k = len(KINDS)
    b = len(config.params["beans"].cards)
    depot = rules.depot_capacity
    merchant = merchant_places(config)

    def board(game: Game):
        return game.state.parts[PART]

    def kinds(game: Game, player: int | None, out: np.ndarray) -> None:
        for i, kind in enumerate(board(game).kinds):
            out[i * k + KINDS.index(kind)] = 1.0

    def owners(game: Game, player: int | None, out: np.ndarray) -> None:
        for i, o in enumerate(board(game).owners):
            out[i * (n + 1) + (n if o == NEUTRAL else relative(player, o, n))] = 1.0

    def camps(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, i in enumerate(board(game).camps):
            if i >= 0:
                out[i * n + relative(player, p, n)] = 1.0

    def marks(game: Game, player: int | None, out: np.ndarray) -> None:
        bd = board(game)
        for i in bd.fortresses:
            out[i * 3] = 1.0
        for i in bd.empty_quarries:
            out[i * 3 + 1] = 1.0
        for i in bd.tired:
            out[i * 3 + 2] = 1.0

    def players(game: Game, player: int | None, out: np.ndarray) -> None:
        bd = board(game)
        for p in range(n):
            at = relative(player, p, n) * 5
            out[at] = bd.markers[p]
            out[at + 1] = float(bd.has_depot[p])
            out[at + 2] = len(bd.depots[p])
            out[at + 3] = float(bd.has_merchant[p])
            out[at + 4] = len(bd.merchants[p])

    def fortresses_left(game: Game, player: int | None, out: np.ndarray) -> None:
        out[0] = board(game).fortresses_left

    def own_depot(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is not None:
            for i, card in enumerate(board(game).depots[player][:depot]):
                out[i * b + card] = 1.0

    def own_merchant(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is not None:
            for i, card in enumerate(board(game).merchants[player][:merchant]):
                out[i * b + card] = 1.0

    def attack(game: Game, player: int | None, out: np.ndarray) -> None:
        bd = board(game)
        if not bd.attacking:
            return
        out[relative(player, bd.attacker, n)] = 1.0
        out[n + (n if bd.defender == NEUTRAL else relative(player, bd.defender, n))] = 1.0
        at = 2 * n + 1
        out[at + bd.target] = 1.0
        if bd.rider >= 0:
            out[at + land + bd.rider] = 1.0
        at += 2 * land
        if bd.round in (1, 2):
            out[at + bd.round - 1] = 1.0
        out[at + 2] = float(bool(bd.attack_card))
        out[at + 3] = float(bool(bd.defence_card))
        out[at + 4] = float(bd.final_attack)

    def own_fight_card(game: Game, player: int | None, out: np.ndarray) -> None:
        bd = board(game)
        if player is None or not bd.attacking:
            return
        if player == bd.attacker and bd.attack_card and not bd.attack_blind:
            out[bd.attack_card[0]] = 1.0
        elif player == bd.defender and bd.defence_card and not bd.defence_blind:
            out[bd.defence_card[0]] = 1.0

    most = float(max(depot, merchant, MARKERS))
    register("bohnaparte.kinds", land * k, kinds, 1.0, f"each landscape's kind one-hot ({land} landscapes x {k} kinds)")
    register("bohnaparte.owners", land * (n + 1), owners, 1.0, "each landscape's owner: relative seats, then neutral")
    register("bohnaparte.camps", land * n, camps, 1.0, "whose army camp each landscape is (relative seats)")
    register("bohnaparte.marks", land * 3, marks, 1.0, "per landscape: fortress, emptied quarry, tired rider troop")
    register("bohnaparte.players", n * 5, players, most, "per seat: markers kept, depot?, depot cards, merchant?, merchant cards")
    register("bohnaparte.fortresses_left", 1, fortresses_left, 3.0, "fortress cards still to build")
    register("bohnaparte.own_depot", depot * b, own_depot, 1.0, f"own depot in order: {depot} places x {b} beans one-hot")
    register("bohnaparte.own_merchant", merchant * b, own_merchant, 1.0, f"own merchant in order: {merchant} places x {b} beans")
    register(
        "bohnaparte.attack", 2 * n + 2 * land + 6, attack, 1.0,
        "open attack: attacker, defender (+neutral), target, riding troop, round 1/2, cards laid, fifth deck",
    )  # fmt: skip
    register("bohnaparte.own_fight_card", b, own_fight_card, 1.0, "the fight card one laid oneself, if seen")
