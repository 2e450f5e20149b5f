"""The server's log lines: plain text for a person at a terminal, or one JSON object per line
(`glyphhall serve --log-format json`, or GLYPHHALL_LOG_FORMAT=json) for a log collector.

Every line says which table it is about when there is one: the websocket handler and the tasks it
starts run with `TABLE` set (a context variable, so asyncio tasks inherit it), and a filter copies
it onto each record as `table`."""

from __future__ import annotations

import logging
import sys
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter

#: The table the current task works for ("" when none).
TABLE: ContextVar[str] = ContextVar("glyphhall_table", default="")

FORMATS = ("text", "json")


class _TableFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "table", ""):
            record.table = TABLE.get()
        return True


def configure(fmt: str = "text", level: int = logging.INFO) -> logging.Handler:
    """Send the hall's log lines (and uvicorn's) to standard error in `fmt`; returns the handler."""
    if fmt not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {fmt!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(_TableFilter())
    if fmt == "json":
        handler.setFormatter(JsonFormatter(
            "%(asctime)s %(levelname)s %(name)s %(message)s %(table)s",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        ))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name in ("glyphhall", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(level)
        logger.propagate = False
    return handler
