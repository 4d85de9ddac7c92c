"""beanframe's command line (typer)."""

from pathlib import Path

from beanframe.i18n import register_catalogs

register_catalogs("cli", Path(__file__).resolve().parent / "locale")  # this part's words (issue 29)
