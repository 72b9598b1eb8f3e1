"""The shared standard-card painter (cardtable/standard.py): any game with a standard deck draws
its faces there; Skull asks it for every card but its King, which it draws as the Skull."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from cards.skull.cards import RANKS, SUITS
from skully_game.scenes.cardtable import standard
from skully_game.scenes.skull.carddraw import card_face


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(
        b, "RGBA"
    )


def test_skulls_flowers_are_the_standard_faces_and_its_king_is_the_skull() -> None:
    for rank in RANKS:
        for suit in SUITS:
            code = rank + suit
            for scale in (1.0, 0.6):
                plain = standard.standard_face(code, scale)
                if rank == "K":
                    assert not _same(card_face(code, scale), plain), "the Skull has its own face"
                else:
                    assert _same(card_face(code, scale), plain), code
                    assert _same(
                        card_face(code, scale, True), standard.standard_face(code, scale, True)
                    )


def test_every_standard_face_is_distinct_and_card_sized() -> None:
    faces = [
        pygame.image.tobytes(standard.standard_face(r + s), "RGBA") for r in RANKS for s in SUITS
    ]
    assert len(set(faces)) == 52
    size = standard.standard_face("10H").get_size()
    assert all(standard.standard_face(r + s).get_size() == size for r in RANKS for s in SUITS)


def test_the_shared_painter_knows_nothing_of_skull() -> None:
    source = Path(standard.__file__).read_text()
    imported = [
        node.module or ""
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom)
    ]
    assert not any("skull" in name.split(".") or "skull_" in name for name in imported)
