"""A killed run leaves no worker behind (arena/runner.py's `die_with_parent`)."""

import os
import signal
import subprocess
import sys
import time

import pytest

# A run whose pool worker reports its pid, then plays on "forever".
RUN = """
import multiprocessing, os, time
from glyphhall.arena.runner import die_with_parent

def play(_):
    print(os.getpid(), flush=True)
    time.sleep(120)

if __name__ == "__main__":
    with multiprocessing.get_context("{context}").Pool(1, {initializer}) as pool:
        pool.map(play, [0])
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie waits for its reaper: it plays no more
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def _worker_left_after_kill(tmp_path, context: str, initializer: str, wait: float = 10.0) -> bool:
    script = tmp_path / "run.py"
    script.write_text(RUN.format(context=context, initializer=initializer))
    run = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    worker = int(run.stdout.readline())
    run.send_signal(signal.SIGKILL)
    run.wait()
    deadline = time.monotonic() + wait
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = _alive(worker)
    if left:
        os.kill(worker, signal.SIGKILL)
    return left


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize("context", ["fork", "spawn"])
def test_a_pools_worker_ends_with_the_run_that_started_it(tmp_path, context):
    assert not _worker_left_after_kill(tmp_path, context, "die_with_parent")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_without_it_the_worker_plays_on(tmp_path):
    """The reason for it: the check above would pass for nothing if workers died anyway."""
    assert _worker_left_after_kill(tmp_path, "fork", "None", wait=1.0)
