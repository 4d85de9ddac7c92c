"""Prohibohn (Uwe Rosenberg): the building expansion of Al Cabohne, 2 players. RULES.md B.

Requires ``al_cabohne`` and changes it only through hooks. Option: ``pub`` (default False): the
Cognacbohnen, the three Pubs, Joe Bohnano and three fields for both players.

Where each RULES B heading lives:

- "Set-up changes": ``setup.py`` (starting coins; 7 cards and no third field in ``plugin.py``)
- "Coins keep their bean", purchases, police stations, razzia: ``purchase.py``, ``values.py``
- "Building cards": the data in ``buildings.toml`` (``cards.py``), the owner's powers in
  ``powers.py``, the part in ``supply.py``; behaviour of its own: ``tax.py`` (Restaurant and the
  phase-2 share of a boss's yield)
- "Game end and scoring": ``values.py`` (pure) and ``plugin.py`` (``beanframe_score``)

Phase, step and part names others may rely on: setup phase ``starting_coins`` (after
``mafia_start``); steps ``starting_coins``, ``remove_third``, ``take_coin``, ``pub_raid``; option
``buy_building`` (actions ``buy c<k>``, ``razzia n<bean>``); part ``prohibohn``.
"""
