"""Bohnanza's hooks: what the variant contributes to a composed ruleset (see the package docstring
for the names others build on)."""

from __future__ import annotations

from pathlib import Path

from beanframe.beans import PART as BEANS
from beanframe.beans import ANY_TIME, PROTECTION, BeanRules, BeanTable, one_bean_per_field
from beanframe.beans import options as bean_options
from beanframe.core.hookspecs import hookimpl
from beanframe.core.variant import VariantInfo
from beanframe.i18n import N_

from . import actions, end, hidden
from .draw import phase_draw
from .fields import bohnanza_targets
from .plant import PlantStep, phase_plant
from .plant_traded import PlantTradedStep, phase_plant_traded
from .rules import BASE_CARDS, LARGER_CARDS, NAME, BohnanzaOptions, BohnanzaRules
from .setup import phase_deal
from .trade import actions as trade_actions
from .trade.steps import GiveCopyStep, TradeStep, phase_trade
from .trade.table import PART as TRADE
from .trade.table import TradeTable

VERSION = "1.0.0"
#: the one-line offer's help; its example names a bean as the player sees it (the catalogs give
#: "2 Vuurboon", "2 Feuerbohne"), never by its key
OFFER_HELP = N_("offer p3 give h2 h4 for 2 Chili Bean: make an offer in one line (a bean by name or code, c1-c8 as meter lists them; for nothing: a gift)")


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description=N_("Bohnanza: 3-5 players plant, trade and sell beans"),
        players=(3, 4, 5),
        options=BohnanzaOptions,
    )


@hookimpl
def beanframe_catalogs():
    """This plugin's words in Dutch, French and German (locale/<lang>/LC_MESSAGES/*.mo)."""
    return Path(__file__).resolve().parent / "locale"


@hookimpl
def beanframe_configure(config):
    opts: BohnanzaOptions = config.options[NAME]
    cards = LARGER_CARDS if opts.larger_deck else BASE_CARDS
    config.params["beans"] = BeanRules(
        cards=cards,
        hand_size=5,
        fields=2,
        max_fields=3,
        draw=3,
        reshuffle=True,
        run_out_limit=opts.run_outs,  # F.12: the third run-out ends the game after that turn
        harvest_when=ANY_TIME,  # F.22: harvest at any decision, also outside the own turn
        one_bean_harvest=PROTECTION,  # RULES C: the bean protection rule
        third_field_cost=opts.third_field_cost,
        buy_field_when=ANY_TIME,  # RULES C: "at any time" (F.22)
        plant_targets=bohnanza_targets if opts.same_bean_two_fields else one_bean_per_field,  # F.25
        card_parts=(BEANS, TRADE),  # the trade table holds face-up and received cards
    )
    config.params[NAME] = BohnanzaRules(
        hand_room=cards.total,  # a hand never holds more cards than the game has
        trading=opts.trading,
        offers_per_turn=opts.offers_per_turn,
        cards_per_offer=opts.cards_per_offer,
        tie_break=opts.tie_break,
    )


@hookimpl
def beanframe_validate_config(config):
    problems = []
    rules: BohnanzaRules = config.params[NAME]
    if rules.flip > rules.face_up_room:
        problems.append(f"bohnanza.flip {rules.flip} is more than bohnanza.face_up_room {rules.face_up_room}")
    return problems


@hookimpl
def beanframe_register_parts(register):
    register(BEANS, BeanTable.empty, BeanTable)
    register(TRADE, TradeTable.empty, TradeTable)


@hookimpl
def beanframe_register_positions(register):
    from beanframe.beans.position import register_table

    from .position import check_offers, read_trade, write_trade

    register_table(register)
    register(TRADE, write_trade, read_trade, complete=check_offers)


@hookimpl
def beanframe_register_actions(register):
    for cls in (*actions.ALL, *trade_actions.ALL, bean_options.Harvest, bean_options.BuyField):
        register(cls)


@hookimpl
def beanframe_register_steps(register):
    register(PlantStep())
    register(TradeStep())
    register(GiveCopyStep())
    register(PlantTradedStep())


@hookimpl
def beanframe_register_options(register):
    register(bean_options.HARVEST_OPTION)
    register(bean_options.BUY_FIELD_OPTION)


@hookimpl
def beanframe_register_phases(pipeline):
    # titles give the effective parameters (a house rule may have changed them)
    beans, own = pipeline.config.params["beans"], pipeline.config.params[NAME]
    pipeline.add("setup", "deal", phase_deal, title=f"shuffle and deal {beans.hand_size} cards each")
    pipeline.add("turn", "plant", phase_plant, title=N_("plant from the hand"), number=1)
    trade = "and trade" if own.trading else "(no trading)"
    pipeline.add("turn", "trade", phase_trade, title=f"turn up {own.flip} cards {trade}", number=2)
    pipeline.add("turn", "plant_traded", phase_plant_traded, title=N_("plant traded beans"), number=3)
    pipeline.add("turn", "draw", phase_draw, title=f"draw {beans.draw} cards", number=4)
    pipeline.add("end", "final_harvest", end.phase_final_harvest, title=N_("everyone sells every field"))


#: the titles above as the rulebook's numbers make them (a title is shown in the reader's language
#: where the catalogs have it: a house rule's other numbers show in English)
TITLES = (
    N_("shuffle and deal 5 cards each"),
    N_("turn up 2 cards and trade"),
    N_("turn up 2 cards (no trading)"),
    N_("draw 3 cards"),
)


@hookimpl
def beanframe_register_events(events):
    from .events import register_events

    register_events(events)


@hookimpl
def beanframe_register_bots(register):
    from .bots import register_bots

    register_bots(register)


@hookimpl
def beanframe_register_renderers(register):
    from beanframe.beans.render import bean_label, meter_command, render_beans

    from .commands import accept_line, offer_line
    from .explain import explain
    from .sitout import HELP as SIT_OUT_HELP
    from .sitout import sit_out
    from .render import offers_command, render_trade

    register.part(BEANS, render_beans)
    register.part(TRADE, render_trade)
    register.command("meter", meter_command, N_("meter [BEAN]: every bean's bean-o-meter (cards for 1-4 coins)"))
    register.command("offers", offers_command, N_("offers: the face-up cards, cards set aside and open offers"))
    register.line_command("offer", offer_line, OFFER_HELP)
    register.line_command("accept", accept_line, N_("accept o1 h3 h5: accept an offer, giving hand cards 3 and 5 of the beans asked"))
    register.label(trade_actions.Ask, bean_label)
    register.explain(explain)
    register.sit_out("trade", sit_out, SIT_OUT_HELP)
    register.label(actions.PlantTraded, bean_label)


@hookimpl
def beanframe_score(game, sheet):
    end.score(game, sheet)


@hookimpl
def beanframe_winners(game, sheet):
    return end.winners(game, sheet)


@hookimpl
def beanframe_game_stats(game):
    """``simulate`` reports the means: trades (accepted offers) per game."""
    return {"trades": float(game.state.parts[TRADE].trades)}


@hookimpl
def beanframe_observation(register, config):
    """The bean table's segments of the observation vector (the bean family's), then the trade
    part's ``trade.*`` (face-up cards, set-aside cards, open offers in public terms, caps left;
    trade/observation.py)."""
    from beanframe.beans.observation import register_bean_table

    from .trade.observation import register_trade

    register_bean_table(register, config)
    register_trade(register, config)


@hookimpl
def beanframe_hidden(game, observer):
    """The deck and the other hands are hidden; beans named in open offers stay (hidden.py)."""
    return hidden.hidden_zones(game, observer)


@hookimpl
def beanframe_determinize(game, observer, rng):
    """Other hands in a random order, their offers and drafts following their cards (hidden.py)."""
    hidden.determinize(game, observer, rng)


@hookimpl
def beanframe_register_checks(register):
    from beanframe.beans.conformance import register_checks

    register_checks(register, BEANS)


@hookimpl
def beanframe_invariants(game):
    from .checks import invariants

    return invariants(game)


@hookimpl
def beanframe_register_web(register):
    from beanframe.beans.web import register_web

    register_web(register)
