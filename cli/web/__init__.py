"""`sgz serve`: the local web app (Starlette, served by uvicorn).

``app.make_app`` builds it: the archive's games with filters, each opened in
the replay viewer of ``sgz html`` (``replay.html``), the named queries, the
statistics as charts (``records.plot``), and games against bots played in
the browser (``live``).  The archive is only ever opened read-only.
"""
