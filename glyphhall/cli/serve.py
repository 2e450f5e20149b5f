"""`glyphhall serve`: the web server where friends play in the browser.

Problems of the machine (a port in use or out of range, a data directory that cannot be
written, a database that cannot be reached) are one line and exit code 2; the address is
printed only once the server really listens."""

from __future__ import annotations

import errno
import logging
import socket
from typing import Annotated

import typer

from .errors import fail, os_error_text


def _check_port(port: int) -> None:
    if not 1 <= port <= 65535:
        raise fail(f"--port {port} is out of range: a port is between 1 and 65535")


def _listening_socket(host: str, port: int) -> socket.socket:
    """Binds now, so a port in use is reported before anything starts."""
    _check_port(port)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        raise fail(f"--host {host}: not an address of this machine ({err.strerror})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise fail(f"port {port} on {host} is already in use: stop the program using it or choose "
                       "another with --port") from None
        if err.errno in (errno.EACCES, errno.EPERM):
            raise fail(f"port {port} on {host} needs administrator rights: choose one above 1023 with --port") from None
        if err.errno == errno.EADDRNOTAVAIL:
            raise fail(f"--host {host}: not an address of this machine") from None
        raise fail(f"cannot listen on {host}:{port}: {os_error_text(err)}") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _check_database(url: str | None) -> str:
    """The database URL to show (password hidden), after connecting to it once."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from glyphhall.store import Store, default_url
    from glyphhall.store.db import normalize_url

    try:
        where = make_url(normalize_url(url or default_url())).render_as_string(hide_password=True)
    except OSError as err:
        raise fail(os_error_text(err)) from None
    except (SQLAlchemyError, ValueError) as err:
        raise fail(f"--db {url}: not a database URL ({err})") from None
    try:
        Store(url).close()
    except OSError as err:
        raise fail(os_error_text(err)) from None
    except SQLAlchemyError as err:
        reason = str(getattr(err, "orig", None) or err).strip().splitlines()[0]
        raise fail(f"cannot reach the database {where}: {reason}") from None
    return where


def _check_smtp(url: str | None) -> str:
    """A few words on e-mail for the start-up line; a clear error for an unusable SMTP URL."""
    from glyphhall.server.notify.mail import MailSettings, MailSettingsError

    if not url:
        return "e-mail off (no --smtp)"
    try:
        settings = MailSettings.from_url(url)
    except MailSettingsError as err:
        raise fail(f"--smtp: {err}") from None
    return f"e-mail through {settings.host}:{settings.port}"


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0 for your whole network)")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
        db: Annotated[
            str | None,
            typer.Option(envvar="GLYPHHALL_DB",
                         help="database URL, e.g. postgresql://user:pass@host/db (default: a SQLite file)"),
        ] = None,
        bot_workers: Annotated[
            int | None, typer.Option(envvar="GLYPHHALL_BOT_WORKERS", help="processes that compute bot moves")
        ] = None,
        workers: Annotated[
            int, typer.Option(min=1, help="server processes on this port (PostgreSQL only; see the server README)")
        ] = 1,
        log_format: Annotated[
            str, typer.Option(envvar="GLYPHHALL_LOG_FORMAT", help="log lines as text or json (one object per line)")
        ] = "text",
        smtp: Annotated[
            str | None,
            typer.Option(envvar="GLYPHHALL_SMTP", help="SMTP server for e-mail, e.g. "
                         "smtp://user:pass@mail.example.org:587?from=hall@example.org (default: e-mail is off)"),
        ] = None,
        public_url: Annotated[
            str | None,
            typer.Option(envvar="GLYPHHALL_PUBLIC_URL", help="the hall's address in e-mailed links, e.g. https://hall.example.org"),
        ] = None,
    ) -> None:
        """Start the Glyph Hall server and print the address to open in a browser."""
        _check_port(port)  # at once: the server's imports below take seconds
        import uvicorn

        from glyphhall.server import create_app
        from glyphhall.server.runtime import logs
        from glyphhall.server.runtime.http_config import uvicorn_config

        if log_format not in logs.FORMATS:
            raise fail(f"--log-format {log_format}: choose text or json")
        where = _check_database(db)
        mail_note = _check_smtp(smtp)
        if workers > 1 and not where.startswith("postgresql"):
            raise fail("--workers above 1 needs PostgreSQL (--db postgresql://...): SQLite has one writer "
                       "and the processes share their tables through PostgreSQL's locks and notifications")
        sock = _listening_socket(host, port)
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        if workers > 1:
            import os

            os.environ["GLYPHHALL_DB"] = db or ""
            os.environ["GLYPHHALL_LOG_FORMAT"] = log_format
            if bot_workers is not None:
                os.environ["GLYPHHALL_BOT_WORKERS"] = str(bot_workers)
            for name, value in (("GLYPHHALL_SMTP", smtp), ("GLYPHHALL_PUBLIC_URL", public_url)):
                if value:
                    os.environ[name] = value
            typer.echo(f"Glyph Hall is open at http://{shown}:{port}/  ({workers} processes; database: {where}; "
                       f"{mail_note}; Ctrl+C stops it)")
            # uvicorn's workers share the socket bound above; the schema exists already
            # (_check_database opened the store once).
            config = uvicorn_config("glyphhall.server.app:app_from_environment", factory=True, workers=workers)
            from uvicorn.supervisors import Multiprocess

            Multiprocess(config, sockets=[sock]).run()
            return
        logs.configure(log_format, logging.WARNING)
        app_ = create_app(db, bot_workers=bot_workers, smtp=smtp, public_url=public_url)

        class Server(uvicorn.Server):
            async def startup(self, sockets=None) -> None:
                await super().startup(sockets=sockets)
                if not self.should_exit:  # the app started and the socket accepts connections
                    typer.echo(f"Glyph Hall is open at http://{shown}:{port}/  (database: {where}; "
                               f"{mail_note}; Ctrl+C stops it)")

        config = uvicorn_config(app_)
        server = Server(config)
        server.run(sockets=[sock])
        if not server.started:
            raise fail("the server did not start; see the messages above")
