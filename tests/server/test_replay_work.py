"""Replay positions are computed in a worker process, cached, shared when asked twice at once,
and limited per address (replay_work.py): replays computed in the event loop, unlimited and
anonymous, raised the hall's median move time from 5 to 222 ms with two clients."""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest

from glyphhall.server.guard.flood_limits import Rate
from glyphhall.server.replays import replay_steps, replay_work
from glyphhall.server.tables.live import TableError

from .helpers import started_duel
from .test_replay import _play_out


def test_a_replay_is_computed_in_a_worker_process_and_cached(client):
    table_id, tokens = started_duel(client, seed=11)
    _play_out(client, table_id, tokens)
    first = client.get(f"/api/tables/{table_id}/replay/3").json()
    work = client.app.state.replay_work
    assert work._pool is not None and os.getpid() not in {p.pid for p in work._pool._processes.values()}
    work._pool.shutdown()  # the cache answers without a worker
    work._pool = None
    work._executor = lambda: pytest.fail("computed again")
    assert client.get(f"/api/tables/{table_id}/replay/3").json() == first


class _Table(SimpleNamespace):
    def public_info(self):
        return {"id": self.id}


FAST = Rate(1000, 1000)


def _work(monkeypatch, seconds: float, rate: Rate = FAST) -> tuple[replay_work.ReplayWork, list]:
    computed: list = []

    def compute(job):
        computed.append(job)
        time.sleep(seconds)
        return {"step": job.step} if job.line != ((0, "bad"),) else {"error": "hypothetical move 1 is not legal"}

    monkeypatch.setattr(replay_steps, "job_for", lambda table, step, seat, line, record: SimpleNamespace(
        step=step, seat=seat, line=None if line is None else tuple(line)))
    monkeypatch.setattr(replay_steps, "compute", compute)
    work = replay_work.ReplayWork(rate)
    threads = ThreadPoolExecutor(8)
    monkeypatch.setattr(work, "_executor", lambda: threads)
    return work, computed


def test_the_same_position_asked_at_once_is_computed_once_and_each_address_is_limited(monkeypatch):
    work, computed = _work(monkeypatch, 0.2)
    table = _Table(id="t1", actions=[1, 2, 3])

    async def scene():
        same = [work.position("1.1.1.1", table, 2, None) for _ in range(3)]
        mine = [work.position("2.2.2.2", table, s, None) for s in (0, 1, 3)]
        outcomes = await asyncio.gather(*same, *mine, return_exceptions=True)
        return outcomes

    outcomes = asyncio.run(scene())
    assert outcomes[:3] == [{"step": 2, "total": 3, "table": {"id": "t1"}}] * 3
    refused = [o for o in outcomes[3:] if isinstance(o, TableError)]
    assert len(refused) == 1 and refused[0].status == 429 and "still being computed" in str(refused[0])
    assert len(computed) == 3  # one for the shared position, two for the other address's


def test_an_address_over_its_rate_is_refused_but_the_cache_still_answers(monkeypatch):
    work, _ = _work(monkeypatch, 0.0, Rate(0.001, 2))
    table = _Table(id="t1", actions=[1, 2, 3])

    async def scene():
        await work.position("1.1.1.1", table, 0, None)
        await work.position("1.1.1.1", table, 1, None)
        with pytest.raises(TableError, match="too many replay requests"):
            await work.position("1.1.1.1", table, 2, None)
        assert (await work.position("1.1.1.1", table, 1, None))["step"] == 1  # cached
        assert (await work.position("9.9.9.9", table, 2, None))["step"] == 2  # another address
        with pytest.raises(TableError, match="is not legal"):
            await work.position("9.9.9.9", table, 2, None, [(0, "bad")])

    asyncio.run(scene())


def test_past_the_queue_the_hall_answers_busy(monkeypatch):
    work, _ = _work(monkeypatch, 0.3)
    table = _Table(id="t1", actions=list(range(50)))

    async def scene():
        asked = [work.position(f"10.0.0.{i}", table, i, None) for i in range(replay_work.MAX_WAITING + 3)]
        return await asyncio.gather(*asked, return_exceptions=True)

    outcomes = asyncio.run(scene())
    busy = [o for o in outcomes if isinstance(o, TableError)]
    assert len(busy) == 2 and all(o.status == 503 and "busy" in str(o) for o in busy)
