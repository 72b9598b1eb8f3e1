"""Undo at a shared Skirrid desk (a mixin of `SkirridTable`, table.py): a person may take back
their last shape until the next person begins their turn (picks a shape, asks for a hint, or
passes), as Skip-Bo's person may until the next one opens their hand. The right is the frame's
(`SavedUndoer`: kept in the save, so a Resume keeps it); only when it ends is Skirrid's own.

Everything on a Skirrid board is open, so taking a shape back shows nobody anything new, with
one exception: in the dice game the next turn's roll is on show the moment a shape is placed,
and a person who could take their shape back after seeing it would choose knowing the roll to
come. So a shared desk playing with the die keeps the old rule: every shape stands."""

from __future__ import annotations

from skully_game.scenes.cardtable.seated import SavedUndoer
from skully_game.scenes.cardtable.words import possessive


class SkirridUndo(SavedUndoer):
    """The shared desk's undo; its attributes are set by `SkirridTable`."""

    SHARED_TABLE = (
        "No undo in the dice game with two or more people: the next roll shows at once, "
        "so every shape stands."
    )
    SHARED_NOTHING = "Nothing to undo: the next person has begun their turn."

    def shared_undo(self) -> bool:
        return not self.state.options.dice

    def undo_tip(self, own: str) -> str:
        """At a shared desk with a shape to take back: whose, and until when."""
        if len(self.humans) > 1 and self.undoer is not None and self.undo_target() is not None:
            return (
                f"Ctrl+Z: take back {possessive(self.names[self.undoer])} last shape, "
                "until the next person picks a shape"
            )
        return super().undo_tip(own)  # type: ignore[misc, no-any-return]

    def note_mover(self, mover: int | None, action: str) -> None:
        """A person placed a shape: theirs to take back. A pass is no shape, and it is the
        next person's turn begun: nobody takes anything back over it."""
        if mover in self.humans:
            self.undoer = mover if action != "PASS" else None

    def took_desk(self) -> None:
        """The person to act began their turn: the last person's shape stands from now, saved
        so (a Resume must not let it be taken back)."""
        if self.undoer is not None and self.my_turn() and self.to_act() != self.undoer:
            self.undoer = None
            self.save()
            self._layout()  # the Undo button greys out at once

    def pick(self, piece: str, by_key: bool = False) -> None:
        self.took_desk()
        super().pick(piece, by_key)  # type: ignore[misc]

    def ask_hint(self) -> None:
        self.took_desk()
        super().ask_hint()  # type: ignore[misc]

    def undone_by(self, seat: int) -> None:
        """`seat` took their shape back: the tray is theirs again, with nothing lit or tipped
        of the person who was about to play."""
        self.viewer = seat
        self._turn_seen = seat
        self.banner = ("", 0.0)
        self.person_changed()
        self._layout()
