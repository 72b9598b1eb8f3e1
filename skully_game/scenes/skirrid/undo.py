"""Undo at Skirrid's table (a mixin of `SkirridTable`, table.py): against computer players a
person takes back their last shape (Ctrl+Z, with the computers' replies since); with two or
more people at one desk every shape stands once placed.

A shared desk once let a shape be taken back until the next person began their turn. Skirrid
has no pass screen, so that right sat on the next person's screen: a play-tester, as Anne,
pressed Undo before picking and took back Bob's shape (and after Save and Resume, Bob took back
Anne's). The card tables' rule, that a move stands once the turn is handed on, holds here too:
at Skirrid the turn is handed on the moment a shape is placed."""

from __future__ import annotations


class SkirridUndo:
    """The shared desk's rule, in the words its Undo button and Ctrl+Z give."""

    SHARED_TABLE = (
        "No undo with two or more people at the table: a shape stands once placed "
        "(the next person's turn has begun)."
    )

    def shared_undo(self) -> bool:
        return False
