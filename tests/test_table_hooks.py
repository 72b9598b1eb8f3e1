"""A game's table supplies presentation only, through the shared table's public hooks: no game's
table class overrides a `_`-prefixed method of the shared table (cardtable/), so a change inside
the shared table can never be undone by one game's copy of it (its secrecy included)."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from skully_game.scenes.cardtable import frame
from skully_game.scenes.cardtable.seated import SeatedScene
from skully_game.scenes.cardtable.table import CardTable

SCENES = Path(frame.__file__).resolve().parent.parent
SHARED = "skully_game.scenes.cardtable"


def game_tables() -> list[type]:
    """Every table class of every game's scene package (the shared table's own left out)."""
    found: dict[str, type] = {}
    for path in sorted(SCENES.glob("*/*.py")):
        if path.parent.name == "cardtable":
            continue
        name = f"skully_game.scenes.{path.parent.name}.{path.stem}"
        text = path.read_text(encoding="utf-8")
        if "cardtable" not in text:
            continue
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if (
                inspect.isclass(cls)
                and issubclass(cls, SeatedScene)
                and not cls.__module__.startswith(SHARED)
            ):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return list(found.values())


def private_overrides(cls: type) -> list[str]:
    """The shared table's `_`-prefixed methods that `cls` (or a game's class it comes from)
    defines again."""
    shared = [b for b in cls.__mro__ if b.__module__.startswith(SHARED)]
    own = [b for b in cls.__mro__ if b not in shared and issubclass(b, SeatedScene)]
    out = []
    for base in own:
        for name in vars(base):
            if not name.startswith("_") or (name.startswith("__") and name.endswith("__")):
                continue
            if any(name in vars(s) for s in shared):
                out.append(f"{base.__qualname__}.{name}")
    return out


def test_every_games_table_is_found() -> None:
    names = {cls.__qualname__ for cls in game_tables()}
    for expected in ("SkullTable", "SkullKingTable", "SkipBoTable", "SkirridTable"):
        assert expected in names
    assert {"SkipBoReplay", "SkirridReplay"} <= names


@pytest.mark.parametrize("cls", game_tables(), ids=lambda c: c.__qualname__)
def test_no_games_table_overrides_a_private_method_of_the_shared_table(cls: type) -> None:
    assert private_overrides(cls) == [], "use the public hooks listed in cardtable/frame.py"


def test_the_check_finds_a_table_that_overrides_a_private_method() -> None:
    class Sneaky(CardTable):
        def _draw_pass(self, surface, lay):  # type: ignore[no-untyped-def]
            """Draws the pass screen its own way."""

        def paint_hand(self, surface, lay):  # type: ignore[no-untyped-def]
            """A public hook: allowed."""

    Sneaky.__module__ = "skully_game.scenes.sneaky.table"
    assert private_overrides(Sneaky) == [
        "test_the_check_finds_a_table_that_overrides_a_private_method.<locals>.Sneaky._draw_pass"
    ]


def test_every_hook_the_docstring_lists_is_a_method_of_the_shared_table() -> None:
    hooks = re.findall(r"^    (?:    )?([a-z_]+)\(", frame.__doc__ or "", re.M)
    assert len(hooks) >= 15
    for hook in hooks:
        assert callable(getattr(CardTable, hook, None)) or callable(
            getattr(frame.TableFrame, hook, None)
        ), hook
