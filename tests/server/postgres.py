"""A throwaway PostgreSQL server for the store tests: initdb + pg_ctl on a loopback port, in a
temporary directory, as a non-root user (PostgreSQL refuses to run as root).

GLYPHHALL_TEST_PG_URL points the tests at an existing server instead."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.ports import free_port


class NoPostgres(Exception):
    """Why no PostgreSQL server could be started (the tests that need one skip with it)."""


def _bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if not found:
        raise NoPostgres(f"PostgreSQL's {name} is not installed (scripts/test-deps.sh installs it)")
    return found


class ThrowawayPostgres:
    def __init__(self) -> None:
        self.url = os.environ.get("GLYPHHALL_TEST_PG_URL", "")
        self.dir: Path | None = None
        self._as_user: list[str] = []

    def start(self) -> str:
        if self.url:
            return self.url
        initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
        self.dir = Path(tempfile.mkdtemp(prefix="glyphhall-pg-"))
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            try:
                import pwd

                pw = pwd.getpwnam("postgres")
            except KeyError:
                raise NoPostgres("running as root and there is no 'postgres' user to run the server as") from None
            if not runuser:
                raise NoPostgres("running as root without runuser to switch to the postgres user")
            os.chmod(self.dir, 0o755)
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
            self._as_user = [runuser, "-u", "postgres", "--"]
        data = self.dir / "data"
        port = free_port()
        self._run([initdb, "-D", str(data), "-A", "trust", "-U", "glyphhall", "--no-sync", "-E", "UTF8"])
        opts = f"-p {port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
        self._run([pg_ctl, "-D", str(data), "-o", opts, "-l", str(self.dir / "log"), "-w", "-t", "60", "start"])
        self.url = f"postgresql+psycopg://glyphhall@127.0.0.1:{port}/postgres"
        return self.url

    def _run(self, cmd: list[str]) -> None:
        done = subprocess.run(self._as_user + cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise NoPostgres(f"{Path(cmd[0]).name} failed: {(done.stderr or done.stdout).strip()[-400:]}")

    def stop(self) -> None:
        if self.dir is None:
            return
        with contextlib.suppress(NoPostgres, subprocess.TimeoutExpired):
            self._run([_bin("pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop"])
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None
