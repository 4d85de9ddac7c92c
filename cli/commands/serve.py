"""``beanframe serve``: the table server (``beanframe.server``) on uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from typing import Annotated

import typer
import uvicorn

from beanframe.errors import ConfigError
from beanframe.server import Limits, create_app, open_store
from beanframe.server.store import StoreError
from beanframe.server.transport import run, settle_collector, uvicorn_config
from beanframe.i18n import N_, _

from ..paths import data_dir


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Serve game tables: people join from a terminal (beanframe join) or a browser, programs
over HTTP and WebSocket (docs/protocol.md).

Prints the address it serves; Ctrl-C or SIGTERM stops it (every accepted action is already
stored: games go on where they were when it starts again).""")


def serve_cli(
    host: Annotated[str, typer.Option("--host", help=N_("The address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (the local network too)."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help=N_("The port (0: any free one; the address is printed)."))] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", envvar="BEANFRAME_DB", help=N_("Where rooms are kept: a SQLite file, or a postgresql:// URL (default: table.db in the user's data directory)."), show_default=False),
    ] = None,
    bot_delay: Annotated[float, typer.Option("--bot-delay", min=0.0, max=60.0, help=N_("Seconds a bot thinks before it acts, so people can follow."))] = 1.0,
    url: Annotated[
        str | None,
        typer.Option("--url", help=N_("The address invitation links use, e.g. https://beans.example.org/ behind a reverse proxy (default: the address each request came to)."), show_default=False),
    ] = None,
    clock: Annotated[
        str,
        typer.Option("--clock", help=N_("The clock of rooms that choose none: none, a profile (blitz, fast, normal: real time; day, 2days, week: turn-based) or JSON such as '{\"bank\": 300, \"increment\": 15}'.")),
    ] = "none",
) -> None:
    # the --help text is HELP (above): translated where it is shown
    where = db or str(data_dir() / "table.db")
    run(serve(host, port, where, bot_delay=bot_delay, url=url, clock=default_clock(clock)))


def default_clock(text: str) -> object:
    """``--clock``: a profile's name or a JSON object, checked now (ConfigError in one line)."""
    from beanframe.server.clock import parse_clock

    value: object = text.strip()
    if text.strip().startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(_("--clock: not JSON ({problem}); give a profile name or an object like '{example}'").format(problem=exc.msg, example='{"bank": 300, "increment": 15}')) from None
    parse_clock(value, ["greedy", "random"] if not isinstance(value, dict) or "bot" not in value else [value["bot"]])
    return None if value == "none" else value


def lan_addresses() -> list[str]:
    """This machine's address on the local network (for the links to share), if it has one."""
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # UDP: nothing is sent, the route picks the address
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")]


def served_names(host: str) -> list[str]:
    """The Host names the server answers besides localhost and --url's (docs/protocol.md): the
    bound address, and on every interface (0.0.0.0) this machine's network address and name."""
    if host not in ("0.0.0.0", "::"):
        return [host]
    name = socket.gethostname().lower()
    return [*lan_addresses(), name, f"{name}.local"]


class _Server(uvicorn.Server):
    """uvicorn's server, which stops on SIGINT or SIGTERM without raising the signal again
    afterwards: stopping is the normal end of ``beanframe serve`` (exit code 0)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


async def serve(
    host: str, port: int, where: str, *, bot_delay: float = 1.0, url: str | None = None, clock: object = None, limits: Limits | None = None
) -> None:
    """The server until SIGINT or SIGTERM: what ``beanframe serve`` runs (``benchmarks/serve.py``
    runs it too, with ``limits`` raised for its own clients)."""
    try:
        store = open_store(where)
    except ImportError:
        raise ConfigError(_("a PostgreSQL store needs psycopg: pip install 'beanframe[postgres]'")) from None
    try:
        await store.start()
    except StoreError as exc:
        raise ConfigError(str(exc)) from None
    limits = limits or Limits()
    app = create_app(store, bot_delay=bot_delay, limits=limits, public_url=url, hosts=served_names(host))
    app.state.hub.default_clock = clock  # rooms that name no clock get this one (issue 25)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        await store.close()
        raise ConfigError(_("cannot listen on {address}: {reason}").format(address=f"{host}:{port}", reason=exc.strerror or exc)) from None
    sock.set_inheritable(True)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr)
    logging.getLogger("beanframe.server").setLevel(logging.INFO)
    config = uvicorn_config(app, limits)  # with the bounds on a request's time
    server = _Server(config)
    bound = sock.getsockname()[1]
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    task = asyncio.ensure_future(server.serve(sockets=[sock]))
    while not server.started and not task.done():
        await asyncio.sleep(0.05)
    if server.started:
        settle_collector()
        addresses = [f"http://{shown}:{bound}/"]
        if host in ("0.0.0.0", "::"):
            addresses = [f"http://{a}:{bound}/" for a in lan_addresses()] + [f"http://localhost:{bound}/"]
        kind = "PostgreSQL" if where.startswith(("postgres://", "postgresql://")) else where
        typer.echo(_("beanframe table at {address}  (rooms in {store}; Ctrl-C stops)").format(address=addresses[0], store=kind))
        for other in addresses[1:]:
            typer.echo("  " + _("also at {address}").format(address=other))
        sys.stdout.flush()
    await task
    await store.close()
    typer.echo(_("stopped (every accepted action is stored)"))
