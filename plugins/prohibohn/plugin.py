"""Prohibohn's hooks: what the expansion contributes to ``al_cabohne + prohibohn``. Only wiring;
the rules live in the modules named in the package docstring."""

from __future__ import annotations

from pathlib import Path

import attrs
from attrs import frozen

from beanframe.beans import load_beans
from beanframe.beans.hidden import HAND_DISCARD
from beanframe.core.hookspecs import hookimpl
from beanframe.core.params import flag
from beanframe.core.scoring import seat_name
from beanframe.core.variant import VariantInfo
from beanframe.i18n import N_, _, ngettext

from . import end, purchase, setup, tax
from . import rules as rules_mod
from .buildings import flip, gas_station, play, pub
from .actions import ALL as ACTIONS
from .cards import CARDS, cards_in_play, shown_name
from .supply import NAME, PART, Buildings

VERSION = "0.1.0"


@frozen
class ProhibohnOptions:
    """Options of Prohibohn (the defaults are the rulebook's basic game)."""

    pub: bool = attrs.field(default=False, validator=flag, metadata={"help": N_("the pub variant: the Cognac Beans, the Pubs and Joe Bohnano; three fields each")})


@hookimpl
def beanframe_catalogs():
    """The words of Prohibohn in Dutch, French and German (locale/, the domain ``prohibohn``)."""
    return Path(__file__).resolve().parent / "locale"


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description=N_("Prohibohn: buildings, police stations and the razzia for Al Cabohne (2 players)"),
        requires=("al_cabohne",),
        players=(2,),
        options=ProhibohnOptions,
    )


@hookimpl
def beanframe_configure(config):
    from beanframe_plugins.al_cabohne import mafia as m

    opts: ProhibohnOptions = config.options[NAME]
    config.params[NAME] = opts
    rules = config.params["beans"]
    fields = 3 if opts.pub else 2  # RULES B "Pub variant": three fields for both from the start
    cards = rules.cards.with_beans(load_beans(__package__, "cards.toml")) if opts.pub else rules.cards
    # 7 cards; no third field to buy (max_fields = fields); Nightbar fields may mix beans (F.24)
    config.params["beans"] = attrs.evolve(rules, cards=cards, hand_size=7, fields=fields, max_fields=fields,
                                          mixed_fields=True, plant_targets=rules_mod.plant_targets,
                                          third_field_cost=None)
    if opts.pub:  # Joe Bohnano plays, started the solo way (Al Cabohne's mafia_start does that)
        config.params[m.PART] = m.MafiaRules(bosses=(m.AL, m.DON, m.JOE))


@hookimpl
def beanframe_register_parts(register):
    register(PART, Buildings.empty, Buildings)


@hookimpl
def beanframe_register_positions(register):
    from .position import read_buildings, write_buildings

    register(PART, write_buildings, read_buildings)


@hookimpl
def beanframe_register_actions(register):
    for cls in (*ACTIONS, *play.ACTIONS, *flip.ACTIONS, *pub.ACTIONS):
        register(cls)


@hookimpl
def beanframe_register_steps(register):
    register(setup.StartingCoinsStep())
    for step in purchase.STEPS:
        register(step)
    register(play.PlayStep(), replace=True)  # Casino, Varieté, Nightbar fields
    register(pub.TaxStep(), replace=True)  # Pub 3
    register(flip.FlipStep(), replace=True)  # the stop rule and the Undertakers (F.24)
    for step in end.STEPS:
        register(step)


@hookimpl
def beanframe_register_options(register):
    register.remove("buy_field")  # RULES B: the third field cannot be bought
    register(purchase.PURCHASE)
    register(end.HARVEST, replace=True)  # F.23: the other player sells in the last sales too


@hookimpl
def beanframe_register_phases(pipeline):
    pipeline.add("setup", "starting_coins", setup.phase_starting_coins, title=N_("two hand cards become starting coins"),
                 after="mafia_start")
    pipeline.replace("draw", gas_station.phase_draw)  # Gas Stations


def _p(player: int) -> str:
    return _("player {n}").format(n=player + 1)


@hookimpl
def beanframe_register_events(events):
    # every text is made where it is shown, in the reader's language (card and bean names too)
    def bean(game, b):
        return game.ruleset.config.params["beans"].cards.names[b] if game is not None else _("bean {n}").format(n=b + 1)

    def buy(g, p, c, b, n):
        return ngettext("{player} buys the {card} for {n} {bean} coin", "{player} buys the {card} for {n} {bean} coins", n).format(
            player=_p(p), card=shown_name(CARDS[c]), n=n, bean=bean(g, b))

    events.describe("starting_coin", lambda g, p: _("{player} lays a hand card face down as a starting coin").format(player=_p(p)))
    events.describe(HAND_DISCARD, lambda g, p, b: _("{player} discards {bean} from the hand").format(player=_p(p), bean=bean(g, b)))
    events.describe("buy", buy)
    events.describe("remove_card", lambda g, p, c: _("{player} takes the {card} out of the game").format(
        player=_p(p), card=shown_name(CARDS[c])))
    events.describe("take_coin", lambda g, p, b: _("{player} takes a {bean} coin from the mafia treasury").format(player=_p(p), bean=bean(g, b)))
    events.describe("raid", lambda g, p, c: _("{player} takes the opponent's {card} out of the game").format(
        player=_p(p), card=shown_name(CARDS[c])))
    events.describe("yield_share", lambda g, p, b, c: _("{player} takes a {bean} coin of the boss's yield").format(
        player=_p(p), bean=bean(g, c)))
    events.describe("play_stops", lambda g, n: _("the deck ran out: play stops for the last sales"))
    events.describe("extra_deck", lambda g, n: _("{n} building cards owned (under ten): one more deck").format(n=n))
    events.on("boss_harvest", tax.share_of_yield)
    events.on("run_out", end.on_run_out)


@hookimpl
def beanframe_observation(register, config):
    from .observation import register as observe

    observe(register, config)


@hookimpl
def beanframe_register_bots(register):
    from .bots import VALUES, ProhibohnGreedy

    def factory(seed, ruleset):
        return ProhibohnGreedy(ruleset, seed)

    register("prohibohn", factory, N_("Al Cabohne's greedy bot that also buys buildings, police stations and the razzia"))
    for cls, value in VALUES:  # what Prohibohn's actions are worth to Al Cabohne's greedy bot
        register.action_value(cls, value)
    from .search import search_policy  # Al Cabohne's rollouts, the buildings' points in the evaluation

    register.search_policy(search_policy, replace=True)


@hookimpl
def beanframe_register_renderers(register):
    from .render import buildings_command, explain, render_prohibohn

    register.part(PART, render_prohibohn)
    register.command("buildings", buildings_command, N_("buildings [NAME]: every building card's price and power"))
    register.explain(explain)


@hookimpl
def beanframe_hidden(game, observer):
    """The opponent's face-down starting coins (the coins from sales are known: hidden.py)."""
    from beanframe.beans.hidden import face_down

    part: Buildings = game.part(PART)
    coins = game.part("beans").coins
    return [face_down(coins[p], range(part.face_down[p])) for p in range(game.players) if p != observer]


@hookimpl
def beanframe_score(game, sheet):
    """Buildings (1, 3 or 4; 1-buildings 0 or 4 as RULES B says), police stations and their
    bonus, the razzia (F.9). The coins and the mafia's treasury are Al Cabohne's lines."""
    from .values import score_lines

    part: Buildings = game.part(PART)
    for p in range(game.players):
        for label, value in score_lines(part.owned[p], part.razzia, part.protected, shown=True):
            sheet.add(seat_name(p), label, value)


@hookimpl
def beanframe_game_stats(game):
    """How many cards each player bought (``simulate`` reports the means)."""
    part: Buildings = game.part(PART)
    stats = {"cards bought": float(sum(len(o) for o in part.owned))}
    for i in cards_in_play(game.ruleset.config.params[NAME].pub):
        stats[f"bought {CARDS[i].name}"] = float(any(i in o for o in part.owned))  # the name: keys are not for players
    return stats


@hookimpl
def beanframe_invariants(game):
    from .checks import invariants

    return invariants(game)


@hookimpl
def beanframe_register_web(register):
    from .web import register_web

    register_web(register)
