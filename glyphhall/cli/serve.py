"""`glyphhall serve`: the web server where friends play in the browser."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0 for your whole network)")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
        db: Annotated[
            str | None,
            typer.Option(help="database URL, e.g. postgresql://user:pass@host/db (default: a SQLite file)"),
        ] = None,
        bot_workers: Annotated[int | None, typer.Option(help="processes that compute bot moves")] = None,
    ) -> None:
        """Start the Glyph Hall server and print the address to open in a browser."""
        import uvicorn
        from sqlalchemy.engine import make_url

        from glyphhall.server import create_app
        from glyphhall.store import default_url
        from glyphhall.store.db import normalize_url

        app_ = create_app(db, bot_workers=bot_workers)
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        where = make_url(normalize_url(db or default_url())).render_as_string(hide_password=True)
        typer.echo(f"Glyph Hall is open at http://{shown}:{port}/  (database: {where}; Ctrl+C stops it)")
        uvicorn.run(app_, host=host, port=port, log_level="warning", ws_max_size=1 << 20)
