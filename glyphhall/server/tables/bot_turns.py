"""A bot's turns at a live table: ask the bot pool for a move, play it, and tell everyone at the
table while the bot is computing (the `thinking` message of docs/protocol.md), so a table page
can say "mcts bot is thinking…" until the move arrives."""

from __future__ import annotations

import logging
from typing import Any

from glyphhall.engine import IllegalAction

from .errors import TableError

log = logging.getLogger("glyphhall.server")


def thinking_now(table: Any) -> list[dict[str, Any]]:
    """The bots computing a move at `table` now: [{"seat", "name"}], in seat order."""
    names = table.names()
    return [{"seat": seat, "name": names[seat]} for seat in sorted(table.computing)]


def _show(table: Any, seat: int, on: bool) -> bool:
    """Mark `seat` computing (or not) and tell this process's sockets; False if nothing changed."""
    # A person's timed-out move is played by a bot too, but nobody is thinking there.
    if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "bot" or (seat in table.computing) == on:
        return False
    if on:
        table.computing.add(seat)
    else:
        table.computing.discard(seat)
    name = table.names()[seat]
    bots = thinking_now(table)
    table.broadcast(lambda c: {"type": "thinking", "seat": seat, "name": name, "thinking": on, "bots": bots})
    return True


async def _set_computing(manager: Any, table: Any, seat: int, on: bool) -> None:
    """Tell everyone at the table, here and through the other server processes (their sockets
    of this table are told by `mirror`): bots run only on the table's owner."""
    if _show(table, seat, on):
        await manager.announce("thinking", table.id, f"{seat} {int(on)}")


def mirror(table: Any, arg: str) -> None:
    """The owner process's bot at `table` started or stopped computing ("SEAT 1" / "SEAT 0")."""
    try:
        seat, on = (int(x) for x in arg.split())
    except ValueError:
        log.warning("a thinking note %r for table %s makes no sense", arg, table.id)
        return
    _show(table, seat, bool(on))


async def play(manager: Any, table: Any, seat: int, level: str, once: bool) -> None:
    """Play `seat` while it is to move (one move only when `once`, for a timed-out person).
    The seat stays in `table.thinking` throughout, so no second task plays it meanwhile; it is
    in `table.computing` (and the table is told) only while a move is being computed."""
    failures = 0
    try:
        while failures < 3:
            state = table.state
            if state is None or table.status != "running" or seat not in state.to_move():
                return
            person_waits = any(s.kind == "person" for s in table.seats)
            step = len(table.actions)
            seed = (table.seed * 1_000_003 + step * 31 + seat) & ((1 << 62) - 1)
            await _set_computing(manager, table, seat, True)
            try:
                text = await manager.bot_pool.choose(
                    table.game, state.to_dict(), seat, level, seed, person_waits=person_waits
                )
            finally:
                await _set_computing(manager, table, seat, False)
            try:
                await table.act(seat, text)
            except (IllegalAction, TableError) as err:
                # The table moved on while the bot thought (another seat acted): ask again.
                failures += 1
                log.info("bot move %r at table %s refused: %s", text, table.id, err)
                continue
            failures = 0
            if once:
                return
    except Exception:
        log.exception("bot for seat %s at table %s failed", seat, table.id)
    finally:
        # A bot refused three times in a row stays idle until the next change (no tight loop).
        table.thinking.discard(seat)
        manager.release_if_idle(table)
