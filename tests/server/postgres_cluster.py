"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` (as the ``postgres``
user when the tests run as root) in a temporary folder, listening on a Unix socket there and on
no network port. Without the binaries the tests are skipped, except in CI (``CI=true``), where
``.ci/run`` installs them and a missing binary is a failure."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def binaries() -> Path | None:
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True):
        return Path(candidate).parent
    return None


def cluster() -> Iterator[str]:
    """Start a cluster; yields its URL; stops and removes it afterwards."""
    bindir = binaries()
    if bindir is None:
        if os.environ.get("CI") == "true":
            pytest.fail("PostgreSQL's initdb and pg_ctl are missing (CI installs them: .ci/run)")
        pytest.skip("PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql)")
    as_root = os.geteuid() == 0
    run_as = ["runuser", "-u", "postgres", "--"] if as_root else []
    folder = Path(tempfile.mkdtemp(prefix="beanframe-pg-"))
    data, sock = folder / "data", folder / "sock"
    sock.mkdir()
    if as_root:  # the server refuses to run as root: the folder is the postgres user's
        shutil.chown(folder, "postgres")
        shutil.chown(sock, "postgres")
        folder.chmod(0o755)
    def run(*args: str) -> None:
        subprocess.run([*run_as, *args], check=True, capture_output=True, timeout=120)

    try:
        run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
        options = f"-k {sock} -c listen_addresses='' -c fsync=off -c max_connections=60"
        run(str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "-t", "60", "start")
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise AssertionError(f"the PostgreSQL cluster did not start: {exc.stderr.decode()[-500:]}") from None
    try:
        yield f"postgresql://postgres@/postgres?host={sock}"
    finally:
        subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)
