"""Phase 4, the attack (RULES D "Attack", F.26), as nested decisions on the stack:

- ``attack`` (active player): ``attack l<k>`` / ``ride l<k>`` / ``stop-attacking``; an attack pays
  its coin onto the discard and pushes ``fight`` (automatic), then ``defend_card`` (the owner; none
  for neutral land) and ``attack_card`` (the attacker) on top: the attacker lays first.
- ``troop`` (the attacker, a rider attack with several fresh troops): ``troop l<k>`` announces the
  horse team whose troop rides, before the defender chooses (one fresh troop: it rides unasked).
- ``attack_card`` / ``defend_card``: ``fight-hand h<k>``, ``fight-depot d<k>`` (not at a swamp),
  ``fight-deck`` (the top card, unseen); the card waits face down in the ``board`` part.
- ``fight``: reveals, decides (strength.py), moves markers, discards both cards; a lost rider round
  tires the troop and pushes round 2; checks the territory end; ends the game after an attack that
  needed the fifth deck (F.26).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import draw
from beanframe.core.steps import Step
from beanframe.i18n import N_, _

from .. import actions as A
from ..board import NEUTRAL, board_of, layout_of
from ..depot import pay
from ..geometry import attack_targets
from ..rules import rules_of
from ..territory import owns_power, territory_end
from ..turn import strength
from .strength import DEPOT, HAND, RIDER_STRENGTH, Target, attacker_wins, cannon_applies, defence_strength, sources

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def phase_attack(game: Game) -> None:
    game.push(AttackStep.kind, game.state.active)


def targets(game: Game, player: int) -> list[int]:
    layout = layout_of(game)
    board = board_of(game)
    crosses = owns_power(layout, board.owners, player, "crosses_rivers")
    return attack_targets(layout.geometry, board.owners, player, crosses)


def fresh_troops(game: Game, player: int) -> list[int]:
    layout = layout_of(game)
    board = board_of(game)
    return [
        i for i, o in enumerate(board.owners)
        if o == player and layout.card(i).rider_troop and i not in board.tired
    ]  # fmt: skip


def may_attack(game: Game, player: int) -> bool:
    """F.26: no attack starts once the last deck ran out; an attack costs a coin."""
    if game.ending:
        return False
    return len(game.state.parts[BEANS].coins[player]) >= rules_of(game).attack_cost


def target_of(game: Game) -> Target:
    board = board_of(game)
    return Target(layout_of(game).card(board.target), board.target in board.fortresses, board.defender == NEUTRAL)


class AttackStep(Step):
    kind = "attack"

    def resolve(self, game: Game, frame: Frame) -> bool:
        if not may_attack(game, frame.player) or not targets(game, frame.player):
            game.pop()
            return False
        return True

    def legal(self, game: Game, frame: Frame):
        p = frame.player
        if not may_attack(game, p):
            return [A.STOP]
        found = targets(game, p)
        out = [A.Attack(i) for i in found]
        if fresh_troops(game, p):
            out += [A.Ride(i) for i in found]
        out.append(A.STOP)
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        if action.__class__ is A.StopAttacking:
            game.pop()
            return
        p = frame.player
        board = board_of(game)
        pay(game, p, rules_of(game).attack_cost)  # the coin goes bean side up onto the discard
        board.attacker, board.target, board.defender = p, action.landscape, board.owners[action.landscape]
        board.attacks += 1
        riding = action.__class__ is A.Ride
        board.rider = -1
        board.round = 1 if riding else 2
        game.emit("attack", p, action.landscape, board.defender, riding)
        push_round(game)
        if riding:
            fresh = fresh_troops(game, p)
            if len(fresh) == 1:
                send_troop(game, fresh[0])
            else:  # "moet hij vooraf melden met welke ruiters": announced before the defender chooses
                game.push(TroopStep.kind, p)

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("attack: pay a coin to attack a landscape next to yours, or stop attacking")


def send_troop(game: Game, horse_team: int) -> None:
    """The troop of ``horse_team`` rides round 1 of the open attack (the announcement is public)."""
    board = board_of(game)
    board.rider = horse_team
    game.emit("ride", board.attacker, horse_team)


class TroopStep(Step):
    """``troop l<k>``: the attacker names the fresh troop that rides (only fresh ones may; one per
    attack, rulebook "Aanvalsfase met de ruitertroep")."""

    kind = "troop"

    def resolve(self, game: Game, frame: Frame) -> bool:
        if board_of(game).rider >= 0:  # announced already (a position may say so)
            game.pop()
            return False
        return True

    def legal(self, game: Game, frame: Frame):
        return [A.RideWith(i) for i in fresh_troops(game, frame.player)]

    def apply(self, game: Game, frame: Frame, action) -> None:
        send_troop(game, action.landscape)
        game.pop()

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("riders: announce which fresh rider troop rides first (troop l3: the horse team on landscape 3)")


def push_round(game: Game) -> None:
    """The fight underneath, the defender's choice, the attacker's on top (a rider round: no
    attacker's card)."""
    board = board_of(game)
    game.push(FightStep.kind, board.attacker)
    if board.defender != NEUTRAL:
        game.push(DefendCardStep.kind, board.defender)
    if board.round == 2:
        game.push(AttackCardStep.kind, board.attacker)


def card_choices(game: Game, player: int):
    table = game.state.parts[BEANS]
    board = board_of(game)
    out = []
    for src, k in sources(len(table.hands[player]), len(board.depots[player]), target_of(game)):
        out.append(A.FightHand(k) if src == HAND else A.FightDepot(k) if src == DEPOT else A.DECK)
    return out


def take_card(game: Game, player: int, action) -> tuple[int | None, bool]:
    """Take the chosen card (None: the deck and the discard are empty); True if unseen."""
    if action.__class__ is A.FightHand:
        return game.state.parts[BEANS].hands[player].pop(action.position), False
    if action.__class__ is A.FightDepot:
        return board_of(game).depots[player].pop(action.position), False
    return draw(game, game.state.parts[BEANS]), True


class FightCardStep(Step):
    """One side lays its fight card face down (the attacker first, then the defender; RULES D
    "Attack"): the two sides differ only in the board fields they fill and their wording."""

    role = ""  # the event's side: "attacker" or "defender"
    wording = ""  # the prompt

    def legal(self, game: Game, frame: Frame):
        return card_choices(game, frame.player)

    def apply(self, game: Game, frame: Frame, action) -> None:
        card, blind = take_card(game, frame.player, action)
        self.lay(board_of(game), [] if card is None else [card], blind)
        game.emit("lay", frame.player, self.role)
        game.pop()

    def lay(self, board, card: list[int], blind: bool) -> None:
        raise NotImplementedError

    def prompt(self, game: Game, frame: Frame) -> str:
        return _(self.wording)


class AttackCardStep(FightCardStep):
    kind = "attack_card"
    role = "attacker"
    wording = N_("attack: lay your fight card face down (any hand card, a depot card, or the deck top unseen)")

    def lay(self, board, card: list[int], blind: bool) -> None:
        board.attack_card, board.attack_blind = card, blind


class DefendCardStep(FightCardStep):
    kind = "defend_card"
    role = "defender"
    wording = N_("defend: lay your fight card face down (any hand card, a depot card, or the deck top unseen)")

    def lay(self, board, card: list[int], blind: bool) -> None:
        board.defence_card, board.defence_blind = card, blind


class FightStep(Step):
    """Automatic: the reveal. ``args`` unused; the attack's state is in the ``board`` part."""

    kind = "fight"
    options = False

    def resolve(self, game: Game, frame: Frame) -> bool:
        board = board_of(game)
        table = game.state.parts[BEANS]
        if board.defender == NEUTRAL and not board.defence_card:
            card = draw(game, table)  # neutral land defends with the deck top
            board.defence_card = [] if card is None else [card]
            board.defence_blind = True
        target = target_of(game)
        d_card = board.defence_card[0] if board.defence_card else None
        dfn = defence_strength(strength(game, d_card) if d_card is not None else 0, target)
        if board.round == 1:
            att, a_card, cannon = RIDER_STRENGTH, None, False
        else:
            a_card = board.attack_card[0] if board.attack_card else None
            att = strength(game, a_card) if a_card is not None else 0
            cannon = cannon_applies(owns_power(layout_of(game), board.owners, board.attacker, "cannon"), target)
        won = attacker_wins(att, dfn, cannon)
        game.emit("fight", board.attacker, board.target, board.round, a_card, d_card, att, dfn, won)
        table.discard.extend(board.attack_card)
        table.discard.extend(board.defence_card)
        board.attack_card, board.defence_card = [], []
        board.attack_blind = board.defence_blind = False
        if not won and board.round == 1:
            if board.rider >= 0:
                board.tired.append(board.rider)  # the troop is turned over; round 2 is a normal fight
            board.round = 2
            game.pop()
            push_round(game)
            return False
        if won:
            conquer(game)
        self.finish(game, won)
        game.pop()
        return False

    def finish(self, game: Game, won: bool) -> None:
        board = board_of(game)
        final = board.final_attack
        board.attacker, board.target, board.defender, board.rider, board.round = -1, -1, NEUTRAL, -1, 0
        reason = territory_end(board.owners, game.state.players) if won else None  # only a conquest changes it
        if reason is not None:
            game.emit("territory_end", reason)
            game.end_game(now=True)
        elif final:
            game.emit("final_attack_over")  # F.26: the game ends when the fifth deck's attack is over
            game.end_game(now=True)


def conquer(game: Game) -> None:
    board = board_of(game)
    old, new, i = board.defender, board.attacker, board.target
    if old != NEUTRAL:
        board.markers[old] += 1
    board.markers[new] -= 1
    board.owners[i] = new
    board.conquests += 1
    game.emit("conquer", new, i, old)


def on_run_out(game: Game, run_outs: int) -> None:
    """F.26: the last deck runs out during an attack: one more deck, only for that attack (the next
    draw rebuilds it from the discard; the fight ends the game afterwards)."""
    board = board_of(game)
    table = game.state.parts[BEANS]
    if board.attacking and not board.final_attack and run_outs >= table.run_out_limit:
        table.run_out_limit += 1
        board.final_attack = True
        game.emit("fifth_deck")
