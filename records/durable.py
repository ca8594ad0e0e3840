"""Many finished records made durable at once: one filesystem sync, then their names.

A bot game's record is written whole under its temporary name when the game
ends (``RecordWriter.close(sync=False)``).  ``publish`` then makes a batch of
such records durable together and only afterwards gives each its name, so a
record's name still always means a whole record on the disk:

1. one ``syncfs`` of the filesystem that holds them (Linux; elsewhere, where
   there is no such call, an fsync of each file);
2. each gets its name (a link: never over a record), its temporary name goes;
3. the folders are synced, so the names are on the disk too.

An fsync costs ~0.6 ms of a 10 ms bot game here; one sync for a chunk of 64
games costs ~7 ms in all, and the run no longer needs a thread to hide the
fsyncs (whose hand-offs of the interpreter lock cost the games more).

A run killed before it named its chunk leaves the chunk's records under
their temporary names (``temporary_name``); ``sweep`` removes those of dead
processes on this machine when the next run starts in the folder.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import msgspec

_HOST = os.uname().nodename if hasattr(os, "uname") else "host"
_SUFFIX = ".part"


def temporary_name(path: Path) -> Path:
    """Where a record is written until it is whole: ``.NAME.HOST.PID.part``
    beside it (hidden, and nothing reads it as a record); the host and the
    process say whose it is, so ``sweep`` knows a dead run's from a live one's."""
    return path.with_name(f".{path.name}.{_HOST}.{os.getpid()}{_SUFFIX}")


def sweep(folder: str | Path) -> int:
    """Remove the temporary records in ``folder`` that dead processes of this
    machine left (a run killed before its chunk was synced and named); the
    number removed.  Another machine's, or a live process's, stay.  POSIX only
    (elsewhere there is no harmless test of whether a process lives)."""
    if os.name != "posix":
        return 0
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return 0
    mine = f".{_HOST}."
    removed = 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(_SUFFIX)):
            continue
        rest, _, pid = name[: -len(_SUFFIX)].rpartition(".")
        if not pid.isdigit() or not (rest + ".").endswith(mine) or _alive(int(pid)):
            continue
        try:
            os.unlink(entry.path)
            removed += 1
        except FileNotFoundError:  # another sweep took it
            pass
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """A process that ended and waits for its parent to note it (Linux's /proc says so)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return False
    end = stat.rfind(b")")  # the state follows the command name, which may hold anything
    return stat[end + 2 : end + 3] == b"Z"


class Finished(Protocol):
    """A record written whole under a temporary name (a ``RecordWriter`` closed with ``sync=False``)."""

    @property
    def written_to(self) -> Path: ...  # the temporary name it was written under

    def publish(self) -> None: ...  # give it its name, drop the temporary name


def name_record(temporary: Path, path: Path) -> None:
    """Give the record written at ``temporary`` its name ``path`` (a link: never over a
    record; ``FileExistsError`` if one has the name meanwhile); the temporary name goes."""
    try:
        os.link(temporary, path)
    finally:
        os.unlink(temporary)


class Unnamed(msgspec.Struct, frozen=True):
    """A finished record handed from the process that wrote it to the one that
    publishes it (``sgz sim``'s workers leave the sync and naming to their parent)."""

    temporary: str
    path: str

    @property
    def written_to(self) -> Path:
        return Path(self.temporary)

    def publish(self) -> None:
        name_record(Path(self.temporary), Path(self.path))


def publish(records: Sequence[Finished]) -> None:
    """Make ``records`` durable with one sync, then give each its name.

    Raises the first failure to name one (``FileExistsError``: the name was
    taken meanwhile; it is never replaced) once the others have their names.
    """
    if not records:
        return
    folders = sorted({r.written_to.parent for r in records})
    sync = _syncfs()
    if sync is None:
        for r in records:
            _fsync_path(r.written_to, os.O_RDWR)
    else:
        for folder in _one_per_filesystem(folders):
            sync(folder)
    failed: OSError | None = None
    for r in records:
        try:
            r.publish()
        except OSError as exc:  # its name was taken meanwhile: the others still get theirs
            failed = failed or exc
    if os.name == "posix":
        for folder in folders:
            _fsync_path(folder, os.O_RDONLY)
    if failed is not None:
        raise failed


def _fsync_path(path: Path, flags: int) -> None:
    fd = os.open(path, flags)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _one_per_filesystem(folders: list[Path]) -> list[Path]:
    seen: dict[int, Path] = {}
    for f in folders:
        seen.setdefault(os.stat(f).st_dev, f)
    return list(seen.values())


_SYNCFS: list[Callable[[Path], None] | None] = []


def _syncfs() -> Callable[[Path], None] | None:
    """Linux's syncfs(2) as a function of a folder on the filesystem, or None where there is none."""
    if not _SYNCFS:
        _SYNCFS.append(_load_syncfs())
    return _SYNCFS[0]


def _load_syncfs() -> Callable[[Path], None] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        call = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):  # no C library to call, or one without syncfs
        return None

    def syncfs(folder: Path) -> None:
        fd = os.open(folder, os.O_RDONLY)
        try:
            if call(fd) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"cannot sync the records to the disk: {os.strerror(err)}", str(folder))
        finally:
            os.close(fd)

    return syncfs
