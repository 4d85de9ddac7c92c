"""Al Cabohne (Uwe Rosenberg, Amigo 2000): 1 or 2 players against the bean mafia. RULES.md A.

The plugin's hooks: what this variant contributes to a composed ruleset.
"""

from __future__ import annotations


from beanframe.beans import PART as BEANS
from beanframe.beans import LITERAL, OWN_TURN, BeanRules, BeanTable, CardSet, load_beans
from beanframe.core.hookspecs import hookimpl
from beanframe.core.scoring import seat_name
from beanframe.core.variant import VariantInfo
from beanframe.core.words import count

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
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description="Al Cabohne: 1 or 2 players against the bean mafia",
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
    register(MAFIA, "the bean mafia")


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
    pipeline.add("setup", "deal", turn.setup_deal, title="shuffle and deal")
    pipeline.add("setup", "mafia_start", turn.setup_mafia, title="the bosses get their first beans")
    solo = pipeline.config.players == 1
    n = 0 if solo else 1
    if not solo:
        # the starting player skips phases 1 and 2 in the first turn
        pipeline.add("turn", "leftovers", turn.phase_leftovers, title="leftovers", number=1, skip=_first_turn)
    pipeline.add(
        "turn", "tax", turn.phase_tax, title="beans for the mafia", number=n + 1, skip=None if solo else _first_turn
    )
    pipeline.add("turn", "play", turn.phase_play, title="play from hand", number=n + 2)
    # F.20: a moment to harvest or buy after phase 3 and before the flips (not a rulebook phase)
    pipeline.add("turn", "before_flip", turn.phase_before_flip, title="harvest or buy before the flips")
    pipeline.add("turn", "flip", turn.phase_flip, title="flip beans", number=n + 3)
    pipeline.add("turn", "plant", turn.phase_plant, title="plant beans", number=n + 4)
    pipeline.add("turn", "draw", turn.phase_draw, title="draw new beans", number=n + 5)
    pipeline.add("end", "final_harvest", turn.phase_final_harvest, title="everyone sells every field")


def _p(player: int) -> str:
    return f"player {player + 1}"


@hookimpl
def beanframe_register_events(events):
    def names(g):  # the game's card set: a variant may add beans (Prohibohn's pub: Cognacbohne)
        return g.ruleset.config.params["beans"].cards.names if g is not None else CARDS.names

    def boss(game, b):
        return game.part(m.PART).boss_names[b] if game is not None else f"boss {b + 1}"

    events.describe("turn", lambda g, t, p: f"turn {t}: {_p(p)}")
    events.describe("dealt", lambda g, n: f"dealt {n} cards to {'the player' if g is not None and g.players == 1 else 'each player'}")
    events.describe("run_out", "the deck ran out ({0})")
    events.describe("reshuffle", "the discard was shuffled into a new deck of {0} cards")
    events.describe("flip", lambda g, c: f"flipped {names(g)[c]}")
    events.describe("to_boss", lambda g, b, c, n: f"{n} {names(g)[c]} to {boss(g, b)}")
    events.describe("boss_harvest", lambda g, b, c, n, coins: f"{boss(g, b)} harvests {n} {names(g)[c]} for {count(coins, 'coin')}")
    events.describe("from_discard", lambda g, c, where: f"{names(g)[c]} from the discard joins the {'flipped pile' if where == 'pile' else 'mafia'}")
    events.describe("plant", lambda g, p, f, c, src: f"{_p(p)} plants {names(g)[c]} ({src}) on field {f + 1}")
    events.describe("discard", lambda g, p, c: f"{_p(p)} discards {names(g)[c]}")
    events.describe("tax", lambda g, p, f, b, c: f"{_p(p)} pays {names(g)[c]} from field {f + 1} to {boss(g, b)}")
    events.describe("gift", lambda g, p, b, c: f"{_p(p)} gives {names(g)[c]} to {boss(g, b)}")
    events.describe("harvest", lambda g, p, f, c, n, coins: f"{_p(p)} harvests {n} {names(g)[c]} from field {f + 1} for {count(coins, 'coin')}")
    events.describe("buy_field", lambda g, p, cost: f"{_p(p)} buys a third field for {count(cost, 'coin')}")
    # private: the drawer knows the card ("draw", p, card), the others its public form ("draw", p)
    events.describe("draw", lambda g, p, *card: f"{_p(p)} draws {names(g)[card[0]] if card else 'a card'}")
    events.describe(
        "show_hand", lambda g, p, hand: f"{_p(p)} shows a hand no empty boss can take: {', '.join(names(g)[c] for c in hand)}"
    )
    events.describe("game_over", "the game is over")


@hookimpl
def beanframe_observation(register, config):
    from .observation import register as observe

    observe(register, config)


@hookimpl
def beanframe_register_bots(register):
    from .bots import GreedyBot

    register("greedy", GreedyBot, "plays Al Cabohne sensibly: keeps valuable fields, feeds the mafia on purpose")
    from .search import rollout_policy  # search bots' fast rollouts over sampled games

    register.search_policy(rollout_policy)


@hookimpl
def beanframe_register_renderers(register):
    from beanframe.beans.render import meter_command, render_beans

    from .render import explain, render_mafia

    register.part(BEANS, render_beans)
    register.part(m.PART, render_mafia)
    register.command("meter", meter_command, "meter [BEAN]: every bean's bean-o-meter (cards for 1-4 coins)")
    register.explain(explain)


@hookimpl
def beanframe_score(game, sheet):
    """Coins count; hand cards are worth nothing. Solo: the mafia's coins are doubled."""
    table = game.part(BEANS)
    for p in range(game.players):
        sheet.add(seat_name(p), "coins", len(table.coins[p]))
    treasury = len(game.part(m.PART).treasury)
    sheet.add(MAFIA, "treasury", treasury)
    if game.players == 1:
        factor = game.ruleset.config.params[NAME].solo_mafia_factor
        sheet.add(MAFIA, f"solo: treasury x{factor}", treasury * (factor - 1))


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
