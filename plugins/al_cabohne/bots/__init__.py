"""Al Cabohne bots.

``GreedyBot`` scores every legal action by a one-ply look: it applies the action to a small model
of the situation built from the player's view only (hand, fields, coins, bosses, treasury, discard
top, piles, leftovers, deck size) and evaluates the model. The evaluation estimates

* own coins, and the potential of each own field (its bean-o-meter value now plus part of the way
  to the next step, counting the beans of that type in the hand and still unseen),
* the mafia's treasury and its expected future income: each boss collects its bean from the flips,
  so a boss growing a bean with many unseen cards will keep earning, one growing a bean that is
  nearly used up will not (this is why the bot may feed a boss on purpose to make it harvest and
  then refill it with an unwanted bean),
* the tax a field pays while a boss collects its bean, the discard top a boss would pull in,
* the hand: whether the front cards fit a field or will force a harvest,
* flipped piles still to place and leftovers still to handle, at their best placement.

**The composed rules, not a copy.** The bot is made with the ruleset (``GreedyBot(ruleset, seed)``,
which is what ``make_bot`` calls) and reads every parameter from it once (:class:`BotRules`): the
card set and bean-o-meters, the third field's cost, the solo mafia factor, the draw count, how many
decks a game has, which one-bean fields may be harvested. Its model applies the shared plain rule
functions (``field_targets``, ``harvestable_fields`` with ``BeanRules.one_bean_harvest``, ``sell``,
``CardSet.value``, Al Cabohne's ``second_card_targets`` (F.21), the mafia's ``collector`` and
``reaches``), so a house rule that changes an option or one of those functions changes the bot's
look too.

**Its own turn up to the flips.** In phase 3 (solo 2) and at F.20's moment before the flips
(``before_flip``) every choice is deterministic, so the bot looks through the rest of them before it
scores an action: plant the front card, maybe a second one (F.21: a card of another bean than the
first goes on another field, even if the first card's field was harvested in between; the bot
remembers its first card, which the view does not show), harvest first where a card fits no field
(which fields may be harvested: ``harvestable_fields`` under the composed ``one_bean_harvest``,
F.19), and harvest once more before the flips (F.20; the solo rulebook's tip 5). Each line ends
when the flips start and is evaluated there. Solo phase 4 (every pile must be planted) looks one
pile ahead the same way: the largest waiting pile on an own field, on a boss, or after a harvest.

**Actions it does not know.** The model knows Al Cabohne's actions. An action of another class
(a house rule's) is scored by the value its plugin registered for bots
(``register.action_value(cls, value)`` in ``beanframe_register_bots``: the action's worth in coins
compared with not taking it, i.e. added to the score of the best action the bot models); an action
with no value is never chosen unless nothing else is legal.

Equal scores are broken by the seeded generator (the only use of chance). The bot never sees the game
object, only the ruleset, ``view`` and ``legal_actions``, and always returns one of ``legal_actions``.


**The files.** ``rules.py``: what the bot reads from the ruleset, its weights and the actions it
models; ``model.py``: the imagined situation and how it is built from the view; ``lookahead.py``:
scoring an action by looking through the rest of the own decisions up to the flips;
``evaluation.py``: the evaluation of a situation; ``greedy.py``: :class:`GreedyBot` itself (the agent
protocol, actions of other plugins, tie-breaking).
"""

from .greedy import GreedyBot
from .model import _Model
from .rules import KNOWN, W, W_DUO, BotRules, _interp, progress_table, _tables, bot_rules

__all__ = ["KNOWN", "W", "W_DUO", "BotRules", "GreedyBot", "_Model", "_interp", "progress_table", "_tables", "bot_rules"]
