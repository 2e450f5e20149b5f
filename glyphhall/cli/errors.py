"""Errors from the operating system (files, ports, databases) as one line a person understands."""

from __future__ import annotations

import errno


def os_error_text(err: OSError) -> str:
    """'cannot write /x/y: permission denied' rather than a traceback."""
    reason = (err.strerror or str(err)).lower()
    where = err.filename or ""
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot write {where}: permission denied (set GLYPHHALL_DATA_DIR to a folder you can write)"
    if err.errno == errno.ENOSPC:
        return f"cannot write {where}: the disk is full"
    return f"{where}: {reason}" if where else reason
