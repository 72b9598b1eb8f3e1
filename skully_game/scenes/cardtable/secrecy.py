"""Who may see what a table draws: one gate for every game at the shared desk.

Everything a table draws has an owner: everyone (`EVERYONE`), or one seat. For each frame the
table knows its viewer: one seat (the person a pass screen let in, or the only person at the
desk), or everyone (a public screen: a pass screen, a round's summary, a reveal all watch).
`Sight` draws an owned card face or text only when the frame's viewer may see it, and draws a
card back or nothing otherwise; no game checks this on its own.

`spying` is the hook a tool or a test watches through: every card face and every text drawn
while it is on, with its owner and the viewer of the frame (a face drawn outside the gate is
reported as `UNOWNED`, which is itself a fault).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

import pygame

from skully_game.scenes.cardtable.carddraw import card_back
from skully_game.shell import theme

EVERYONE: Final = None  # the owner of what every person at the desk may see
UNOWNED: Final = -1  # a card face drawn without going through a `Sight`
T = TypeVar("T")


class CardImage(Protocol):
    def __call__(self, code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface: ...


@dataclass(frozen=True, slots=True)
class Seen:
    """One thing drawn: a card face ("card") or a line of text ("text")."""

    kind: str
    item: str
    owner: int | None  # EVERYONE, a seat, or UNOWNED
    viewer: int | None  # the frame's viewer: a seat, or None for everyone


_drawing: list[Sight] = []  # the sights whose frames are being drawn now, innermost last
_spies: list[Callable[[Seen], None]] = []
_in_face = [0]  # inside Sight.face: the face is reported there, with its owner
_CONTEXT = object()  # a thing reported with the owner of what is being drawn


class Sight:
    """The gate between a table and the screen: its viewer, and the owner of what it draws."""

    def __init__(
        self,
        viewer: Callable[[], int | None],
        back: Callable[[float], pygame.Surface] = card_back,
    ) -> None:
        self._viewer = viewer
        self.back = back  # the game's own back: what a viewer who may not see a face sees
        self._frames: list[int | None] = []
        self._owners: list[int | None] = []

    @property
    def viewer(self) -> int | None:
        """The frame's viewer while one is drawn, else the table's viewer now."""
        return self._frames[-1] if self._frames else self._viewer()

    @property
    def owner(self) -> int | None:
        """The owner of what is being drawn now."""
        return self._owners[-1] if self._owners else EVERYONE

    def may_see(self, owner: int | None) -> bool:
        return owner is EVERYONE or owner == self.viewer

    @contextmanager
    def frame(self) -> Iterator[None]:
        """One frame, drawn for the viewer the table has as it begins."""
        self._frames.append(self._viewer())
        _drawing.append(self)
        try:
            yield
        finally:
            _drawing.pop()
            self._frames.pop()

    @contextmanager
    def _owned(self, owner: int | None) -> Iterator[None]:
        self._owners.append(owner)
        try:
            yield
        finally:
            self._owners.pop()

    def show(self, owner: int | None, draw: Callable[[], T]) -> T | None:
        """Run `draw` (a panel, a button, a hint) as `owner`'s, if the viewer may see it."""
        if not self.may_see(owner):
            return None
        with self._owned(owner):
            return draw()

    def face(
        self, image: CardImage, code: str, owner: int | None, scale: float = 1.0, dim: bool = False
    ) -> pygame.Surface:
        """The card's face for a viewer who may see it; its back for anyone else."""
        if not self.may_see(owner):
            return self.back(scale)
        with self._owned(owner):
            _tell("card", code, owner)
            _in_face[0] += 1
            try:
                return image(code, scale, dim)
            finally:
                _in_face[0] -= 1

    def faces(self, image: CardImage, owner: int | None) -> CardImage:
        """`image` as the gate draws it for `owner` (for panels that draw many cards)."""
        return lambda code, scale=1.0, dim=False: self.face(image, code, owner, scale, dim)

    def text(
        self, surface: pygame.Surface, owner: int | None, message: str, *args: Any, **kw: Any
    ) -> pygame.Rect | None:
        """`theme.text` for `owner`'s words: drawn only for a viewer who may see them."""
        return self.show(owner, lambda: theme.text(surface, message, *args, **kw))


def _tell(kind: str, item: str, owner: object = _CONTEXT) -> None:
    """Report one thing drawn to the spies: its owner given, or the one being drawn for."""
    if not _spies:
        return
    sight = _drawing[-1] if _drawing else None
    viewer = sight.viewer if sight is not None else None
    if owner is _CONTEXT:
        owner = sight.owner if sight is not None else EVERYONE
    seen = Seen(kind, item, owner, viewer)  # type: ignore[arg-type]
    for spy in list(_spies):
        spy(seen)


@contextmanager
def spying(spy: Callable[[Seen], None], *games: Any) -> Iterator[None]:
    """Report every text and card face drawn to `spy` while on: texts as they are rendered,
    faces as the gate draws them, and any face of `games` drawn past the gate as UNOWNED."""
    real_rendered = theme.rendered

    def rendered(message: str, *args: Any, **kw: Any) -> pygame.Surface:
        _tell("text", message)
        return real_rendered(message, *args, **kw)

    patched = []
    for game in games:
        if not hasattr(game, "card_image"):
            continue  # a board game: no card faces
        real = game.card_image
        patched.append((game, real, "card_image" in vars(game)))

        def image(code: str, *args: Any, _real: Any = real, **kw: Any) -> pygame.Surface:
            if not _in_face[0]:
                _tell("card", code, UNOWNED)
            return _real(code, *args, **kw)

        game.card_image = image
    theme.rendered = rendered  # type: ignore[assignment]
    _spies.append(spy)
    try:
        yield
    finally:
        _spies.remove(spy)
        theme.rendered = real_rendered  # type: ignore[assignment]
        for game, real, own in reversed(patched):
            if own:
                game.card_image = real
            else:
                del game.card_image


def leak(seen: Seen) -> bool:
    """A private item drawn for another viewer, or a card face that never went past the gate."""
    if seen.owner == UNOWNED:
        return seen.kind == "card"
    return seen.owner is not EVERYONE and seen.owner != seen.viewer


__all__ = ["EVERYONE", "UNOWNED", "CardImage", "Seen", "Sight", "leak", "spying"]
