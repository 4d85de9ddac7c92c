"""Catalogs written for a test, with Babel, compiled as ``python -m beanframe.i18n compile`` does:
``.po`` and ``.mo`` of a domain in a folder, for :func:`beanframe.i18n.register_catalogs` or a
plugin's ``beanframe_catalogs`` hook."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from beanframe.i18n.catalogs import mo_bytes

#: a message: its msgid (a (singular, plural) pair for a plural) and, optionally, a context
Key = tuple[Any, str | None]


def write_catalogs(
    folder: Path, domain: str, messages: Mapping[str, Mapping[Key, Any]], plural_forms: Mapping[str, str] | None = None
) -> Path:
    """``folder/<lang>/LC_MESSAGES/<domain>.po`` and ``.mo`` for every language of ``messages``
    (lang -> {(msgid, context): msgstr}; a plural's msgstr is a tuple of forms). Babel's
    Plural-Forms for the language unless ``plural_forms`` gives one (``nplurals=2; plural=(n > 1);``)."""
    for lang, entries in messages.items():
        catalog = Catalog(locale=lang, domain=domain, project="beanframe", charset="utf-8")
        if plural_forms and lang in plural_forms:
            header = dict(catalog.mime_headers)
            header["Plural-Forms"] = plural_forms[lang]
            catalog.mime_headers = list(header.items())
        for (msgid, context), msgstr in entries.items():
            catalog.add(msgid, msgstr, context=context)
        where = folder / lang / "LC_MESSAGES"
        where.mkdir(parents=True, exist_ok=True)
        with (where / f"{domain}.po").open("wb") as handle:
            write_po(handle, catalog, width=100)
        (where / f"{domain}.mo").write_bytes(mo_bytes(catalog))  # as python -m beanframe.i18n compile
    return folder
