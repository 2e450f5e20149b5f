"""Worker processes end with the server, even when it is killed outright (workers.py): kill -9
of the server used to leave every bot worker running (about 124 MB each)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = """
import os, sys
from glyphhall.server.runtime import workers
pool = workers.pool(2)
print(*{pool.submit(os.getpid).result() for _ in range(20)}, flush=True)
sys.stdin.read()
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split()[2] == "Z")


def test_workers_die_with_a_killed_server():
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
    try:
        pids = [int(p) for p in server.stdout.readline().split()]
        assert pids and all(_alive(p) for p in pids)
        server.send_signal(signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in pids):
            assert time.monotonic() < deadline, "a worker outlived the server"
            time.sleep(0.1)
    finally:
        server.kill()
