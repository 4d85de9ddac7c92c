"""The conformance kit's failure reports: whatever raised (a check, or a plugin's exception inside
``legal_actions``, ``apply``, a view, scoring, a bot), the kit raises one ConformanceError naming
the check, the seed, the options and the last actions, with a snippet that reproduces it; and the
kit plays every registered bot of the ruleset."""

from __future__ import annotations

import sys
import textwrap

import pytest

from beanframe.core.hookspecs import hookimpl
from beanframe.testing import ConformanceError, conformance_suite, random_playthrough

from .fakes import Pass, counter

EMPTY_HAND = '''
"""A broken house rule: after phase "play" pushed its decision, the hand is thrown away, so
Al Cabohne's play step finds no front card."""
from beanframe import VariantInfo, hookimpl


@hookimpl
def beanframe_variant():
    return VariantInfo(name="empty_hand", version="1", requires=("al_cabohne",))


@hookimpl
def beanframe_register_phases(pipeline):
    def wrapper(game, inner):
        inner(game)
        table = game.part("beans")
        hand = table.hands[game.state.active]
        table.discard.extend(hand)
        hand.clear()

    pipeline.wrap("play", wrapper)
'''


@pytest.fixture
def empty_hand(tmp_path, monkeypatch):
    """The broken house rule as an importable module (as a plugin file would be)."""
    (tmp_path / "kit_empty_hand_rule.py").write_text(textwrap.dedent(EMPTY_HAND), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import kit_empty_hand_rule

    yield kit_empty_hand_rule
    sys.modules.pop("kit_empty_hand_rule", None)


def reproduce(snippet: str) -> BaseException:
    """Run a report's snippet; return what it raised."""
    try:
        exec(compile(snippet, "<snippet>", "exec"), {})  # the kit's own generated text, in a test
    except BaseException as exc:  # noqa: BLE001
        return exc
    raise AssertionError(f"the snippet did not fail:\n{snippet}")


def test_a_crash_inside_legal_actions_names_check_seed_options_and_actions(empty_hand):
    options = {"al_cabohne": {"third_field_cost": 3}}
    with pytest.raises(ConformanceError) as caught:
        conformance_suite(["al_cabohne", empty_hand], players=2, options=options, games=1, seed=5)
    err = caught.value
    text = str(err)
    assert err.check == "legal actions"  # not a raw IndexError
    # what was raised, and where (the play step's legal list is the bean family's front-card step)
    assert "IndexError" in text and "beans/planting.py" in text
    assert "al_cabohne + empty_hand, 2 player(s), seed 5" in text
    assert "'third_field_cost': 3" in text and err.options["al_cabohne"]["third_field_cost"] == 3
    assert err.seed == 5 and isinstance(err.actions, list)
    assert "reproduce with:" in text and "import kit_empty_hand_rule" in err.snippet
    assert "game.legal_actions()" in err.snippet
    assert isinstance(reproduce(err.snippet), IndexError)


def test_the_last_actions_are_in_the_report_and_the_snippet_replays_them():
    def broken_view(game):
        if game.state.n_actions >= 4:
            raise KeyError("no such card")
        return []

    house = counter(beanframe_invariants=broken_view)
    with pytest.raises(ConformanceError) as caught:
        random_playthrough(__import__("beanframe").compose([house], 2), seed=3)
    err = caught.value
    assert err.check == "invariants"
    assert "KeyError" in str(err) and "after 4 action(s) (last: " in str(err)
    assert len(err.actions) == 4
    assert f"for code in {err.actions!r}:" in err.snippet and "check_game(game)" in err.snippet


def test_a_crash_inside_apply_is_reported_as_apply():
    def steps(register):
        from .fakes import TurnStep

        class Broken(TurnStep):
            def apply(self, game, frame, action):
                if isinstance(action, Pass) and game.state.turn >= 3:
                    raise ZeroDivisionError("pass is broken")
                super().apply(game, frame, action)

        register(Broken())

    house = counter(beanframe_register_steps=steps)  # in place of the counter's own hook
    rs = __import__("beanframe").compose([house], 2)
    with pytest.raises(ConformanceError) as caught:
        random_playthrough(rs, seed=1, skip={"legality", "determinize", "position"})  # the main game hits it, not a check
    err = caught.value
    assert err.check == "apply" and "ZeroDivisionError: pass is broken" in str(err)
    assert "game.apply('pass')" in err.snippet


def test_a_crash_in_scoring_names_the_scoring():
    def score(game, sheet):
        raise ValueError("the sheet is on fire")

    with pytest.raises(ConformanceError, match="the sheet is on fire") as caught:
        conformance_suite([counter(beanframe_score=score)], players=1, games=1)
    assert caught.value.check == "scoring"


# --------------------------------------------------------------------------------------------
# Bots
# --------------------------------------------------------------------------------------------


class _Crashy:
    uses_view = True

    def __init__(self, seed, ruleset=None):
        self.moves = 0

    def act(self, view, legal):
        self.moves += 1
        if self.moves > 3:
            raise IndexError("the bot lost count")
        return legal[0]


class _Cheat:
    def __init__(self, seed, ruleset=None):
        pass

    def act(self, view, legal):
        return "pass" if not any(a.code == "pass" for a in legal) else "play h9"


def _with_bot(name, factory):
    @hookimpl
    def bots(register):
        register(name, factory, "a broken bot")

    return counter(beanframe_register_bots=bots)


def test_every_registered_bot_is_played_and_reported():
    report = conformance_suite([counter()], players=[1, 2], games=1, bot_games=2)
    assert report.bots == ("ismcts", "random") and report.bot_games == 8  # the core registers both


def test_a_bot_that_crashes_fails_the_kit_naming_the_bot():
    with pytest.raises(ConformanceError) as caught:
        conformance_suite([_with_bot("crashy", _Crashy)], players=2, games=1)
    err = caught.value
    assert err.check == "bot:crashy"
    assert "IndexError: the bot lost count" in str(err) and "seats bot:crashy (seed 0)" in str(err)
    assert "make_bot(ruleset, 'crashy', seed=0)" in err.snippet


def test_a_bot_that_chooses_an_illegal_action_fails_the_kit():
    with pytest.raises(ConformanceError, match=r"bot 'cheat' chose 'play h9', which is not legal now") as caught:
        conformance_suite([_with_bot("cheat", _Cheat)], players=1, games=1)
    assert caught.value.check == "bot:cheat"


def test_al_cabohne_bots_are_played_by_the_kit():
    report = conformance_suite(["al_cabohne"], players=[1, 2], games=0, bot_games=1)
    assert {"greedy", "random"} <= set(report.bots) and report.bot_games >= 4


class TestTheReadyMadeClassPlaysTheBots:
    """ConformanceTests runs each registered bot too (here: a bot that crashes)."""

    def test_a_crashing_bot_fails_the_class(self):
        from beanframe.testing import ConformanceTests

        class TestBroken(ConformanceTests):
            variants = [_with_bot("crashy", _Crashy)]
            players = 2

        with pytest.raises(ConformanceError) as caught:
            TestBroken().test_every_bot_plays_the_composed_rules()
        assert caught.value.check == "bot:crashy"


def test_a_bot_game_that_never_ends_fails_the_end_check():
    from beanframe.testing import bot_playthrough

    rs = __import__("beanframe").compose([counter("never_ends")], 2)
    with pytest.raises(ConformanceError, match=r"the bots' game has not ended after 200 actions") as caught:
        bot_playthrough(rs, ["random", "random"], seed=1, max_actions=200)
    assert caught.value.check == "end" and len(caught.value.actions) == 200


def test_a_transition_check_failure_reruns_the_last_action_in_the_snippet():
    with pytest.raises(ConformanceError) as caught:
        conformance_suite([counter("front_draw")], players=2, games=1)
    err = caught.value
    assert err.check == "hand order"
    last = err.actions[-1]
    assert f"game.apply({last!r})\ncheck_transitions(before, views(game), game)" in err.snippet
    assert f"for code in {err.actions[:-1]!r}:" in err.snippet or len(err.actions) == 1
