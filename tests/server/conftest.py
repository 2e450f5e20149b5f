"""Fixtures: a store on SQLite and on a real PostgreSQL server (every store-backed test runs on
both), a test client of the app with the toy games injected, a hall of server processes (`hall`),
a hall that e-mails a real local SMTP server (`mailbox`, `mail_hall`) and a stand-in push service
(`push_service`)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from glyphhall.server import create_app
from glyphhall.store import Store

from .email_hall import mail_app
from .games import GAMES
from .mailbox import mailbox_fixture  # noqa: F401 (a fixture, found here by pytest)
from .nodes import Node
from .postgres import NoPostgres, ThrowawayPostgres
from .push_service import push_service_fixture  # noqa: F401 (a fixture, as above)


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


@pytest.fixture
def mail_hall(db_url, mailbox):
    """A test client of an app that e-mails `mailbox` (email_hall.mail_app)."""
    with TestClient(mail_app(db_url, mailbox)) as client:
        yield client
