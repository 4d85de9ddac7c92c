"""Issue 24.2: every one-line command that help documents (``offer ... for ...``, gifts ``for
nothing``, face-up cards ``u1``, ``accept oN hK...``) does what it says at every moment, typed at
the terminal, in every variant set; or it is refused in one line naming why, with nothing changed,
and never with "step N ends the decision". Random play (seeded loops): at random moments the
deciding player types a random line of each documented form."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.present import presentation
from beanframe_cli.config import Seat
from beanframe_cli.session import EOF, PlaySession

TRADE = "trade"

VARIANT_SETS = [
    (["al_cabohne"], 1),
    (["al_cabohne"], 2),
    (["al_cabohne", "prohibohn"], 2),
    (["al_cabohne", "cheap_field"], 2),
    (["bohnanza"], 3),
    (["bohnanza"], 4),
    (["bohnanza"], 5),
    (["bohnanza", "bohnaparte"], 3),
    (["ali_baba"], 3),
]
MAX_ACTIONS = 500  # several trade phases in every set; the loop stops at the game's end


def typed_lines(game, player: int, rng: random.Random) -> list[str]:
    """Three random lines for ``player`` now, of the documented forms (some of them impossible):
    two offers and an answer (to an offer made to them, where there is one)."""
    cards = game.ruleset.config.params[BEANS].cards if BEANS in game.ruleset.config.params else None
    names = [b.name for b in cards.beans] if cards is not None else ["Feuerbohne"]
    keys = [b.key for b in cards.beans] if cards is not None else ["fire"]
    hand = game.part(BEANS).hands[player] if BEANS in game.state.parts else []
    others = [p for p in range(game.players) if p != player] or [0]
    h = rng.randint(1, len(hand) + 1)
    to = rng.choice(others) + 1
    lines = [
        f"offer p{to} give h{h} for {rng.randint(1, 2)} {rng.choice(names)}",
        f"offer p{to} give h{h} for nothing",  # a gift
        f"offer p{to} give u{rng.randint(1, 2)} for c{rng.randint(1, 9)}",
        f"offer give h{h} for u{rng.randint(1, 2)}",
        f"offer p{to} for 2 {rng.choice(keys)}",
        f"offer to p{to} give {rng.choice(keys)} for {rng.choice(keys)}",
    ]
    if BEANS in game.state.parts:  # the test sees every hand: ask a bean the partner holds twice (F.27's choice)
        theirs = game.part(BEANS).hands[to - 1]
        doubles = sorted({b for b in theirs if theirs.count(b) > 1})
        if doubles:
            lines.append(f"offer p{to} give h{h} for 1 {keys[rng.choice(doubles)]}")
    offers = list(game.part(TRADE).offers) if TRADE in game.state.parts else []
    mine = [o for o in offers if o.to == player]
    answers = []
    for o in mine or offers[:1]:
        answers.append(f"accept o{o.id + 1}")
        asked = [k for k, bean in enumerate(hand) if bean in o.asks]
        named = rng.sample(asked, rng.randint(1, len(asked))) if asked else [rng.randrange(len(hand) + 1)]
        answers.append(" ".join([f"accept o{o.id + 1}", *(f"h{k + 1}" for k in named)]))
    return rng.sample(lines, 2) + [rng.choice(answers or [f"accept o{rng.randint(1, 40)} h1"])]


def expected(game, player: int, line: str):
    """What the line says it does, to be checked after it was taken: a function of the game after."""
    words = line.split()
    trade = game.part(TRADE)
    hand = list(game.part(BEANS).hands[player])
    if words[0] == "accept":
        offer = trade.offer(int(words[1][1:]) - 1)
        named = [int(w[1:]) - 1 for w in words[2:]]
        if offer is None or any(k >= len(hand) for k in named):
            return None  # refused: no such offer or hand card
        forced = {b for b in offer.asks if offer.asks.count(b) > sum(1 for k in named if hand[k] == b)}
        left = [c for k, c in enumerate(hand) if k not in named and c not in forced] if named else None
        trades = trade.trades

        def check(after) -> None:
            if not named and after.part(TRADE).giving == offer.id:  # "accept oN" alone: the game asks
                assert after.deciders == (player,) and after.frame.kind == "give_copy"
                return
            assert after.part(TRADE).offer(offer.id) is None  # answered
            assert after.part(TRADE).trades == trades + 1  # F.27: the trade is carried out
            if left is not None:  # the hand cards named (and the only copies left) were given
                assert list(after.part(BEANS).hands[player]) == left, line
        return check
    before = {o.id for o in trade.offers}
    keys = [b.key for b in game.ruleset.config.params[BEANS].cards.beans]
    side = words[words.index("for"):] if "for" in words else []
    given_words = words[: len(words) - len(side)]
    hands = [int(w[1:]) - 1 for w in given_words if w.startswith("h") and w[1:].isdigit()]
    if any(k >= len(hand) for k in hands):
        return None  # refused: no such hand card
    given = [hand[k] for k in hands] + [keys.index(w) for w in given_words if w in keys]

    def check_offer(after) -> None:
        new = [o for o in after.part(TRADE).offers if o.id not in before and o.maker == player]
        assert len(new) == 1, line
        offer = new[0]
        target = next((int(w[1:]) - 1 for w in words if w.startswith("p") and w[1:].isdigit()), game.state.active)
        assert offer.to == target and sorted(offer.gives) == sorted(given)
        if "nothing" in words:
            assert not offer.asks and not offer.wants  # a gift
    return check_offer


def try_line(session: PlaySession, out: io.StringIO, player: int, line: str) -> None:
    game = session.game
    before = game.to_json()
    word = line.split()[0]
    check = expected(game, player, line) if word in session.present.line_commands and not game.is_over else None
    answers = iter([line])
    asked_at: list[int] = []  # where the output stood at each prompt: the board comes before the first

    def read_line(prompt: str) -> str | None:
        asked_at.append(out.tell())
        return next(answers, None)

    session.read_line = read_line
    out.seek(0)
    out.truncate()
    outcome = session.human_decision(player)
    text = out.getvalue()
    assert "ends the decision" not in text, (line, text)
    assert "Traceback" not in text and "failed:" not in text, (line, text)
    if outcome == EOF:  # refused: one line naming why, nothing changed
        answer = text[asked_at[0]:asked_at[1]].splitlines()
        assert len(answer) == 1 and len(answer[0]) > len(word) + 10, (line, answer)
        assert game.to_json() == before, line
    else:
        assert outcome is None and game.to_json() != before
        if check is not None:
            check(game)
        elif word in session.present.line_commands:
            raise AssertionError(f"{line!r} was taken, but it names no such offer or card")


@pytest.mark.parametrize(("variants", "players"), VARIANT_SETS, ids=lambda v: "+".join(v) if isinstance(v, list) else str(v))
def test_every_documented_line_does_what_it_says_or_is_refused_in_one_line(variants, players):
    documented = presentation(beanframe.compose(variants, players)).line_commands
    for seed in (1,):
        rng = random.Random(f"{'+'.join(variants)}/{players}/{seed}")
        game = beanframe.new_game(variants, players, seed=seed)
        out = io.StringIO()
        session = PlaySession(game, [Seat()] * players, Console(file=out, width=1000, height=400, highlight=False), lambda p: None, quiet=True)
        tried = taken = 0
        while not game.is_over and len(game.actions) < (MAX_ACTIONS if documented else MAX_ACTIONS // 2):
            player = rng.choice(game.deciders)
            if rng.random() < 0.15:
                for line in typed_lines(game, player, rng):
                    if game.is_over or player not in game.deciders:
                        break
                    size = len(game.actions)
                    try_line(session, out, player, line)
                    tried += 1
                    taken += len(game.actions) > size
                continue
            game.apply(rng.choice(game.legal_actions(player)), player)
        assert tried > 20
        if "offer" in documented:
            assert taken > 0  # some lines did what they say (not only refusals)
