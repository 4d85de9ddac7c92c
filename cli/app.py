"""The ``beanframe`` command: the typer app is built here, from one thin module per command.

User mistakes (a :class:`~beanframe.errors.BeanframeError`, an unreadable file, a bad TOML file,
a bad command-line value) are turned into one line ``error: ...`` on stderr and exit code 2, in
one place: :meth:`BeanframeGroup.invoke`. Anything else (a crashing bot or plugin, a bug) is one
line and exit code 1; ``beanframe --debug ...`` (or ``BEANFRAME_DEBUG=1``) shows the traceback.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import os
import tomllib
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

import beanframe
from beanframe.core.actions import clip
from beanframe.errors import BeanframeError, PositionError
from beanframe.i18n import N_, _, choose, set_language
from beanframe.simulate import BotFailure

from .commands import agent, bot, join, mcp, new_plugin, play, plugins, position, replay, rules, serve, simulate, tournament, variants
from .config import remember_plugin_args, use_plugin_files
from .flags import FlagsCommand
from .helpwords import HelpCommand, TranslatedHelp

try:  # typer >= 0.22 vendors click
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.exceptions import UsageError

USER_ERROR = 2


def fail(message: str) -> NoReturn:
    """Print ``error: message`` (one line, of a few hundred characters at most) on stderr and exit
    with code 2."""
    line = clip(" ".join(str(message).split()), 380) or _("unknown problem")
    typer.echo(_("error: {problem}").format(problem=line), err=True)
    raise typer.Exit(USER_ERROR)


def fail_each(problems: list[str]) -> NoReturn:
    """Print ``error: problem`` for each problem (one line each) and exit with code 2."""
    for problem in problems:
        line = " ".join(str(problem).split()) or _("unknown problem")
        typer.echo(_("error: {problem}").format(problem=line), err=True)
    raise typer.Exit(USER_ERROR)


def describe_os_error(exc: OSError) -> str:
    reason = exc.strerror or clip(str(exc), 200)
    if exc.filename is not None:
        return _("cannot open {file}: {reason}").format(file=clip(str(exc.filename)), reason=reason)
    return reason


class BeanframeGroup(TranslatedHelp, TyperGroup):
    """The command group; its ``invoke`` parses and runs the sub-command, so it is the one place
    where user errors become one line and exit code 2."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # beanframe --lang de --help: the help is drawn while parsing, before the callback runs
        with contextlib.suppress(ValueError):  # an unknown language is reported by the callback
            set_language(choose(asked_language(args)))
        # --plugin FILE works before or after any command's name: taken out here, loaded in invoke
        try:
            return super().parse_args(ctx, remember_plugin_args(ctx, args))
        except BeanframeError as exc:  # --plugin without a file
            fail(str(exc))
        except UsageError as exc:  # beanframe --nosuchflag: one line, as for every other mistake
            usage_error(exc)

    def invoke(self, ctx: Any) -> Any:
        try:
            use_plugin_files(ctx)
            return super().invoke(ctx)
        except PositionError as exc:
            fail_each(exc.problems)
        except BeanframeError as exc:
            fail(str(exc))
        except tomllib.TOMLDecodeError as exc:
            fail(_("not valid TOML: {problem}").format(problem=exc))
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # output closed early (| head): typer handles it
                raise
            fail(describe_os_error(exc))
        except UsageError as exc:
            usage_error(exc)
        except KeyboardInterrupt:
            typer.echo(_("interrupted"), err=True)
            raise typer.Exit(130) from None
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except Exception as exc:
            if _state["debug"] or os.environ.get("BEANFRAME_DEBUG"):
                raise
            crash(exc)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        _state["debug"] = False  # one invocation at a time (tests invoke the app many times)
        # a context of its own: --lang holds for this invocation only (tests invoke the app many
        # times in one thread; the language must not outlive the command)
        return contextvars.copy_context().run(super().main, *args, **kwargs)


def usage_error(exc: UsageError) -> NoReturn:
    """A command-line mistake (unknown option or command, a missing or bad value) as one line."""
    if type(exc).__name__ == "NoArgsIsHelpError":  # plain "beanframe": the help, as asked
        raise exc
    where = exc.ctx.command_path if exc.ctx is not None else "beanframe"
    fail(_("{problem} (see: {command} --help)").format(problem=clip(exc.format_message(), 200), command=where))


UNEXPECTED = 1
_state = {"debug": False}


def crash(exc: BaseException) -> NoReturn:
    """An unexpected error as one line on stderr, exit code 1."""
    text = " ".join(str(exc).split())
    if len(text) > 300:
        text = text[:297] + "..."
    if isinstance(exc, BotFailure):
        line = _("error: {problem}").format(problem=text)
    elif text:
        line = _("error: unexpected {kind}: {problem}").format(kind=type(exc).__name__, problem=text)
    else:
        line = _("error: unexpected {kind}").format(kind=type(exc).__name__)
    typer.echo(_("{line} (run beanframe --debug ... for the traceback)").format(line=line), err=True)
    raise typer.Exit(UNEXPECTED)


app = typer.Typer(
    name="beanframe",
    cls=BeanframeGroup,
    help=N_("Play, inspect and simulate Uwe Rosenberg's bean games."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="markdown",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"beanframe {beanframe.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help=N_("Show the version and exit."))
    ] = False,
    debug: Annotated[bool, typer.Option("--debug", help=N_("Show the traceback of an unexpected error."))] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help=N_("The language to play in: en, nl, fr or de (default: BEANFRAME_LANG, else the locale's, else English)."), show_default=False),
    ] = None,
    plugin: Annotated[
        list[str] | None,
        typer.Option("--plugin", help=N_("A plugin file to load without installing it (repeatable; works with every command; ./beanframe.toml may list more)."), show_default=False),
    ] = None,
) -> None:
    """Play, inspect and simulate Uwe Rosenberg's bean games."""
    _state["debug"] = debug
    use_language(lang)


def asked_language(args: list[str]) -> str | None:
    """The value of ``--lang`` among the group's own arguments (before the command's name)."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if not arg.startswith("-") and args[i - 1 : i] != ["--plugin"]:
            return None  # the command's name: what follows is the command's
    return None


def use_language(asked: str | None) -> None:
    """Speak ``--lang`` (else BEANFRAME_LANG, else the locale's language, else English) for the
    rest of this command; an unknown language is one line naming those beanframe speaks."""
    try:
        set_language(choose(asked))
    except ValueError as exc:
        fail(str(exc))


COMMANDS = {
    "variants": (variants, variants.variants_cli, HelpCommand),
    "rules": (rules, rules.rules_cli, FlagsCommand),
    "play": (play, play.play_cli, FlagsCommand),
    "simulate": (simulate, simulate.simulate_cli, FlagsCommand),
    "replay": (replay, replay.replay_cli, HelpCommand),
    "position": (position, position.position_cli, HelpCommand),
    "plugins": (plugins, plugins.plugins_cli, HelpCommand),
    "new-plugin": (new_plugin, new_plugin.new_plugin_cli, HelpCommand),
    "tournament": (tournament, tournament.tournament_cli, FlagsCommand),
    "serve": (serve, serve.serve_cli, HelpCommand),
    "join": (join, join.join_cli, HelpCommand),
    "bot": (bot, bot.bot_cli, HelpCommand),
    "mcp": (mcp, mcp.mcp_cli, FlagsCommand),
    "agent": (agent, agent.agent_cli, FlagsCommand),
}
for _name, (_module, _function, _cls) in COMMANDS.items():
    # a module's HELP (marked for translation) is its --help text; else the function's docstring
    app.command(_name, cls=_cls, help=getattr(_module, "HELP", None))(_function)

def main() -> None:
    app(prog_name="beanframe")


if __name__ == "__main__":  # pragma: no cover
    main()
