"""Bohnaparte (Girke & Rosenberg, Amigo 2004): the territory war on top of Bohnanza, 3-6 players.
RULES.md D, readings F.10, F.11, F.22, F.26; the Dutch rulebook wins over the digest.

Options (``-o bohnaparte.NAME=VALUE``; :class:`rules.BohnaparteOptions`):

=================  ============  ==============================================================
``deck_runs``      4             the game ends at this run-out (3 or 5: the rulebook's variants)
``riders``         false         the rider variant (forests, horse teams, merchants, rider troops)
``realm``          false         with ``riders``: the larger realm (Bohnaparte's landscapes added)
``layout``         "standard"    "random", "pyramid5", "pyramid6" (3 players), "checkerboard"
``layout_file``    ""            a user's layout file (TOML, see layout.py): ``--layout FILE``
``camp_vp``        1             F.10: victory points of an army camp
=================  ============  ==============================================================

Files (RULES D heading -> file): Material, Landscapes -> ``landscapes.toml``, ``landscapes.py``;
Board -> ``layouts/*.toml`` (made by ``design.py``), ``layout.py`` (parse, validate, random),
``geometry.py`` (adjacency, rivers, targets), ``board.py`` (part ``board``), ``setup.py``; Turn ->
``turn.py`` (monastery, farms, villages, riders refreshed); Attack -> ``attack/strength.py`` (pure),
``attack/steps.py``; Munitions depot -> ``depot.py``; quarry -> ``fortress.py``; Rider variant ->
``riders.py``; Game end -> ``end.py``, ``scoring.py``, ``territory.py``; ``hidden.py``, ``bots.py``,
``render.py``, ``events.py``, ``actions.py``, ``position.py`` (the board in a position), ``plugin.py``.

Pipeline (Bohnanza's names are this plugin's contract): setup ``deal`` (Bohnanza), ``board`` (the
random layout), ``choose_camps`` (step ``choose_camp``, ``camp l<k>``, counter-clockwise, the last
chooser starts via ``game.set_active``); turn ``refresh_riders`` (riders only), ``monastery``,
``plant`` (step replaced: ``depot``), ``trade`` (wrapped: one more face-up card per farm),
``plant_traded`` (step replaced: ``depot-traded c<b>``), ``attack`` (number 4; steps ``attack``,
``troop``, ``attack_card``, ``defend_card``, ``fight``), ``draw`` (wrapped: one more per village; with riders
the merchant's draw and step ``merchant_pick``, ``take m<k>``); end ``final_harvest`` (Bohnanza).
The rulebook's five phases: ``pipeline.relabel`` numbers Bohnanza's ``draw`` 5 (it is Bohnanza's
4) and titles phases 1-5 with Bohnaparte's changes (``turn.turn_titles``).
Observation segments: ``bohnaparte.*`` (``observation.py``).

Actions: ``camp l<k>``, ``attack l<k>``, ``ride l<k>``, ``troop l<k>``, ``stop-attacking``, ``fight-hand h<k>``,
``fight-depot d<k>`` (positions private once the core has private parameters), ``fight-deck``,
``buy-depot``, ``fortress l<k>``, ``depot``, ``depot-traded c<b>``, ``buy-merchant``, ``take m<k>``.
Options removed: ``buy_field``; added: ``buy_depot`` (any decision of the player, F.22),
``build_fortress`` (own turn), ``buy_merchant``. Part ``board`` (board.py). Events: ``layout``,
``camp``, ``monastery``, ``refresh``, ``buy_depot``, ``to_depot``, ``fortress``, ``buy_merchant``,
``merchant_take``, ``attack``, ``ride``, ``lay``, ``fight``, ``conquer``, ``fifth_deck``,
``final_attack_over``, ``territory_end``. Bots: ``general`` (also under the name ``greedy``).
Statistics: ``attacks``, ``conquests``.

Readings where the rulebook is silent (beanframe's):

- Coins paid for a depot, a fortress or a merchant go onto the discard like the attack's coin.
- One cannon however many iron mines ("minstens één ijzermijn ... één kanonkaart"); it counts in
  every attack its owner makes where it applies. A forest is no cannon target.
- Rider variant: no fortresses (their cards show the forest side) and no depots (merchant side);
  quarries, where a layout has them (the larger realm), are worth 1 VP and build nothing.
- Several fresh rider troops: after ``ride l<k>`` the attacker announces the troop (``troop l<k>``,
  its horse team) before the defender chooses; with one fresh troop it rides unasked.
- Forest owners attack "across" a river: any landscape touching a river that touches their land.
- The territory end is checked after each conquest; a fight card that cannot be had (deck and
  discard empty) has strength 0.
- A buy outside the own turn (F.22) is possible at every decision of that player: trading, planting
  traded beans, defending.
"""
