"""``GET /api/variants``: what a create form offers, from the variants' own metadata.

Every installed variant set (a variant with what it requires, :func:`beanframe.adapters.variant_sets`)
with its player counts, its bots, and every option of its variants with the default and the
description the variant gives (``field(metadata={"help": ...})`` on its options class). Options
that name a server file are marked ``"file": true``: a table does not take them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from beanframe.adapters import variant_sets
from beanframe.core.compose import variant_info
from beanframe.errors import BeanframeError
from beanframe.i18n import _, current
from beanframe.server.clock import PROFILES, parse_clock

if TYPE_CHECKING:
    from beanframe.server.hub import Hub

_cache: dict[tuple[int, str], dict[str, Any]] = {}


def clock_profiles() -> list[dict[str, Any]]:
    """The clocks a create form offers: each profile's name and what it gives."""
    return [{"name": name, **parse_clock(name).to_data()} for name in PROFILES]


def option_data(info: Any) -> list[dict[str, Any]]:
    files = {f.option for f in info.flags if f.metavar.upper() == "FILE"}
    out = []
    for f in attrs.fields(info.options):
        default = f.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        out.append({
            "name": f.name,
            "default": default,
            "type": getattr(f.type, "__name__", str(f.type)),
            "help": _(f.metadata.get("help", "")),
            "file": f.name in files,
            **_choices(f),
        })  # fmt: skip
    return out


def _choices(f: Any) -> dict[str, Any]:
    """``{"choices": [...]}`` for an option that allows only some values (an ``in_`` validator),
    so a form offers them instead of a free-text field."""
    allowed = getattr(f.validator, "options", None)
    if isinstance(allowed, (tuple, list, set, frozenset)) and all(isinstance(v, (str, int, float)) for v in allowed):
        return {"choices": sorted(allowed, key=str) if isinstance(allowed, (set, frozenset)) else list(allowed)}
    return {}


def variants_data(hub: Hub) -> dict[str, Any]:
    """The variant sets this server can seat, in the current language (computed once per
    language: composing every set takes time)."""
    key = (id(hub), current())
    found = _cache.get(key)
    if found is not None:
        return found
    sets: dict[tuple[str, ...], list[int]] = {}
    for variants, players in variant_sets():
        sets.setdefault(variants, []).append(players)
    out = []
    for variants, counts in sets.items():
        infos = [variant_info(hub.plugin_of(v)) for v in variants]
        try:
            bots = sorted(hub.ruleset(variants, counts[0], {}).bots)
        except BeanframeError:
            continue  # a set that cannot be composed here is not offered
        main = infos[-1]
        out.append({
            "name": main.name,
            "variants": list(variants),
            "description": _(main.description),
            "players": counts,
            "bots": bots,
            "options": {info.name: option_data(info) for info in infos},
            "versions": {info.name: info.version for info in infos},
        })  # fmt: skip
    found = _cache[key] = {"sets": out, "clocks": clock_profiles()}
    return found
