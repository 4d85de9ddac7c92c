"""The situation as the greedy bot imagines it (:class:`_Model`), and how the bot builds it from
the player's view only (:class:`ViewModel`: the model, and what stays fixed during a decision)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from beanframe.beans import sell

from ..mafia import collector, reaches


def _slots(piles) -> list[int]:
    """Per pile slot, its index among the non-empty piles (-1: an empty slot)."""
    out, k = [], 0
    for p in piles:
        out.append(k if p else -1)
        k += 1 if p else 0
    return out


class _Model:
    """The situation as the bot imagines it. It has the attributes the shared rule functions
    read (``fields[player]`` of a bean table, ``bosses`` of the mafia), so they apply to it."""

    __slots__ = ("bosses", "cards", "coins", "discard", "done", "fields", "hand", "left", "me", "piles", "thr", "treasury")

    def copy(self) -> _Model:
        m = _Model.__new__(_Model)
        m.cards = self.cards
        m.me = me = self.me
        m.hand = self.hand.copy()
        fields = self.fields.copy()  # other players' fields are never changed: shared
        fields[me] = [f.copy() for f in fields[me]]
        m.fields = fields
        m.coins = self.coins
        m.bosses = [b.copy() for b in self.bosses]
        m.thr = self.thr
        m.treasury = self.treasury
        m.discard = self.discard.copy()
        m.piles = [p.copy() for p in self.piles]
        m.left = [p.copy() for p in self.left]
        m.done = self.done
        return m

    # -- mechanics: the shared rule functions applied to the model ------------------------
    def give(self, b: int, cards: list[int]) -> None:
        """Cards to boss ``b``; it harvests at once at its threshold (mafia.give)."""
        f = self.bosses[b]
        f.extend(cards)
        if reaches(self.cards, f, self.thr[b]):
            self.treasury += sell(self.cards, f, [], self.discard)

    def harvest(self, i: int) -> None:
        self.coins += sell(self.cards, self.fields[self.me][i], [], self.discard)

    def pay_tax(self) -> None:
        """One bean of each own field whose bean a boss collects goes to that boss."""
        for f in self.fields[self.me]:
            if f:
                b = collector(self, f[-1])
                if b is not None:
                    self.give(b, [f.pop()])



class StateView:
    """What one player knows of a game, read from its parts without making a view: the model's
    input at a search leaf (a determinized game, thousands a second), where building views with
    every card's name was a seventh of the search's time. Cards are bean indexes
    (``card_index``), the lists are the game's own (the model only reads them), and it holds
    nothing the player's view does not show: their own hand and coins, the rest public (a test
    holds the model made from it to the one made from the view)."""

    __slots__ = ("player", "players", "phase", "_parts")
    card_index = range(1 << 16)  # a card is its bean's index already

    def __init__(self, game: Any, player: int) -> None:
        s = game.state
        table, mafia = s.parts["beans"], s.parts["mafia"]
        self.player = player
        self.players = s.players
        phase = game.phase
        self.phase = phase.name if phase is not None else None
        self._parts = {
            "beans": SimpleNamespace(
                hand=table.hands[player],
                fields=table.fields,
                coins=[len(c) for c in table.coins],
                own_coins=table.coins[player],
                discard=table.discard,
                piles=table.piles,
                leftovers=table.leftovers,
                run_outs=table.run_outs,
                deck_size=len(table.deck),
            ),
            "mafia": SimpleNamespace(fields=mafia.bosses, thresholds=mafia.thresholds, treasury=len(mafia.treasury)),
        }

    def __getitem__(self, name: str) -> Any:
        return self._parts[name]


class ViewModel:
    """The greedy bot's part that reads the view (mixed into :class:`GreedyBot`)."""

    _index: dict[str, int]
    _count: tuple[int, ...]
    cards: Any
    rules: Any
    w: dict

    def _model(self, view) -> _Model:
        beans = view["beans"]
        mafia = view["mafia"]
        me = view.player
        idx = view.card_index if view.__class__ is StateView else self._index
        m = _Model.__new__(_Model)
        m.cards = self.cards
        m.me = me
        m.hand = [idx[c] for c in beans.hand]
        fields: list = [None] * len(beans.fields)
        fields[me] = [[idx[c] for c in f] for f in beans.fields[me]]
        m.fields = fields
        m.coins = beans.coins[me]
        m.bosses = [[idx[c] for c in f] for f in mafia.fields]
        m.thr = mafia.thresholds
        m.treasury = mafia.treasury
        d = beans.discard
        if d:  # only the top run matters to the model (what a boss or pile may pull in)
            top = d[-1]
            run = 1
            for k in range(len(d) - 2, -1, -1):
                if d[k] != top:
                    break
                run += 1
            m.discard = [idx[top]] * run
        else:
            m.discard = []
        # the model's piles close the empty slots a planted pile leaves (issue 6: stable codes);
        # slot -> model index, for the actions' pile numbers
        m.piles = [[idx[p[0]], len(p)] for p in beans.piles if p]
        m.left = [[idx[p[0]], len(p)] for p in beans.leftovers if p]
        self._pile_at = _slots(beans.piles)
        self._left_at = _slots(beans.leftovers)
        m.done = False
        self._context(view, m, idx)
        return m

    def _context(self, view, m: _Model, idx: Any) -> None:
        """What stays fixed during one decision: unseen cards per bean, the horizon (``idx``: a
        card of the view -> its bean index, as :meth:`_model` chose it)."""
        beans = view["beans"]
        mafia = view["mafia"]
        nb = len(self._count)
        seen = [0] * nb
        for c in beans.hand:
            seen[idx[c]] += 1
        for fs in beans.fields:
            for f in fs:
                for c in f:
                    seen[idx[c]] += 1
        for f in mafia.fields:
            for c in f:
                seen[idx[c]] += 1
        for c in beans.discard:
            seen[idx[c]] += 1
        for p in beans.piles:
            if p:
                seen[idx[p[0]]] += len(p)
        for p in beans.leftovers:
            if p:
                seen[idx[p[0]]] += len(p)
        for c in beans.own_coins or ():
            seen[idx[c]] += 1
        unseen = [max(0, self._count[b] - seen[b]) for b in range(nb)]
        total_unseen = sum(unseen) or 1
        rules = self.rules
        w = self.w
        self.solo = view.players == 1
        # cards still to come: this deck and those rebuilt from the discard later
        more = max(0, rules.more_decks - beans.run_outs)
        cards_left = beans.deck_size + more * w["deck_after"]
        per_turn = view.players * (rules.flips + rules.draw) + w["extra_per_turn"]
        self.turns_left = cards_left / per_turn
        self.cards_left = cards_left
        # unseen cards of each bean still to come out of the deck(s)
        self.remaining = [u * cards_left / total_unseen for u in unseen]
        self.k_mafia = float(rules.mafia_factor)
        self.me = view.player
        if not self.solo:
            opp = 1 - view.player
            self.opp_beans = {idx[f[-1]]: len(f) for f in beans.fields[opp] if f}
            self.opp_empty = sum(1 for f in beans.fields[opp] if not f)
        else:
            self.opp_beans = {}
            self.opp_empty = 0
        self.grow = w["grow"]
        self.mafia_reach = int(w["mafia_reach"])
        self.unseen_w = w["unseen_w"] * min(1.0, self.turns_left / 4.0)

