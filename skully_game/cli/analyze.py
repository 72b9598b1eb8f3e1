"""`skully analyze BOARD --skill LEVEL --samples N [--json]`: how hard each shot of the course is.

Runs the Monte Carlo study of `skully_game.skully.analysis` for one board and skill level and prints a
table of the steps (or, with --json, one JSON line). A progress bar goes to stderr only, so
stdout stays clean for a pipe. A bad board file, skill or number is one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import TextIO

from skully_game.cli.parser import UsageError, run_alone, tool, whole
from skully_game.core.errors import DataError
from skully_game.skully.analysis import DILLER, MAX_SAMPLES, Analysis, Study, analyze, total_samples
from skully_game.skully.board import PRESETS, BoardSpec, load_board
from skully_game.skully.caps import CapType, cap_type
from skully_game.skully.skill import LEVELS, level

PROG = "skully analyze"
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
MAX_JOBS = 64
BAR_WIDTH = 28


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def resolve_board(text: str) -> BoardSpec:
    """A board TOML file if one exists at `text`, else a preset of that name."""
    path = Path(text)
    if path.exists():
        return load_board(path)
    if text in PRESETS:
        return PRESETS[text]
    presets = ", ".join(PRESETS)
    raise DataError(text, "file", f"an existing board TOML file or a preset name ({presets})")


class ProgressBar:
    """Counts finished samples; on a terminal redraws one line with \\r, otherwise prints a
    plain line at each quarter. Writes only to `stream` (stderr)."""

    def __init__(self, label: str, total: int, stream: TextIO) -> None:
        self.label = label
        self.total = max(1, total)
        self.stream = stream
        self.done = 0
        self.start = time.perf_counter()
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.drawn_at = 0.0
        self.quarter = 0

    def line(self) -> str:
        frac = min(1.0, self.done / self.total)
        filled = round(frac * BAR_WIDTH)
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        seconds = time.perf_counter() - self.start
        return f"analyze {self.label} [{bar}] {frac * 100:3.0f}%  {seconds:.1f} s"

    def __call__(self, count: int) -> None:
        self.done += count
        now = time.perf_counter()
        if self.tty:
            if now - self.drawn_at >= 0.1 and self.done < self.total:  # finish() draws 100 %
                self.drawn_at = now
                self.stream.write("\r" + self.line())
                self.stream.flush()
            return
        quarter = min(4, self.done * 4 // self.total)
        if quarter > self.quarter:
            self.quarter = quarter
            self.stream.write(self.line() + "\n")
            self.stream.flush()

    def finish(self) -> None:
        if self.tty:
            self.stream.write("\r" + self.line() + "\n")
            self.stream.flush()
        elif self.quarter < 4:
            self.done = self.total
            self.quarter = 4
            self.stream.write(self.line() + "\n")
            self.stream.flush()


def table(analysis: Analysis) -> list[str]:
    """The readable report: a line per step and the two totals."""
    study = analysis.study
    skill = study.level.skill
    lines = [
        f"{study.spec.name} board, {skill.name} player (aim ±{skill.aim_deg:g}°, speed "
        f"±{skill.speed_rel * 100:g} %), {study.cap.value} cap, {study.samples} samples a step, "
        f"seed {study.seed}",
        "",
        f"{'from':<13} {'to':<13} {'one shot':>9} {'exp. shots':>11} {'stuck':>7} {'pipsies':>8}",
    ]
    for f in analysis.per_step:
        pips = f"{f.p_pipsies * 100:6.1f} %" if f.pipsies_allowed else "       -"
        stuck = f"{f.p_stuck * 100:5.1f} %" if f.step < DILLER else "      -"
        lines.append(
            f"{f.start:<13} {f.goal:<13} {f.p_one_shot * 100:7.1f} % {f.expected_shots:11.2f} "
            f"{stuck} {pips}"
        )
    lines += [
        "",
        f"expected pipsies per game:  {analysis.expected_pipsies_per_game:.2f}",
        f"expected shots to finish:   {analysis.expected_shots_to_finish:.1f}",
    ]
    return lines


# Worker processes (jobs > 1) are forked while this is set: they die quietly on Ctrl+C instead
# of each printing a KeyboardInterrupt traceback; the parent reports the interruption.
_quiet_children = False


def _child_after_fork() -> None:
    if _quiet_children:
        signal.signal(signal.SIGINT, signal.SIG_DFL)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_child_after_fork)


DESCRIPTION = (
    "How hard each shot of a board's course is for a skill level: a Monte Carlo study through the "
    "real physics (rules 1.6.7). Prints a table of the steps, or with --json one JSON line; a "
    "progress bar goes to stderr."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "board",
        metavar="BOARD",
        help="a board TOML file, or a preset name if no such file exists: " + ", ".join(PRESETS),
    )
    parser.add_argument(
        "--skill",
        default="skilled",
        metavar="LEVEL",
        help=f"the player's level: {', '.join(LEVELS)} (default skilled)",
    )
    parser.add_argument(
        "--samples",
        type=whole(1, MAX_SAMPLES),
        default=200,
        metavar="N",
        help=f"samples per step of the course, 1 to {MAX_SAMPLES} (default 200)",
    )
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed (default 1)")
    parser.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS),
        default=default_jobs(),
        metavar="J",
        help=f"processes to spread the steps over, 1 to {MAX_JOBS} (default {default_jobs()}); "
        "the figures do not depend on it",
    )
    parser.add_argument(
        "--cap",
        default=CapType.CROWN.value,
        metavar="TYPE",
        help=f"the cap: {', '.join(t.value for t in CapType)} (default crown)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON line: per_step (from, to, p_one_shot, expected_shots, p_stuck, "
        "p_pipsies), expected_pipsies_per_game, expected_shots_to_finish",
    )


def _study(args: argparse.Namespace) -> Study:
    """The study the arguments ask for; a DataError or UsageError (one line) if they cannot."""
    try:
        skill = level(args.skill)
        cap = cap_type(args.cap.strip().lower())
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    spec = resolve_board(args.board)
    return Study(spec, skill, args.samples, args.seed, cap)


def run(args: argparse.Namespace) -> int:
    global _quiet_children
    study = _study(args)
    bar = ProgressBar(study.spec.name, total_samples(study), sys.stderr)
    _quiet_children = True
    try:
        analysis = analyze(study, bar, jobs=args.jobs)
    except KeyboardInterrupt:
        sys.stderr.write("\n" if bar.tty else "")
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as exc:  # e.g. worker processes could not be started
        reason = (exc.strerror or "the system refused").lower()
        print(f"{PROG}: the study could not run: {reason}", file=sys.stderr)
        return 1
    except RuntimeError as exc:
        print(f"{PROG}: the study could not run: {exc}", file=sys.stderr)
        return 1
    finally:
        _quiet_children = False
    bar.finish()
    if args.json:
        print(json.dumps(analysis.to_json()))
    else:
        print("\n".join(table(analysis)))
    return 0


def main(argv: list[str] | None = None) -> int:
    """`skully analyze ...` on its own: the same parser and messages."""
    return run_alone(PROG, add_arguments, run, argv, DESCRIPTION)


def setup(parser: argparse.ArgumentParser) -> None:
    """`skully analyze` in the command tree."""
    tool(parser, DESCRIPTION, add_arguments, run)


if __name__ == "__main__":
    raise SystemExit(main())
