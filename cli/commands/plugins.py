"""``beanframe plugins``: the variant plugins beanframe finds, and where each comes from."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from rich.markup import escape
from rich.table import Table

from beanframe.core.compose import ENTRY_POINT_GROUP, added_plugins, discover, variant_info
from beanframe.i18n import N_, _

from .. import render


def plugin_sources() -> list[dict[str, Any]]:
    """One row per variant plugin: name, version, requires, and where it comes from (an installed
    distribution's entry point, or a plugin file named by ``--plugin`` or ``beanframe.toml``)."""
    plugins = discover()
    rows = []
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = getattr(ep, "dist", None)
        package = f"{dist.metadata['Name']} {dist.version}" if dist is not None else "an unknown distribution"
        rows.append((ep.name, f"{package}, entry point {ep.name} = {ep.value}"))
    rows += [(name, f"file {source}") for name, (_, source) in added_plugins().items()]
    out = []
    for name, source in rows:
        plugin = plugins.get(name)
        info = variant_info(plugin) if plugin is not None else None
        out.append(
            {
                "name": name,
                "version": info.version if info else "?",
                "requires": list(info.requires) if info else [],
                "source": source,
            }
        )
    return out


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""List the variant plugins: name, version, requirements, and where each comes from.

Installed plugins come from a distribution's entry point (group beanframe.plugins); plugin
files from --plugin FILE or the plugins list of ./beanframe.toml.""")


def plugins_cli() -> None:
    # the --help text is HELP (above): translated where it is shown
    table = Table(title=_("Variant plugins"), title_justify="left")
    table.add_column(_("name"), style="bold", no_wrap=True)
    table.add_column(_("version"), no_wrap=True)
    table.add_column(_("requires"))
    table.add_column(_("from"), overflow="fold")
    for row in plugin_sources():
        table.add_row(
            escape(row["name"]), escape(row["version"]), escape(", ".join(row["requires"]) or "-"), escape(row["source"])
        )
    render.make_console().print(table)
