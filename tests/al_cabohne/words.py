"""Reading a random game of Al Cabohne (and Prohibohn) in every language (issue 29): everything
these plugins put before a player, collected per language, and the checks every text must pass.

``read_game`` plays random legal actions and reads, in each language at every decision, what
each player is shown by these plugins: the labels of the legal actions (the decider's own words,
the others' public form), the prompt, the mafia and the buildings on the board, the ``buildings``
command, the ``why`` answers (the plugins' explainers, for a sample of actions), and at the end
each player's log. ``beanframe.i18n.missing()`` then names every message no catalog translated.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterable, Sequence

from rich.console import Console

import beanframe
from beanframe.i18n import _, clear_missing, language, missing
from beanframe_plugins.al_cabohne import actions as AA
from beanframe_plugins.al_cabohne.render import explain as explain_al_cabohne
from beanframe_plugins.al_cabohne.render import render_mafia

LANGUAGES = ("nl", "fr", "de")
#: rule references and internal keys, which no text a player reads may hold
RULE_REFERENCE = re.compile(r"\bF\.\d+|\bRULES\b")
BEAN_KEYS = ("blue", "kidney", "fire", "puff", "broad", "french", "runner", "cognac")
CARD_KEYS = r"\b(?:casino|undertaker|restaurant|nightbar|gas_station|variete|pub|police)[134]\b"
INTERNAL = re.compile(r"\b(?:" + "|".join(BEAN_KEYS) + r")\b|\b[a-z]+_[a-z_]+\b|" + CARD_KEYS)
#: action modules whose words are these plugins' own (the bean family's actions are not)
OWN_MODULES = ("beanframe_plugins.al_cabohne", "beanframe_plugins.prohibohn")


def _printed(items: Iterable) -> str:
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    for item in items:
        console.print(getattr(item, "full", item))  # a Fold: its full form
    return out.getvalue()


def _own(action) -> bool:
    return type(action).__module__.startswith(OWN_MODULES)


def _samples(game) -> list:
    """Actions to ask ``why`` about: every kind these plugins explain, legal or not."""
    out = [*AA.PLANT_PILE[0], *AA.GIVE_PILE[0], AA.GIFT[0][0], AA.GIFT[9][1], AA.DONE, *AA.HARVEST, AA.BUY_FIELD,
           *AA.PLANT_FRONT[:3], AA.PLANT_PILE[2][0]]
    if "prohibohn" in game.ruleset.config.params:
        from beanframe_plugins.prohibohn import actions as PA

        out += [*PA.BUY[:3], PA.BUY[21], PA.RAZZIA[0], PA.RAZZIA[3]]
    return out


def read_now(game, texts: dict[str, list[str]]) -> None:
    """What every player is shown now, in each language, added to ``texts[lang]``."""
    pub = "prohibohn" in game.ruleset.config.params
    deciders = game.deciders
    legal = {p: game.legal_actions(p) for p in deciders}
    for lang in LANGUAGES:
        with language(lang):
            said = texts[lang]
            for actor, actions in legal.items():
                for action in actions:
                    if not _own(action):
                        continue
                    for observer in range(game.players):
                        said.append(game.describe_for(action, observer, actor))
                frame = game.state.stack[-1] if game.state.stack else None
                if frame is not None and type(game.ruleset.steps[frame.kind]).__module__.startswith(OWN_MODULES):
                    said.append(game.prompt())
            for player in range(game.players):
                view = game.view(player)
                said.append(_printed(render_mafia(view["mafia"], view, None)))
                if pub:
                    from beanframe_plugins.prohibohn.render import buildings_command, render_prohibohn

                    said.append(_printed(render_prohibohn(view["prohibohn"], view, ("Ann", "Bob"))))
                for action in _samples(game):
                    said.append(explain_al_cabohne(game, player, action) or "")
                    if pub:
                        from beanframe_plugins.prohibohn.render import explain as explain_prohibohn

                        said.append(explain_prohibohn(game, player, action) or "")
                said.append(explain_al_cabohne(game, player, None) or "")
            if pub:
                said.append(_printed(buildings_command(game, 0, "")))


def read_game(variants: Sequence[str], players: int, seed: int, options: dict | None = None,
              steps: int = 400, every: int = 3) -> dict[str, list[str]]:
    """Play ``steps`` random actions (or to the end) and read the game every ``every`` actions,
    then each player's whole log, in every language."""
    clear_missing()
    game = beanframe.new_game(list(variants), players, seed=seed, options=options)
    rng = random.Random(seed)
    texts: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    for step in range(steps):
        if game.is_over:
            break
        if step % every == 0:
            read_now(game, texts)
        player = rng.choice(game.deciders)
        game.apply(rng.choice(game.legal_actions(player)), player)
    read_now(game, texts)
    for lang in LANGUAGES:
        with language(lang):
            for player in range(players):
                texts[lang].extend(game.log_for(player))
            texts[lang].append(game.prompt() if not game.is_over else "")
    return texts


def words_of_the_plugins(ruleset, *plugins) -> list[str]:
    """The texts these plugins register once, in each language (they are translated where shown):
    the variants' descriptions, the options' help, the phases' titles, the bots' descriptions, the
    commands' help and the mafia's seat title."""
    import attrs

    from beanframe.core.compose import variant_info
    from beanframe.core.present import presentation

    own = {variant_info(plugin).name for plugin in plugins}
    texts = []
    for plugin in plugins:
        info = variant_info(plugin)
        texts.append(info.description)
        if info.options is not None:
            texts += [f.metadata["help"] for f in attrs.fields(info.options) if "help" in f.metadata]
    texts += [phase.title for stage in ruleset.stages for phase in stage if phase.variant in own and phase.title]
    texts += [spec.description for spec in ruleset.bots.values() if spec.variant in own]
    texts += [helptext for _fn, helptext in presentation(ruleset).commands.values()]
    texts += list(ruleset.seat_titles.values())
    out = []
    for lang in LANGUAGES:
        with language(lang):
            out += [_(t) for t in texts]
    return out


def problems(texts: dict[str, list[str]]) -> list[str]:
    """Every text that names a rule or an internal key, and every message left untranslated."""
    found = [f"{lang}: untranslated {msg!r}" for lang, msg in sorted(missing())]
    for lang, said in texts.items():
        for text in said:
            if RULE_REFERENCE.search(text):
                found.append(f"{lang}: a rule reference in {text!r}")
            hit = INTERNAL.search(text)
            if hit:
                found.append(f"{lang}: an internal key {hit.group()!r} in {text!r}")
    return found
