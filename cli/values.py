"""Values typed on the command line (``-o VARIANT.NAME=VALUE``, a variant's flag, a bot option),
read as TOML. Its own module: both the option parser (config.py) and the flags (flags.py) use it."""

from __future__ import annotations

import tomllib
from typing import Any

from beanframe.core.actions import shorten
from beanframe.core.limits import loads_toml
from beanframe.errors import ConfigError
from beanframe.i18n import _


def parse_value(text: str) -> Any:
    """A value typed on the command line, read as TOML (3, true, "x", [1, 2]); else the text."""
    try:
        return loads_toml(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text
    except ValueError as exc:  # thousands of digits, deep nesting
        raise ConfigError(_("bad option value {value}: {problem}").format(value=shorten(text), problem=exc)) from None
