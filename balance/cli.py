"""`balance` console script: parses arguments and hands off to one command module.

Each subcommand lives in `balance/commands/<name>.py` with `add_arguments(parser)`
and `run(args) -> int`. Exit codes: 0 ok, 1 user error (including every
argument error: argparse's own 2 is reserved here for rejected data), 2 data
rejected. No input produces a traceback: errors the toolkit raises on
purpose, and file-system errors, become one line naming what is at fault.

`-v` / `-q` (before the command) set what the library's `logging.getLogger("balance")` shows on stderr;
`-q` also silences progress lines. With `--json` a command's text goes to stderr and stdout holds exactly one
JSON document (`balance.output`), an error document too when the command fails.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import sys
from collections.abc import Sequence
from typing import NoReturn

from balance.output import distribution_version, write_document
from engine.core.errors import BalanceError, ReplayError, RulesetError

# subcommand -> (module, one-line help); modules are imported only to build the parser.
COMMANDS: dict[str, tuple[str, str]] = {
    "simulate": ("balance.commands.simulate", "play a run spec into the Parquet event lake (resumable)"),
    "verify": ("balance.commands.verify", "replay every game in the lake and check its digest"),
    "events": ("balance.commands.events", "print or write the event catalogue generated from the code"),
    "bench": ("balance.commands.bench", "throughput: games/s, events/s, logging overhead, workers"),
    "warehouse": ("balance.commands.warehouse", "build the DuckDB warehouse (facts, metrics, tests) from the lake"),
    "report": ("balance.commands.report", "execute the notebooks on the warehouse and write HTML reports"),
    "ask": ("balance.commands.ask", "play at one strength until every seat is tilted or fair, or a budget ends"),
    "run": ("balance.commands.run", "the default study end to end: simulate, build the warehouse, report"),
    "tile-value": ("balance.commands.tile_value", "Four Gardens: causal bonus-tile value by paired simulation"),
    "ingest": ("balance.commands.ingest", "replay recorded games (JSON) into the lake; quarantine the ones that fail"),
    "export": ("balance.commands.export", "write games of the lake as a recorded-game JSON file"),
    "compare": ("balance.commands.compare", "what if? a baseline ruleset against variants on shared seeds"),
    "sweep": ("balance.commands.sweep", "one ruleset value over a list of values on shared seeds, charted"),
    "rules": ("balance.commands.rules", "a ruleset's keys: values, bounds and provenance (what --set may change)"),
    "assumptions": ("balance.commands.assumptions", "which assumed ruleset values move the headline findings"),
    "tune": ("balance.commands.tune", "search one or two ruleset values that bring a metric into a range"),
    "record": ("balance.commands.record", "type a live playtest in, move by move (saved after every move)"),
    "runs": ("balance.commands.runs", "list the lake's runs and their state; remove or unlock one"),
    "show": ("balance.commands.show", "one game turn by turn in the designer's words (and a picture of a state)"),
    "ladder": ("balance.commands.ladder", "round robin of agents (seats rotated), pairwise win rates and ratings"),
}

EXIT_OK, EXIT_USER, EXIT_DATA = 0, 1, 2


class Parser(argparse.ArgumentParser):
    """argparse with exit code 1 for argument errors (the README reserves 2 for rejected data).

    An argument error is one line: what is wrong and where to read the options
    (argparse's usage block, often longer than the terminal, is left to --help).
    """

    def error(self, message: str) -> NoReturn:
        what = " ".join(message.split())  # a value with a newline in it stays on the one line
        self.exit(EXIT_USER, f"{self.prog}: error: {what}; see `{self.prog} --help`\n")


class VersionAction(argparse.Action):
    """`balance --version`: looked up only when asked for (the metadata lookup imports the lake)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(distribution_version())
        parser.exit(EXIT_OK)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; given the command line, only its command's module is imported.

    Command modules import what they run on (the warehouse, notebooks, charts, statistics, recorded-game
    schemas): all of them took seconds of every command's start. `balance --help` needs only their help lines.
    """
    chosen = next((word for word in argv if not word.startswith("-")), None) if argv else None
    parser = Parser(prog="balance", description="Balance analysis for board games.")
    parser.add_argument("--version", action=VersionAction, help="print the distribution's name and version")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="show the library's log on stderr (-v: what each step does, -vv: every detail)")
    parser.add_argument("-q", "--quiet", action="store_true", help="errors only: no warnings, no progress lines")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_path, help_text) in COMMANDS.items():
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        if argv is None or name == chosen:
            module = importlib.import_module(module_path)
            module.add_arguments(command_parser)
            command_parser.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser(list(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    except SystemExit as exc:  # --help and --version (0) or an argument error (1)
        return int(exc.code or 0)
    configure_logging(args.verbose, args.quiet)
    if args.quiet and hasattr(args, "no_progress"):
        args.no_progress = True
    if not getattr(args, "json", False):
        return run_command(args)
    stdout = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):  # the document is the only thing on stdout
        code = run_command(args)
    document = getattr(args, "json_document", None)
    if document is None:
        document = {"error": getattr(args, "error", "the command stopped before it had a result")}
    write_document(stdout, args.command, code, document)
    return code


def run_command(args: argparse.Namespace) -> int:
    """The command's exit code; a failure is one line on stderr (kept in `args.error` for a JSON document)."""
    try:
        return int(args._run(args))
    except (ReplayError, RulesetError) as exc:
        return _failed(args, f"data rejected: {exc}", EXIT_DATA)
    except BalanceError as exc:
        return _failed(args, str(exc), EXIT_USER)
    except OSError as exc:  # a read-only folder, a full disk, a path that is a file ...
        where = f"{exc.filename}: " if exc.filename else ""
        return _failed(args, f"{where}{exc.strerror or exc}; check the path and its permissions", EXIT_USER)
    except KeyboardInterrupt:
        return _failed(args, "interrupted; re-run with --resume to finish", EXIT_USER)


def _failed(args: argparse.Namespace, message: str, code: int) -> int:
    args.error = message
    print(f"balance {args.command}: {message}", file=sys.stderr)
    return code


def configure_logging(verbose: int, quiet: bool) -> None:
    """The `balance` logger on stderr: warnings by default, -v info, -vv debug, -q errors only."""
    if quiet:
        level = logging.ERROR
    else:
        level = logging.DEBUG if verbose >= 2 else logging.INFO if verbose == 1 else logging.WARNING
    logger = logging.getLogger("balance")
    logger.setLevel(level)
    if not any(isinstance(handler, StderrHandler) for handler in logger.handlers):
        handler = StderrHandler()
        handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
        logger.addHandler(handler)


class StderrHandler(logging.Handler):
    """Log records to sys.stderr as it is when each is written (a test's capture, a redirect)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(self.format(record), file=sys.stderr, flush=True)
        except Exception:  # logging must never break the command
            self.handleError(record)


if __name__ == "__main__":
    sys.exit(main())
