"""``python -m sanguozhi`` is the ``sgz`` command."""
from sanguozhi.cli.main import main

main(prog_name="sgz")
