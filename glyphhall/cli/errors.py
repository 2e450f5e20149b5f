"""Errors from the operating system (files, ports, databases) as one line a person understands."""

from __future__ import annotations

import errno

import typer
from rich.console import Console
from rich.markup import escape

_stderr = Console(stderr=True, soft_wrap=True, highlight=False)


def os_error_text(err: OSError) -> str:
    """'cannot write /x/y: permission denied' rather than a traceback."""
    reason = (err.strerror or str(err)).lower()
    where = err.filename or ""
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOTDIR, errno.EEXIST):
        return (f"cannot write {where}: {reason} (GLYPHHALL_DATA_DIR chooses where Glyph Hall keeps "
                "its files)")
    if err.errno == errno.ENOSPC:
        return f"cannot write {where}: the disk is full"
    return f"{where}: {reason}" if where else reason


def fail(message: str) -> typer.Exit:
    """Says `message` in red on stderr; raise the returned Exit (code 2: the command could not run)."""
    _stderr.print(f"[red]{escape(message)}[/red]")
    return typer.Exit(code=2)
