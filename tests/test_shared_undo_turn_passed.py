"""At a shared desk a move stands once the turn has passed on to another person, even where no
pass screen stands between them (a play-tester: Skull's Challenger, turning her own stack in
public, took back Bob's pass with Undo, its tip reading "take back Bob's last move")."""

from __future__ import annotations

from types import SimpleNamespace

from skully_game.scenes.cardtable.seated import SeatedScene


def _desk(to_act: int) -> SimpleNamespace:
    """Bob (seat 0) moved last; Anne (seat 1) is the other person; seat 2 a computer."""
    game = SimpleNamespace(
        is_over=lambda state: False, to_act=lambda state: to_act, undo_point=lambda s, seat: 7
    )
    return SimpleNamespace(
        game=game, state=None, humans=[0, 1], shared_undo=lambda: True, undoer=0, passing=None
    )


def test_the_move_stands_once_another_person_is_to_act():
    assert SeatedScene.undo_target(_desk(to_act=1)) is None  # type: ignore[arg-type]


def test_the_mover_still_takes_it_back_while_a_computer_or_they_themselves_are_to_act():
    assert SeatedScene.undo_target(_desk(to_act=2)) == 7  # type: ignore[arg-type]
    assert SeatedScene.undo_target(_desk(to_act=0)) == 7  # type: ignore[arg-type]
