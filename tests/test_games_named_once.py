"""The games are listed in one place, cards/registry.py (issue 42): no test, tool or module names
them again in a literal list, so a new game is its engine package, its scene package and one
registry entry, and nothing else needs an edit to pick it up.

A file names a game when a string literal in it is exactly one of the game's names: its key
("skull-king"), its title ("Skull King") or its package ("skull_king"). It lists the games when
either three or more different games are named within any 10 lines, or one list, tuple, set or
dict display names three or more of them (however many lines it spans). Prose in a docstring or
a comment, and one game's own name where only that game is meant, are not lists."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from cards.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("cards", "skully_game", "tests", "tools")
ALLOWED = {Path("cards/registry.py")}  # where the games are listed
NEAR = 10  # lines
MOST = 2  # games a file may name near each other


def game_names() -> dict[str, str]:
    """Every name of every registered game -> its key."""
    return {name: info.key for info in GAMES for name in (info.key, info.title, info.package)}


def named_lines(text: str, names: dict[str, str]) -> dict[int, set[str]]:
    """Line number -> the games its string literals name (a string starting on that line)."""
    found: dict[int, set[str]] = {}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type != tokenize.STRING:
            continue
        try:
            value = ast.literal_eval(token.string)
        except (ValueError, SyntaxError):  # an f-string: not a name written out
            continue
        if isinstance(value, str) and value in names:
            found.setdefault(token.start[0], set()).add(names[value])
    return found


def near_each_other(found: dict[int, set[str]]) -> list[tuple[int, set[str]]]:
    """Each line that starts NEAR lines naming more than MOST games, with those games."""
    out = []
    for line in sorted(found):
        games = set().union(*(found.get(k, set()) for k in range(line, line + NEAR)))
        if len(games) > MOST:
            out.append((line, games))
    return out


def listed(text: str, names: dict[str, str]) -> list[tuple[int, set[str]]]:
    """Each list, tuple, set or dict display whose items (a dict's keys) name more than MOST
    games, with its line."""
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Dict):
            items: list[ast.expr | None] = list(node.keys)
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            items = list(node.elts)
        else:
            continue
        games = {
            names[item.value]
            for item in items
            if isinstance(item, ast.Constant)
            and isinstance(item.value, str)
            and item.value in names
        }
        if len(games) > MOST:
            out.append((node.lineno, games))
    return out


def quoted(text: str, names: dict[str, str]) -> set[str]:
    """The games whose names stand between quotes anywhere in `text`: every literal that is a
    name is among them, so a file with fewer than MOST + 1 needs no closer reading."""
    pattern = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return {names[m.group(2)] for m in re.finditer(f"([\"'])({pattern})\\1", text)}


def offences(text: str, names: dict[str, str]) -> list[str]:
    if len(quoted(text, names)) <= MOST:
        return []
    said = [
        f"line {line}: {', '.join(sorted(g))} named near each other"
        for line, g in near_each_other(named_lines(text, names))
    ]
    said += [
        f"line {line}: a literal list of {', '.join(sorted(g))}" for line, g in listed(text, names)
    ]
    return said


def sources() -> list[Path]:
    return sorted(
        path.relative_to(ROOT)
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if ".venv" not in path.parts and path.relative_to(ROOT) not in ALLOWED
    )


def test_no_file_but_the_registry_lists_the_games() -> None:
    names = game_names()
    found = {}
    for path in sources():
        said = offences((ROOT / path).read_text(encoding="utf-8"), names)
        if said:
            found[str(path)] = said[0]  # the first place is enough to find the list
    assert found == {}, (
        "these files list the games: read them from cards/registry.py (GAMES), or let each "
        f"game's own package say what is its own: {found}"
    )


# Three made-up games for the finder's own tests (the real ones would be a list here).
MADE_UP = {
    "gin": "gin",
    "Gin": "gin",
    "old-maid": "old-maid",
    "old_maid": "old-maid",
    "snap": "snap",
}


@pytest.mark.parametrize(
    "text",
    [
        'KEYS = ["gin", "old-maid", "snap"]\n',
        'def f():\n    a = "Gin"\n    b = "old_maid"\n\n    return a, b, "snap"\n',
        'X = {\n    "gin": 1,\n'
        + "    'pad': 0,\n" * 12
        + '    "old-maid": 2,\n    "snap": 3,\n}\n',
    ],
    ids=["a-list", "near", "a-long-dict"],
)
def test_a_list_of_the_games_is_found(text: str) -> None:
    assert offences(text, MADE_UP)


@pytest.mark.parametrize(
    "text",
    [
        '"""Gin, Old Maid and Snap in prose."""\n',
        '# "gin", "old-maid", "snap" in a comment\n',
        'A = "gin"\n' + "pad = 0\n" * 10 + 'B = ["old-maid", "snap"]\n',
        'A = f"{x}gin"\nB = ("old-maid", "snap", "Snap")\n',
    ],
    ids=["prose", "comment", "far-apart", "two-games"],
)
def test_prose_and_one_or_two_games_are_not_lists(text: str) -> None:
    assert offences(text, MADE_UP) == []
