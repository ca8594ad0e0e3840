"""`sgz`: play, record, replay, fork, diff and query Sanguosha games.

Subcommands live in their own modules and are imported only when run, so
`sgz --help` stays fast.
"""
from __future__ import annotations

import importlib
import os
import sys

import click

from sanguozhi.records.bounds import Printable, printable

from . import interrupted, new_command, said_interrupted

# name -> (module, function, one-line help).  A new command is one module
# and one line here.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "sim": ("sanguozhi.cli.cmd_sim", "sim", "Run bot games, record each, print a summary."),
    "arena": ("sanguozhi.cli.cmd_arena", "arena", "Play bots against each other over mirrored deals, record the games, rate the bots."),
    "generals": ("sanguozhi.cli.cmd_generals", "generals", "List the generals: kingdom, gender, hp and skill texts (--json)."),
    "play": ("sanguozhi.cli.cmd_play", "play", "Play at the terminal against bots, recording the game."),
    "replay": ("sanguozhi.cli.cmd_replay", "replay", "Narrate a recorded game, or show the state at a point."),
    "cards": ("sanguozhi.cli.cmd_cards", "cards", "List the 160 cards of the deck with suit, rank, type and rule text (--lang zh)."),
    "validate": ("sanguozhi.cli.cmd_validate", "validate", "Check records: integrity, schema, and re-running their decisions."),
    "salvage": ("sanguozhi.cli.cmd_salvage", "salvage", "Copy the longest valid prefix of a damaged record to a new file."),
    "schema": ("sanguozhi.cli.cmd_schema", "schema", "Write the JSON Schema of the record header and the events."),
    "archive": ("sanguozhi.cli.cmd_archive", "archive", "Load records into a DuckDB archive; export it as Parquet."),
    "stats": ("sanguozhi.cli.cmd_stats", "stats", "Win rates, game length, damage and deaths from the archive."),
    "query": ("sanguozhi.cli.cmd_query", "query", "Run read-only SQL (or a named query) on the archive."),
    "fork": ("sanguozhi.cli.cmd_fork", "fork", "Fork a recorded game at an event into a new record."),
    "diff": ("sanguozhi.cli.cmd_diff", "diff", "Compare two records: common prefix, first difference, state differences."),
    "tree": ("sanguozhi.cli.cmd_tree", "tree", "Show the fork tree of the records in a folder."),
    "html": ("sanguozhi.cli.cmd_html", "html", "Write a replay page: one self-contained HTML file to share."),
    "serve": ("sanguozhi.cli.cmd_serve", "serve", "A local web app: archived games, queries, charts, play in the browser."),
    "analyze": ("sanguozhi.cli.cmd_analyze", "analyze", "Rank the choices at a position by rollouts; review a seat's decisions for blunders."),
}


def _interrupted() -> None:
    """Ctrl-C: one line, exit status 130 (a second Ctrl-C meanwhile changes nothing)."""
    said_interrupted()
    sys.exit(130)


# click >= 8.2 signals a bare `sgz` with this usage error; older click prints the help itself.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class LazyGroup(click.Group):
    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):  # type: ignore[override]
        """Run the command; a usage error is one line on stderr with a non-zero exit."""
        new_command()
        given = sys.argv[1:] if args is None else list(args)
        # What sgz prints passes through a filter (records.bounds.Printable);
        # serve's server logs its own, coloured lines.
        streams = (sys.stdout, sys.stderr)
        if given[:1] != ["serve"]:
            sys.stdout, sys.stderr = Printable(sys.stdout), Printable(sys.stderr)
        try:
            return self._main(args, prog_name, complete_var, standalone_mode, **extra)
        finally:
            sys.stdout, sys.stderr = streams

    def _main(self, args, prog_name, complete_var, standalone_mode, **extra):  # type: ignore[no-untyped-def]
        try:
            rc = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NO_ARGS_IS_HELP as exc:
            click.echo(exc.format_message())  # `sgz` alone: the help
            sys.exit(0)
        except click.ClickException as exc:
            click.echo(f"sgz: error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except (click.Abort, KeyboardInterrupt):
            _interrupted()
        except OSError as exc:  # a path that cannot be read or written: one line, never a traceback
            if interrupted():
                _interrupted()
            where = f"{printable(str(exc.filename), one_line=True)}: " if exc.filename else ""
            click.echo(f"sgz: error: {where}{exc.strerror or exc}", err=True)
            sys.exit(1)
        except Exception as exc:
            if interrupted():  # what a Ctrl-C set off (a worker pool broken by it, DuckDB interrupted)
                _interrupted()
            if os.environ.get("SGZ_DEBUG"):
                raise
            click.echo(f"sgz: error: unexpected {type(exc).__name__}: {printable(str(exc), one_line=True)} (a bug: SGZ_DEBUG=1 shows where)", err=True)
            sys.exit(1)
        if isinstance(rc, int) and rc and standalone_mode:
            sys.exit(rc)
        return rc

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        spec = COMMANDS.get(name)
        if spec is None:
            return None
        module = importlib.import_module(spec[0])
        return getattr(module, spec[1])

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Help text from the table, without importing every command.
        rows = [(name, COMMANDS[name][2]) for name in sorted(COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog="Example: sgz sim --games 1 --seed 1 --out games && sgz replay games/*.jsonl --lang zh")
@click.version_option(package_name="sanguozhi")
def main() -> None:
    """sanguozhi (三国志): a rules engine and game-record platform for Sanguosha (三国杀)."""


if __name__ == "__main__":
    main()
