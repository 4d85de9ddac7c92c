"""Issue 20.3: Ali Baba's texts at the terminal: the buying prompt says "more" only after a
bandit was taken; the board names players by their seat codes and counts in the singular."""

from __future__ import annotations

import random

import beanframe


def prompts_while_buying(seed: int) -> list[str]:
    game = beanframe.new_game(["ali_baba"], 3, seed=seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(600):
        if game.is_over:
            break
        if "take up to" in game.prompt():
            seen.append(game.prompt())
        p = rng.choice(game.deciders)
        legal = game.legal_actions(p)
        buys = [a for a in legal if a.code.startswith("buy")]
        game.apply(rng.choice(buys or legal), p)
    return seen


def test_take_up_to_says_more_only_after_one_was_taken():
    seen = [text for seed in range(3) for text in prompts_while_buying(seed)]
    assert any("take up to 3 bandits, or done" in t for t in seen)
    assert any("more bandit" in t for t in seen)
    assert not any("up to 3 more" in t for t in seen)
    assert not any("1 more bandits" in t for t in seen)


def test_compact_choices_name_the_bandit_and_the_amount_a_code_stands_for():
    # issue 20.3: codes such as k31 and m10 meant nothing without help
    from beanframe.core.present import presentation
    from beanframe_plugins.ali_baba import actions as A

    game = beanframe.new_game(["ali_baba"], 3, seed=1)
    labels = presentation(game.ruleset).labels
    assert labels[A.Charge](game, 0, A.Charge(9)) == "10 piasters"
    assert labels[A.Offer](game, 0, A.Offer(0)).split()[-1].isdigit()  # "<gang> <value>"
