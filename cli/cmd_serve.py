"""`sgz serve`: the local web app (needs the web extra: pip install 'sanguozhi[web]')."""
from __future__ import annotations

import click

from .common import fail


@click.command(epilog="Example: sgz serve --db sgz.duckdb --port 8000")
@click.option("--db", default=None, metavar="FILE", help="The archive (opened read-only). Default: $SGZ_DB, else ./sgz.duckdb.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (the default lets only this machine in).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port (0: any free port).")
@click.option("--records", default="sgz-play", show_default=True, type=click.Path(file_okay=False), help="Folder for the records of games played in the browser.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True, help="Language of the charts and of new games' pages.")
def serve(db: str | None, host: str, port: int, records: str, lang: str) -> None:
    """Serve the archive's games, named queries and charts, and games against
    bots, at http://HOST:PORT/ (Ctrl-C stops it).

    Every game opens in the same viewer as `sgz html`.  A game played here
    is recorded in --records as `sgz play` records it.
    """
    import socket

    try:
        import uvicorn

        from .web.app import make_app
    except ImportError as exc:
        fail(f"sgz serve needs the web extra ({exc.name} is missing): pip install 'sanguozhi[web]'")
    from sanguozhi.records.db import default_db

    app = make_app(db or default_db(), records, lang)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    where = sock.getsockname()
    click.echo(f"sgz serve: http://{host if ':' not in host else '[' + host + ']'}:{where[1]}/  (archive {db or default_db()}, read-only; Ctrl-C stops)", err=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
