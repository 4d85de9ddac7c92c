"""Prohibohn (Uwe Rosenberg): the building expansion of Al Cabohne, 2 players. RULES.md B, F.9,
F.23, F.24; the rulebook seed prohibohn_nl wins where they differ.

Requires ``al_cabohne``; changes it only through hooks. Option (default): ``pub`` (False): the 22
Cognacbohnen, the three Pubs, Joe Bohnano (solo-style mafia start) and three fields for both.

Where each RULES B heading lives:

- "Set-up changes": ``setup.py`` (two face-down starting coins); 7 cards, no third field and the
  pub's beans, boss and fields in ``plugin.py`` (``beanframe_configure``); the supply in ``supply.py``
- "Coins keep their bean", buying, "Blaue Bohne cards": ``purchase.py`` (option ``buy_building``;
  nested decisions ``remove_third``, ``take_coin``, ``pub_raid``), ``values.py`` (pure prices)
- "Building cards": data in ``buildings.toml`` (``cards.py``); the owner's powers, one record the
  steps read, in ``powers.py``; behaviour of their own in ``buildings/``: ``play.py`` (Casino,
  Varieté: the ``play`` step), ``flip.py`` (the phase-4 stop rule and the Undertakers: the ``flip``
  step), ``nightbar.py`` (the planting rule), ``gas_station.py`` (phase 6), ``pub.py`` (Pub 3: the
  ``tax`` step); ``tax.py`` (Restaurant and the phase-2 share: a ``boss_harvest`` listener)
- "Turn changes": ``tax.py``, ``buildings/flip.py``
- "Game end and scoring": ``end.py`` (F.23: ``last_sales``, ``extra_deck``), ``values.py`` and
  ``plugin.py`` (``beanframe_score``)
- bots: ``bots.py``; front ends: ``render.py``; conformance: ``checks.py``; positions:
  ``position.py`` (the buildings in card keys)

Names others may rely on: setup phase ``starting_coins`` (after ``mafia_start``); steps
``starting_coins``, ``remove_third``, ``take_coin``, ``pub_raid``, ``last_sales``,
``extra_deck``, and the replaced ``play``, ``tax``, ``flip``, ``draw``; options ``buy_building``
(actions ``buy c<k>``, ``razzia n<bean>``) and ``harvest`` (replaced: also in the last sales);
part ``prohibohn``; events ``starting_coin``, ``buy``, ``remove_card``, ``take_coin``, ``raid``,
``yield_share``, ``play_stops``, ``extra_deck``.
"""
