"""Every text a Bohnanza or Bohnaparte player reads, made in a language (issue 29), for the
language tests of both plugins: the labels of every decider's legal actions (their own wording and
the others'), the prompt, every player's log, the board as each player sees it (the parts'
renderers, full and folded), the bean-o-meter, the ``why`` answers and the one-line command help.

:func:`problems` names what is wrong with such texts in Dutch, French or German: a message the
catalogs lack (``beanframe.i18n.missing()``), a rule reference, an internal key."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

from rich.console import Console

from beanframe.core.present import Fold, explain, label, presentation
from beanframe.i18n import _, clear_missing, language, missing

#: what no player may read in any language: rule references and the beans' internal keys
RULE_REFERENCE = re.compile(r"\bF\.\d+|\bRULES\b")
BEAN_KEYS = re.compile(r"\b(blue|fire|broad|green|soy|blackeyed|red|garden|coffee|wax)\b")
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def rendered(items: list) -> Iterator[str]:
    """The plain text of a part renderer's output: every Fold drawn full and folded."""
    console = Console(file=io.StringIO(), width=100, color_system=None)
    for item in items:
        for shown in (item.full, item.brief) if isinstance(item, Fold) else (item,):
            if shown is None:
                continue
            if isinstance(shown, str):
                yield shown
                continue
            with console.capture() as capture:
                console.print(shown)
            yield capture.get()


def texts(game, include_log: bool = True) -> list[str]:
    """Every text of ``game`` at this moment in the current language (see the module)."""
    present = presentation(game.ruleset)
    out = [game.prompt()] if not game.is_over else []
    for player in game.deciders if not game.is_over else ():
        for action in game.legal_actions(player):
            out += [game.describe(action, player), action.describe_public(game), str(action), label(game, player, action)]
            for other in range(game.players):
                out.append(game.describe_for(action, other, player))
                why = explain(game, other, action)  # an accept or withdraw asked by the wrong player
                if why:
                    out.append(why)
    for player in range(game.players):
        view = game.view(player)
        for part, draw in present.parts.items():
            if part in view.parts:
                out += rendered(draw(view[part], view, None))
        if include_log:
            out += game.log_for(player)
    meter, _help = present.commands["meter"]
    out += rendered(meter(game, 0, ""))
    out += [_(text) for _fn, text in present.line_commands.values()]
    out += [_(text) for _fn, text in present.commands.values()]
    return out


def problems(found: list[str], lang: str) -> list[str]:
    """What is wrong with ``found`` (texts made in ``lang``)."""
    bad = [f"no {lang} catalog entry: {message!r}" for code, message in sorted(missing()) if code == lang]
    for text in found:
        if RULE_REFERENCE.search(text):
            bad.append(f"a rule reference: {text!r}")
        if SNAKE_CASE.search(text):
            bad.append(f"an internal key: {text!r}")
        if lang != "en" and BEAN_KEYS.search(text):
            bad.append(f"a bean's key: {text!r}")
    return bad


#: the codes that move a turn on (``hurry``: chosen first that often, so the game gets past trading)
ONWARD = frozenset(("pass", "end-trading", "stop-attacking"))


def random_play(game, seed: int, steps: int, every: int, langs=("nl", "fr", "de"), hurry: float = 0.0) -> dict[str, list[str]]:
    """Play ``game`` at random (any decider, any legal action; with probability ``hurry`` a pass
    or an end of trading when there is one) for up to ``steps`` decisions, checking the texts in
    every language of ``langs`` every ``every`` decisions and at the end. Returns the problems
    found, by language."""
    rng = random.Random(seed)
    found: dict[str, list[str]] = {lang: [] for lang in langs}
    clear_missing()

    def check(include_log: bool) -> None:
        for lang in langs:
            with language(lang):
                made = texts(game, include_log)
                found[lang] += problems(made, lang)
                clear_missing()

    for step in range(steps):
        if game.is_over:
            break
        if step % every == 0:
            check(include_log=step % (every * 4) == 0)
        player = rng.choice(list(game.deciders))
        legal = game.legal_actions(player)
        onward = [a for a in legal if a.code in ONWARD and a.code != "stop-attacking"]
        game.apply(rng.choice(onward if onward and rng.random() < hurry else legal), player)
    check(include_log=True)
    return {lang: sorted(set(p))[:20] for lang, p in found.items()}
