"""Running many matches: in this process, in a local process pool, or on a Ray cluster.
Results come back sorted by match index whichever way they ran, so reports are identical."""

from __future__ import annotations

import ctypes
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from .match import play_match
from .schedule import MatchSpec

Progress = Callable[[dict[str, Any]], None]


def run_matches(
    specs: Sequence[MatchSpec],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play every match; `progress` is called with each result as it finishes."""
    if ray_address is not None:
        results = _run_on_ray(specs, ray_address, progress)
    elif workers <= 1 or len(specs) <= 1:
        results = []
        for spec in specs:
            results.append(play_match(spec))
            if progress:
                progress(results[-1])
    else:
        results = []
        with ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent) as pool:
            futures = [pool.submit(play_match, spec) for spec in specs]
            for future in as_completed(futures):
                results.append(future.result())
                if progress:
                    progress(results[-1])
    return sorted(results, key=lambda r: r["index"])


def die_with_parent() -> None:
    """A worker pool's initializer: the worker ends when the process that started it does, however
    that ended (Linux's PR_SET_PDEATHSIG), so a run killed midway leaves no worker playing on and
    loading the machine (a pool's workers outlive a parent killed by a signal). Elsewhere nothing."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG


class RayUnavailable(RuntimeError):
    """Ray is not installed or the cluster cannot be reached (the message says which)."""


def _run_on_ray(specs: Sequence[MatchSpec], address: str, progress: Progress | None) -> list[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise RayUnavailable("running on a Ray cluster needs Ray: pip install 'glyphhall[ray]'") from None
    started_here = False
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except Exception as err:
            raise RayUnavailable(f"cannot reach the Ray cluster at {address!r}: {err}") from None
        started_here = True
    try:
        remote = ray.remote(play_match)
        pending = [remote.remote(spec) for spec in specs]
        results = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results.append(ray.get(ref))
                if progress:
                    progress(results[-1])
        return results
    finally:
        if started_here:
            ray.shutdown()
