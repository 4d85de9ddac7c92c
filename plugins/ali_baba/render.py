"""How the terminal shows Ali Baba's table: the track with Ali Baba's position, the dice, the open
piles, each player's bandits and piasters, the offer on the table (``beanframe_register_renderers``)."""

from __future__ import annotations

import functools
import re

from rich.console import Group
from rich.text import Text

from beanframe.core.present import Fold
from beanframe.i18n import _, ngettext

from . import data as d
from .data import gang, load_board
from .names import group_name, player
from .rules import board_of

SYMBOL = {d.START: "S", d.EMPTY: ".", d.QUESTION: "?", d.DIE: "D", d.ALL: "*", d.EVENT: "e"}
GANG_SYMBOL = "YGBR"  # yellow swindlers, green thieves, blue deceivers, red robbers
STYLE = ("yellow", "green", "blue", "red")


def _symbol(board, f: int) -> str:
    if board.kind[f] == d.GANG:
        return GANG_SYMBOL[board.gang_of[f]]
    return SYMBOL[board.kind[f]]


def track_lines(board, here: int) -> list[Text]:
    """One line per district: its fields in route order (branches in brackets), Ali Baba as [A],
    then the gangs' prices there (yellow/green/blue/red)."""
    lines = []
    for district in range(d.DISTRICTS):
        line = Text(f"d{district + 1} ")  # a mark, like the field symbols: the legend explains it
        prices = "/".join(str(board.prices[g][district]) for g in range(d.GANGS))
        for f, fid in enumerate(board.field_ids):
            if board.district[f] != district:
                continue
            mark = "A" if f == here else _symbol(board, f)
            branch = fid.endswith("b")
            text = f"({mark})" if branch else f"[{mark}]" if f == here else f" {mark} "
            style = "bold reverse" if f == here else STYLE[board.gang_of[f]] if board.kind[f] == d.GANG else ""
            line.append(text, style=style)
        line.append(f"  {prices}")
        lines.append(line)
    return lines


def card_text(board, card: int, fate: bool = True) -> Text:
    """``k12 name value [fate numbers]`` (``fate``: with the numbers)."""
    name = group_name(board, card)
    numbers = " [" + ",".join(str(n) for n in sorted(board.card_fate[card])) + "]" if fate else ""
    return Text(f"k{card + 1} {name} {board.card_value[card]}{numbers}", style=STYLE[gang(card)])


def render_table(part_view, view, seats):
    """The part's view -> renderables: the track and its legend, the dice, the open piles, every
    player's piasters, movement cards and bandits (one's own in full; the others' fold to their
    codes when the screen is short), the offer, one's movement cards."""
    board = _board_of_view(part_view)
    me = getattr(view, "player", None)
    out: list = [Text(_("round {round}: Ali Baba on field {field} · black die {black} · white die {white}").format(
        round=part_view.round, field=board.field_ids[part_view.field], black=part_view.black or "-", white=part_view.white or "-"))]
    out += track_lines(board, part_view.field)
    legend = Text(_("legend: d1-d4 districts, then the prices of the yellow/green/blue/red gangs; S start . loot ? D *"
                    " four symbols e event Y G B R a gang's field; (x) a branch; k-codes bandit cards [fate numbers]"),
                  style="dim")  # fmt: skip
    out.append(Fold(legend, rank=0))
    piles = Text(_("open piles: "))
    brief = Text(_("open piles: "))
    for g, c in enumerate(part_view.open_cards):
        piles.append(card_text(board, c) if c is not None else Text(_("(empty)")))
        size = part_view.pile_sizes[g]
        piles.append(" " + ngettext("({n} card)", "({n} cards)", size).format(n=size) + "  ")
        brief.append(card_text(board, c) if c is not None else Text(_("(empty)")))
        brief.append("  ")
    out.append(Fold(piles, brief, rank=1))
    others, briefs = [], []
    for p, cards in enumerate(part_view.bandits):
        who = _("you") if p == me else f"p{p + 1}"
        line = Text(_holdings(who, part_view.piasters[p], part_view.hand_sizes[p]))
        line.append(Text(" ").join(card_text(board, c) for c in cards) if cards else Text(_("none")))
        if p == me:  # one's own, the fate numbers folded last
            short = Text(_holdings(who, part_view.piasters[p], part_view.hand_sizes[p]))
            short.append(Text(" ").join(card_text(board, c, fate=False) for c in cards) if cards else Text(_("none")))
            out.append(Fold(line, short, rank=4))
            continue
        others.append(line)
        briefs.append(_("{who} {piasters} pi {moves} mv").format(who=who, piasters=part_view.piasters[p], moves=part_view.hand_sizes[p])
                      + " " + (" ".join(f"k{c + 1}" for c in cards) or "-"))  # fmt: skip
    if others:
        brief = Text(" · ".join(briefs) + "  " + _("(pi piasters, mv movement cards)"))
        out.append(Fold(Group(*others), brief, rank=2))
    if part_view.offer is not None:
        out.append(offer_text(board, part_view.offer))
    if part_view.hand is not None:
        out.append(Text(_("your movement cards: {cards}").format(cards=" ".join(str(v) for v in part_view.hand))))
    return out


def _holdings(who: str, piasters: int, moves: int) -> str:
    """``p2: 2500 piasters, 4 movement cards; bandits `` (the bandits follow)."""
    text = ngettext("{who}: {piasters} piasters, {n} movement card; bandits ", "{who}: {piasters} piasters, {n} movement cards; bandits ",
                    moves)  # fmt: skip
    return text.format(who=who, piasters=piasters, n=moves)


def offer_text(board, offer) -> Text:
    """The offer on the table: being built, or sent and awaiting its answer."""
    if offer.id < 0:
        head = _("{player} builds an offer: {gives} for {asks}")
    else:
        head = _("{player} offers {other}: {gives} for {asks}")
    sides = {}
    for side, items in (("gives", offer.gives), ("asks", offer.asks)):
        words = [Text(f"k{x + 1} {group_name(board, x)}", style=STYLE[gang(x)]) if kind == "bandit"
                 else Text(ngettext("{n} piaster", "{n} piasters", x).format(n=x)) for kind, x in items]  # fmt: skip
        sides[side] = Text(", ").join(words) if words else Text(_("nothing"))  # short: the table above shows the cards in full
    line = Text()
    values = {"player": Text(player(offer.maker)), "other": Text(player(offer.to) if offer.id >= 0 else ""), **sides}
    for piece in re.split(r"(\{\w+\})", head):  # the translated sentence, its cards kept in their colours
        line.append(values[piece[1:-1]] if piece[:1] == "{" else Text(piece))
    return line


@functools.lru_cache(maxsize=8)
def _board(path: str):
    return load_board(path)


def _board_of_view(part_view):
    return _board(part_view.board_file)


def card_label(game, player, action) -> str:
    """What a ``k``-code names, for a compact list of choices: "Beggars 40" (the bandit cards
    in play are public: open piles and hunted bandits lie face up)."""
    board = board_of(game)
    return f"{group_name(board, action.card)} {board.card_value[action.card]}"


def amount_label(game, player, action) -> str:
    """What an ``m``-code names: "10 piasters"."""
    n = action.amount + 1
    return ngettext("{n} piaster", "{n} piasters", n).format(n=n)
