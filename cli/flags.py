"""Variant flags on the command line: a plugin declares ``Flag("--layout", "layout_file", ...)``
in its ``VariantInfo.flags``, and every command that takes ``-o`` accepts ``--layout FILE`` as
``-o VARIANT.layout_file=FILE`` when that variant is played. Nothing here names a variant.

:class:`FlagsCommand` rewrites the flags into ``--option=--layout=FILE`` before click parses the
line (so the command functions only ever see ``-o``), lists them at the end of ``--help``
and suggests them for a misspelt option; :func:`resolve_flag` turns ``--layout=FILE`` into
the variant's option once the variants played are known.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

from typer.core import TyperCommand

from beanframe.core.compose import discover, variant_info
from beanframe.core.variant import Flag, VariantInfo
from beanframe.errors import ConfigError
from beanframe.i18n import N_, _

from .helpwords import TranslatedHelp
from .values import parse_value

try:  # typer >= 0.22 vendors click
    from typer._click.exceptions import NoSuchOption
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.exceptions import NoSuchOption

PANEL = N_("Variant flags (when that variant is played)")
OPTION = "--option"


def declared_flags() -> dict[str, list[tuple[VariantInfo, Flag]]]:
    """Every flag the installed variants declare: name -> [(variant, flag)] (several variants
    may declare one name; the variants played decide which one is meant)."""
    out: dict[str, list[tuple[VariantInfo, Flag]]] = {}
    for plugin in discover().values():
        info = variant_info(plugin)
        for flag in info.flags:
            out.setdefault(flag.name, []).append((info, flag))
    return dict(sorted(out.items()))


def played_infos(variants: Sequence[str]) -> list[VariantInfo]:
    """The variants played: those named and everything they require (so a house rule on top
    of a variant takes that variant's flags too)."""
    installed = discover()
    out: dict[str, VariantInfo] = {}
    todo = [v.strip().lower().replace("-", "_") for v in variants]
    while todo:
        name = todo.pop()
        if name in out or name not in installed:
            continue  # an unknown name is reported where variants are checked
        info = variant_info(installed[name])
        out[name] = info
        todo += info.requires
    return list(out.values())


def resolve_flag(name: str, text: str, variants: Sequence[str]) -> tuple[str, str, Any]:
    """``--layout`` with ``text`` for the variants played: (variant, option, value). A text
    option takes the text as typed (a path stays a path); others read it as ``-o`` does."""
    played = played_infos(variants)
    for info in played:
        for flag in info.flags:
            if flag.name == name:
                return info.name, flag.option, text if _is_text(info, flag.option) else parse_value(text)
    owners = [info.name for info, _ in declared_flags().get(name, [])]
    names = ", ".join(i.name for i in played) or _("none")
    if owners:
        raise ConfigError(_("{flag} is a flag of {owners}, which is not played here (variants: {played})").format(flag=name, owners=" / ".join(owners), played=names))
    raise ConfigError(_("unknown flag {flag} (variants played: {played}; see: beanframe variants)").format(flag=name, played=names))


def _is_text(info: VariantInfo, option: str) -> bool:
    import attrs

    found = attrs.fields_dict(info.options)[option]
    return isinstance(found.default, str) or found.type in (str, "str")


class FlagsCommand(TranslatedHelp, TyperCommand):
    """A command that takes ``-o``: the installed variants' flags work too, and show in
    ``--help`` under their own heading."""

    def own_options(self, ctx: Any) -> set[str]:
        return {opt for p in super().get_params(ctx) for opt in (*p.opts, *p.secondary_opts)}

    def format_help(self, ctx: Any, formatter: Any) -> None:
        super().format_help(ctx, formatter)  # typer's rich help prints at once; this section follows
        own = self.own_options(ctx)
        rows = [
            (f"{name} {owners[0][1].metavar}", "; ".join(f"{info.name}: {_(flag.help) if flag.help else flag.option}" for info, flag in owners))
            for name, owners in declared_flags().items()
            if name not in own
        ]
        if rows:
            with formatter.section(_(PANEL)):
                formatter.write_dl(rows)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, self.rewrite(ctx, args))
        except NoSuchOption as exc:  # suggest the variants' flags as well as the command's options
            known = sorted(self.own_options(ctx) | set(declared_flags()))
            close = difflib.get_close_matches(exc.option_name, known, n=3, cutoff=0.6)
            raise NoSuchOption(exc.option_name, possibilities=close or None, ctx=exc.ctx) from None

    def rewrite(self, ctx: Any, args: list[str]) -> list[str]:
        """``--layout FILE`` / ``--layout=FILE`` -> ``--option=--layout=FILE`` (up to ``--``)."""
        flags = set(declared_flags()) - self.own_options(ctx)
        if not flags:
            return args
        out: list[str] = []
        i = 0
        while i < len(args):
            arg = args[i]
            if arg == "--":
                out += args[i:]
                break
            name, eq, value = arg.partition("=")
            if name in flags:
                if not eq:
                    if i + 1 >= len(args) or args[i + 1].startswith("--"):
                        metavar = declared_flags()[name][0][1].metavar
                        raise ConfigError(_("flag {flag} needs a value: {flag} {value}").format(flag=name, value=metavar))
                    value = args[i + 1]
                    i += 1
                out.append(f"{OPTION}={name}={value}")  # one token: the value may start with a dash
            else:
                out.append(arg)
            i += 1
        return out
