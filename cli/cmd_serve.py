"""`sgz serve`: the local web app (needs the web extra: pip install 'sanguozhi[web]')."""
from __future__ import annotations

import click

from .common import fail


@click.command(epilog="Example: sgz serve --db sgz.duckdb --port 8000   (then open http://127.0.0.1:8000/tables)")
@click.option("--db", default=None, metavar="FILE", help="The archive: its pages read it (read-only); a finished table's game is added to it.  Default: $SGZ_DB, else ./sgz.duckdb.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (the default lets only this machine in).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port (0: any free port).")
@click.option("--records", default="sgz-play", show_default=True, type=click.Path(file_okay=False), help="Folder of the live tables: each table's record and room file (a restarted server brings every unfinished table back from it).")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME", help="A host name the server may be reached by besides the address it listens on and localhost (serving a LAN: --host 0.0.0.0 --allow-host mybox.local).")
@click.option("--max-rooms", type=click.IntRange(1, 10_000), default=200, show_default=True, help="Tables open or playing at once.")
@click.option("--max-sockets", type=click.IntRange(1, 100_000), default=32, show_default=True, help="Open table pages (WebSockets) from one client address.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True, help="Language of the pages for a visitor who has not chosen one.")
def serve(db: str | None, host: str, port: int, records: str, allow_hosts: tuple[str, ...], max_rooms: int, max_sockets: int, lang: str) -> None:
    """Serve live tables where several people (and bots) play one game, each
    from their own browser, and the archive's games, named queries and
    charts, at http://HOST:PORT/ (Ctrl-C stops it).

    Open /tables to start a table and share its address.  Every table is
    recorded in --records decision by decision; a finished one is added to
    the archive (--db) at once and opens in the same viewer as `sgz html`.
    """
    import socket

    try:
        import uvicorn

        from .web.app import make_app
    except ImportError as exc:
        fail(f"sgz serve needs the web extra ({exc.name} is missing): pip install 'sanguozhi[web]'")
    from sanguozhi.records.db import default_db

    app = make_app(db or default_db(), records, lang, listen=host, allow_hosts=allow_hosts, max_rooms=max_rooms, max_sockets=max_sockets)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    where = sock.getsockname()
    click.echo(f"sgz serve: http://{host if ':' not in host else '[' + host + ']'}:{where[1]}/  (tables: /tables; archive {db or default_db()}; Ctrl-C stops)", err=True)
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=16 * 1024,  # a page's message is an answer: small
        ws_per_message_deflate=False,  # small messages: compressing costs more CPU than it saves
        ws_ping_interval=20,
        ws_ping_timeout=20,  # a dropped connection is noticed (and its seat's hand-over clock starts)
        timeout_keep_alive=5,  # idle connections close
        limit_concurrency=2000,
    )
    uvicorn.Server(config).run(sockets=[sock])
