"""Skip-Bo's keys (a mixin of `SkipBoTable`, table.py): the arrows go where they point, Enter
picks a card up and puts it down, Esc puts it back. The table's own keys (Tab, Ctrl+Z, Esc,
the numbers) do what they do at every table."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo import places
from skully_game.scenes.skip_bo.places import BUILD, DISCARD, STOCK, Place

NOTHING_BUILDS = (
    "Nothing builds: choose a card to discard (arrows); Enter picks it up, Enter again discards it"
)
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


class SkipBoKeys:
    """The Skip-Bo table's keyboard; its attributes are set by `SkipBoTable`."""

    # the keys' place was chosen by an arrow pressed afresh (not a repeat of one held since
    # before): with nothing to build, only such a choice (or the pointer's) may be discarded
    keys_chose = False

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """As every table; an arrow pressed afresh past the pass screen is a choice of the
        person's own, a repeat of one held since before it is not."""
        arrow = event.type == pygame.KEYDOWN and event.key in ARROWS
        # (as the gate has it: only a key polled from the keyboard repeats, see passgate.py)
        fresh = arrow and (event.key not in self.gate.held or not hasattr(event, "doubt"))
        if fresh and self.passing is None:
            self.keys_chose = True
        return super().handle_event(event)  # type: ignore[misc]

    def nothing_builds(self) -> bool:
        """Whether no card the viewer may move now goes on a building pile: the turn can only
        end with a discard, and which card is the person's choice alone."""
        sources = self.sources()
        return bool(sources) and not any(t[0] == BUILD for s in sources for t in self.targets(s))

    def key_gesture(self, event: pygame.event.Event) -> bool:
        """The arrows go where they point: left and right along a row (the hand; the stock and
        discard piles; the building piles), stopping at either end (with nothing chosen they
        start in the hand: they went to the stock and stayed on the piles), up from the hand to the
        piles (one's own, whether their tops can play or not), down back to it.
        Enter or Space picks the chosen card up and lights the first pile it builds on (the
        arrows choose another: up the building piles, down one's discard piles); Enter or
        Space again puts it there, so a play is two presses; Esc puts it back. Enter with
        nothing chosen picks the best card to play first: the stock's when it fits, then a
        discard pile's, then a number from the hand, a SKIP-BO card last. The table's own keys (Tab, Ctrl+Z, Esc, the numbers)
        do what they do at every table."""
        k = event.key
        self.keys_lead = True
        arrows = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up",
                  pygame.K_DOWN: "down"}  # fmt: skip
        if k in arrows or k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.my_turn():
                self._card_key(arrows.get(k))
            return True
        if k == pygame.K_ESCAPE and self.drag is not None:
            # Esc in mid-drag puts the card back, and that is all it does (it also asked
            # "Leave the game?"); the button still held then lets go of nothing
            self.forget_hand()
            self.notice = ""
            if self.gate.button_down:
                self.gate.drop_press()
            return True
        if k == pygame.K_ESCAPE and (self.picked is not None or self.key_at >= 0):
            self.picked, self.key_at, self.notice = None, -1, ""
            return True
        return False

    def hint_by_enter(self) -> bool:
        """Enter makes the hinted move while the keys have chosen and hold nothing."""
        return self.picked is None and self.drag is None and self.key_at < 0

    def key_places(self) -> list[str]:
        """Where the arrows may go now: with nothing held, every card that moves (`sources`)
        and also one's own stock and discard piles whose tops cannot play now, so that Up
        always reaches the piles' row (Enter there says why the card stays); with a card
        held, its places (`targets`) and every building pile, so that Up always reaches them
        (Enter on one that does not take the card says why)."""
        if not self.my_turn():
            return []
        if self.picked is not None:
            builds = [f"{BUILD}{i}" for i in range(4)]
            return [*dict.fromkeys([*self.targets(self.picked), *builds])]
        piles = []
        for seat in self.sk.sources[self.viewer]:
            piles.append(f"{STOCK}{seat}")
            piles += [f"{DISCARD}{seat}.{k}" for k in range(4)]
        shown = [p for p in piles if places.card_at(self.sk, p) is not None]
        return [*dict.fromkeys([*self.sources(), *shown])]

    def _card_key(self, arrow: str | None) -> None:
        """An arrow ("left", "right", "up", "down") or Enter (None) at the viewer's turn."""
        choices = self.key_places()
        if not choices:
            return
        self.place_hover = None  # the keys lead now: one place lit, not the mouse's too
        self.notice = ""  # the line under the piles tells of the keys' place now
        if arrow is not None:
            self.key_at = choices.index(self._arrow_to(choices, arrow))
        elif self.picked is not None and not 0 <= self.key_at < len(choices):
            self.key_at = self._first_place(choices)  # (picked by the mouse: lit, not put)
        elif self.picked is None:  # Enter picks at once (with none chosen, the best card)
            if self.nothing_builds() and not (self.keys_chose and 0 <= self.key_at < len(choices)):
                self.key_at, self.keys_chose = -1, False  # a discard is the person's to choose:
                self.notice = NOTHING_BUILDS  # Enter never picks one for them
                self.hover = None
                return
            if not 0 <= self.key_at < len(choices):
                self.key_at = self._first_place(choices)
            place = self.picked = choices[self.key_at]
            self._pick_notice()
            if self.picked is None:  # it cannot go anywhere (the line says so): keys stay
                self.key_at = choices.index(place)
                return
            self.key_at = self._first_place(self.targets(self.picked))
            return
        else:
            self._drop(self.picked, choices[self.key_at])
            return
        at = choices[self.key_at]
        self.hover = at[1:] if at.startswith(places.HAND) and not self.picked else None

    def _rows(self, choices: list[str]) -> tuple[list[str], list[str]]:
        """The choices as the table shows them, each row left to right: the upper row (the
        stock and discard piles to play from; the building piles to put on) and the lower
        (the hand; one's own discard piles)."""
        lower_kind = places.HAND if self.picked is None else DISCARD
        upper = [c for c in choices if not c.startswith(lower_kind)]
        lower = [c for c in choices if c.startswith(lower_kind)]
        return sorted(upper, key=self._x_of), sorted(lower, key=self._x_of)

    def _x_of(self, place: str) -> float:
        """Where a place lies across the table, to go left and right by (its seat's row first:
        one's own piles, then a partner's across the table)."""
        rect = self.place_rect(place) if place[0] in (places.HAND, STOCK) else None
        if place[0] == DISCARD or place[0] == BUILD:
            rect = self.target_rect(place) if "." not in place else self.place_rect(place)
        x = rect.centerx if rect is not None else 0
        seat = Place.of(place).seat
        return x + (10_000 if seat >= 0 and seat != self.viewer else 0)

    def _arrow_to(self, choices: list[str], arrow: str) -> str:
        """The choice an arrow leads to from the keys' place (from none: the row it points
        to, or the first choice)."""
        upper, lower = self._rows(choices)
        at = choices[self.key_at] if 0 <= self.key_at < len(choices) else None
        if at is None:  # nothing held: Left and Right start in the hand (first or last card)
            if arrow in ("left", "right") and lower and self.picked is None:
                return lower[0] if arrow == "right" else lower[-1]
            row = upper if arrow == "up" and upper else lower if arrow == "down" and lower else []
            return row[0] if row else choices[self._first_place(choices)]
        row = upper if at in upper else lower
        if arrow in ("left", "right"):  # along the row, stopping at either end
            step = 1 if arrow == "right" else -1
            return row[min(len(row) - 1, max(0, row.index(at) + step))]
        other = upper if arrow == "up" else lower
        if not other or other is row:
            return at  # already the row that way: stay
        x = self._x_of(at)
        return min(other, key=lambda c: abs(self._x_of(c) - x))

    def _first_place(self, choices: list[str]) -> int:
        """Where Enter starts when the arrows have chosen nothing. A held card: the first
        building pile that takes it (else its first place). Nothing held: the stock's card
        when it builds, then a discard pile's top, then a number from the hand, then a SKIP-BO
        card from the hand; with nothing to build, the first card in the hand."""
        if self.picked is not None:  # (a card that builds nowhere: its first discard pile)
            takes = self.targets(self.picked)
            fits = [k for k, t in enumerate(choices) if t in takes]
            return next((k for k in fits if choices[k][0] == BUILD), fits[0] if fits else 0)

        def rank(k: int) -> tuple[int, int]:
            place = choices[k]
            if not any(t[0] == BUILD for t in self.targets(place)):
                return 9, k
            if place[0] == places.HAND:
                return (3 if place == f"{places.HAND}W" else 2), k
            return (0 if place[0] == STOCK else 1), k

        return min(range(len(choices)), key=rank)

    def _keyed(self) -> str | None:
        choices = self.key_places()
        return choices[self.key_at] if 0 <= self.key_at < len(choices) else None
