"""`skully judge FILE.json`: rule on a scenario and print the resulting state and events as JSON.

A bad file gets one line on stderr naming the file, the field and what was expected (exit 2).
With --check the scenario's `expect` is compared with the result (exit 1 on a mismatch).
The format is in docs/judge-format.md; tests/scenarios/ holds the rulings as data.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from skully_game.cli.parser import UsageError, run_alone, tool
from skully_game.core.errors import DataError
from skully_game.core.fileio import read_json
from skully_game.skully.rules.events import PLAYER_FIELDS, Event, event_to_dict
from skully_game.skully.rules.io import decision_to_dict, player_to_dict
from skully_game.skully.rules.scenario import Scenario, load_scenario, play
from skully_game.skully.rules.state import GameState, target

PROG = "skully judge"
EXIT_OK = 0
EXIT_MISMATCH = 1
EXIT_BAD_FILE = 2
TOLERANCE = 1e-6  # metres: how closely expected coordinates must match


def report(scenario: Scenario, state: GameState, events: tuple[Event, ...]) -> dict[str, Any]:
    """The judged result as plain data, players named rather than numbered."""
    board = scenario.board
    names = [p.name for p in state.players]

    def named(data: dict[str, Any]) -> dict[str, Any]:
        out = dict(data)
        for key in PLAYER_FIELDS | {"victims"}:
            value = out.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                out[key] = names[value]
            elif isinstance(value, list) and all(isinstance(v, int) for v in value):
                out[key] = [names[v] for v in value]
        return out

    players = []
    for p in state.players:
        data = named(player_to_dict(p))
        data["place"] = None if p.pos is None else board.locate(p.pos, p.radius).label()
        t = target(p)
        data["target"] = {
            "boxes": list(t.boxes),
            "trapezoids": [x.name.lower() for x in t.trapezoids],
        }
        players.append(data)
    return {
        "title": scenario.title,
        "state": {
            "to_play": names[state.to_play],
            "winner": None if state.winner is None else names[state.winner],
            "players": players,
            "pending": [named(decision_to_dict(d)) for d in state.pending],
            "offers": [named(decision_to_dict(d)) for d in state.offers],
        },
        "events": [named(event_to_dict(e)) for e in events],
    }


def judge(scenario: Scenario) -> dict[str, Any]:
    state, events = play(scenario)
    return report(scenario, state, events)


def _matches(expected: object, actual: object) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and _matches(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(_matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, float) or isinstance(actual, float):
        if isinstance(expected, bool) or isinstance(actual, bool):
            return expected == actual
        if isinstance(expected, int | float) and isinstance(actual, int | float):
            return math.isclose(expected, actual, abs_tol=TOLERANCE)
        return False
    return expected == actual


def mismatches(expect: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """Every way the result differs from `expect` (see docs/judge-format.md), one line each."""
    state = result["state"]
    texts = [e["text"] for e in result["events"]]
    kinds = [e["kind"] for e in result["events"]]
    by_name = {p["name"]: p for p in state["players"]}
    out: list[str] = []
    for key, want in expect.items():
        if key in ("to_play", "winner", "pending", "offers"):
            if not _matches(want, state[key]):
                out.append(f"{key}: expected {want!r}, got {state[key]!r}")
        elif key == "players":
            for name, fields in want.items():
                got = by_name.get(name)
                if got is None:
                    out.append(f"players.{name}: no such player")
                    continue
                for field, value in fields.items():
                    if field not in got or not _matches(value, got[field]):
                        out.append(
                            f"players.{name}.{field}: expected {value!r}, got {got.get(field)!r}"
                        )
        elif key == "events":
            if want != texts:
                out.append(f"events: expected {want!r}, got {texts!r}")
        elif key == "events_include":
            out += [f"events: missing {t!r} in {texts!r}" for t in want if t not in texts]
        elif key == "events_exclude":
            out += [f"events: unexpected {t!r}" for t in want if t in texts]
        elif key == "event_kinds" and want != kinds:
            out.append(f"event_kinds: expected {want!r}, got {kinds!r}")
    return out


DESCRIPTION = "Rule on a Skully scenario file and print the resulting state and events as JSON."

# Records people hand `judge` by mistake, by their format field: what each one is, in words.
NOT_SCENARIOS = {
    "skully-game-record": "a Skully game record",
    "skully-shot": "a Skully shot record",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a scenario JSON file (docs/judge-format.md)")
    parser.add_argument(
        "--check", action="store_true", help="compare with the file's 'expect'; exit 1 if different"
    )
    parser.add_argument("--quiet", action="store_true", help="print nothing on success")


def read_scenario(path: str) -> Scenario:
    """The scenario in `path`; a game or shot record is refused as what it is, not field by field."""
    try:
        return load_scenario(path)
    except DataError:
        try:
            data = read_json(path)
        except DataError:
            data = None
        fmt = data.get("format") if isinstance(data, dict) else None
        if isinstance(fmt, str) and fmt in NOT_SCENARIOS:
            raise UsageError(
                f"{path}: this is {NOT_SCENARIOS[fmt]}, not a scenario (judge reads the "
                f"scenario format of docs/judge-format.md; 'skully replay {path}' plays it back)"
            ) from None
        raise


def run(args: argparse.Namespace) -> int:
    prog = args.prog
    try:
        scenario = read_scenario(args.file)
        result = judge(scenario)
    except UsageError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_BAD_FILE
    except (RecursionError, MemoryError):
        print(
            f"{prog}: {args.file}: the scenario is too large or too deeply nested", file=sys.stderr
        )
        return EXIT_BAD_FILE
    if not args.quiet:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    if args.check:
        if scenario.expect is None:
            print(
                f"{prog}: {args.file}: field 'expect': expected the expected result",
                file=sys.stderr,
            )
            return EXIT_BAD_FILE
        problems = mismatches(scenario.expect, result)
        for line in problems:
            print(f"{prog}: {args.file}: {line}", file=sys.stderr)
        if problems:
            return EXIT_MISMATCH
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    """`skully judge ...` on its own: the same parser and messages."""
    return run_alone(PROG, add_arguments, run, argv, DESCRIPTION)


def setup(parser: argparse.ArgumentParser) -> None:
    """`skully judge` in the command tree."""
    tool(parser, DESCRIPTION, add_arguments, run)


if __name__ == "__main__":
    raise SystemExit(main())
