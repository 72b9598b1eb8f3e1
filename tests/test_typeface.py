"""The program's type: a shipped, licensed face, kerned, with no gap inside a word at any size
the game uses (players read "K raken", "Blit z", "mat ter" in pygame's default face)."""

from __future__ import annotations

import fnmatch
import inspect
import random
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from cards.registry import GAMES
from skully_game.core.games import scene_package
from skully_game.shell import theme

ROOT = Path(__file__).resolve().parent.parent
WORDS = ("Kraken", "Blitz", "matter", "alliance")
SIZES = range(10, 29)


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    pygame.font.init()
    yield


def blank_runs(img: pygame.Surface) -> list[int]:
    """The widths of the runs of blank columns between a word's letters, widest first."""
    spans = sorted((r.x, r.right) for r in pygame.mask.from_surface(img, 40).get_bounding_rects())
    runs, reach = [], spans[0][1] if spans else 0
    for left, right in spans[1:]:
        if left > reach:
            runs.append(left - reach)
        reach = max(reach, right)
    return sorted(runs, reverse=True)


BIG = 120  # a size at which a pixel's rounding is lost in the face's own spacing


def gaps_in(
    make: Callable[[int], Any], size: int, words: list[str]
) -> list[tuple[str, int, float]]:
    """Words whose letters stand further apart at `size` than the face itself sets them: the
    same word drawn large gives the face's spacing; scaled down, each gap of the small word (the
    widest against the widest, and so on) may be one pixel wider for rounding, never more."""
    small, big = make(size), make(BIG)
    ratio = small.get_height() / big.get_height()
    bad = []
    for word in words:
        if len(word) < 2 or not word.isalpha():
            continue
        gaps = blank_runs(small.render(word, True, (255, 255, 255)))
        own = blank_runs(big.render(word, True, (255, 255, 255)))
        own += [0] * (len(gaps) - len(own))
        for gap, spacing in zip(gaps, own, strict=False):  # the large word may have more
            if gap > spacing * ratio + 1:
                bad.append((word, gap, round(spacing * ratio, 2)))
                break
    return bad


def log_sample() -> list[str]:
    """A few dozen lines of every table game's log, from a game its bots play on a fixed seed."""
    import importlib

    lines: list[str] = []
    for info in GAMES:
        if not info.table:
            continue
        entry = info.entry()
        game = importlib.import_module(scene_package(info)).TABLE_GAME
        low = entry.players[0]
        state = entry.new_state(entry.make_options(max(3, low), {}), 7)
        rng = random.Random(7)
        for _ in range(120):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        names = ["Anne", "Calico", "Mary", "Edward", "Bea", "Will"][: state.num_players]
        secret = "viewer" in inspect.signature(game.log).parameters  # a game with secrets
        log = game.log(state, None, names) if secret else game.log(state, names)
        assert log, info.key
        lines += log[:: max(1, len(log) // 30)]
    return lines


def test_the_face_and_its_licence_ship_with_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["skully_game.assets"]
    folder = ROOT / "assets" / "fonts"
    for face, name in theme.FACES.items():
        path = theme.face_path(face)
        assert path is not None and path.name == name, face
        assert (folder / name).is_file(), name
        assert any(fnmatch.fnmatch(f"fonts/{name}", p) for p in patterns), name
    assert "Permission is hereby granted" in (folder / "LICENSE-DejaVu.txt").read_text()
    assert any(fnmatch.fnmatch("fonts/LICENSE-DejaVu.txt", p) for p in patterns)


def test_every_role_draws_in_the_shipped_face():
    for name, role in theme.ROLES.items():
        f = theme.role(name)
        assert f.name.startswith("DejaVu"), name
        assert f.get_height() > 0
        assert role.face in theme.FACES
    assert theme.font(22).name == "DejaVu Sans" and theme.font(22, True).style_name == "Bold"


def test_pairs_are_kerned():
    for f in (theme.font(40), theme.font(40, True), theme.role("title")):
        for pair in ("AV", "To", "Ty"):
            assert f.size(pair)[0] < f.size(pair[0])[0] + f.size(pair[1])[0] - 1, pair


def test_no_gap_inside_a_word_in_any_role_at_any_size():
    words = list(WORDS)
    for line in log_sample():
        words += [w.strip(".,:;!?()'\"") for w in line.split()]
    words = sorted(set(words))
    assert len(words) > 60  # every game's log gave words
    bad = {}
    for size in SIZES:
        for face in theme.FACES:
            found = gaps_in(lambda n, f=face: theme.font(n, f == "bold", f), size, words)
            if found:
                bad[(size, face)] = found[:3]
    assert not bad, bad


def _default(size: int, bold: bool) -> pygame.font.Font:
    f = pygame.font.Font(None, size)
    f.set_bold(bold)  # as the program drew bold text before it shipped a face
    return f


def test_the_check_finds_the_gaps_of_pygames_default_face():
    """The test above can fail: pygame's own face has the gaps players saw, from small sizes on."""
    found = {
        (size, bold): gaps_in(lambda n, b=bold: _default(n, b), size, list(WORDS))
        for size in SIZES
        for bold in (False, True)
    }
    assert found[(12, False)] and found[(14, True)]  # the smallest text of the tables
    assert {w for bad in found.values() for w, *_ in bad} == set(WORDS)
