"""`skully saves [--check] [--json]`: a player's own files, by mode.

Lists every saved Skully game, shot and board and every table game's saved games in the data
folder, as Resume, Replays and the setup screens list them (the same listings, every file: none
is left out however many there are). With --check each file is opened by the code that opens
it in the game (Resume's, Replays', the boards'), headless: no window opens. A file that cannot
be listed or opened is named in one line with the reason. Nothing is written: every file is only
read (no list index is kept, and a temporary file left by a killed save is left where it is).
Exit 0 when every file opens, 1 when some do not or the data folder is not a folder.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from skully_game.cli.parser import command, plural
from skully_game.core.errors import DataError
from skully_game.core.saves import Listing, shown
from skully_game.core.saves_index import only_reading

DESCRIPTION = (
    "List every saved game, shot and board in the data folder by mode; with --check, open each "
    "one as the game does (headless) and name each that does not open, with the reason. "
    "Never changes a file (a temporary file a killed save left is left too). Exit 0 when every "
    "file opens, 1 when some do not or the data folder is not a folder."
)
PATH_MAX = 200  # characters of a path a line shows
PROBLEM_MAX = 300  # characters of a reason


@dataclass(frozen=True)
class Group:
    """One kind of saved file: its list (the one the game shows) and how the game opens one."""

    key: str  # "skully", "skully-shots", "boards", or a table game's key
    title: str  # "Skully games"
    listing: Callable[[], Listing]
    open: Callable[[Path], object]  # raises DataError (or worse) for a file it cannot use
    games: bool  # its files are games, finished or not


@dataclass(frozen=True)
class FileLine:
    """One file as the command reports it: a good one's title and detail, or a bad one's reason."""

    path: str  # relative to the data folder
    title: str = ""
    detail: str = ""
    finished: bool | None = None
    problem: str | None = None


@dataclass(frozen=True)
class Report:
    group: Group
    files: tuple[FileLine, ...]

    @property
    def good(self) -> list[FileLine]:
        return [f for f in self.files if f.problem is None]

    @property
    def bad(self) -> list[FileLine]:
        return [f for f in self.files if f.problem is not None]

    def heading(self) -> str:
        """'Skully games: 3 (1 unfinished)', with the files that do not open after it."""
        good = self.good
        text = f"{self.group.title}: {len(good)}"
        if self.group.games and good:
            text += f" ({sum(not f.finished for f in good)} unfinished)"
        if self.bad:
            text += f"; {plural(len(self.bad), 'file')} that cannot be opened"
        return text

    def to_dict(self) -> dict[str, Any]:
        good = self.good
        return {
            "mode": self.group.key,
            "title": self.group.title,
            "count": len(good),
            "unfinished": sum(not f.finished for f in good) if self.group.games else None,
            "bad": len(self.bad),
            "files": [
                {
                    "path": f.path,
                    "title": f.title,
                    "detail": f.detail,
                    "finished": f.finished,
                    "problem": f.problem,
                }
                for f in self.files
            ],
        }


def groups() -> list[Group]:
    """Skully's games, shots and boards, then each table game in menu order."""
    from skully_game.scenes.cardtable.match import Match, list_tables
    from skully_game.scenes.resume import table_games
    from skully_game.skully.board import load_board
    from skully_game.skully.board_files import board_listing
    from skully_game.skully.replay_check import load_record
    from skully_game.skully.saves import game_listing, shot_listing
    from skully_game.skully.session import load_session

    found = [
        Group("skully", "Skully games", game_listing, load_session, True),  # Resume's loader
        Group("skully-shots", "Skully shots", shot_listing, load_record, False),  # Replays'
        Group("boards", "Boards", board_listing, load_board, False),
    ]
    for table in table_games():
        found.append(
            Group(
                table.key,
                f"{table.title} games",
                partial(list_tables, table),
                partial(Match.load, table),
                True,
            )
        )
    return found


def survey(check: bool, data: Path) -> list[Report]:
    """Every group's files: listed, and with `check` opened one by one."""
    reports = []
    for group in groups():
        listing = group.listing()
        lines = []
        for entry in listing.entries:
            problem = opening_problem(group, entry.path) if check else None
            lines.append(
                FileLine(_relative(entry.path, data), entry.title, entry.detail,
                         entry.finished if group.games else None, problem)
            )  # fmt: skip
        for bad in listing.bad:
            lines.append(
                FileLine(_relative(bad.path, data), problem=_reason(bad.problem, bad.path))
            )
        lines.sort(key=lambda f: f.path)
        reports.append(Report(group, tuple(lines)))
    return reports


def opening_problem(group: Group, path: Path) -> str | None:
    """Why the game cannot open this file, in one line; None when it opens."""
    try:
        group.open(path)
    except DataError as exc:
        return _reason(str(exc), path)
    except Exception as exc:  # the loader met something it does not check: the game would stop
        detail = shown(str(exc), 120) or "a field of the wrong kind"
        return f"the game cannot open it ({detail})"
    return None


def _reason(text: str, path: Path) -> str:
    """A refusal without the file's full path in front (the line names the file already)."""
    for prefix in (f"{path}: ", f"{path.name}: "):
        if text.startswith(prefix):
            text = text[len(prefix) :]
            break
    return shown(text, PROBLEM_MAX)


def _relative(path: Path, data: Path) -> str:
    try:
        text = str(path.relative_to(data))
    except ValueError:
        text = str(path)
    return shown(text, PATH_MAX)  # one printable line, whatever the file system allows in names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check",
        action="store_true",
        help="open every file as the game does and name each that does not open",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def run(args: argparse.Namespace) -> int:
    from skully_game.core.paths import data_dir

    data = data_dir()
    problem = data_folder_problem(data)
    if problem:
        if args.json:
            print(json.dumps({"data_folder": str(data), "problem": problem}, indent=1))
        else:
            print(f"Saved files in {shown(str(data), PATH_MAX)}: {problem}.")
        return 1
    with only_reading():  # no index written, no temporary file removed: nothing changes
        reports = survey(args.check, data)
    bad = sum(len(r.bad) for r in reports)
    total = sum(len(r.files) for r in reports)
    if args.json:
        document = {
            "data_folder": str(data),
            "checked": args.check,
            "files": total,
            "bad": bad,
            "modes": [r.to_dict() for r in reports],
        }
        print(json.dumps(document, indent=1))
    else:
        print("\n".join(text_lines(reports, data, args.check, total, bad)))
    return 1 if bad else 0


def data_folder_problem(data: Path) -> str:
    """Why the data folder cannot hold saves, in words ("it is a file, not a folder"); "" when
    it is a folder or is not there yet (nothing saved)."""
    try:
        if data.is_dir() or not (data.exists() or data.is_symlink()):
            return ""
    except OSError as exc:
        return (exc.strerror or "it cannot be reached").lower()
    if data.is_symlink() and not data.exists():
        return "it is a link to nothing"
    return "it is a file, not a folder, so no game can be saved or listed there"


def text_lines(reports: list[Report], data: Path, check: bool, total: int, bad: int) -> list[str]:
    """The report in words: a heading per mode and a line per file."""
    where = shown(str(data), PATH_MAX)
    lines = [f"Saved files in {where}" + ("" if data.is_dir() else " (nothing saved yet)")]
    for report in reports:
        lines.append(report.heading())
        for f in report.files:
            if f.problem is not None:
                lines.append(f"  {f.path}: cannot be opened: {f.problem}")
            else:
                detail = f" · {f.detail}" if f.detail else ""
                lines.append(f"  {f.path}  {f.title}{detail}")
    if bad:
        lines.append(f"{plural(bad, 'file')} of {total} cannot be opened.")
    elif check:
        lines.append(f"Every file opens ({plural(total, 'file')}).")
    else:
        lines.append(f"{plural(total, 'file')} listed; 'skully saves --check' opens each one.")
    return lines


def setup(parser: argparse.ArgumentParser) -> None:
    """`skully saves` in the command tree."""
    parser.description = DESCRIPTION
    add_arguments(parser)
    command(parser, run)
