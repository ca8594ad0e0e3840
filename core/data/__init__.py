"""Data files shipped inside the package: the deck here, each mode's tables in
the ``data/`` folder of its own package."""
from __future__ import annotations

from pathlib import Path


def data_text(module_file: str, name: str) -> str:
    """The text of ``data/<name>`` beside the module ``module_file`` (its ``__file__``).

    Read from the folder itself: importing ``importlib.resources`` alone costs
    a seek's new process ~4 ms, and the files are installed beside the modules."""
    return (Path(module_file).parent / "data" / name).read_text(encoding="utf-8")
