"""``python -m sanguozhi`` is the ``sgz`` command."""
from sanguozhi.cli import run

run()
