"""Bohnanza (Uwe Rosenberg, Amigo 1997): 3-5 players plant, trade and sell beans. RULES.md C,
readings F.5, F.6, F.12, F.17, F.22, F.25.

The names below are this plugin's **contract**: Bohnaparte (``plugins/bohnaparte``) and house
rules build on them; renaming one is a breaking change (bump ``VERSION``).

Options (``-o bohnanza.NAME=VALUE``; :class:`rules.BohnanzaOptions`), with their defaults:

=====================  ==========  ===========================================================
``larger_deck``        false       add the Coffee Bean (24) and the Wax Bean (22) (later editions)
``same_bean_two_fields`` true      F.25: one bean may grow on two own fields; false forbids it
``tie_break``          "share"     F.6 tied players share; "hand_cards": most hand cards win (F.12)
``third_field_cost``   3           coins for the third field (bought once, any time: F.22)
``run_outs``           3           the game ends after the turn of this run-out (F.12)
``trading``            true        false: no trade decision (the face-up cards are planted)
``offers_per_turn``    3           offers each player may start per turn (a cap: games end)
``cards_per_offer``    3           cards given, and cards asked, per offer (a cap)
=====================  ==========  ===========================================================

Parameters: ``config.params["beans"]`` (the bean family's ``BeanRules``: 104 cards, hand 5,
2 fields of at most 3, run-out limit, ``harvest_when`` and ``buy_field_when`` "any_time" (F.22),
``one_bean_harvest`` "protection", ``third_field_cost``, ``plant_targets`` = F.25's
``fields.bohnanza_targets`` or the family's ``one_bean_per_field``) and ``config.params["bohnanza"]``
(:class:`rules.BohnanzaRules`: ``flip`` 2 cards turned up, ``draw`` 3, ``face_up_room`` 6 face-up
slots in the action table (Bohnaparte's farms turn up more: raise it), ``hand_room`` (hand
positions in the action table), the trade caps, ``tie_break``).

Pipeline (RULES C heading -> file):

- setup ``deal`` (setup.py): shuffle or stack, 5 cards each, fixed-order hands;
- turn 1 ``plant`` (plant.py): step ``plant`` (``plant f<k>``; ``pass`` after the first card);
- turn 2 ``trade`` (trade/): 2 cards turned up into the part ``trade`` (``TradeTable.face_up``,
  a list with room for more: a wrapper of this phase may append), then the group decision
  ``trade`` of every player (below), with the one-decider ``give_copy`` on top while an accepting
  player chooses copies (F.27);
- turn 3 ``plant_traded`` (plant_traded.py): the face-up cards not traded away join the active
  player's set-aside cards (``TradeTable.received``); step ``plant_traded``, a group decision of
  everyone with set-aside cards (``plant-traded c<bean> f<k>``);
- turn 4 ``draw`` (draw.py): 3 cards to the back of the hand;
- end ``final_harvest`` (end.py): every field sold (F.5); coins score; ties share (F.6).

Positions (position.py): the ``trade`` part (face-up and received cards, offers and drafts with
1-based hand positions and slots, an accepted offer whose copies are being chosen); the bean
table's is ``beanframe.beans.position``.

Any-time options ``harvest`` and ``buy_field`` (the bean family's, offered at every decision of a
player, also outside the own turn: F.22; the bean protection rule decides which fields may be
harvested). Parts: ``beans`` (the bean family's ``BeanTable``) and ``trade``
(:class:`trade.table.TradeTable`, the core's ``OfferBook`` with ``offers``, ``drafts``,
``started``, ``next_id``, plus ``face_up``, ``received``, ``trades``, ``giving``, ``chosen``).

Trading (trade/steps.py), the core's bounded offer protocol (``beanframe.core.offers``) on its
group decisions: the frame's group is
the players who have not passed since the last change. Actions: ``give h<k>`` (hand position,
private), ``give-face u<k>`` (active player), ``ask c<bean>``, ``want-face u<k>`` (to the active
player), ``send p<k>``, ``scrap``, ``accept o<k>``, ``reject o<k>``, ``withdraw o<k>``, ``pass``,
``end-trading`` (active player), ``give-copy h<k>`` (F.27, private). An accepted offer's cards go
to the receivers' set-aside cards. Asked beans are paid with the copies the accepting player
chooses (F.27): ``give-copy h<k>`` once per card asked, in the offer's order (the front-most copies
are only a program's default); a bean held just as often as asked is asked for too, a forced
choice, so the number of choices never tells the others how many copies the hand holds.
Offers whose cards moved lapse (event ``void``).

Events: ``dealt``, ``plant``, ``harvest``, ``buy_field``, ``turn_up``, ``offer``, ``trade``,
``reject``, ``withdraw``, ``void``, ``scrap``, ``trading_over``, ``draw``, ``run_out``,
``reshuffle``. Bots: ``greedy`` (trades), ``greedy-passive`` (answers offers, makes none),
``greedy-notrade``. Statistics: ``trades`` per game. Front end: the ``trade`` part's renderer (open
offers as a table), commands ``offers``, ``offer`` (a typed offer line into its codes) and
``accept`` (``accept o1 h3 h5``: accept and name the copies given).
"""
