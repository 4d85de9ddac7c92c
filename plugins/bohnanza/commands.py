"""The one-line commands a person types at the terminal for trading. Registered as line commands
(``register.line_command``), so the front end checks the whole sequence on a copy of the game
before it applies any of it.

- ``offer p3 give h2 h4 for 2 fire`` (issue 8) stands for the small actions the trade protocol is
  made of (``give h2``, ``give h4``, ``ask c2``, ``ask c2``, ``send p3``).
- ``accept o1 h3 h5`` (F.27) accepts offer o1 and names the hand cards that pay the asked beans
  (the ``give-copy h3``, ``give-copy h5`` answers; a bean held only as often as asked needs no
  naming); ``accept o1`` alone lets the game ask.

Built on the trade actions' codes (``give h<k>``, ``give-face u<k>``, ``ask c<b>``,
``want-face u<k>``, ``send p<k>``, ``accept o<k>``, ``give-copy h<k>``) and the pure offer rules,
never on the trade step's internals. Words are read in any case; beans by key (``fire``), name
(``Feuerbohne``), German stem (``feuer``), plural (``fires``) or an unambiguous start of one
(``feu``).

Offer grammar: ``offer [to] pK [give] GIVEN... [for ASKED...]``: GIVEN are hand cards by position
(``h2``), by bean (``2 fire``: the front-most such hand cards) or face-up cards (``u1``, the
active player only); ASKED are beans (``2 fire``, or ``c2``) or face-up cards (``u1``, of the active
player); ``nothing`` on either side (``for nothing``: a gift). A player who is not active may
leave out ``pK``: their offers go to the active player.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from beanframe.core.actions import shorten
from beanframe.beans import PART as BEANS
from beanframe.beans import rules_of as bean_rules

from .trade.offers import copies, copy_choice
from .trade.table import PART as TRADE


GIVE_WORDS = frozenset(("give", "gives", "giving", "offer"))
ASK_WORDS = frozenset(("for", "against", "ask", "asks", "want", "wants"))
FILLER = frozenset(("to", "and", "&", "+", "bean", "beans", "bohne", "bohnen", "card", "cards"))
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
MAX_COUNT = 20  # more than any offer may hold: the protocol's cap names the real limit
TRADING = frozenset(("give", "give-face", "ask", "want-face", "send", "scrap", "accept", "reject", "withdraw", "end-trading"))


def bean_aliases(cards: Any) -> dict[str, int]:
    """Every word that names a bean of ``cards``: its key and name (with and without dashes or
    spaces), the name without "bohne" (German stem), a plural. Words two beans share are left out."""
    found: dict[str, set[int]] = {}
    for i, bean in enumerate(cards.beans):
        key, name = bean.key.lower(), bean.name.lower()
        stem = name.removesuffix("bohne").strip()
        words = {key, key.replace("-", "").replace("_", ""), name, name.replace(" ", ""), f"{key}s", f"{name}n"}
        if stem and stem != name:
            words |= {stem, stem.rstrip("e")} if len(stem.rstrip("e")) >= 3 else {stem}
        for w in words:
            found.setdefault(w, set()).add(i)
    return {w: next(iter(b)) for w, b in found.items() if len(b) == 1}


def bean_of(word: str, cards: Any) -> int:
    """The bean ``word`` names (an alias, or the unambiguous start of one of at least 3 letters)."""
    aliases = bean_aliases(cards)
    w = word.replace("-", "").replace("_", "")
    if w in aliases:
        return aliases[w]
    starts = {b for alias, b in aliases.items() if len(w) >= 3 and alias.startswith(w)}
    if len(starts) == 1:
        return starts.pop()
    keys = ", ".join(b.key for b in cards.beans)
    if starts:
        which = ", ".join(cards.beans[b].key for b in sorted(starts))
        raise ValueError(f"{shorten(word)} could be {which}: say which bean")
    raise ValueError(f"unknown bean {shorten(word)} (beans: {keys})")


def _number(word: str) -> int | None:
    if word in NUMBERS:
        return NUMBERS[word]
    m = re.fullmatch(r"(\d{1,3})x?|x(\d{1,3})", word)
    return int(m.group(1) or m.group(2)) if m else None


def parse_offer(
    line: str, cards: Any, player: int, active: int, hand: Sequence[int] = (), players: int = 5
) -> list[str]:
    """The action codes of a typed offer by ``player`` (``hand``: their hand, front first; needed
    for ``h<k>`` bounds and beans given by name). ValueError naming the problem otherwise."""
    words = [w for w in line.lower().replace(",", " ").split()]
    if words and words[0] == "offer":
        words = words[1:]
    to: int | None = None
    hand_given: list[int] = []  # hand positions (0-based), in the order typed
    face_given: list[int] = []
    asked: list[int] = []  # beans
    wanted: list[int] = []  # face-up slots
    side: str | None = None
    count: int | None = None
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        player_match = re.fullmatch(r"(?:p|player)(\d{1,3})", w)
        if w == "player" and i < len(words) and words[i].isdigit():
            player_match = re.fullmatch(r"(\d{1,3})", words[i])
            i += 1
        if player_match:
            if to is not None:
                raise ValueError(f"{shorten(w)}: an offer goes to one player")
            to = int(player_match.group(1)) - 1
            if not 0 <= to < players:
                raise ValueError(f"there is no player p{to + 1} (players p1 to p{players})")
            continue
        if w in GIVE_WORDS:
            side = "give"
            continue
        if w in ASK_WORDS:
            side = "ask"
            continue
        if w in FILLER:
            continue
        if side is None:
            raise ValueError(f"{shorten(w)}: start with give (what you give), then for (what you ask)")
        if w == "nothing":
            continue
        n = _number(w)
        if n is not None:
            if count is not None:
                raise ValueError(f"{shorten(w)}: two counts in a row")
            if not 1 <= n <= MAX_COUNT:
                raise ValueError(f"{w}: say 1 to {MAX_COUNT} cards of a bean")
            count = n
            continue
        code = re.fullmatch(r"([huc])(\d{1,3})", w)
        if code and count is not None:
            raise ValueError(f"{count} {w}: a count goes before a bean's name (2 fire), not before {w}")
        if code and code.group(1) == "h":
            if side != "give":
                raise ValueError(f"{shorten(w)}: ask for beans by name (2 fire) or for face-up cards (u1), not for hand cards")
            k = int(code.group(2)) - 1
            if not 0 <= k < len(hand):
                raise ValueError(f"{shorten(w)}: you hold {len(hand)} cards (h1 to h{len(hand)})" if hand else f"{shorten(w)}: your hand is empty")
            if k in hand_given:
                raise ValueError(f"{shorten(w)} is given twice")
            hand_given.append(k)
        elif code and code.group(1) == "u":
            (face_given if side == "give" else wanted).append(int(code.group(2)) - 1)
        elif code and code.group(1) == "c":
            if side != "ask":
                raise ValueError(f"{shorten(w)}: give hand cards (h2, or 2 fire) or face-up cards (u1)")
            b = int(code.group(2)) - 1
            if not 0 <= b < len(cards.beans):
                raise ValueError(f"{shorten(w)}: beans are c1 to c{len(cards.beans)}")
            asked += [b]
        else:
            b = bean_of(w, cards)
            n = count or 1
            count = None
            if side == "ask":
                asked += [b] * n
                continue
            free = [k for k, c in enumerate(hand) if c == b and k not in hand_given]
            if len(free) < n:
                have = len([c for c in hand if c == b])
                raise ValueError(f"you hold {have} {cards.names[b]}, not {n} to give" if have else f"you hold no {cards.names[b]}")
            hand_given += free[:n]
    if count is not None:
        raise ValueError(f"{count} of which bean? (e.g. {count} fire)")
    if not (hand_given or face_given or asked or wanted):
        raise ValueError("an offer gives or asks something: offer p2 give h1 for 2 fire")
    if to is None:
        if player == active:
            raise ValueError("say whom the offer is for: offer p2 give h1 for fire")
        to = active
    if to == player:
        raise ValueError("an offer goes to another player")
    if player != active and to != active:
        raise ValueError(f"your offers go to the active player p{active + 1}")
    return [
        *(f"give h{k + 1}" for k in hand_given),
        *(f"give-face u{k + 1}" for k in face_given),
        *(f"ask c{b + 1}" for b in asked),
        *(f"want-face u{k + 1}" for k in wanted),
        f"send p{to + 1}",
    ]


def offer_line(game: Any, player: int, line: str) -> list[str]:
    """The line command ``offer``: :func:`parse_offer` for ``player`` in ``game``, after the
    checks that name the usual problems better than a refused first step would."""
    if player is None:
        raise ValueError("spectators make no offers")
    legal = {a.code for a in game.legal_actions(player)} if player in game.deciders else set()
    names = {code.split()[0] for code in legal}
    if not names & TRADING:
        raise ValueError(f"no trading now ({game.prompt()})")
    if "scrap" in legal:
        raise ValueError("you are building an offer already: finish it (send pK) or scrap it first")
    if not names & {"give", "give-face", "ask", "want-face"}:
        raise ValueError("you have made as many offers as a turn allows")
    hand = game.part(BEANS).hands[player]
    return parse_offer(line, bean_rules(game).cards, player, game.state.active, hand, game.players)


def accept_line(game: Any, player: int, line: str) -> list[str]:
    """The line command ``accept oK [hK...]``: accept offer ``oK`` and give the hand cards named
    (F.27: ``accept o1 h3 h5``, the answers to the ``give-copy`` decisions, in the order the game
    asks them); a bean held only as often as asked needs no naming. Without hand cards the game
    asks; naming some of the choices but not all is refused."""
    if player is None:
        raise ValueError("spectators accept no offers")
    words = line.lower().replace(",", " ").split()
    if words and words[0] == "accept":
        words = words[1:]
    offers = [w for w in words if re.fullmatch(r"o\d{1,3}", w)]
    named = [w for w in words if re.fullmatch(r"h\d{1,3}", w)]
    odd = [w for w in words if w not in offers and w not in named]
    if odd or len(offers) != 1:
        # issue 20.3: name the offer's real code form, never a literal "oK"
        raise ValueError("say accept and one offer's code, then the hand cards you give where you hold more copies than asked (accept o1 h3 h5)")
    code = f"accept {offers[0]}"
    trade = game.part(TRADE)
    offer = trade.offer(int(offers[0][1:]) - 1)
    if offer is None:
        raise ValueError(f"no open offer {offers[0]}")
    if offer.to != player:
        raise ValueError(f"{offers[0]} is p{offer.maker + 1}'s offer to p{offer.to + 1}, not to you")
    legal = {a.code for a in game.legal_actions(player)} if player in game.deciders else set()
    if code not in legal:
        raise ValueError(f"{code} is not possible now ({game.prompt()})")
    hand = game.part(BEANS).hands[player]
    names = bean_rules(game).cards.names
    picks: list[int] = []
    for w in named:
        k = int(w[1:]) - 1
        if not 0 <= k < len(hand):
            raise ValueError(f"{w!r}: you hold {len(hand)} cards (h1 to h{len(hand)})")
        if k in picks:
            raise ValueError(f"{w!r} is named twice")
        if hand[k] not in offer.asks:
            raise ValueError(f"{w!r} is a {names[hand[k]]}: {offers[0]} asks for {', '.join(names[b] for b in offer.asks)}")
        picks.append(k)
    for bean in set(hand[k] for k in picks):
        if sum(1 for k in picks if hand[k] == bean) > offer.asks.count(bean):
            raise ValueError(f"{offers[0]} asks for {offer.asks.count(bean)} {names[bean]}: name no more")
    if not picks:
        return [code]
    steps, chosen = [code], []
    while (bean := copy_choice(hand, offer.asks, chosen)) is not None:
        mine = [k for k in picks if hand[k] == bean and k not in chosen]
        if not mine:
            n = offer.asks.count(bean)
            left = copies(hand, bean, chosen)
            if len(left) > n - sum(1 for k in chosen if hand[k] == bean):
                held = " ".join(f"h{k + 1}" for k in copies(hand, bean, ()))
                raise ValueError(f"say which {n} {names[bean]} you give: you hold {held}")
            mine = left  # the only copies left: nothing to name
        chosen.append(mine[0])
        steps.append(f"give-copy h{mine[0] + 1}")
    return steps
