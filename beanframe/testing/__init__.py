"""The conformance kit: generic checks that every composed variant set must pass.

Any variant set gets them for free, including third-party house rules::

    from beanframe.testing import conformance_suite

    def test_my_house_rule_conforms():
        conformance_suite(["al_cabohne", my_plugin], players=[1, 2], games=5)

or, with hypothesis (random seeds and shrinkable choices)::

    from beanframe.testing import ConformanceTests

    class TestMyHouseRule(ConformanceTests):
        variants = ["al_cabohne", my_plugin]
        players = (1, 2)

What is checked, after every action of random play (:func:`random_playthrough`):

- the invariants each variant contributes through the ``beanframe_invariants`` hook;
- the core's consistency: a decision is pending exactly while the game is not over, legal actions
  are unique, numbered, parse back from their codes and match ``legal_mask()``;
- legality: every legal action applies (on a copy); an action of the ruleset that is not legal
  (as an action, a code or an id) raises IllegalActionError and changes nothing;
- action forms: every legal action has the same effect given as the legal list's instance, the
  action table's, its code and its id (``beanframe.testing.forms``);
- clones share no mutable data with the original, and acting on them leaves it unchanged;
- views leak nothing: redealing the hidden cards (``game.determinize(observer, rng)``) leaves
  every observer's view unchanged; old views stay put;
- private records leak nothing (``check_private``): for every observer, the spectator included,
  another player's action with a private parameter shows only in its public form (``play h?``) in
  ``history_for`` and the whole ``view(p).to_dict()``; an event emitted with ``to``
  reaches the others only through its public form (which must differ from it, and read
  differently in the log); ``view(p).record`` holds exactly the observer's history and events;
- determinization is fair (``beanframe.testing.determinize``, at positions 1, 2, 4, 8, ...): the
  original is untouched, the same generator gives the same copy, the information state is kept,
  invariants hold, the copy refuses to be saved and plays on legally, and its future chance (and,
  with enough hidden cards, its hidden cards) differ from the real game's and between generators;
- observations (``beanframe.testing.observation``, at the same positions): the declared shape and
  dtype, values within the layout's bounds, and neither ``game.observation`` nor
  ``game.information_state`` changes when what the observer cannot see is redealt;
- the checks each variant registers through the ``beanframe_register_checks`` hook (a bean game:
  its table's views, fixed-order hands that only lose cards and gain cards at the back);
- the end: within 5,000 actions; ``result`` only once over; winners non-empty seats of the game;
  actions afterwards raise GameOverError;
- save files: saving is canonical, a save made mid-game loads into the same game, which then
  plays on to the same end; determinism: the same seed and actions replay to the same save text.
  When either fails, the report names the first action whose replay from its code differs from
  the game as played (``beanframe.testing.replays.first_divergence``): its number, code, actor;
- positions (``beanframe.testing.positions``, at positions 1, 2, 4, 8, ...): ``game.position()``
  is plain data, and a game started from it has the same position, legal actions and views, and
  the same future under the same actions; ``conformance_suite`` and :class:`ConformanceTests` also
  play random games started from positions taken from random play, under every check.

Every failure, whatever raised it (a check, or a plugin's exception inside ``legal_actions``,
``apply``, a view or scoring), raises :class:`ConformanceError` (an AssertionError) naming the
check, the variant set, the seed, the options and the last actions, with ``error.snippet``: Python
that reproduces it. :func:`conformance_suite` also plays every registered bot of the ruleset
(:func:`bot_playthrough`): a bot must not crash and must choose legal actions under the composed
rules.

The hypothesis parts (:func:`playthroughs`, :func:`games`, :class:`ConformanceTests`) need the
``hypothesis`` package (``pip install 'beanframe[kit]'``, with pytest); they are imported on first use.
"""

from __future__ import annotations

from typing import Any

from beanframe.testing.checks import (
    POSITION_CHECKS,
    CheckRegistry,
    ConformanceError,
    check_action_forms,
    check_clone,
    check_consistency,
    check_determinism,
    check_end,
    check_game,
    check_hand_order,
    check_illegal_refused,
    check_invariants,
    check_legal_actions_apply,
    check_private,
    check_registered,
    check_save_load,
    check_transitions,
    check_views,
    hand_order_check,
    hand_order_problems,
    invariant_problems,
    registered_checks,
    replay,
    views,
    where,
)
from beanframe.testing.play import (
    MAX_ACTIONS,
    Playthrough,
    SuiteReport,
    bot_playthrough,
    choose,
    conformance_suite,
    from_random_position,
    play_to,
    random_playthrough,
)
from beanframe.testing.positions import check_position, position_problems

_LAZY = {
    "games": "beanframe.testing.strategies",
    "playthroughs": "beanframe.testing.strategies",
    "positions": "beanframe.testing.strategies",
    "ConformanceTests": "beanframe.testing.suite",
    "continue_alike": "beanframe.testing.suite",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'beanframe.testing' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "MAX_ACTIONS",
    "POSITION_CHECKS",
    "CheckRegistry",
    "ConformanceError",
    "ConformanceTests",
    "Playthrough",
    "SuiteReport",
    "bot_playthrough",
    "check_action_forms",
    "check_clone",
    "check_consistency",
    "check_determinism",
    "check_end",
    "check_game",
    "check_hand_order",
    "check_illegal_refused",
    "check_invariants",
    "check_legal_actions_apply",
    "check_position",
    "check_private",
    "check_registered",
    "check_save_load",
    "check_transitions",
    "check_views",
    "choose",
    "conformance_suite",
    "continue_alike",
    "from_random_position",
    "games",
    "hand_order_check",
    "hand_order_problems",
    "invariant_problems",
    "play_to",
    "playthroughs",
    "position_problems",
    "positions",
    "random_playthrough",
    "registered_checks",
    "replay",
    "views",
    "where",
]
