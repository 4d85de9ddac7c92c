"""Al Cabohne's phases and decision steps (RULES.md A).

Set-up: deal, mafia start. Turn with 2 players: 1 leftovers, 2 mafia tax, 3 play from hand,
(F.20: a moment to harvest or buy), 4 flip, 5 plant, 6 draw. Solo: 1 tax, 2 play, (F.20),
3 flip, 4 plant (every pile), 5 draw. End: every player and every boss sells every field (F.5, F.18).

Flipping and drawing are automatic frames that can stop when decisions open in their middle
and go on where they stopped (``beanframe.beans.work``). Every step that plants asks the composed
rule ``beans.plant_targets``; the any-time options are the bean family's (``beans.options``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from beanframe.beans import PART as BEANS
from beanframe.beans import DrawStep, deal, draw, field_targets, finish, harvest, interrupted, one_bean_per_field, pause, stack_deck, start
from beanframe.beans import options as bean_options
from beanframe.beans.planting import FrontCardStep, plant_card
from beanframe.core.steps import Step
from beanframe.i18n import N_, _

from . import actions as A
from . import mafia as m
from .actions import (
    PlantLeftover,
)
from .parts import beans_of as _beans
from .parts import mafia_of as _mafia
from .plant import PlantStep, RefillStep
from .plant import phase_plant as phase_plant  # re-exported: the plugin adds the phases from here

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


# ------------------------------------------------------------------------------------------
# Set-up (RULES A "Set-up, 2 players", "Solo game")
# ------------------------------------------------------------------------------------------


def setup_deal(game: Game) -> None:
    """Shuffle (or stack) the deck and deal the hands one card at a time, starting with the
    starting player (seat 1; the last seat is the dealer)."""
    table, rules = _beans(game)
    table.deck = stack_deck(rules.cards, game.setup_args.get("deck"), game)
    deal(game, table, rules.hand_size, first=0)
    game.emit("dealt", rules.hand_size)


def setup_mafia(game: Game) -> None:
    """Flip onto Al Cabohne while the cards are of the first card's bean; the first card of
    another bean goes to Don Corlebohne. Solo: keep flipping, Al's and Don's beans go to them,
    the first card of a third bean goes to Joe Bohnano (exactly one card each for Don and Joe)."""
    table, rules = _beans(game)
    mafia = _mafia(game)
    cards = rules.cards
    runs: list[int] = []  # the bean each boss was started with
    for b in range(len(mafia.bosses)):
        while True:
            card = draw(game, table)
            if card is None:
                return
            if card in runs:
                m.give(game, mafia, runs.index(card), [card], table.discard, cards)
                continue
            m.give(game, mafia, b, [card], table.discard, cards)
            runs.append(card)
            break


# ------------------------------------------------------------------------------------------
# Phase 1 (2 players): leftovers (F.1)
# ------------------------------------------------------------------------------------------


def phase_leftovers(game: Game) -> None:
    table, _rules = _beans(game)
    if table.leftovers:
        game.push("leftovers", game.state.active)


class LeftoversStep(Step):
    """Each card the opponent flipped and did not plant: plant it on an own field that takes it or
    discard it. F.1: every card is decided on its own, on any own field that takes it then
    (``beans.plant_targets``; the one-bean-type-per-field rule still holds)."""

    kind = "leftovers"  # pushed only when there are leftovers; popped with the last one

    def legal(self, game: Game, frame: Frame):
        table = game.state.parts[BEANS]
        player = frame.player
        rule = game.ruleset.config.params["beans"].plant_targets  # the composed rule
        fields = table.fields[player] if rule is one_bean_per_field else None
        out = []
        k = -1  # counted by hand: cheaper than enumerate on the hot path
        for pile in table.leftovers:
            k += 1
            if not pile:
                continue  # used up: its slot stays empty so the other codes stay (issue 6)
            row = A.PLANT_LEFTOVER[k]
            for target in field_targets(fields, pile[0]) if fields is not None else rule(game, player, pile[0]):
                out.append(row[target])
            out.append(A.DISCARD_LEFTOVER[k])
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        table = game.state.parts[BEANS]
        pile = table.leftovers[action.pile]
        card = pile.pop()  # an emptied pile keeps its slot: the codes of the others stay
        if isinstance(action, PlantLeftover):
            plant_card(game, frame.player, action.field, card, "leftover")
        else:
            table.discard.append(card)
            game.emit("discard", frame.player, card)
        if not any(table.leftovers):
            table.leftovers.clear()
            game.pop()

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("leftovers: plant or discard each card the opponent left")


# ------------------------------------------------------------------------------------------
# Phase 2 (solo 1): mafia tax
# ------------------------------------------------------------------------------------------


def taxable(game: Game, player: int) -> list[tuple[int, int]]:
    """(field, boss) pairs: own fields whose bean a (non-empty) boss collects."""
    table = game.state.parts[BEANS]
    mafia = _mafia(game)
    out = []
    for i, f in enumerate(table.fields[player]):
        if f:
            b = m.collector(mafia, f[-1])
            if b is not None:
                out.append((i, b))
    return out


def phase_tax(game: Game) -> None:
    if taxable(game, game.state.active):
        game.push("tax", game.state.active)


def collect_tax(game: Game, player: int) -> None:
    """One bean from each own field whose bean a boss collects goes to that boss, even a field's
    only bean; a boss reaching its threshold harvests at once."""
    table, rules = _beans(game)
    mafia = _mafia(game)
    for i, f in enumerate(table.fields[player]):
        if f:
            b = m.collector(mafia, f[-1])
            if b is not None:
                card = f.pop()
                game.emit("tax", player, i, b, card)
                m.give(game, mafia, b, [card], table.discard, rules.cards)


class TaxStep(Step):
    """A decision point before the tax, so the player may first harvest a field the mafia would
    tax (harvesting is allowed any time of the own turn; the French rulebook names this move)."""

    kind = "tax"

    def resolve(self, game: Game, frame: Frame) -> bool:
        if not taxable(game, frame.player):
            game.pop()
            return False
        return True

    def legal(self, game: Game, frame: Frame):
        return (A.PAY_TAX,)

    def apply(self, game: Game, frame: Frame, action) -> None:
        game.pop()
        collect_tax(game, frame.player)

    def prompt(self, game: Game, frame: Frame) -> str:
        fields = ", ".join(_("field {field}").format(field=i + 1) for i, _b in taxable(game, frame.player))
        return _("mafia tax: one bean of {fields} goes to the mafia (harvest first if you prefer)").format(fields=fields)


# ------------------------------------------------------------------------------------------
# Phase 3 (solo 2): play from hand
# ------------------------------------------------------------------------------------------


def phase_play(game: Game) -> None:
    table, _rules = _beans(game)
    if table.hands[game.state.active]:
        game.push("play", game.state.active, 0)


def second_card_targets(targets: list[int], fields: Sequence[Sequence[Any]], first: int) -> list[int]:
    """F.21: a second card of another bean than the first goes on another field than the first
    card's (``first``), even when that field was harvested in between. ``targets``: the fields that
    take the second card; if the first card's field is among them as the offered empty field, the
    next empty field is offered instead (a plain rule: bots may share it)."""
    if first not in targets:
        return targets
    out = [t for t in targets if t != first]
    if not fields[first]:
        for i, f in enumerate(fields):
            if not f and i != first:
                if i not in out:
                    out.append(i)
                    out.sort()
                break
    return out


class PlayStep(FrontCardStep):
    """The front card must be planted; then the new front card may be: two cards of one bean on
    one field, of two beans on two fields (F.21). A card that fits no field needs a harvest first
    (offered as the any-time harvest option). args = (cards planted,) at first, then
    (1, the first card's field, its bean). The bean family's step (``beans.planting``) plus F.21."""

    kind = "play"  # pushed only with a non-empty hand
    pass_action = A.PASS
    prompt_first = N_("play: you must plant your front card")
    prompt_next = N_("play: you may plant your (new) front card")

    def targets(self, game: Game, frame: Frame, bean: int) -> list[int]:
        rule = game.ruleset.config.params["beans"].plant_targets  # beans.plant_targets
        fields = game.state.parts[BEANS].fields[frame.player]
        targets = field_targets(fields, bean) if rule is one_bean_per_field else rule(game, frame.player, bean)
        args = frame.args
        if args[0] and len(args) > 2 and bean != args[2]:
            targets = second_card_targets(targets, fields, args[1])
        return targets

    def next_args(self, frame: Frame, planted: int, field: int, card: int) -> tuple:
        return (planted, field, card)

    def prompt(self, game: Game, frame: Frame) -> str:
        return _(self.prompt_first if frame.args[0] == 0 else self.prompt_next)  # in the reader's words


# ------------------------------------------------------------------------------------------
# Between phases 3 and 4 (solo: 2 and 3): a moment to harvest or buy (F.20)
# ------------------------------------------------------------------------------------------


def phase_before_flip(game: Game) -> None:
    """F.20: "any time during one's own turn except phase 4" includes the moment after the last
    card of phase 3 (or the declined second card) and before the first flip: a decision there
    whenever the player may harvest or buy (any any-time option is legal), else none."""
    player = game.state.active
    for option_legal in game.ruleset.any_time_legal:  # the options' rules, bound at composition
        if option_legal(game, player):
            game.push("before_flip", player)
            return


class BeforeFlipStep(Step):
    """F.20's decision: the any-time options, or ``done`` to start flipping."""

    kind = "before_flip"

    def legal(self, game: Game, frame: Frame):
        return (A.DONE,)

    def apply(self, game: Game, frame: Frame, action) -> None:
        game.pop()

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("before the flips: harvest or buy now, or start flipping (done)")


# ------------------------------------------------------------------------------------------
# Phase 4 (solo 3): flip (F.2, F.3, F.4, F.14, F.16)
# ------------------------------------------------------------------------------------------


FLIPS = 3  # counted flips of phase 4 (replacement flips for the mafia do not count, F.16)


def phase_flip(game: Game) -> None:
    start(game, "flip", game.state.active, 0, 0)  # resumable: see FlipStep


class FlipStep(Step):
    """Phase 4 (solo 3), automatic and resumable: flip 3 counted cards, one at a time. After each
    flip ask (F.3): (1) a boss that collects the bean takes it (and may harvest); then a
    replacement is flipped, which does not count (F.16); else the card joins the pile of its bean
    or starts one; (2) while the top of the discard matches a pile flipped so far or a boss's bean,
    it joins that pile or boss (F.2). No further cards once the deck has run out for the last time
    (F.4). args = (counted flips, 1 while question 2 is asked). Each card moved is a unit of work:
    decisions that listeners open in between are resolved first, then flipping goes on."""

    kind = "flip"
    options = False  # RULES A "Harvest and sell": never in phase 4

    def resolve(self, game: Game, frame: Frame) -> bool:
        s = game.state
        table, mafia = s.parts[BEANS], s.parts[m.PART]
        cards = game.ruleset.config.params["beans"].cards
        piles, discard = table.piles, table.discard
        emit, collector = game.emit, m.collector
        depth = len(s.stack)
        counted, asking = frame.args
        while True:
            if asking:  # question 2, one card at a time
                if not discard:
                    asking = 0
                    continue
                top = discard[-1]
                for pile in piles:
                    if pile[0] == top:
                        pile.append(discard.pop())
                        emit("from_discard", top, "pile")
                        break
                else:
                    b = collector(mafia, top)
                    if b is None:
                        asking = 0
                        continue
                    discard.pop()
                    emit("from_discard", top, "boss")
                    m.give(game, mafia, b, [top], discard, cards)
            else:
                if counted >= FLIPS:
                    return finish(game, depth)
                card = draw(game, table)
                if card is None:  # F.4 (or decisions opened at a run-out: try again after them)
                    return pause(game, depth, frame, counted, 0) if interrupted(game, depth) else finish(game, depth)
                emit("flip", card)
                b = collector(mafia, card)  # question 1
                if b is not None:
                    m.give(game, mafia, b, [card], discard, cards)
                else:
                    counted += 1
                    for pile in piles:
                        if pile[0] == card:
                            pile.append(card)
                            break
                    else:
                        piles.append([card])
                asking = 1
            if game.interrupted():  # interrupted(game, depth), one call less per card
                return pause(game, depth, frame, counted, asking)

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("flipping")


# ------------------------------------------------------------------------------------------
# Phase 6 (solo 5): draw
# ------------------------------------------------------------------------------------------


def phase_draw(game: Game) -> None:
    """Unplanted piles wait for the opponent's phase 1; then draw 2 cards, one at a time, to the
    back of the hand (the bean family's resumable ``draw`` frame)."""
    table, rules = _beans(game)
    if table.piles:
        table.leftovers.extend(table.piles)
        table.piles.clear()
    start(game, "draw", game.state.active, rules.draw)


# ------------------------------------------------------------------------------------------
# End: final harvest (F.5, F.18)
# ------------------------------------------------------------------------------------------


def phase_final_harvest(game: Game) -> None:
    table, rules = _beans(game)
    mafia = _mafia(game)
    for p in range(game.state.players):
        for i, f in enumerate(table.fields[p]):
            if f:
                harvest(game, table, p, i)
    for b, f in enumerate(mafia.bosses):
        if f:
            m.boss_harvest(game, mafia, b, table.discard, rules.cards)


# ------------------------------------------------------------------------------------------
# Any-time options: the bean family's harvest and third field (beans.options); Al Cabohne sets
# their conditions in BeanRules (own turn only, F.19 literal, the third field's price)
# ------------------------------------------------------------------------------------------

HARVEST = bean_options.HARVEST_OPTION
BUY_FIELD = bean_options.BUY_FIELD_OPTION
harvest_apply = HARVEST.apply

STEPS = (LeftoversStep(), TaxStep(), PlayStep(), BeforeFlipStep(), FlipStep(), PlantStep(), RefillStep(), DrawStep())
