"""What front ends (the command line) show of a game, contributed by plugins.

The core knows no game, and neither does the CLI: a plugin that registers a state part also says how
to draw it, which extra commands a player may type (Al Cabohne's ``meter``), which one-line commands
stand for several actions (Bohnanza's ``offer p3 give h2 h4 for 2 fire``) and why an action is not
possible now. Plugins contribute through the hook ``beanframe_register_renderers(register)``,
called one plugin at a time in dependency order, once per ruleset and only when a front end asks
(:func:`presentation`): never during play, so a headless simulation pays nothing.

What a renderer returns is up to the front end; the CLI prints anything rich can print (strings,
``rich`` tables and texts). The core never imports rich.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from beanframe.core.actions import shorten
from beanframe.core.compose import call_in_order
from beanframe.core.determinize import hidden_zones, unknown_positions
from beanframe.errors import BeanframeError, ConfigError, IllegalActionError
from beanframe.i18n import N_, _

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset

# part renderer: fn(part_view, view, seats) -> list of renderables; seats may be None
PartRenderer = Callable[[Any, Any, Any], list]
# command: fn(game, player, arg) -> list of renderables (player: who typed it, None: a spectator)
Command = Callable[[Any, Any, str], list]
# line command: fn(game, player, arg) -> the actions (or their codes) the typed line stands for, in
# order; ValueError or a BeanframeError with a one-line message when the line makes no sense
LineCommand = Callable[[Any, int, str], Sequence[Any]]
# explainer: fn(game, player, action) -> why ``action`` (None: the choice the player looks for)
# is not possible now, or None when this plugin has nothing to say
Explainer = Callable[[Any, Any, Any], "str | None"]
# label: fn(game, player, action) -> the few words a compact list of choices shows beside the code
# (what its parameters stand for where the table does not show it: "ask c3" -> "Feuerbohne")
Label = Callable[[Any, Any, Any], str]
# sit-out: fn(game, player) -> the action taken for a player who sits out the rest of this decision,
# or None when something needs the player (an offer made to them): they are asked again
SitOut = Callable[[Any, int], Any]


class Fold:
    """A block of a part's drawing that a front end may shorten when the screen is small.

    A part renderer may return Folds among its renderables: ``full`` is drawn when there is room,
    ``brief`` (a shorter renderable, a further Fold, or None: nothing) when there is not; a front
    end folds the lowest ``rank`` first and never folds what the player must see to decide (their
    hand, the subject of the choice: leave those unfolded). A front end that knows nothing of
    folds draws ``full``: rich calls ``__rich__``. The core never imports rich: ``full`` and
    ``brief`` are whatever the renderer made."""

    __slots__ = ("brief", "full", "rank")

    def __init__(self, full: Any, brief: Any = None, rank: int = 0) -> None:
        self.full = full
        self.brief = brief
        self.rank = rank

    def __rich__(self) -> Any:
        return self.full

    def __repr__(self) -> str:
        return f"Fold(rank={self.rank})"


class RendererRegistry:
    """What ``beanframe_register_renderers`` receives: ``register.part(name, fn)``,
    ``register.command(name, fn, help)``, ``register.line_command(name, fn, help)``,
    ``register.explain(fn)``, ``register.label(cls, fn)``, ``register.sit_out(kind, fn, help)``."""

    def __init__(self) -> None:
        self.variant = ""
        self.parts: dict[str, PartRenderer] = {}
        self.commands: dict[str, tuple[Command, str]] = {}
        self.line_commands: dict[str, tuple[LineCommand, str]] = {}
        self.explainers: list[Explainer] = []
        self.labels: dict[type, Label] = {}
        self.sit_outs: dict[str, tuple[SitOut, str]] = {}

    def part(self, name: str, renderer: PartRenderer, replace: bool = False) -> None:
        """Draw the state part ``name`` (its view) with ``renderer``; a later variant may
        ``replace`` the renderer of a part a requirement registered."""
        if name in self.parts and not replace:
            raise ConfigError(f"{self.variant}: a renderer for part {shorten(name)} is registered twice (use replace=True)")
        self.parts[name] = renderer

    def command(self, name: str, fn: Command, help: str) -> None:
        """An extra command a player may type at a decision (``help`` is its one-line text, in
        English, marked ``N_("...")``: the registry is made once per ruleset, so the help is
        translated where it is shown, in each reader's language)."""
        self._check_name(name)
        self.commands[name] = (fn, help)

    def line_command(self, name: str, fn: LineCommand, help: str) -> None:
        """A command a player types in one line that stands for several actions
        (``fn(game, player, arg)`` returns them, or their codes, in order): the front end checks
        the whole sequence on a copy of the game (:func:`check_line`) before it applies any."""
        self._check_name(name)
        self.line_commands[name] = (fn, help)

    def _check_name(self, name: str) -> None:
        if not name.isidentifier() or name in self.commands or name in self.line_commands:
            raise ConfigError(f"{self.variant}: bad or duplicate front-end command {shorten(name)}")

    def explain(self, fn: Explainer) -> None:
        """Say why an action is not legal now (the first explainer that answers is shown)."""
        self.explainers.append(fn)

    def label(self, cls: type, fn: Label) -> None:
        """Name in a few words what an action of class ``cls`` stands for where a compact list
        of choices shows only codes (``fn(game, player, action)``: "Feuerbohne" for ``ask c3``,
        "200 piasters" for a price level). A later variant's label replaces an earlier one's."""
        self.labels[cls] = fn

    def sit_out(self, kind: str, fn: SitOut, help: str) -> None:
        """Let a player at the terminal sit out the rest of a ``kind`` decision (a trade): the
        front end then takes ``fn(game, player)`` for them whenever they are asked again in it,
        until it returns None (something needs them: they are asked as usual). ``help`` says
        what sitting out does."""
        if kind in self.sit_outs:
            raise ConfigError(f"{self.variant}: sitting out a {shorten(kind)} decision is registered twice")
        self.sit_outs[kind] = (fn, help)


def presentation(ruleset: Ruleset) -> RendererRegistry:
    """The renderers, commands and explainers of ``ruleset``'s plugins (collected once, kept on the
    ruleset)."""
    found = ruleset.presentation
    if found is None:
        found = RendererRegistry()
        call_in_order(ruleset.pm, ruleset.plugin_order, "beanframe_register_renderers", found, register=found)
        ruleset.presentation = found
    return found


def explain(game: Game, player: int | None, action: Any) -> str | None:
    """The plugins' reason why ``action`` is not possible for ``player`` now, if one has one."""
    for fn in presentation(game.ruleset).explainers:
        reason = fn(game, player, action)
        if reason:
            return reason
    return None


def label(game: Game, player: int | None, action: Any) -> str:
    """The plugin's few words for ``action`` in a compact list of choices ("Feuerbohne" for
    ``ask c2``; ``register.label``), or "" when it has none (or its label fails)."""
    fn = presentation(game.ruleset).labels.get(type(action))
    if fn is None:
        return ""
    try:
        return " ".join(str(fn(game, player, action)).split())
    except Exception:  # noqa: BLE001 - a plugin's label must not end the game or fail a request
        return ""


def check_line(game: Game, player: int, steps: Sequence[Any]) -> list[Any]:
    """The actions ``steps`` (actions or codes) stand for, each checked legal for ``player`` after
    the ones before it, on a clone: the game itself is untouched. IllegalActionError naming the
    step that fails and why; the caller then applies the returned actions in order (the rules are
    deterministic given the state, so they succeed on the game as they did on the clone).

    A line stays within the decision it starts in, or goes on into a follow-up decision of the
    same player that the game stacks on it right after (F.27's copies to give after ``accept``):
    the line's decision is still on the stack below, ``player`` decides on top. A step that ends
    the decision, draws chance or turns up a hidden card ends the line: a line that went on past
    a draw or a flip would let a refused line reveal the drawn cards without the player
    committing to anything."""
    if not steps:
        raise IllegalActionError(_("the line stands for no action"))
    trial = game.clone()
    depth = len(trial.state.stack)
    kind = trial.frame.kind if trial.frame is not None else None
    out = []
    n = len(steps)
    chance = unseen = 0  # before the step just applied
    for i, step in enumerate(steps, 1):
        where = _("step {i} of {n}").format(i=i, n=n) if n > 1 else _("the action")
        try:
            action = trial.ruleset.actions.coerce(step)
        except BeanframeError as exc:
            raise IllegalActionError(_("{where}: {problem}").format(where=where, problem=exc)) from None
        if i > 1:
            stop = _stop_after(trial, player, depth, kind, chance, unseen)
            if stop:
                raise IllegalActionError(_("{where} ({code}): step {i} {stop}, so a line stops there").format(where=where, code=action.code, i=i - 1, stop=_(stop)))
        if trial.is_over or player not in trial.deciders or action not in trial.legal_actions(player):
            try:
                reason = None if trial.is_over else explain(trial, player, action)
            except Exception:  # noqa: BLE001 - a plugin's explanation must not hide the refusal
                reason = None
            if reason is None:
                reason = _("the game is over") if trial.is_over else _("the decision then is: {prompt}").format(prompt=trial.prompt())
            raise IllegalActionError(_("{where} ({code}) is not possible: {reason}").format(where=where, code=action.code, reason=reason))
        chance, unseen = trial.state.chance, (_unseen(trial, player) if i < n else 0)
        trial.apply(action, player)
        out.append(action)
    return out


def _stop_after(trial: Game, player: int, depth: int, kind: str | None, chance: int, unseen: int) -> str | None:
    """Why a line cannot go on after the step just applied on ``trial`` (None: it can): the
    line's decision (``kind``, ``depth`` frames deep) must still be asked of ``player``, or lie
    below a follow-up decision of theirs, and the step must have told them nothing hidden."""
    stack = trial.state.stack
    same = len(stack) == depth and stack[-1].kind == kind
    follow_up = len(stack) > depth and depth > 0 and stack[depth - 1].kind == kind
    if trial.is_over or not (same or follow_up) or player not in trial.deciders:
        return N_("ends the decision")
    if trial.state.chance != chance:
        return N_("draws chance")
    if _unseen(trial, player) < unseen:
        return N_("turns up a hidden card")
    return None


def _unseen(game: Game, player: int) -> int:
    """How many cards ``player`` cannot see (the unknown positions of the hidden zones): fewer
    after a step means the step showed them one."""
    return unknown_positions(hidden_zones(game, player))
