"""Worker processes (bots, replays): spawned, not forked (the server has threads that a forked
child would inherit half-locked), and each one ends when the server process does, even when the
server is killed outright (kill -9 used to leave every bot worker running, about 124 MB each)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

#: How often a worker looks whether the server is still there.
WATCH_SECONDS = 1.0


def pool(workers: int, nice: int = 0) -> ProcessPoolExecutor:
    """A process pool whose workers die with this process (and run `nice`r than it)."""
    # One BLAS thread a worker (the network-guided bot's matrix products): the workers are
    # already one per core, and OpenBLAS's own threads made a product 14x slower on a busy machine.
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(), nice))


def _start_worker(server_pid: int, nice: int) -> None:
    if nice:
        os.nice(nice)
    threading.Thread(target=_watch_server, args=(server_pid,), name="glyphhall-watch-server", daemon=True).start()


def _watch_server(server_pid: int) -> None:
    """Exit as soon as the server is gone (this process is then handed to another parent)."""
    while os.getppid() == server_pid:
        time.sleep(WATCH_SECONDS)
    os._exit(0)
