"""Fixtures: a store on SQLite and on a real PostgreSQL server (every store-backed test runs on
both), and a test client of the app with the toy games injected."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from glyphhall.server import create_app
from glyphhall.store import Store

from .games import GAMES
from .nodes import Node
from .postgres import NoPostgres, ThrowawayPostgres


@pytest.fixture(scope="session")
def postgres_url():
    server = ThrowawayPostgres()
    try:
        url = server.start()
    except NoPostgres as err:
        pytest.skip(f"no PostgreSQL server could be started: {err}")
    yield url
    server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'glyphhall.db'}"
    url = request.getfixturevalue("postgres_url")
    store = Store(url)
    store.drop_everything()  # each test starts from an empty database
    store.close()
    return url


@pytest.fixture
def store(db_url):
    s = Store(db_url)
    yield s
    s.close()


@pytest.fixture
def client(db_url):
    app = create_app(db_url, games=GAMES, bot_workers=1)
    with TestClient(app) as c:
        yield c


@pytest.fixture
def hall(postgres_url):
    store = Store(postgres_url)
    store.drop_everything()
    store.close()
    nodes: list[Node] = []

    def start(n: int = 1) -> list[Node]:
        new = [Node(postgres_url) for _ in range(n)]
        nodes.extend(new)
        return new

    yield start
    for node in nodes:
        node.stop()
