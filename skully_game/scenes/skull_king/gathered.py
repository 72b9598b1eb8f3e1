"""A won trick lies gathered before its winner, named, for a beat at every pace, before it goes
to the winner's seat.

A play-tester at the fast pace saw each trick's cards vanish the moment its hold ended: they slid
together and flew off in about a third of a second, the words "Trick to Anne" gone with the hold,
so who took the trick was read in the log. Here the hold's end first gathers the cards, face up
and fanned, in front of the winner's seat with the winner named, and only after the beat sends
them to the seat. A person's own input (hurry) and a headless settle skip the beat, as they skip
every other animation.
"""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.scenes.cardtable.flight import Flight
from skully_game.scenes.cardtable.game import Taken
from skully_game.scenes.cardtable.layout import Layout
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.shell import theme

BEAT = 0.8  # seconds the gathered trick lies named at the fast pace (longer at slower ones)
FAN = 0.16  # each gathered card lies this share of a card's width along from the one under it


def beat(pace_hold: float) -> float:
    """How long a gathered trick lies before its winner: never under BEAT, whatever the pace."""
    return max(BEAT, 0.6 * pace_hold)


class GatheredTrick:
    """The card table's hold on a taken trick, in two steps: gathered and named, then gone."""

    gathered: Taken | None = None  # a won trick lying gathered before its winner
    _rushing = False  # a person's input or a headless settle: no beat

    def _gather_spots(self, taken: Taken, lay: Layout) -> list[tuple[int, str, tuple[int, int]]]:
        """Each card of the trick, who played it and where it lies gathered: fanned in front
        of the winner, the winning card on top."""
        t: Any = self
        assert taken.winner is not None
        cx, cy = t._slot_centre(taken.winner, lay)
        step = round(t._pile_card()[0] * FAN)
        order = sorted(taken.plays, key=lambda play: play[0] == taken.winner)
        left = cx - step * (len(order) - 1) // 2
        return [(seat, code, (left + k * step, cy)) for k, (seat, code) in enumerate(order)]

    def _end_hold(self) -> None:
        t: Any = self
        shown = t.shown
        if shown is None or not shown.plays or shown.winner is None or self._rushing:
            self.gathered = None
            super()._end_hold()  # type: ignore[misc]
            return
        if self.gathered is not shown:  # first: the cards slide together before the winner
            lay = t.lay()
            scale = t.pile_scale()
            gather = max(0.12, t.match.pace.fly * 0.6)
            for seat, code, at in self._gather_spots(shown, lay):
                start = t._slot_centre(seat, lay)
                t.flights.append(
                    Flight(
                        code, start, at, duration=gather, waits=True, scale=scale, end_scale=scale
                    )
                )
            self.gathered = shown
            t.hold = gather + beat(t.match.pace.hold)
            return
        # then: the gathered trick goes face down to its winner's seat
        lay = t.lay()
        fly, scale = t.match.pace.fly, t.pile_scale()
        spots = self._gather_spots(shown, lay)
        self.gathered, t.shown, t.pile_slots = None, None, 0
        for k, (_, _, at) in enumerate(spots):
            flight = t._to_seat_stack(shown.winner, at, 0.03 * k, fly)
            flight.scale = scale
            flight.waits = True  # the trick reaches its winner before anything else
            t.flights.append(flight)

    def paint_gathered(self, surface: pygame.Surface, lay: Layout) -> bool:
        """The gathered trick, its winner lit and named, once its cards have slid together;
        True: it is on show (nothing else of the trick is drawn)."""
        t: Any = self
        taken = self.gathered
        if taken is None or t.shown is not taken:
            return False
        if not any(f.code is not None and f.slot < 0 and not f.done for f in t.flights):
            scale = t.pile_scale()
            rect = pygame.Rect(0, 0, 0, 0)
            for _, code, at in self._gather_spots(taken, lay):
                img = t.face(code, EVERYONE, scale)
                rect = surface.blit(img, img.get_rect(center=at))
            assert taken.winner is not None
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
            name = theme.fit(t.names[taken.winner], 15, rect.w + 6)
            theme.text(surface, name, (rect.centerx, rect.y - 3), 15, theme.TEXT, "midbottom")
        t._trick_words(surface, taken.words, t.trick_words_box(), 26, theme.ACCENT, True)
        return True

    def hurry(self) -> None:
        self._rushing = True
        try:
            super().hurry()  # type: ignore[misc]
        finally:
            self._rushing = False

    def settle(self) -> None:
        self._rushing = True
        try:
            super().settle()  # type: ignore[misc]
        finally:
            self._rushing = False

    def forget_shown(self) -> None:
        self.gathered = None
        super().forget_shown()  # type: ignore[misc]


__all__ = ["BEAT", "GatheredTrick", "beat"]
