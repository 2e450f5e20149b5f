"""Tables of bots alone wait their turn for one worker between them, so that anyone's twenty
bot-against-bot tables cannot keep a person's opponent waiting (issue 23: a bot's move within its
level's time at the table whatever the load)."""

from __future__ import annotations

import asyncio

from glyphhall.server.tables.botpool import BotPool

from .helpers import hello, new_table, receive, take


def test_a_persons_opponent_does_not_queue_behind_tables_of_bots_alone(monkeypatch) -> None:
    pool = BotPool(2)
    running = {"alone": 0, "most_alone": 0}
    finished: list[str] = []

    async def slow_choose(game, state_dict, seat, level, seed, workers):
        kind = "person" if workers == 2 else "alone"
        if kind == "alone":
            running["alone"] += 1
            running["most_alone"] = max(running["most_alone"], running["alone"])
        await asyncio.sleep(0.05)
        if kind == "alone":
            running["alone"] -= 1
        finished.append(kind)
        return "pass"

    monkeypatch.setattr(pool, "_choose", slow_choose)

    async def scene() -> None:
        alone = [asyncio.create_task(pool.choose(None, {}, 0, "mcts", i, person_waits=False)) for i in range(6)]
        await asyncio.sleep(0.01)  # the six are queued: one computing, five waiting
        assert await pool.choose(None, {}, 0, "mcts", 9) == "pass"
        await asyncio.gather(*alone)

    asyncio.run(scene())
    assert running["most_alone"] == 1  # one worker between all the tables of bots alone
    assert finished.index("person") <= 1  # answered at once, not after the six
    assert len(finished) == 7


def test_the_server_says_whether_a_person_waits_for_the_bot(client) -> None:
    asked: list[bool] = []
    pool = client.app.state.manager.bot_pool
    choose = pool.choose

    async def recording(*args, person_waits: bool = True):
        asked.append(person_waits)
        return await choose(*args, person_waits=person_waits)

    pool.choose = recording
    alone = new_table(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    with client.websocket_connect(f"/ws/{alone['id']}") as spy:
        hello(spy, None)
        client.post(f"/api/tables/{alone['id']}/start", json={})
        while receive(spy, "update")["status"] != "finished":
            pass
    assert asked and not any(asked)

    asked.clear()
    duel = new_table(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "person"}])
    token = take(client, duel["id"], 1)
    with client.websocket_connect(f"/ws/{duel['id']}") as ws:
        hello(ws, token)
        client.post(f"/api/tables/{duel['id']}/start", json={"token": token})
        receive(ws, "update")  # the bot's first move
    assert asked and all(asked)
