"""Al Cabohne (Uwe Rosenberg, Amigo 2000): 1 or 2 players against the bean mafia. RULES.md A.

The plugin's hooks: what this variant contributes to a composed ruleset.
"""

from __future__ import annotations

from pathlib import Path

from beanframe.beans import PART as BEANS
from beanframe.beans import LITERAL, OWN_TURN, BeanRules, BeanTable, CardSet, load_beans
from beanframe.core.hookspecs import hookimpl
from beanframe.core.scoring import seat_name
from beanframe.core.variant import VariantInfo
from beanframe.i18n import N_, _, ngettext, pgettext

from . import mafia as m
from . import turn
from .actions import ALL as ACTIONS
from .rules import NAME, AlCabohneOptions, AlCabohneRules

# 1.1.0: the F.1, F.19-F.21 corrections and stable pile codes change what a save's actions mean, so
# a 1.0.0 save is refused at load with both versions named (never a failure halfway through replay)
VERSION = "1.1.0"
MAFIA = "mafia"  # the mafia's seat on the score sheet (beanframe_register_seats)


CARDS = CardSet(load_beans(__package__, "cards.toml"))


@hookimpl
def beanframe_catalogs():
    """The words of Al Cabohne in Dutch, French and German (locale/, the domain ``al_cabohne``)."""
    return Path(__file__).resolve().parent / "locale"


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description=N_("Al Cabohne: 1 or 2 players against the bean mafia"),
        players=(1, 2),
        options=AlCabohneOptions,
    )


@hookimpl
def beanframe_configure(config):
    opts: AlCabohneOptions = config.options[NAME]
    solo = config.players == 1
    config.params[NAME] = AlCabohneRules(solo_mafia_factor=opts.solo_mafia_factor)
    config.params["beans"] = BeanRules(
        cards=CARDS,
        hand_size=7 if solo else 5,
        fields=3 if solo else 2,  # F.8: solo starts with 3 fields, nothing to buy
        max_fields=3,
        draw=2,
        reshuffle=not solo,  # F.7: nothing is reshuffled in the solo game
        run_out_limit=1 if solo else opts.run_outs,
        harvest_when=OWN_TURN,  # RULES A "Harvest and sell": any time of one's own turn (not phase 4)
        one_bean_harvest=LITERAL,  # F.19
        third_field_cost=opts.third_field_cost,  # RULES A "Third field" (solo: nothing to buy, F.8)
        buy_field_when=OWN_TURN,
        card_parts=(BEANS, m.PART),  # the bosses' fields and the treasury hold bean cards too
    )
    config.params["mafia"] = m.MafiaRules(bosses=(m.AL, m.DON, m.JOE) if solo else (m.AL, m.DON))


@hookimpl
def beanframe_validate_config(config):
    """What field validators cannot see: a boss threshold that no field of any bean can ever be
    worth (the bosses would never harvest), and more starting fields than a player may have."""
    problems = []
    rules = config.params["beans"]
    if rules.max_fields < rules.fields:
        problems.append(f"beans.max_fields {rules.max_fields} is below beans.fields {rules.fields}")
    # the best a field can be worth: the bean-o-meter of every bean, all its cards on one field
    best = max((values[-1] for values in rules.cards.values), default=0)
    for i, boss in enumerate(config.params[m.PART].bosses):
        if boss.threshold > best:
            problems.append(
                f"mafia.bosses[{i}].threshold: {boss.name}'s threshold {boss.threshold} is never reached "
                f"(the bean-o-meter pays at most {best} coins)"
            )
    return problems


@hookimpl
def beanframe_register_parts(register):
    register(BEANS, BeanTable.empty, BeanTable)
    register(m.PART, m.Mafia.empty, m.Mafia)


@hookimpl
def beanframe_register_positions(register):
    from beanframe.beans.position import register_table

    from .position import read_mafia, write_mafia

    register_table(register)
    register(m.PART, write_mafia, read_mafia)


@hookimpl
def beanframe_register_seats(register):
    register(MAFIA, N_("the bean mafia"))


@hookimpl
def beanframe_register_actions(register):
    for cls in ACTIONS:
        register(cls)


@hookimpl
def beanframe_register_steps(register):
    for step in turn.STEPS:
        register(step)


@hookimpl
def beanframe_register_options(register):
    register(turn.HARVEST)
    register(turn.BUY_FIELD)


def _first_turn(game) -> bool:
    return game.state.turn == 1


@hookimpl
def beanframe_register_phases(pipeline):
    pipeline.add("setup", "deal", turn.setup_deal, title=N_("shuffle and deal"))
    pipeline.add("setup", "mafia_start", turn.setup_mafia, title=N_("the bosses get their first beans"))
    solo = pipeline.config.players == 1
    n = 0 if solo else 1
    if not solo:
        # the starting player skips phases 1 and 2 in the first turn
        pipeline.add("turn", "leftovers", turn.phase_leftovers, title=N_("leftovers"), number=1, skip=_first_turn)
    pipeline.add(
        "turn", "tax", turn.phase_tax, title=N_("beans for the mafia"), number=n + 1, skip=None if solo else _first_turn
    )
    pipeline.add("turn", "play", turn.phase_play, title=N_("play from hand"), number=n + 2)
    # F.20: a moment to harvest or buy after phase 3 and before the flips (not a rulebook phase)
    pipeline.add("turn", "before_flip", turn.phase_before_flip, title=N_("harvest or buy before the flips"))
    pipeline.add("turn", "flip", turn.phase_flip, title=N_("flip beans"), number=n + 3)
    pipeline.add("turn", "plant", turn.phase_plant, title=N_("plant beans"), number=n + 4)
    pipeline.add("turn", "draw", turn.phase_draw, title=N_("draw new beans"), number=n + 5)
    pipeline.add("end", "final_harvest", turn.phase_final_harvest, title=N_("everyone sells every field"))


def _p(player: int) -> str:
    return _("player {n}").format(n=player + 1)


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def _source(source: str) -> str:
    """Where a planted card came from, as the ``plant`` event names it ("hand", "leftover",
    "pile of 3"), in the reader's words."""
    if source.startswith("pile of "):
        n = int(source.rsplit(" ", 1)[1])
        return _("pile of {n}").format(n=n)
    if source == "hand":
        return pgettext("source", "hand")
    if source == "leftover":
        return pgettext("source", "leftover")
    return source


@hookimpl
def beanframe_register_events(events):
    # every text is made where it is shown, in the reader's language (the card names too)
    def names(g):  # the game's card set: a variant may add beans (Prohibohn's pub: the Cognac Bean)
        return g.ruleset.config.params["beans"].cards.names if g is not None else CARDS.names

    def boss(game, b):
        return m.boss_name(game.part(m.PART).boss_names[b]) if game is not None else _("boss {n}").format(n=b + 1)

    def dealt(g, n):
        if g is not None and g.players == 1:
            return ngettext("dealt {n} card to the player", "dealt {n} cards to the player", n).format(n=n)
        return ngettext("dealt {n} card to each player", "dealt {n} cards to each player", n).format(n=n)

    def from_discard(g, c, where):
        if where == "pile":
            return _("{bean} from the discard joins the flipped pile").format(bean=names(g)[c])
        return _("{bean} from the discard joins the mafia").format(bean=names(g)[c])

    def draw(g, p, *card):  # private: the drawer knows the card ("draw", p, card), the others ("draw", p)
        if card:
            return _("{player} draws {bean}").format(player=_p(p), bean=names(g)[card[0]])
        return _("{player} draws a card").format(player=_p(p))

    events.describe("turn", lambda g, t, p: _("turn {turn}: {player}").format(turn=t, player=_p(p)))
    events.describe("dealt", dealt)
    events.describe("run_out", lambda g, n: _("the deck ran out ({n})").format(n=n))
    events.describe("reshuffle", lambda g, n: _("the discard was shuffled into a new deck of {n} cards").format(n=n))
    events.describe("flip", lambda g, c: _("flipped {bean}").format(bean=names(g)[c]))
    events.describe("to_boss", lambda g, b, c, n: _("{n} {bean} to {boss}").format(n=n, bean=names(g)[c], boss=boss(g, b)))
    events.describe("boss_harvest", lambda g, b, c, n, coins: _("{boss} harvests {n} {bean} for {coins}").format(
        boss=boss(g, b), n=n, bean=names(g)[c], coins=_coins(coins)))
    events.describe("from_discard", from_discard)
    events.describe("plant", lambda g, p, f, c, src: _("{player} plants {bean} ({source}) on field {field}").format(
        player=_p(p), bean=names(g)[c], source=_source(src), field=f + 1))
    events.describe("discard", lambda g, p, c: _("{player} discards {bean}").format(player=_p(p), bean=names(g)[c]))
    events.describe("tax", lambda g, p, f, b, c: _("{player} pays {bean} from field {field} to {boss}").format(
        player=_p(p), bean=names(g)[c], field=f + 1, boss=boss(g, b)))
    events.describe("gift", lambda g, p, b, c: _("{player} gives {bean} to {boss}").format(player=_p(p), bean=names(g)[c], boss=boss(g, b)))
    events.describe("harvest", lambda g, p, f, c, n, coins: _("{player} harvests {n} {bean} from field {field} for {coins}").format(
        player=_p(p), n=n, bean=names(g)[c], field=f + 1, coins=_coins(coins)))
    events.describe("buy_field", lambda g, p, cost: _("{player} buys a third field for {coins}").format(player=_p(p), coins=_coins(cost)))
    events.describe("draw", draw)
    events.describe("show_hand", lambda g, p, hand: _("{player} shows a hand no empty boss can take: {cards}").format(
        player=_p(p), cards=", ".join(names(g)[c] for c in hand)))
    events.describe("game_over", lambda g, *args: _("the game is over"))


@hookimpl
def beanframe_observation(register, config):
    from .observation import register as observe

    observe(register, config)


@hookimpl
def beanframe_register_bots(register):
    from .bots import GreedyBot

    register("greedy", GreedyBot, N_("plays Al Cabohne sensibly: keeps valuable fields, feeds the mafia on purpose"))
    from .search import rollout_policy  # search bots' fast rollouts over sampled games

    register.search_policy(rollout_policy)


@hookimpl
def beanframe_register_renderers(register):
    from beanframe.beans.render import meter_command, render_beans

    from .render import explain, render_mafia

    register.part(BEANS, render_beans)
    register.part(m.PART, render_mafia)
    register.command("meter", meter_command, N_("meter [BEAN]: every bean's bean-o-meter (cards for 1-4 coins)"))
    register.explain(explain)


@hookimpl
def beanframe_score(game, sheet):
    """Coins count; hand cards are worth nothing. Solo: the mafia's coins are doubled."""
    table = game.part(BEANS)
    for p in range(game.players):
        sheet.add(seat_name(p), _("coins"), len(table.coins[p]))  # in the reader's language (results are per language)
    treasury = len(game.part(m.PART).treasury)
    sheet.add(MAFIA, _("treasury"), treasury)
    if game.players == 1:
        factor = game.ruleset.config.params[NAME].solo_mafia_factor
        sheet.add(MAFIA, _("solo: treasury x{factor}").format(factor=factor), treasury * (factor - 1))


@hookimpl
def beanframe_winners(game, sheet):
    """The richest player(s) win if richer than the mafia; otherwise the mafia wins (F.6)."""
    players = [seat_name(p) for p in range(game.players)]
    best = max(sheet.total(s) for s in players)
    if best > sheet.total(MAFIA):
        return [s for s in players if sheet.total(s) == best]
    return [MAFIA]


@hookimpl
def beanframe_game_stats(game):
    """``simulate`` reports the mean: how often the mafia won."""
    return {"mafia win rate": float(game.result.won(MAFIA))}


@hookimpl
def beanframe_register_checks(register):
    from beanframe.beans.conformance import register_checks

    register_checks(register, BEANS)


@hookimpl
def beanframe_hidden(game, observer):
    """The deck and the other hands; a shown hand's cards stay known (see hidden.py)."""
    from .hidden import hidden

    return hidden(game, observer)


@hookimpl
def beanframe_invariants(game):
    from .checks import invariants

    return invariants(game)


@hookimpl
def beanframe_register_web(register):
    from beanframe.beans.web import register_web

    register_web(register)
    register.module("beanframe_plugins.al_cabohne", "static/mafia.js")
    register.style("beanframe_plugins.al_cabohne", "static/mafia.css")
