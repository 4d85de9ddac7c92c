"""Bohnaparte's hooks (see the package docstring for the contract)."""

from __future__ import annotations

from pathlib import Path

import attrs

from beanframe.core.actions import shorten
from beanframe.core.hookspecs import hookimpl
from beanframe.core.variant import Flag, VariantInfo
from beanframe.errors import ConfigError
from beanframe.i18n import N_, _

from . import actions, end, hidden
from .attack.steps import AttackCardStep, AttackStep, DefendCardStep, FightStep, TroopStep, on_run_out, phase_attack
from .board import PART, Board
from .depot import BUY_DEPOT_OPTION, DepotPlantStep, DepotPlantTradedStep
from .fortress import FORTRESS_OPTION
from .layout import LayoutError, load_layout, shipped
from .riders import MERCHANT_OPTION, MerchantPickStep, phase_rider_draw
from .rules import NAME, BohnaparteOptions, BohnaparteRules, layout_name, rules_of
from .setup import ChooseCampStep, phase_board, phase_choose_camps
from .turn import PHASE_NUMBERS, phase_monastery, phase_refresh_riders, turn_titles, wrap_draw, wrap_trade

VERSION = "0.1.0"


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description=N_("Bohnaparte: the territory war on top of Bohnanza (3-6 players)"),
        requires=("bohnanza",),
        players=(3, 4, 5, 6),
        options=BohnaparteOptions,
        flags=(Flag("--layout", "layout_file", N_("a layout file of one's own (TOML; see the shipped layouts)"), "FILE"),),
    )


@hookimpl
def beanframe_catalogs():
    """This plugin's words in Dutch, French and German (locale/<lang>/LC_MESSAGES/*.mo)."""
    return Path(__file__).resolve().parent / "locale"


@hookimpl
def beanframe_configure(config):
    opts: BohnaparteOptions = config.options[NAME]
    try:
        layout = load_layout(opts.layout_file) if opts.layout_file else shipped(layout_name(config.players, opts))
    except LayoutError as exc:
        raise ConfigError(str(exc)) from None
    if layout.players != config.players:
        raise ConfigError(_("layout {layout} is for {n} players, not {players}").format(layout=shorten(layout.name), n=layout.players, players=config.players))
    if (layout.variant == "riders") != opts.riders:
        if layout.variant == "riders":
            raise ConfigError(_("layout {layout} is for the rider variant (riders=true)").format(layout=shorten(layout.name)))
        raise ConfigError(_("layout {layout} is for the base game, not the rider variant").format(layout=shorten(layout.name)))
    if opts.layout in ("pyramid5", "pyramid6") and config.players != 3:
        raise ConfigError(_("the {layout} layout is for 3 players, not {players}").format(layout=opts.layout, players=config.players))
    config.params[NAME] = BohnaparteRules(
        layout=layout,
        random_layout=opts.layout == "random",
        camp_vp=opts.camp_vp,
        depot_capacity=config.players,  # RULES D "Munitions depot": as many cards as players
        riders=opts.riders,
    )
    # records are replaced with changed copies, never edited in place (docs/plugins.md 4.1)
    beans = config.params["beans"]
    config.params["beans"] = attrs.evolve(
        beans,
        run_out_limit=opts.deck_runs,  # RULES D "Game end": the 4th run-out (variants 3, 5)
        max_fields=2,  # no third field
        card_parts=(*beans.card_parts, PART),  # depots, merchants and fight cards hold beans
    )
    farms = sum(layout.card(i).extra_flips for i in range(len(layout.kinds)))
    bohnanza = config.params["bohnanza"]
    config.params["bohnanza"] = attrs.evolve(bohnanza, face_up_room=max(bohnanza.face_up_room, bohnanza.flip + farms))


@hookimpl
def beanframe_register_parts(register):
    register(PART, Board.empty, Board)


@hookimpl
def beanframe_register_positions(register):
    from .position import read_board, write_board

    register(PART, write_board, read_board)


@hookimpl
def beanframe_register_actions(register):
    for cls in actions.ALL:
        register(cls)


@hookimpl
def beanframe_register_steps(register):
    register(DepotPlantStep(), replace=True)
    register(DepotPlantTradedStep(), replace=True)
    for step in (ChooseCampStep(), AttackStep(), TroopStep(), AttackCardStep(), DefendCardStep(), FightStep(), MerchantPickStep()):
        register(step)


@hookimpl
def beanframe_register_options(register):
    register.remove("buy_field")  # RULES D: the third bean field is not used
    register(BUY_DEPOT_OPTION)
    register(FORTRESS_OPTION)
    register(MERCHANT_OPTION)


def _no_riders(game) -> bool:
    return not rules_of(game).riders


def _riders(game) -> bool:
    return rules_of(game).riders


@hookimpl
def beanframe_register_phases(pipeline):
    pipeline.add("setup", "board", phase_board, title=N_("lay the landscape cards"), after="deal")
    pipeline.add("setup", "choose_camps", phase_choose_camps, title=N_("choose army camps"), after="board")
    riders = pipeline.config.params[NAME].riders
    titles = turn_titles(riders, pipeline.config.params["bohnanza"].flip, pipeline.config.params["beans"].draw)
    pipeline.add("turn", "refresh_riders", phase_refresh_riders, title=titles["refresh_riders"], before="plant", skip=_no_riders)
    pipeline.add("turn", "monastery", phase_monastery, title=titles["monastery"], before="plant")
    pipeline.add("turn", "attack", phase_attack, title=titles["attack"], number=4, after="plant_traded")
    pipeline.wrap("trade", wrap_trade)
    pipeline.wrap("draw", _draw)
    # the rulebook's five phases ("De speelbeurt ... bestaat uit de volgende vijf fases"): the
    # attack is phase 4, so Bohnanza's draw is phase 5 here
    for name, number in PHASE_NUMBERS.items():
        pipeline.relabel(name, number=number, title=titles[name])


def _draw(game, inner) -> None:
    if rules_of(game).riders:
        phase_rider_draw(game)
    else:
        wrap_draw(game, inner)


@hookimpl
def beanframe_register_events(events):
    from .events import register_events

    register_events(events)
    events.on("run_out", on_run_out)


@hookimpl
def beanframe_register_bots(register):
    from .bots import register_bots

    register_bots(register)


@hookimpl
def beanframe_register_renderers(register):
    from beanframe.beans.render import bean_label

    from . import actions as A
    from .render import landscape_label, render_board

    register.part(PART, render_board)
    for cls in (A.ChooseCamp, A.Attack, A.Ride, A.BuildFortress):
        register.label(cls, landscape_label)
    register.label(A.DepotTraded, bean_label)


@hookimpl
def beanframe_observation(register, config):
    """The board and the war as segments of the observation vector (observation.py documents the
    layout); Bohnanza registers the bean table's."""
    from .observation import register as observe

    observe(register, config)


@hookimpl
def beanframe_score(game, sheet):
    end.score(game, sheet)


@hookimpl
def beanframe_winners(game, sheet):
    return end.winners(game, sheet)


@hookimpl
def beanframe_game_stats(game):
    board = game.state.parts[PART]
    return {"attacks": float(board.attacks), "conquests": float(board.conquests)}


@hookimpl
def beanframe_hidden(game, observer):
    return hidden.hidden_zones(game, observer)


@hookimpl
def beanframe_invariants(game):
    from .board import invariants

    return invariants(game)


@hookimpl
def beanframe_register_web(register):
    register.module("beanframe_plugins.bohnaparte", "static/board.js")
    register.style("beanframe_plugins.bohnaparte", "static/board.css")
    register.data("bohnaparte", price_data)


def price_data(ruleset):
    """What Bohnaparte's buildings and camps cost and are worth (public rule data: a decision to
    build needs the price, issue 26 §1)."""
    from .rules import NAME

    rules = ruleset.config.params[NAME]
    return {"prices": {"fortress": rules.fortress_price, "depot": rules.depot_price, "merchant": rules.merchant_price,
                       "attack": rules.attack_cost}, "camp_vp": rules.camp_vp}  # fmt: skip
