"""Persistence for online play: tables, seats, match records (seed + actions), chat and the
Inscription death-card vault. SQLite file by default, PostgreSQL (or any SQLAlchemy URL) on request."""

from .db import default_url, make_engine
from .models import Base
from .repository import ActionClash, SeatInfo, Store, TableInfo

__all__ = ["ActionClash", "Base", "SeatInfo", "Store", "TableInfo", "default_url", "make_engine"]
