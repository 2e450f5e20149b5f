"""Persistence for online play: tables, seats, match records (seed + actions), chat, the
Inscription death-card vault, accounts and sessions, ratings. SQLite file by default, PostgreSQL (or any SQLAlchemy URL) on request."""

from .db import default_url, make_engine
from .models import Base
from .people import NameTaken, UserInfo
from .ratings import RatingChange, RatingInfo
from .repository import ActionClash, SeatInfo, Store, TableInfo

__all__ = [
    "ActionClash", "Base", "NameTaken", "RatingChange", "RatingInfo", "SeatInfo", "Store", "TableInfo", "UserInfo",
    "default_url", "make_engine",
]
