"""Where the command line keeps its files: the user's data directory (XDG)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """``$XDG_DATA_HOME/beanframe``, by default ``~/.local/share/beanframe`` (not created here)."""
    base = os.environ.get("XDG_DATA_HOME") or (Path.home() / ".local" / "share")
    return Path(base) / "beanframe"
