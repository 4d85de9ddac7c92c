"""The one-line commands a person types at the terminal for trading. Registered as line commands
(``register.line_command``), so the front end checks the whole sequence on a copy of the game
before it applies any of it.

- ``offer p3 give h2 h4 for 2 chili`` (issue 8) stands for the small actions the trade protocol is
  made of (``give h2``, ``give h4``, ``ask c2``, ``ask c2``, ``send p3``).
- ``accept o1 h3 h5`` (F.27) accepts offer o1 and names the hand cards that pay the asked beans
  (the ``give-copy h3``, ``give-copy h5`` answers; a bean held only as often as asked needs no
  naming); ``accept o1`` alone lets the game ask.

Built on the trade actions' codes (``give h<k>``, ``give-face u<k>``, ``ask c<b>``,
``want-face u<k>``, ``send p<k>``, ``accept o<k>``, ``give-copy h<k>``) and the pure offer rules,
never on the trade step's internals. Words are read in any case; beans by name in any language
beanframe speaks (``Chili Bean``, ``Vuurboon``, ``Feuerbohne``), its stem (``chili``, ``vuur``,
``feuer``), a plural (``vuurbonen``), the key (``fire``) or an unambiguous start of one
(``feu``). Messages name beans as the player sees them (never by key).

Offer grammar: ``offer [to] pK [give] GIVEN... [for ASKED...]``: GIVEN are hand cards by position
(``h2``), by bean (``2 chili``: the front-most such hand cards) or face-up cards (``u1``, the
active player only); ASKED are beans (``2 chili``, or ``c2``) or face-up cards (``u1``, of the active
player); ``nothing`` on either side (``for nothing``: a gift). A player who is not active may
leave out ``pK``: their offers go to the active player.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from beanframe.core.actions import shorten
from beanframe.i18n import _
from beanframe.beans import PART as BEANS
from beanframe.beans import rules_of as bean_rules

from .trade.offers import copies, copy_choice
from .trade.table import PART as TRADE


GIVE_WORDS = frozenset(("give", "gives", "giving", "offer"))
ASK_WORDS = frozenset(("for", "against", "ask", "asks", "want", "wants"))
FILLER = frozenset(("to", "and", "&", "+", "bean", "beans", "bohne", "bohnen", "boon", "bonen", "haricot", "haricots", "card", "cards"))
#: what a bean's name may start or end with in a language: left off, the rest names the bean too
STEM_SUFFIXES = ("bohne", "boon", " bean", "bean")
STEM_PREFIXES = ("haricot de ", "haricot du ", "haricot à ", "haricot ", "haricot-")
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
MAX_COUNT = 20  # more than any offer may hold: the protocol's cap names the real limit
TRADING = frozenset(("give", "give-face", "ask", "want-face", "send", "scrap", "accept", "reject", "withdraw", "end-trading"))


def bean_aliases(cards: Any) -> dict[str, int]:
    """Every word that names a bean of ``cards``: its key, its name in every language beanframe
    speaks (with and without spaces or dashes), the name's stem (``vuur``, ``feuer``, ``chili``,
    ``soja``), a plural (``vuurbonen``, ``feuerbohnen``, ``chili beans``). Words two beans share
    are left out."""
    found: dict[str, set[int]] = {}
    printed = cards.printed_names()
    for i, bean in enumerate(cards.beans):
        key = bean.key.lower()
        words = {key, key.replace("-", "").replace("_", ""), f"{key}s"}
        for names in printed.values():
            words |= _name_words(names[i].lower())
        for w in words:
            found.setdefault(w, set()).add(i)
            found.setdefault(w.replace(" ", "").replace("-", ""), set()).add(i)
    return {w: next(iter(b)) for w, b in found.items() if len(b) == 1 and w}


def _name_words(name: str) -> set[str]:
    """A bean's printed name, its plurals and its stem (what is left without "bean", "boon",
    "bohne", "haricot")."""
    words = {name, f"{name}s", f"{name}n", name.replace("boon", "bonen"), name.replace("haricot", "haricots")}
    stem = name
    for suffix in STEM_SUFFIXES:
        stem = stem.removesuffix(suffix).strip()
    for prefix in STEM_PREFIXES:
        stem = stem.removeprefix(prefix).strip()
    if stem and stem != name:
        words |= {stem, stem.rstrip("e")} if len(stem.rstrip("e")) >= 3 else {stem}
    return words


def example_bean(cards: Any) -> str:
    """A bean's name as the player sees it, for the examples in messages (``2 Chili Bean``)."""
    return cards.names[min(1, len(cards.names) - 1)]


def _joined(line: str, cards: Any) -> str:
    """``line`` with every bean name of several words written as one (``chili bean`` ->
    ``chilibean``), so the words of the line can be read one at a time."""
    long = sorted((w for w in bean_aliases(cards) if " " in w), key=len, reverse=True)
    for w in long:
        if w in line:
            line = line.replace(w, w.replace(" ", ""))
    return line


def bean_of(word: str, cards: Any) -> int:
    """The bean ``word`` names (an alias, or the unambiguous start of one of at least 3 letters)."""
    aliases = bean_aliases(cards)
    w = word.replace("-", "").replace("_", "")
    if w in aliases:
        return aliases[w]
    starts = {b for alias, b in aliases.items() if len(w) >= 3 and alias.startswith(w)}
    if len(starts) == 1:
        return starts.pop()
    names = cards.names
    if starts:
        which = ", ".join(names[b] for b in sorted(starts))
        raise ValueError(_("{word} could be {beans}: say which bean").format(word=shorten(word), beans=which))
    raise ValueError(_("unknown bean {word} (beans: {beans})").format(word=shorten(word), beans=", ".join(names)))


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
    words = [w for w in _joined(line.lower().replace(",", " "), cards).split()]
    example = example_bean(cards)
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
                raise ValueError(_("{word}: an offer goes to one player").format(word=shorten(w)))
            to = int(player_match.group(1)) - 1
            if not 0 <= to < players:
                raise ValueError(_("there is no player p{player} (players p1 to p{players})").format(player=to + 1, players=players))
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
            raise ValueError(_("{word}: start with give (what you give), then for (what you ask)").format(word=shorten(w)))
        if w == "nothing":
            continue
        n = _number(w)
        if n is not None:
            if count is not None:
                raise ValueError(_("{word}: two counts in a row").format(word=shorten(w)))
            if not 1 <= n <= MAX_COUNT:
                raise ValueError(_("{word}: say 1 to {most} cards of a bean").format(word=w, most=MAX_COUNT))
            count = n
            continue
        code = re.fullmatch(r"([huc])(\d{1,3})", w)
        if code and count is not None:
            raise ValueError(
                _("{count} {word}: a count goes before a bean's name (2 {bean}), not before {word}").format(count=count, word=w, bean=example)
            )
        if code and code.group(1) == "h":
            if side != "give":
                raise ValueError(
                    _("{word}: ask for beans by name (2 {bean}) or for face-up cards (u1), not for hand cards").format(word=shorten(w), bean=example)
                )
            k = int(code.group(2)) - 1
            if not 0 <= k < len(hand):
                if not hand:
                    raise ValueError(_("{word}: your hand is empty").format(word=shorten(w)))
                raise ValueError(_("{word}: you hold {n} cards (h1 to h{n})").format(word=shorten(w), n=len(hand)))
            if k in hand_given:
                raise ValueError(_("{word} is given twice").format(word=shorten(w)))
            hand_given.append(k)
        elif code and code.group(1) == "u":
            (face_given if side == "give" else wanted).append(int(code.group(2)) - 1)
        elif code and code.group(1) == "c":
            if side != "ask":
                raise ValueError(_("{word}: give hand cards (h2, or 2 {bean}) or face-up cards (u1)").format(word=shorten(w), bean=example))
            b = int(code.group(2)) - 1
            if not 0 <= b < len(cards.beans):
                raise ValueError(_("{word}: beans are c1 to c{n}").format(word=shorten(w), n=len(cards.beans)))
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
                if not have:
                    raise ValueError(_("you hold no {bean}").format(bean=cards.names[b]))
                raise ValueError(_("you hold {have} {bean}, not {n} to give").format(have=have, bean=cards.names[b], n=n))
            hand_given += free[:n]
    if count is not None:
        raise ValueError(_("{count} of which bean? (e.g. {count} {bean})").format(count=count, bean=example))
    if not (hand_given or face_given or asked or wanted):
        raise ValueError(_("an offer gives or asks something: offer p2 give h1 for 2 {bean}").format(bean=example))
    if to is None:
        if player == active:
            raise ValueError(_("say whom the offer is for: offer p2 give h1 for {bean}").format(bean=example))
        to = active
    if to == player:
        raise ValueError(_("an offer goes to another player"))
    if player != active and to != active:
        raise ValueError(_("your offers go to the active player p{player}").format(player=active + 1))
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
        raise ValueError(_("spectators make no offers"))
    legal = {a.code for a in game.legal_actions(player)} if player in game.deciders else set()
    names = {code.split()[0] for code in legal}
    if not names & TRADING:
        raise ValueError(_("no trading now ({decision})").format(decision=game.prompt()))
    if "scrap" in legal:
        raise ValueError(_("you are building an offer already: finish it (send p2, to player 2) or scrap it first"))
    if not names & {"give", "give-face", "ask", "want-face"}:
        raise ValueError(_("you have made as many offers as a turn allows"))
    hand = game.part(BEANS).hands[player]
    return parse_offer(line, bean_rules(game).cards, player, game.state.active, hand, game.players)


def accept_line(game: Any, player: int, line: str) -> list[str]:
    """The line command ``accept oK [hK...]``: accept offer ``oK`` and give the hand cards named
    (F.27: ``accept o1 h3 h5``, the answers to the ``give-copy`` decisions, in the order the game
    asks them); a bean held only as often as asked needs no naming. Without hand cards the game
    asks; naming some of the choices but not all is refused."""
    if player is None:
        raise ValueError(_("spectators accept no offers"))
    words = line.lower().replace(",", " ").split()
    if words and words[0] == "accept":
        words = words[1:]
    offers = [w for w in words if re.fullmatch(r"o\d{1,3}", w)]
    named = [w for w in words if re.fullmatch(r"h\d{1,3}", w)]
    odd = [w for w in words if w not in offers and w not in named]
    if odd or len(offers) != 1:
        # issue 20.3: name the offer's real code form, never a literal "oK"
        raise ValueError(_("say accept and one offer's code, then the hand cards you give where you hold more copies than asked (accept o1 h3 h5)"))
    code = f"accept {offers[0]}"
    trade = game.part(TRADE)
    offer = trade.offer(int(offers[0][1:]) - 1)
    if offer is None:
        raise ValueError(_("no open offer {code}").format(code=offers[0]))
    if offer.to != player:
        raise ValueError(_("{code} is p{maker}'s offer to p{to}, not to you").format(code=offers[0], maker=offer.maker + 1, to=offer.to + 1))
    legal = {a.code for a in game.legal_actions(player)} if player in game.deciders else set()
    if code not in legal:
        raise ValueError(_("{code} is not possible now ({decision})").format(code=code, decision=game.prompt()))
    hand = game.part(BEANS).hands[player]
    names = bean_rules(game).cards.names
    picks: list[int] = []
    for w in named:
        k = int(w[1:]) - 1
        if not 0 <= k < len(hand):
            raise ValueError(_("{word}: you hold {n} cards (h1 to h{n})").format(word=repr(w), n=len(hand)))
        if k in picks:
            raise ValueError(_("{word} is named twice").format(word=repr(w)))
        if hand[k] not in offer.asks:
            raise ValueError(
                _("{word} is a {bean}: {code} asks for {beans}").format(
                    word=repr(w), bean=names[hand[k]], code=offers[0], beans=", ".join(names[b] for b in offer.asks)
                )
            )
        picks.append(k)
    for bean in set(hand[k] for k in picks):
        if sum(1 for k in picks if hand[k] == bean) > offer.asks.count(bean):
            raise ValueError(_("{code} asks for {n} {bean}: name no more").format(code=offers[0], n=offer.asks.count(bean), bean=names[bean]))
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
                raise ValueError(_("say which {n} {bean} you give: you hold {held}").format(n=n, bean=names[bean], held=held))
            mine = left  # the only copies left: nothing to name
        chosen.append(mine[0])
        steps.append(f"give-copy h{mine[0] + 1}")
    return steps
