"""What an Ali Baba player sees, as segments of the observation vector (``beanframe_observation``).

Seats are relative (0: the observer, then the next seats; a spectator sees from seat 1's place).
``n`` players, ``F`` fields on the board, 64 bandit cards (gang * 16 + group * 4 + copy), ``M``
movement cards. Everything is public (the bandit cards lie open, RULES E) except another player's
movement cards (only their number) and the order of a pile's face-down cards (which cards are in
it is known: every other card is in sight; a card shed to the bank goes face up under its pile).

=========================  ===============  =====================================================
segment                    size             holds
=========================  ===============  =====================================================
``ali_baba.field``         F                Ali Baba's field, one-hot (board order)
``ali_baba.district``      4                his district, one-hot
``ali_baba.lap``           3                the round (1..rounds), steps walked this round (the
                                            played cards' sum), movement cards still in hands
``ali_baba.moves``         5                one's own movement cards by value 1..5 (spectator: 0)
``ali_baba.moves_played``  5                cards played this round by value 1..5
``ali_baba.moves_held``    n                movement cards per seat
``ali_baba.piasters``      n                piasters per seat (raw; bound 1,000,000)
``ali_baba.cards``         64 x (n + 3)     per bandit card where it is, one-hot: held by seat
                                            0..n-1, the open card of its pile, face down in its
                                            pile, shed face up under its pile
``ali_baba.arrested``      64               arrested, bail not yet settled (option ``surrender``)
``ali_baba.piles``         4                cards per gang's pile
``ali_baba.dice``          12               the black die's pips one-hot (6), the white's (6);
                                            all zero while a die is off the grid
``ali_baba.hunted``        4                the gangs Ali Baba hunts now
``ali_baba.negotiation``   3n + 131         offers made per seat in this negotiation (n), a
                                            shedding at the last chance (1), the offer on the
                                            table: being built, awaiting its answer (2), its
                                            maker's seat (n), its addressee's seat (n; none
                                            while built), the cards it gives (64), the cards it
                                            asks (64)
``ali_baba.offer_piasters`` 2               the piasters that offer gives, and asks (raw)
``ali_baba.decision``      n + 18           the pending decision's public arguments: bandits
                                            bought so far (buy), free cards still to take,
                                            the die being placed (black, white), the movement
                                            value at a fork one-hot (5), the event being aimed
                                            one-hot (9), the seat a bandit is given to (n)
=========================  ===============  =====================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.core.observation import relative

from .data import CARDS, DISTRICTS, EVENTS, GANGS
from .offers import amount
from .offers import cards as offer_cards
from .state import PART, open_offer

if TYPE_CHECKING:
    import numpy as np

    from beanframe.core.compose import Config
    from beanframe.core.game import Game

#: a bound on a player's piasters, for the observation space (2500 at the start; a game pays out
#: far less than this)
PIASTER_HIGH = 1_000_000.0


def _frames(game: Game, kind: str):
    return [f for f in game.state.stack if f.kind == kind]


def register(register, config: Config) -> None:
    board = config.params[PART].board
    n = config.players
    fields = len(board.field_ids)
    moves = len(board.movement)
    most_of_a_value = float(max(board.movement.count(v) for v in range(1, 6)))
    where = n + 3  # held by a seat, open, face down, shed under the pile
    offers_high = float(max(1, config.params[PART].offers))

    def part(game: Game):
        return game.state.parts[PART]

    def field(game: Game, player: int | None, out: np.ndarray) -> None:
        out[part(game).field] = 1.0

    def district(game: Game, player: int | None, out: np.ndarray) -> None:
        out[board.district[part(game).field]] = 1.0

    def lap(game: Game, player: int | None, out: np.ndarray) -> None:
        t = part(game)
        out[0] = t.round
        out[1] = sum(t.played)
        out[2] = sum(len(h) for h in t.hands)

    def own_moves(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is not None:
            for v in part(game).hands[player]:
                out[v - 1] += 1.0

    def played(game: Game, player: int | None, out: np.ndarray) -> None:
        for v in part(game).played:
            out[v - 1] += 1.0

    def held(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, h in enumerate(part(game).hands):
            out[relative(player, p, n)] = len(h)

    def piasters(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, m in enumerate(part(game).piasters):
            out[relative(player, p, n)] = m

    def cards(game: Game, player: int | None, out: np.ndarray) -> None:
        t = part(game)
        for p, hand in enumerate(t.bandits):
            seat = relative(player, p, n)
            for c in hand:
                out[c * where + seat] = 1.0
        for g, pile in enumerate(t.piles):
            top = len(pile) - 1
            for i, c in enumerate(pile):
                # the open card first: a one-card pile's card is open even if it was shed there
                spot = n if i == top else n + 2 if i < t.known_bottom[g] else n + 1
                out[c * where + spot] = 1.0

    def arrested(game: Game, player: int | None, out: np.ndarray) -> None:
        for caught in part(game).arrested:
            for c in caught:
                out[c] = 1.0

    def piles(game: Game, player: int | None, out: np.ndarray) -> None:
        for g, pile in enumerate(part(game).piles):
            out[g] = len(pile)

    def dice(game: Game, player: int | None, out: np.ndarray) -> None:
        t = part(game)
        if t.black:
            out[t.black - 1] = 1.0
        if t.white:
            out[6 + t.white - 1] = 1.0

    def hunted(game: Game, player: int | None, out: np.ndarray) -> None:
        mask = part(game).hunted
        for g in range(GANGS):
            out[g] = float(mask >> g & 1)

    def negotiation(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, k in enumerate(part(game).offers):
            out[relative(player, p, n)] = k
        shed = _frames(game, "shed")
        if shed and shed[-1].args[1]:
            out[n] = 1.0
        offer = open_offer(game)
        if offer is not None:  # public: the actions that built it and its ``offer`` event told everyone
            at = n + 1
            out[at + (0 if offer.id < 0 else 1)] = 1.0
            at += 2
            out[at + relative(player, offer.maker, n)] = 1.0
            if offer.id >= 0:
                out[at + n + relative(player, offer.to, n)] = 1.0
            at += 2 * n
            for c in offer_cards(offer.gives):
                out[at + c] = 1.0
            for c in offer_cards(offer.asks):
                out[at + CARDS + c] = 1.0

    def offer_piasters(game: Game, player: int | None, out: np.ndarray) -> None:
        offer = open_offer(game)
        if offer is not None:
            out[0] = amount(offer.gives)
            out[1] = amount(offer.asks)

    def decision(game: Game, player: int | None, out: np.ndarray) -> None:
        frame = game.frame
        if frame is None:
            return
        kind, args = frame.kind, frame.args
        if kind == "buy":
            out[0] = args[0]
        elif kind == "take_free":
            out[1] = args[0]
        elif kind == "place_die":
            out[2 + args[0]] = 1.0
        elif kind == "route":
            out[4 + args[0] - 1] = 1.0
        elif kind == "target":
            out[9 + args[0]] = 1.0
        elif kind == "give":
            out[9 + len(EVENTS) + relative(player, args[0], n)] = 1.0

    register("ali_baba.field", fields, field, 1.0, f"Ali Baba's field, one-hot ({fields} fields, board order)")
    register("ali_baba.district", DISTRICTS, district, 1.0, "Ali Baba's district, one-hot")
    register("ali_baba.lap", 3, lap, float(max(board.rounds, 52, moves)), "round, steps walked this round, movement cards in hands")
    register("ali_baba.moves", 5, own_moves, most_of_a_value, "own movement cards by value 1..5")
    register("ali_baba.moves_played", 5, played, most_of_a_value, "movement cards played this round by value 1..5")
    register("ali_baba.moves_held", n, held, float(moves), "movement cards held (relative seats)")
    register("ali_baba.piasters", n, piasters, PIASTER_HIGH, "piasters (relative seats)")
    register("ali_baba.cards", CARDS * where, cards, 1.0, "per bandit card: held by seat 0..n-1, open, face down in its pile, shed under its pile")
    register("ali_baba.arrested", CARDS, arrested, 1.0, "per bandit card: arrested, bail not settled")
    register("ali_baba.piles", GANGS, piles, float(CARDS // GANGS), "cards per gang's pile")
    register("ali_baba.dice", 12, dice, 1.0, "black die pips one-hot, white die pips one-hot (0: off the grid)")
    register("ali_baba.hunted", GANGS, hunted, 1.0, "gangs Ali Baba hunts now")
    register(
        "ali_baba.negotiation", 3 * n + 3 + 2 * CARDS, negotiation, offers_high,
        "offers made (relative seats), last chance, the offer on the table: built / sent, maker, addressee, cards given, cards asked",
    )  # fmt: skip
    register("ali_baba.offer_piasters", 2, offer_piasters, PIASTER_HIGH, "piasters the offer on the table gives, and asks")
    register(
        "ali_baba.decision", 9 + len(EVENTS) + n, decision, 3.0,
        "bought so far, free cards left, die placed (black, white), fork value one-hot, event aimed one-hot, given to (seat)",
    )  # fmt: skip
