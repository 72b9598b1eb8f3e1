"""The shared card table: seats round it, people and computer players, hot-seat pass screens,
flights, the pile, round summaries, the game log, the score sheet, undo, and a save after every
action. A game plugs in with its `TableGame` adapter; nothing here knows any game's rules.

Hidden information: the table draws only what its viewer may see, through one gate (`Sight`,
cardtable/secrecy.py): every card face and private word is drawn with its owner, and shows only
when the frame's viewer is that owner. With two or more people a pass screen comes before each
person's private view (their turn, at the start and after Resume, after any public screen, and
a Peek at a card only they may see); it opens only to a deliberate act of that person (see
cardtable/passgate.py). Public screens (a round's summary, a reveal all watch, the computer
players' turns between two people, the game's end) show nobody's secrets, and everything the
table showed from a hand (hover text, notices, a card menu) is dropped when the viewer changes.

Keys belong to the table, not to its buttons: the buttons answer only the mouse and never hold
keyboard focus, so Enter, Space, Tab and the arrows always do what the table says below, and no
key leaves the game without asking.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass
from typing import Any

import pygame

from skully_game.scenes.cardtable import panels, spots
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W, card_back, fan_positions
from skully_game.scenes.cardtable.game import (
    Dealt,
    Happening,
    Peek,
    PlacedDown,
    Played,
    PrivateView,
    RoundEnded,
    Shout,
    Summary,
    TableGame,
    Taken,
    Turned,
)
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.passgate import ARM_SECONDS, Verdict
from skully_game.scenes.cardtable.seated import SeatedScene
from skully_game.scenes.cardtable.secrecy import EVERYONE, Sight
from skully_game.scenes.cardtable.words import as_read_by, opening, possessive
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.focus import Keys
from skully_game.shell.scene import GameSave
from skully_game.shell.widgets import Button, WidgetGroup

PANEL_W = 300
SEAT_W, SEAT_H = 184, 84
PILE_SCALE = 0.8
SEAT_BACK = 0.25  # the small card back in a seat's corner, by its count of cards
MIN_PILE_SCALE = 0.55
CHOICE_PAGE = 10  # numbers in a row of choices, when there are too many for one
KEYS_HELP = "Tab score sheet · Ctrl+Z undo · Esc leave"


@dataclass
class Flight:
    """A card moving across the table: played, collected or dealt."""

    code: str | None  # None: face down
    start: tuple[float, float]
    end: tuple[float, float]
    delay: float = 0.0
    duration: float = 0.25
    t: float = 0.0
    slot: int = -1  # a played card: the pile slot it is flying to
    waits: bool = False  # the next move waits for it (a card going onto a stack, a turn)
    turning: int = -1  # a card turned over on this seat's spot, where it lies
    dealt: bool = False  # a card being dealt: the hand shows once the deal has landed
    scale: float = 0.5  # a face-down card's size as it sets off ...
    end_scale: float = 0.5  # ... and as it lands

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def eased(self) -> float:
        """How far along it is, 0 to 1, slowing as it lands."""
        f = min(1.0, max(0.0, (self.t - self.delay) / self.duration))
        return 1 - (1 - f) ** 3

    def at(self) -> tuple[float, float]:
        f = self.eased()
        return (
            self.start[0] + (self.end[0] - self.start[0]) * f,
            self.start[1] + (self.end[1] - self.start[1]) * f,
        )

    def size(self) -> float:
        """A face-down card's scale now, in steps of 0.05 (the backs are cached by size)."""
        scale = self.scale + (self.end_scale - self.scale) * self.eased()
        return round(scale * 20) / 20


@dataclass
class Layout:
    """Where things go for the window's size."""

    table: pygame.Rect
    hand_top: int  # a playable card rises to here
    choices_y: int
    prompt_y: int
    pile: pygame.Rect


@dataclass
class OwnedButton(Button):
    """A button only its owner may see (a way to play a card of their hand)."""

    sight: Sight | None = None
    owner: int | None = EVERYONE

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if self.sight is None:
            super().draw(surface, focused, hovered)
            return
        self.sight.show(self.owner, lambda: Button.draw(self, surface, focused, hovered))


class CardTable(SeatedScene):
    game: TableGame

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.viewer = self.humans[0] if self.humans else 0
        self.passing = None  # the person the pass screen waits for
        # a shared desk's public screen (a summary, a reveal, the computer players acting
        # between two people): nobody's secrets show until a pass screen lets one person in
        self.public = False
        self.glance: int | None = None  # a Peek: the seat alone looking at what it may see
        self.glanced = 0.0  # seconds the peeking person has been looking
        self.pending: deque[Happening] = deque()
        self.hold = 0.0  # a finished pile on show
        self.shown: Taken | None = None
        self.pile_slots = 0  # cards already in the pile or flying to it
        self.summary: Summary | None = None
        self.summary_left = 0.0  # seconds a summary stays with no person at the table
        self.shout = ("", 0.0)
        self.flights: list[Flight] = []
        self.hover: str | None = None
        self.cursor = -1  # the keyboard's card in the hand
        self.spot_cursor = -1  # the keyboard's spot, among those the viewer may choose now
        self.spot_hover: str | None = None  # the action of the spot under the mouse
        self._spots: tuple[object, list[spots.Placed]] = ((), [])  # the last layout, by move
        self._moves = 0  # counts every change of the position drawn (the layouts' cache key)
        self.card_menu: list[tuple[str, str]] = []  # ways to play the chosen card
        self.notice = ""  # a word to the viewer about their own hand; gone with the viewer
        self.log_scroll = 0
        self.log_cache: tuple[object, list[tuple[str, bool, int | None]]] = ((), [])
        self.sheet = False
        self._drawn: tuple[int, Any] = (-1, None)  # (events, the round-end view) cached
        self.widgets = WidgetGroup(keys=Keys.TABLE)
        self.choice_buttons: list[Button] = []
        self.choice_page = 0  # which numbers show when there are too many for one row
        self.cursor_events = self.game.event_count(self.state)
        if not self.game.history(self.state):
            self.cursor_events = 0  # a new game: the first deal flies out
        self._absorb()
        self._start_pass(first=True)
        self._layout()

    def drawn(self) -> Any:
        """The state the table draws seats, header and hand from: while a finished round is
        on show and the next deal has not flown, the round as it ended; else the state."""
        if not any(isinstance(p, Dealt) for p in self.pending):
            return self.state
        key = self.game.event_count(self.state)
        if self._drawn[0] != key:
            self._drawn = (key, self.game.round_end_view(self.state))
            self._moves += 1
        return self._drawn[1]

    @property
    def names(self) -> list[str]:
        seats = [s.name for s in self.match.seats]
        return seats + [self.game.ghost_name(i) for i in range(len(seats), 9)]

    def told_names(self) -> list[str]:
        """The names in the table's sentences (log, prompts, badges): a seat named "You" is
        "you" only when it is the viewer's own (see `words.as_read_by`)."""
        return as_read_by(self.names, self.viewer)

    # --- turns ------------------------------------------------------------------------

    def _to_act(self) -> int | None:
        return self.game.to_act(self.state)

    def over(self) -> bool:
        return self.game.is_over(self.state)

    def busy(self) -> bool:
        """Something is on show that the next move must wait for."""
        return bool(
            self.pending
            or self.hold > 0
            or self.summary is not None
            or self.glance is not None
            or self._landing()
        )

    def _landing(self) -> bool:
        """A card is on its way somewhere the next move must wait for."""
        return any(f.slot >= 0 or f.waits for f in self.flights)

    def showing(self) -> bool:
        """A taken pile or a round's summary is on show, or waiting its turn to be."""
        return (
            self.hold > 0
            or self.summary is not None
            or self.glance is not None
            or any(isinstance(p, Taken | RoundEnded | Peek) for p in self.pending)
        )

    def my_turn(self) -> bool:
        """The viewer is a person who must act now, and may see their hand to do it."""
        seat = self._to_act()
        return (
            seat is not None
            and seat == self.viewer
            and seat in self.humans
            and self.passing is None
            and not self.busy()
        )

    def _set_viewer(self, seat: int) -> None:
        """Change whose hand is shown: nothing taken from the last viewer's hand survives."""
        if seat != self.viewer:
            self._forget_viewer()
        self.viewer = seat

    def _forget_viewer(self) -> None:
        """Drop everything drawn from the viewer's hand: hover, notes, menus, the keys' place."""
        self.hover = None
        self.notice = ""
        self.card_menu = []
        self.cursor = -1
        self.spot_cursor = -1
        self.spot_hover = None
        self.log_cache = ((), [])

    def secrets_hidden(self) -> bool:
        """Whether the viewer's secrets are off the screen: a pass screen, or a public screen
        at a shared desk."""
        return self.passing is not None or self.public

    def seeing(self) -> int | None:
        """Whose secrets the screen may show now: the viewer's, or nobody's (EVERYONE)."""
        return EVERYONE if self.secrets_hidden() else self.viewer

    def shared(self) -> bool:
        """Two or more people sit at the desk: what one may see, the others may not."""
        return len(self.humans) > 1

    def _go_public(self) -> None:
        """At a shared desk, the screen is everyone's from now until a pass screen: nothing
        of the last viewer's hand, notes or log shows, and a pass screen still waiting (for a
        person who is no longer to look) goes; the next private view brings its own."""
        if not self.shared():
            return
        if self.glance is None:
            self.passing = None
        if not self.public:
            self.public = True
            self._forget_viewer()

    def _start_pass(self, first: bool = False) -> None:
        """Before a person's private view, hide everything until that person is at the
        screen: a pass screen whenever the viewer changes, and after any public screen."""
        if self.glance is not None:
            return  # one person alone looks: nothing moves on until they are done
        if self.over():
            self.passing = None
            self._go_public()  # the game's end is watched together
            return
        if not first and self.showing():
            return  # the person at the screen sees the trick taken and the summary first
        seat = self._to_act()
        if seat is None or seat not in self.humans:
            if first and self.shared():
                self.passing = self.viewer  # at the start and after Resume: no hand on show
            else:
                self._go_public()  # the last person's turn is over: their hand goes
            return
        if self.shared() and self.game.public_turn(self.state):
            self._go_public()  # a decision all watch: no pass screen, no hand on show
            self._set_viewer(seat)
            return
        if self.shared() and (first or seat != self.viewer or self.public):
            self.passing = seat
        self._set_viewer(seat)

    def act(self, action: str) -> None:
        """Apply an action for the seat to act (a person's click or a computer player's)."""
        if self._to_act() == self.viewer:
            self.cursor = -1  # the viewer's hand changes: the keys choose afresh
        self.game.apply(self.state, action)
        self._drawn = (-1, None)
        self._moves += 1
        self.app.sound.play("ui", 0.5)
        self.card_menu = []
        self.choice_page = 0
        self.hover = None
        self.spot_hover = None
        self.spot_cursor = -1
        self.notice = ""
        self._absorb()
        self.save()
        self._start_pass()
        self._layout()

    def _absorb(self) -> None:
        """Queue what the new events show (flights, the pile on show, the summary)."""
        start, self.cursor_events = self.cursor_events, self.game.event_count(self.state)
        self.pending.extend(self.game.happenings(self.state, start, self.told_names()))

    def _next_happening(self) -> None:
        """Start the next queued happening; each waits for the one before it."""
        while self.pending and not (
            self.hold > 0 or self.summary is not None or self.glance is not None
        ):
            item = self.pending.popleft()
            lay = self.lay()
            if isinstance(item, Played):
                self.flights.append(
                    Flight(
                        item.code,
                        self._seat_centre(item.seat),
                        self._slot_centre(self.pile_slots, lay),
                        slot=self.pile_slots,
                    )
                )
                self.pile_slots += 1
                return
            if isinstance(item, Taken):
                self.shown = item
                self.hold = self.match.pace.hold
                return
            if isinstance(item, Dealt):
                centre = lay.pile.center
                seats = self.game.table_order(self.state)
                for k in range(min(item.cards, 6)):
                    for j, seat in enumerate(seats):
                        delay = 0.04 * (k * len(seats) + j)
                        if seat == self.viewer:
                            end = (lay.table.centerx, lay.hand_top + CARD_H // 2)
                            flight = Flight(None, centre, end, delay, 0.3, dealt=True)
                        else:
                            flight = self._to_seat_stack(seat, centre, delay, 0.3, dealt=True)
                        self.flights.append(flight)
                continue
            if isinstance(item, PlacedDown):
                end = self._spot_rect(item.seat)
                if end is not None:
                    start = self._seat_centre(item.seat)
                    self.flights.append(Flight(None, start, end.center, waits=True))
                    return
                continue
            if isinstance(item, Turned):
                at = self._seat_centre(item.seat)
                self.flights.append(
                    Flight(item.code, at, at, duration=0.45, waits=True, turning=item.seat)
                )
                return
            if isinstance(item, Shout):
                self.shout = (item.text, 1.6)
                continue
            if isinstance(item, RoundEnded):
                self.show_summary(item.index)
                return
            if isinstance(item, Peek):
                self.peek(item.seat)
                if self.glance is not None:
                    return

    def show_summary(self, index: int) -> None:
        """A round (or a game of a match) ends on its summary: until a person goes on, or for
        a few moments at a table of computer players, watched by everyone at the desk."""
        self.summary = self.game.round_summary(self.state, index, self.names)
        self.summary_left = 0.0 if self.humans else 3 * self.match.pace.hold
        self._go_public()
        self._layout()

    def peek(self, seat: int) -> None:
        """`seat` alone may look now: at a shared desk, a pass screen to them, then their own
        view with what they may see, until they say Done. One person at the desk sees it in
        their own panel; a computer player needs no screen."""
        if not self.shared() or seat not in self.humans:
            return
        self.glance = seat
        self.passing = seat
        self._set_viewer(seat)
        self._layout()

    def done_looking(self) -> None:
        """Done (its button or Enter): taken only once the person has had a moment to look,
        so the second click or Enter that let them in does not hide it again at once."""
        if self.glance is not None and self.passing is None and self.glanced >= ARM_SECONDS:
            self.end_glance()

    def end_glance(self) -> None:
        """The person who peeked is done: the screen is everyone's again."""
        if self.glance is None:
            return
        self.glance = None
        self.passing = None
        self._go_public()
        self._next_happening()
        self._start_pass()
        self._layout()

    def _end_hold(self) -> None:
        shown, self.shown = self.shown, None
        self.pile_slots = 0
        if shown is not None and shown.winner is not None:
            lay = self.lay()
            for k in range(len(shown.plays)):
                start = self._slot_centre(k, lay)
                self.flights.append(self._to_seat_stack(shown.winner, start, 0.0, 0.35))

    def _to_seat_stack(
        self, seat: int, start: tuple[int, int], delay: float, duration: float, dealt: bool = False
    ) -> Flight:
        """A face-down card going to a seat: it shrinks onto the small card back in the seat's
        corner, so it never lands on the seat's name, bid, tricks won or points."""
        rect = self.seat_rects().get(seat)
        if rect is None:
            return Flight(None, start, self.lay().pile.center, delay, duration, dealt=dealt)
        back = card_back(SEAT_BACK)
        end = (rect.right - 8 - back.get_width() // 2, rect.y + 6 + back.get_height() // 2)
        return Flight(None, start, end, delay, duration, dealt=dealt, end_scale=SEAT_BACK)

    def close_summary(self) -> None:
        self.summary = None
        self._next_happening()
        self._start_pass()
        self._layout()

    NOTHING_TO_UNDO = "Nothing to undo: cards have been shown since."

    def forget_shown(self) -> None:
        self._drawn = (-1, None)
        self._moves += 1
        self.pending.clear()
        self.flights.clear()
        self.hold, self.shown, self.summary = 0.0, None, None
        self.pile_slots = len(self.game.pile(self.state))
        self.cursor_events = self.game.event_count(self.state)
        self.card_menu = []

    def relayout(self) -> None:
        self._layout()

    def replay_scene(self) -> type[CardReplay]:
        return CardReplay

    # --- layout -----------------------------------------------------------------------

    def lay(self) -> Layout:
        w, h = self.app.size
        table = pygame.Rect(0, 0, w - PANEL_W, h)
        hand_top = h - 16 - CARD_H - 18
        choices_y = hand_top - 50
        prompt_y = choices_y - 34
        top = 40 + SEAT_H + 8
        pile = pygame.Rect(0, 0, min(table.w - 2 * (SEAT_W + 16), 520), prompt_y - top - 40)
        pile.midtop = (table.centerx, top)
        return Layout(table, hand_top, choices_y, prompt_y, pile)

    def seat_rects(self) -> dict[int, pygame.Rect]:
        """Each seat's box: the viewer bottom left, the others clockwise after them, up the left
        side, across the top and down the right side, in the order they play."""
        lay = self.lay()
        table = lay.table
        order = self.game.table_order(self.drawn())
        pile = self.shown or next((p for p in self.pending if isinstance(p, Taken)), None)
        if pile is not None and sorted(s for s, _ in pile.plays) == sorted(order):
            order = [s for s, _ in pile.plays]  # a pile on show: the order it was played in
        me = order.index(self.viewer) if self.viewer in order else 0
        others = order[me + 1 :] + order[:me]
        n = len(others)
        side = 0 if n <= 4 else 1 if n <= 6 else 2
        top_n = n - 2 * side
        rects: dict[int, pygame.Rect] = {}
        mine = pygame.Rect(table.x + 12, lay.prompt_y - SEAT_H - 6, SEAT_W, SEAT_H)
        rects[self.viewer] = mine
        slots: list[pygame.Rect] = []
        for k in range(side):  # up the left side
            slots.append(pygame.Rect(table.x + 12, mine.y - (k + 1) * (SEAT_H + 8), SEAT_W, SEAT_H))
        span = table.w - 24
        step = span / max(1, top_n)
        for k in range(top_n):  # across the top
            r = pygame.Rect(0, 0, min(SEAT_W, int(step) - 8), SEAT_H)
            r.midtop = (round(table.x + 12 + step * (k + 0.5)), 40)
            slots.append(r)
        for k in range(side):  # down the right side
            slots.append(
                pygame.Rect(
                    table.right - 12 - SEAT_W, mine.y - (side - k) * (SEAT_H + 8), SEAT_W, SEAT_H
                )
            )
        for seat, rect in zip(others, slots, strict=True):
            rects[seat] = rect
        return rects

    def _seat_centre(self, seat: int) -> tuple[int, int]:
        rect = self.seat_rects().get(seat)
        return rect.center if rect else self.lay().pile.center

    def _slot_centre(self, k: int, lay: Layout) -> tuple[int, int]:
        count = max(self.game.seat_count(self.state), 1)
        w, _ = self._pile_card()
        step = min(w + 10, (lay.pile.w - w) / max(1, count - 1)) if count > 1 else 0
        x0 = lay.pile.centerx - step * (count - 1) / 2
        return round(x0 + step * k), lay.pile.centery

    def _pile_card(self) -> tuple[int, int]:
        scale = self.pile_scale()
        return round(CARD_W * scale), round(CARD_H * scale)

    def pile_scale(self) -> float:
        """Pile cards as large as the middle allows for every seat's card, side by side."""
        count = max(self.game.seat_count(self.state), 1)
        fit = (self.lay().pile.w / count - 6) / CARD_W
        return round(max(MIN_PILE_SCALE, min(PILE_SCALE, fit)), 2)

    def _layout(self) -> None:
        w, h = self.app.size
        lay = self.lay()
        x = w - PANEL_W + 12
        bw = PANEL_W - 24
        widgets: list[Button] = [
            Button(pygame.Rect(x, h - 150, bw, 38), "Score sheet", on_click=self.toggle_sheet,
                   size=22, tooltip="Tab"),
            Button(pygame.Rect(x, h - 106, bw, 38), "Replay this game", on_click=self.replay,
                   size=22, tooltip="The whole game again, action by action")
            if self.over() else
            Button(pygame.Rect(x, h - 106, bw, 38), "Undo", self.undo_target() is not None,
                   on_click=self.undo, size=22,
                   tooltip=self.undo_tip("Ctrl+Z: take back your last move (not once new cards show)")),
            Button(pygame.Rect(x, h - 62, bw, 40),
                   "Back to the menu" if self.over() else "Save and leave",
                   on_click=self.ask_leave, size=22,
                   tooltip="Esc" if self.over() else "Esc: asks first · F6: keys to the buttons"),
        ]  # fmt: skip
        self.choice_buttons = []
        if self.my_turn() and not self.card_menu and not self.sheet:
            labels = self.game.choices(self.state, self.viewer, self.told_names())
            items = self._paged(labels)
            if items:
                room = lay.table.w - 24
                bw2 = 64 if len(items) > 6 else 120
                while len(items) * (bw2 + 8) > room and bw2 > 40:
                    bw2 -= 4
                total = len(items) * (bw2 + 8) - 8
                bx = lay.table.centerx - total // 2
                for k, (label, do, tip) in enumerate(items):
                    self.choice_buttons.append(
                        Button(
                            pygame.Rect(bx + k * (bw2 + 8), lay.choices_y, bw2, 40),
                            label,
                            on_click=do,
                            size=22,
                            tooltip=" · ".join(
                                t for t in (tip, self._key_tip(label, k, items)) if t
                            ),
                        )
                    )
        widgets += self.choice_buttons
        if self.card_menu:
            total = len(self.card_menu) * 228 - 8
            for k, (label, action) in enumerate(self.card_menu):
                widgets.append(
                    OwnedButton(
                        pygame.Rect(
                            lay.table.centerx - total // 2 + k * 228, lay.choices_y, 220, 42
                        ),
                        label,
                        on_click=lambda a=action: self.act(a),
                        size=22,
                        tooltip=f"key {k + 1}",
                        sight=self.sight,
                        owner=self.viewer,
                    )
                )
        if self.glance is not None and self.passing is None and not self.sheet:
            widgets.append(
                OwnedButton(
                    pygame.Rect(lay.table.centerx - 110, self._glance_box().bottom - 62, 220, 44),
                    "Done",
                    on_click=self.done_looking,
                    size=24,
                    tooltip="Enter: hide it and go on",
                    sight=self.sight,
                    owner=self.glance,
                )
            )
        if self.summary is not None and not self.sheet:  # the sheet lies over the summary
            widgets.append(
                Button(
                    pygame.Rect(lay.table.centerx - 110, self._summary_box().bottom - 62, 220, 44),
                    "Continue" if self.over() and not self.pending else self.game.next_label,
                    on_click=self.close_summary,
                    size=24,
                    tooltip="Enter",
                )
            )
        self.widgets.set(widgets)  # beside a table: a new layout focuses nothing

    def _paged(self, labels: list[tuple[str, str]]) -> list[tuple[str, Any, str]]:
        """The choice buttons: (label, on_click, tooltip). Too many numbers for one row (a bid
        of up to 32 cards) come CHOICE_PAGE at a time, with buttons to the lower and higher."""
        tip = self.game.choice_tip
        items: list[tuple[str, Any, str]] = [
            (t, lambda a=a: self.act(a), tip(a)) for t, a in labels
        ]
        numbers = [item for item in items if item[0].isdigit()]
        if len(items) <= CHOICE_PAGE + 3:
            return items
        rest = [item for item in items if not item[0].isdigit()]
        pages = -(-len(numbers) // CHOICE_PAGE)
        page = self.choice_page = max(0, min(self.choice_page, pages - 1))

        def turn(to: int) -> None:
            self.choice_page = to
            self._layout()

        out = []
        if page > 0:
            out.append(("<", lambda: turn(page - 1), "Lower numbers"))
        out += numbers[page * CHOICE_PAGE : (page + 1) * CHOICE_PAGE]
        if page < pages - 1:
            out.append((">", lambda: turn(page + 1), "Higher numbers"))
        return out + rest

    @staticmethod
    def _key_tip(label: str, k: int, items: list[tuple[str, Any, str]]) -> str:
        """The key that gives a choice (see `_number`): its own digit when the choices are
        numbers, else its place in the row."""
        if any(t.isdigit() for t, _, _ in items):
            return f"key {label}" if label.isdigit() and len(label) == 1 else ""
        return f"key {k}" if len(items) <= 10 else ""

    def _summary_box(self) -> pygame.Rect:
        """The round's summary: as tall as its rows and its button, in the table's middle."""
        table = self.lay().table
        box = table.inflate(-40, -60)
        rows = len(self.summary.rows) if self.summary is not None else 8
        box.h = min(box.h, max(280, 64 + 62 + 26 * rows + 90))
        box.centery = table.centery
        return box

    def toggle_sheet(self) -> None:
        self.sheet = not self.sheet
        self._layout()

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def hand_layout(self) -> list[tuple[str, pygame.Rect, float]]:
        """The viewer's cards: (code, rect, angle), left to right."""
        if self.secrets_hidden():
            return []
        lay = self.lay()
        hand = self.game.hand(self.drawn(), self.viewer)
        out = []
        for code, (x, y, angle) in zip(
            hand,
            fan_positions(len(hand), lay.table.centerx, lay.table.bottom - 16, lay.table.w - 80),
            strict=True,
        ):
            rect = pygame.Rect(0, 0, CARD_W, CARD_H)
            rect.center = (round(x), round(y))
            out.append((code, rect, angle))
        return out

    def playable(self, code: str) -> list[str]:
        """The actions that use the held card `code`, if it is the viewer's turn."""
        if not self.my_turn():
            return []
        return self.game.card_actions(self.state, self.viewer, code)

    def spot_scale(self) -> float:
        """Spot cards as the game wants them for its seats, a little smaller in a small window."""
        shrink = min(1.0, (self.lay().table.w / 980) ** 0.5)
        return round(self.game.spot_scale(self.game.seat_count(self.state)) * shrink, 2)

    def spot_layout(self) -> list[spots.Placed]:
        """The game's spots where they lie, as the viewer may see them (none on a pass screen)."""
        if self.passing is not None:
            return []
        drawn = self.drawn()
        # drawing, the pointer and the keys all ask several times a frame: lay out once a move
        key = (self._moves, drawn is self.state, self.viewer, self.app.size)
        if self._spots[0] == key:
            return self._spots[1]
        listed = self.game.spots(drawn, self.viewer, self.names)
        placed: list[spots.Placed] = []
        if listed:
            lay = self.lay()
            scale = self.spot_scale()
            placed = spots.layout(listed, self.seat_rects(), lay.pile, lay.table, scale, self.names)
        self._spots = (key, placed)
        return placed

    def _spot_rect(self, seat: int) -> pygame.Rect | None:
        for placed in self.spot_layout():
            if placed.spot.seat == seat:
                return placed.stack_rect()
        return None

    def choosable_spots(self) -> list[spots.Placed]:
        """The spots the viewer may choose now (a stack to turn, a card to draw)."""
        if not self.my_turn() or self.card_menu:
            return []
        legal = set(self.game.legal(self.state))
        return [p for p in self.spot_layout() if p.spot.action in legal]

    def _spot_at(self, pos: tuple[int, int]) -> spots.Placed | None:
        for placed in reversed(self.choosable_spots()):
            if placed.rect.collidepoint(pos):
                return placed
        return None

    # --- input ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        verdict = self.gate.take(event, self.pass_button())  # sees every event: keys held
        if verdict is Verdict.OPEN:
            self.reveal()
            return None
        if verdict is Verdict.SWALLOW:
            return None
        if self.routed(event):
            return None
        if self.passing is not None:
            return None  # all else the pass screen swallows
        if event.type == pygame.MOUSEMOTION:
            at = self._hand_card_at(event.pos)
            self.hover = at[1] if at is not None else None
            if at is not None:
                self.cursor = at[0]  # the keys' card follows the pointer: Enter plays the one named
            spot = self._spot_at(event.pos) if self.hover is None else None
            self.spot_hover = spot.spot.action if spot is not None else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            code = self._card_at(event.pos)
            spot = self._spot_at(event.pos) if code is None else None
            if code is not None:
                self.click_card(code)
            elif spot is not None and spot.spot.action is not None:
                self.act(spot.spot.action)
        elif event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + event.y)
        return None

    def _card_at(self, pos: tuple[int, int]) -> str | None:
        at = self._hand_card_at(pos)
        return at[1] if at is not None else None

    def _hand_card_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        """The place in the hand and the code of the card under `pos` (the topmost of the
        fan), if any."""
        hand = self.hand_layout()
        for k in range(len(hand) - 1, -1, -1):
            code, rect, _ = hand[k]
            if rect.move(0, -18 if self.playable(code) else 0).union(rect).collidepoint(pos):
                return k, code
        return None

    def _key(self, event: pygame.event.Event) -> None:
        """Every key at the table; none leaves the game without asking."""
        k = event.key
        if k == pygame.K_TAB:
            self.toggle_sheet()
        elif k == pygame.K_ESCAPE:
            if self.sheet:
                self.sheet = False
            elif self.card_menu:
                self.card_menu = []
                self._layout()
            else:
                self.ask_leave()
        elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log_scroll = max(0, self.log_scroll + (5 if k == pygame.K_PAGEUP else -5))
        elif self.sheet:
            return
        elif self.passing is not None:
            return  # only the gate opens a pass screen (see handle_event)
        elif self.glance is not None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.done_looking()
        elif self.summary is not None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.close_summary()
        elif pygame.K_0 <= k <= pygame.K_9:
            self._number(k - pygame.K_0)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.choosable_spots():
            step = 1 if k == pygame.K_RIGHT else -1
            count = len(self.choosable_spots())
            self.spot_cursor = (self.spot_cursor + step) % count if self.spot_cursor >= 0 else 0
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and (
            self.spot_cursor >= 0 or len(self.choosable_spots()) == 1
        ):  # the spot the arrows chose, or the only one there is (Skull: one's own stack)
            choosable = self.choosable_spots()
            at = max(self.spot_cursor, 0)
            if at < len(choosable) and choosable[at].spot.action:
                self.act(choosable[at].spot.action)  # type: ignore[arg-type]
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            hand = self.hand_layout()
            step = 1 if k == pygame.K_RIGHT else -1
            if 0 <= self.cursor < len(hand):
                self.cursor = (self.cursor + step) % len(hand)
                self.hover = hand[self.cursor][0]
            else:
                self._pick_first_card(backwards=step < 0)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            hand = self.hand_layout()
            if 0 <= self.cursor < len(hand):
                self.click_card(hand[self.cursor][0])
            else:  # nothing chosen yet (the pointer left the hand): choose, and say which
                self._pick_first_card()

    def _pick_first_card(self, backwards: bool = False) -> None:
        """The keys' first card: the first the viewer may play now from the left (or the
        right), else the end card, named under the hand so that Enter then plays it."""
        hand = self.hand_layout()
        if not hand:
            return
        order = list(range(len(hand)))
        if backwards:
            order.reverse()
        self.cursor = next((k for k in order if self.playable(hand[k][0])), order[0])
        self.hover = hand[self.cursor][0]

    def _number(self, n: int) -> None:
        if self.card_menu:
            if 1 <= n <= len(self.card_menu):
                self.act(self.card_menu[n - 1][1])
            return
        for button in self.choice_buttons:
            if button.label == str(n):
                button.on_click()
                return
        if n < len(self.choice_buttons) and not any(b.label.isdigit() for b in self.choice_buttons):
            self.choice_buttons[n].on_click()

    def reveal(self) -> None:
        """The person the pass screen waited for is at the screen."""
        if self.passing is not None:
            self._set_viewer(self.passing)
            self.passing = None
            self.public = False
            self.glanced = 0.0
            self._layout()

    def pass_button(self) -> pygame.Rect:
        """The pass screen's button, named for the person it waits for, in the table's middle."""
        table = self.lay().table
        rect = pygame.Rect(0, 0, min(380, table.w - 40), 56)
        rect.center = (table.centerx, table.centery + 76)
        return rect

    def click_card(self, code: str) -> None:
        actions = self.playable(code)
        if not actions:
            reason = self.game.why_not(self.state, self.viewer, code) if self.my_turn() else None
            if reason:
                self.notice = f"{self.game.card_words(code)}: {reason}"
            return
        if len(actions) > 1:
            self.card_menu = [(self.game.action_label(a), a) for a in actions]
            self._layout()
            return
        self.act(actions[0])

    # --- time -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.gate.tick(dt)
        if self.glance is not None and self.passing is None:
            self.glanced += dt
        text, left = self.shout
        self.shout = (text, max(0.0, left - dt))
        for flight in self.flights:
            flight.t += dt
        self.flights = [f for f in self.flights if not f.done]
        if self.hold > 0:
            self.hold -= dt
            if self.hold <= 0:
                self._end_hold()
                self._next_happening()
                self._start_pass()
                self._layout()
            return
        if self.summary is not None and self.summary_left > 0:  # nobody to press Continue
            self.summary_left -= dt
            if self.summary_left <= 0:
                self.close_summary()
            return
        if self.pending and not self._landing():
            self._next_happening()
            if not self.busy():
                self._start_pass()
                self._layout()
            return
        if self.busy():
            return
        seen = (self.passing, self.viewer)
        self._start_pass()  # the next person, once nothing is on show any more
        if (self.passing, self.viewer) != seen or (
            self.passing is None and self.choice_buttons == [] and self.my_turn()
        ):
            self._layout()
        self.think(dt)

    def run_bots_now(self, limit: int = 5000) -> None:
        """Headless: let every computer player act at once until a person must act."""
        for _ in range(limit):
            self.settle()
            seat = self._to_act()
            if seat is None or seat in self.humans:
                break
            self.act(self.bots[seat](self.state, seat)())
        self.settle()

    def settle(self) -> None:
        """Headless: finish every animation, and close a round's summary, at once."""
        for _ in range(1000):
            self.flights.clear()
            if self.hold > 0:
                self.hold = 0.0
                self._end_hold()
            if self.summary is not None:
                self.summary = None
            if self.glance is not None:
                self.glance = None
                self.passing = None
                self._go_public()
            if not self.pending:
                break
            self._next_happening()
        self.flights.clear()
        if self.hold > 0:
            self.hold = 0.0
            self._end_hold()
        self.summary = None
        self.shout = ("", 0.0)
        self._start_pass()
        self._layout()

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        with self.sight.frame():  # one viewer for the whole frame
            self._draw_frame(surface)

    def face(
        self, code: str, owner: int | None = EVERYONE, scale: float = 1.0, dim: bool = False
    ) -> pygame.Surface:
        """A card's face as the gate shows it: `owner`'s card, face up only for its owner."""
        return self.sight.face(self.game.card_image, code, owner, scale, dim)

    def _draw_frame(self, surface: pygame.Surface) -> None:
        lay = self.lay()
        surface.fill((22, 60, 44), lay.table)
        pygame.draw.ellipse(surface, (28, 74, 54), lay.table.inflate(-80, -120))
        self._draw_panel(surface)
        if self.passing is not None:
            self._draw_pass(surface, lay)
        elif self.over() and not self.busy():
            self._draw_game_over(surface, lay)
        else:
            self._draw_table(surface, lay)
            if self.glance is not None:
                self._draw_glance(surface, lay)
        if self.sheet:  # over the whole table: nothing of it shows round the sheet's edges
            veil = pygame.Surface(lay.table.size, pygame.SRCALPHA)
            veil.fill((10, 14, 12, 240))
            surface.blit(veil, lay.table)
            box = pygame.Rect(lay.table.x + 20, 40, lay.table.w - 40, lay.table.h - 60)
            panels.draw_sheet(surface, box, self.game.sheet(self.state), self.names)
        self.widgets.draw(surface)

    def _draw_pass(self, surface: pygame.Surface, lay: Layout) -> None:
        """The pass screen: whom it waits for, and their button greying in until it arms."""
        name = self.names[self.passing] if self.passing is not None else ""
        if self.glance is not None:
            why = f"Only {name} may see what comes next: the others look away."
        else:
            why = f"{name}: when the others cannot see, click the button or press Enter."
        panels.draw_pass(
            surface,
            lay.table,
            name,
            why,
            self.pass_button(),
            self.gate.readiness,
            f"{name}: show me" if self.glance is not None else f"{name}: show my hand",
        )

    def _draw_glance(self, surface: pygame.Surface, lay: Layout) -> None:
        """What the peeking person alone may see, large in the middle (theirs only)."""
        seat = self.glance
        views = self.game.private_views(self.drawn(), seat) if seat is not None else []

        def draw() -> None:
            box = self._glance_box()
            view = views[-1] if views else None
            panels.draw_glance(surface, box, view, self.sight.faces(self.game.card_image, seat))

        self.sight.show(seat, draw)

    def _glance_box(self) -> pygame.Rect:
        table = self.lay().table
        box = pygame.Rect(0, 0, min(table.w - 60, 640), 250)
        box.center = table.center
        return box

    def _draw_table(self, surface: pygame.Surface, lay: Layout) -> None:
        header = self.game.header(self.drawn(), self.viewer)
        theme.text(surface, theme.fit(header, 22, lay.table.w - 32), (16, 10), 22, theme.TEXT)
        self._draw_seats(surface)
        self._draw_spots(surface)
        self._draw_pile(surface, lay)
        if self.summary is None:
            self._draw_hand(surface, lay)
            self._draw_status(surface, lay)
        self._draw_flights(surface)
        text, left = self.shout
        if left > 0 and self.summary is None:
            # over the table's felt above the pile, never over a card
            _, card_h = self._pile_card()
            at = (lay.pile.centerx, lay.pile.centery - card_h // 2 - 24)
            theme.text(surface, text, at, 40, theme.ACCENT, "midbottom", True)
        if self.summary is None:  # a stack's words under the pointer ("Bea's stack: ...")
            prompt = pygame.Rect(lay.table.x, lay.prompt_y, lay.table.w, 28)
            avoid = [*self.seat_rects().values(), prompt]
            spots.draw_tip(surface, self.spot_layout(), self.widgets.mouse, lay.table, avoid)
        if self.summary is not None:
            box = self._summary_box()
            panels.draw_summary(surface, box, self.summary, self.names)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        busy = self.over() or self.passing is not None or self.busy()
        acting = None if busy else self._to_act()  # nobody is asked while a pile is on show
        drawn = self.drawn()
        for seat, box in self.seat_rects().items():
            theme.panel(surface, box, 235)
            if seat == acting:
                pygame.draw.rect(surface, theme.ACCENT, box.inflate(6, 6), 3, border_radius=12)
                theme.text(surface, self.game.acting_word(drawn), (box.right - 6, box.bottom - 4),
                           15, theme.ACCENT, "bottomright", True)  # fmt: skip
            kind = self.match.seats[seat].kind if seat < len(self.match.seats) else ""
            room = box.w - 44
            level = "" if kind in ("human", "") else kind
            name = panels.fit_bold(self.names[seat], 20, room - (40 if level else 0))
            at = theme.text(surface, name, (box.x + 8, box.y + 4), 20, theme.TEXT, bold=True)
            if level:  # a computer player's level, smaller, after the name
                level = theme.fit(level, 15, box.x + 8 + room - at.right - 6)
                theme.text(surface, level, (at.right + 6, at.bottom - 3), 15, theme.TEXT_DIM,
                           "bottomleft")  # fmt: skip
            y = box.y + 24
            said, owner = self.seat_words(drawn, seat)
            for line in said[:2]:
                self.sight.text(surface, owner, theme.fit(line, 17, room), (box.x + 8, y), 17,
                                theme.TEXT_DIM)  # fmt: skip
                y += 16
            badges = " · ".join(self.badges(drawn, seat))
            if badges:  # up to two short lines, clear of "to play" at the bottom right
                room = box.w - 16 - (60 if seat == acting else 0)
                lines = theme.wrap(badges, 15, room)
                if len(lines) > 2:
                    lines = [lines[0], theme.fit(" ".join(lines[1:]), 15, room)]
                for k, line in enumerate(lines):
                    self.sight.text(surface, self.viewer, line, (box.x + 8, y + 14 * k), 15,
                                    theme.CHALK_BLUE)  # fmt: skip
            count = self.game.hand_size(drawn, self.viewer, seat)
            # the hand's size: a card back and a number, in their own corner
            back = card_back(SEAT_BACK)
            surface.blit(back, (box.right - back.get_width() - 8, box.y + 6))
            theme.text(surface, str(count), (box.right - 8 - back.get_width() // 2,
                       box.y + 10 + back.get_height()), 16, theme.TEXT, "midtop")  # fmt: skip

    def seat_words(self, drawn: Any, seat: int) -> tuple[list[str], int | None]:
        """A seat's lines and whose they are: the viewer's own box, as they know it, is theirs;
        every other box is everyone's, and so is the viewer's own on a public screen, told as
        the others know it."""
        sight = self.seeing()
        if seat == sight:
            return self.game.seat_lines(drawn, seat, seat), seat
        other = self.viewer
        if seat == other:  # a public screen: the seat as the next player knows it
            other = (seat + 1) % max(2, self.game.players(drawn))
        return self.game.seat_lines(drawn, other, seat), EVERYONE

    def _draw_pile(self, surface: pygame.Surface, lay: Layout) -> None:
        if self.shown is not None:
            pile, winner, words = list(self.shown.plays), self.shown.winner, self.shown.words
        elif self.pending and any(isinstance(p, Taken) for p in self.pending):
            nxt = next(p for p in self.pending if isinstance(p, Taken))
            pile, winner, words = list(nxt.plays), None, ""
        else:
            pile = self.game.pile(self.drawn())
            winner, words = self.game.pile_leader(self.drawn()), ""
        landing = {f.slot for f in self.flights if f.slot >= 0}
        visible = self.pile_slots if self.pending or self.shown else len(pile)
        w, h = self._pile_card()
        for k, (seat, code) in enumerate(pile[:visible]):
            if k in landing:
                continue
            img = self.face(code, EVERYONE, self.pile_scale())
            rect = img.get_rect(center=self._slot_centre(k, lay))
            surface.blit(img, rect)
            if seat == winner:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
            name = theme.fit(self.names[seat], 15, w + 6)
            theme.text(surface, name, (rect.centerx, rect.y - 3), 15, theme.TEXT, "midbottom")
        below = (lay.pile.centerx, lay.pile.centery + h // 2 + 12)
        if words and not pile:  # no cards in the middle (Skull): the words are the news
            self._draw_news(surface, words, lay)
        elif words:
            theme.text(surface, words, below, 26, theme.ACCENT, "midtop", True)
        elif not self.busy() or not pile:
            note = self.game.pile_note(self.drawn())
            if note and pile:
                theme.text(surface, note, below, 20, theme.TEXT_DIM, "midtop")
            elif note:  # nothing else in the middle: the note is the table's news
                at = lay.pile.center
                theme.text(surface, note, at, 30, theme.ACCENT, "center", True)

    def _draw_news(self, surface: pygame.Surface, words: str, lay: Layout) -> None:
        """Words with no pile to go under ('A Skull! Al's Skull stops Calico'): in the middle
        of the table on a panel of their own, so the stacks and seats around never show
        through them."""
        text = theme.fit(words, 26, lay.table.w - 60, bold=True)
        box = pygame.Rect((0, 0), theme.font(26, True).size(text)).inflate(28, 16)
        box.center = lay.pile.center
        theme.panel(surface, box, 245)
        theme.text(surface, text, box.center, 26, theme.ACCENT, "center", True)

    def _draw_spots(self, surface: pygame.Surface) -> None:
        placed = self.spot_layout()
        if not placed:
            return
        turning = {f.turning for f in self.flights if f.turning >= 0}
        choosable = [p.spot.action for p in self.choosable_spots()]
        scale = self.spot_scale()
        for item in placed:
            action = item.spot.action
            lit = action is not None and action in choosable and action == self.spot_hover
            cursor = (
                0 <= self.spot_cursor < len(choosable)
                and action is not None
                and choosable[self.spot_cursor] == action
            )
            spots.draw(
                surface,
                item,
                self.sight.faces(self.game.card_image, EVERYONE),  # what lies face up
                scale,
                hidden_top=item.spot.seat in turning,
                lit=lit,
                cursor=cursor,
                choosable=action is not None and action in choosable,
            )

    def _draw_flights(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if f.t < f.delay:
                continue
            if f.turning >= 0 and f.code is not None:
                rect = next(
                    (
                        p.last_face_up()
                        for p in self.spot_layout()
                        if p.spot.seat == f.turning and p.last_face_up() is not None
                    ),
                    None,
                )
                if rect is not None:
                    progress = min(1.0, (f.t - f.delay) / f.duration)
                    spots.draw_turning(
                        surface,
                        rect,
                        f.code,
                        self.sight.faces(self.game.card_image, EVERYONE),
                        self.spot_scale(),
                        progress,
                    )
                continue
            img = self.face(f.code, EVERYONE, self.pile_scale()) if f.code else card_back(f.size())
            x, y = f.at()
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_hand(self, surface: pygame.Surface, lay: Layout) -> None:
        if any(f.dealt and f.t >= f.delay for f in self.flights):
            return  # the deal is still flying: the new hand shows once it has landed
        mine = self.my_turn()
        codes = []
        for k, (code, rect, angle) in enumerate(self.hand_layout()):
            codes.append(code)
            ok = bool(self.playable(code))
            dim = mine and not ok and self.game.plays_cards_now(self.state, self.viewer)
            img = self.face(code, self.viewer, 1.0, dim)
            r = rect.move(0, -18 if ok else 0)
            if angle:
                img = pygame.transform.rotate(img, angle)
            target = img.get_rect(center=r.center)
            surface.blit(img, target)
            if k == self.cursor:
                pygame.draw.rect(surface, theme.CHALK_BLUE, target.inflate(6, 6), 3, 10)
        if self.hover is not None and self.hover in codes:
            reason = self.game.why_not(self.state, self.viewer, self.hover) if mine else None
            text = self.game.card_words(self.hover) + (f": {reason}" if reason else "")
            self._draw_hint(surface, text, theme.TEXT, lay)
        elif self.notice:
            self._draw_hint(surface, self.notice, theme.TEXT_DIM, lay)

    def _draw_hint(self, surface: pygame.Surface, text: str, colour: Any, lay: Layout) -> None:
        """Words about the hand (a card's name, why not now): where the buttons go when there
        are none, else beside one's own seat and stack, clear of them (two lines at most)."""
        if not self.choice_buttons:
            self.sight.text(surface, self.viewer, text, (lay.table.centerx, lay.choices_y + 20),
                            20, colour, "center")  # fmt: skip
            return
        area = self._hint_area(lay)
        width = theme.font(20).size(text)[0]
        if width > area.w and area.h >= 40:  # two lines of about the same length
            width = min(area.w, width // 2 + 60)
        lines = theme.wrap_lines(text, 20, min(width, area.w), 2 if area.h >= 40 else 1)
        top = area.bottom - 20 * len(lines)
        for k, line in enumerate(lines):
            self.sight.text(surface, self.viewer, line, (area.centerx, top + 20 * k), 20, colour,
                            "midtop")  # fmt: skip

    def _hint_area(self, lay: Layout) -> pygame.Rect:
        """The felt right of one's own seat and stack, above the prompt, below other stacks."""
        mine = self.seat_rects()[self.viewer]
        area = pygame.Rect(mine.right + 12, mine.y, lay.table.right - 24 - mine.right, mine.h)
        for placed in self.spot_layout():
            rect = placed.rect
            if not rect.colliderect(area):
                continue
            if placed.spot.seat == self.viewer and rect.x <= area.x + 60:  # beside the seat
                area.width -= rect.right + 12 - area.x
                area.x = rect.right + 12
            else:  # a stack laid round the middle of a crowded table
                area.height -= rect.bottom + 2 - area.y
                area.y = rect.bottom + 2
        return area

    def _draw_status(self, surface: pygame.Surface, lay: Layout) -> None:
        if self.busy():
            return
        seat = self._to_act()
        if seat is None:
            return
        name = self.told_names()[seat]
        owner = EVERYONE
        if self.my_turn():  # asked of the viewer: theirs, or everyone's in a public turn
            ask = self.game.prompt(self.state, self.viewer, self.told_names())
            msg = opening(ask) if name == "You" else f"{name}: {ask}"
            owner = self.seeing()
        elif seat in self.humans:
            msg = f"{possessive(name)} turn"
        else:
            msg = f"{name} is thinking..." if seat in self.bots else ""
        msg = panels.fit_bold(msg, 26, lay.table.w - 24)  # over the hand, under the seats
        self.sight.text(surface, owner, msg, (lay.table.centerx, self.prompt_y()), 26,
                        theme.ACCENT, "midtop", True)  # fmt: skip

    def prompt_y(self) -> int:
        return self.lay().prompt_y

    def private_views(self) -> list[PrivateView]:
        """Cards only the viewer may see (a power showed them): none on a pass screen."""
        if self.secrets_hidden() or (self.over() and not self.busy()):
            return []
        return self.game.private_views(self.drawn(), self.viewer)

    def _draw_game_over(self, surface: pygame.Surface, lay: Layout) -> None:
        box = lay.table.inflate(-120, -200)
        box.h = min(box.h, 120 + 30 * len(self.game.scores(self.state)))
        box.center = lay.table.center
        panels.draw_game_over(
            surface,
            box,
            self.game.winners(self.state),
            self.game.scores(self.state),
            self.names,
            self.game.score_word,
            out=self.game.out_of_game(self.state, self.names),
        )
        theme.text(surface, "Tab: score sheet · Esc: leave the table",
                   (lay.table.centerx, box.bottom + 10), 18, theme.TEXT_DIM, "midtop")  # fmt: skip

    def log_rows(self, width: int) -> list[tuple[str, bool]]:
        """The log the viewer may read, wrapped: (text, first row of its line)."""
        return [(text, first) for text, first, _ in self.owned_log(width)]

    def owned_log(self, width: int) -> list[tuple[str, bool, int | None]]:
        """The log as the screen's viewer may read it, wrapped, each row with its owner: a
        line the public log lacks is the viewer's own (cached: wrapping is slow)."""
        drawn = self.drawn()  # the log stops where the table's showing has got to
        sight = self.seeing()
        key = (self.game.event_count(drawn), self.viewer, width, sight)
        if self.log_cache[0] != key:
            lines = self.game.log(drawn, sight, self.told_names())
            public = Counter(
                lines if sight is EVERYONE else self.game.log(drawn, None, self.told_names())
            )
            rows: list[tuple[str, bool, int | None]] = []
            for line in lines:
                owner = EVERYONE if public[line] > 0 else sight
                public[line] -= 1
                rows += [(text, first, owner) for text, first in panels.wrap_log([line], width)]
            self.log_cache = (key, rows)  # type: ignore[assignment]
        return self.log_cache[1]  # type: ignore[return-value]

    def badges(self, drawn: Any, seat: int) -> list[str]:
        """A seat's badges as the viewer knows them ("your Skull is gone"): none while the
        viewer's secrets are hidden."""
        if self.secrets_hidden():
            return []
        return self.game.seat_badges(drawn, self.viewer, seat, self.told_names())

    def log_viewer(self) -> int | None:
        """Whose secrets the log may tell: the viewer's, and nobody's while they are hidden."""
        return self.seeing()

    def _draw_panel(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        rect = pygame.Rect(w - PANEL_W, 0, PANEL_W, h)
        pygame.draw.rect(surface, theme.PANEL, rect)
        x = rect.x + 12
        theme.text(surface, self.game.title, (x, 12), 32, theme.ACCENT, bold=True)
        top = 52
        for view in self.private_views():  # the viewer's own, above the log
            box = pygame.Rect(x - 4, top, PANEL_W - 16, h // 3)
            faces = self.sight.faces(self.game.card_image, self.viewer)
            bottom = self.sight.show(
                self.viewer,
                lambda box=box, view=view, faces=faces: panels.draw_private(
                    surface, box, view, faces
                ),
            )
            top = top if bottom is None else bottom + 8
        theme.text(surface, "Game log", (x, top), 20, theme.TEXT)
        theme.text(surface, "wheel or PgUp/PgDn", (rect.right - 12, top + 3), 15, theme.TEXT_DIM,
                   "topright")  # fmt: skip
        area = pygame.Rect(x, top + 24, PANEL_W - 32, h - top - 24 - self._panel_bottom())
        most = panels.draw_log(surface, area, self.owned_log(area.w), self.log_scroll, self.sight)
        self.log_scroll = min(self.log_scroll, most)

    def _panel_bottom(self) -> int:
        return 166


class CardReplay(CardTable):
    """A saved game played back action by action: Left/Right step, Home/End jump, and the
    number keys choose whose hand is shown (a replay is watched after the game, together)."""

    def __init__(self, app: App, match: Match) -> None:
        self.actions = match.game.history(match.state)
        self.step = 0
        match.state = match.game.replay(match.state, [])
        super().__init__(app, match)
        self.humans = []  # nobody acts: the computer players do not either
        self.bots = {}
        self.passing = None
        self.public = False
        self.pending.clear()

    def game_save(self) -> GameSave | None:
        return None  # a replay keeps nothing: the game it shows was saved as it was played

    def goto(self, step: int) -> None:
        step = max(0, min(step, len(self.actions)))
        before = self.game.event_count(self.state)
        forward = step == self.step + 1
        self.step = step
        self.match.state = self.game.replay(self.state, self.actions[: self.step])
        self._moves += 1
        self.shown, self.hold, self.pile_slots = None, 0.0, 0
        self.flights.clear()
        if forward:  # one step on: a pile just taken stays on show until the next step
            for item in self.game.happenings(self.state, before, self.told_names()):
                if isinstance(item, Taken):
                    self.shown = item
                    self.pile_slots = len(item.plays)
        self.cursor_events = self.game.event_count(self.state)
        self._layout()

    def busy(self) -> bool:
        return False

    def _start_pass(self, first: bool = False) -> None:
        """Nobody hides anything in a replay."""

    def update(self, dt: float) -> None:
        self.shout = ("", 0.0)

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        steps = {
            pygame.K_RIGHT: self.step + 1,
            pygame.K_LEFT: self.step - 1,
            pygame.K_HOME: 0,
            pygame.K_END: len(self.actions),
        }
        if k in steps:
            self.goto(steps[k])
        elif pygame.K_1 <= k <= pygame.K_9:
            seat = k - pygame.K_1
            if seat < self.game.players(self.state):
                self._set_viewer(seat)
                self._layout()
        elif k == pygame.K_ESCAPE and not self.sheet:
            self.leave()
        elif k in (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            super()._key(event)

    def _layout(self) -> None:
        w, h = self.app.size
        x = w - PANEL_W + 12
        half = (PANEL_W - 32) // 2
        self.choice_buttons = []
        self.widgets.set(
            [
                Button(pygame.Rect(x, h - 150, half, 38), "< Back", self.step > 0,
                       on_click=lambda: self.goto(self.step - 1), size=20, tooltip="Left"),
                Button(pygame.Rect(x + half + 8, h - 150, half, 38), "Next >",
                       self.step < len(self.actions), on_click=lambda: self.goto(self.step + 1),
                       size=20, tooltip="Right"),
                Button(pygame.Rect(x, h - 106, PANEL_W - 24, 38), "Score sheet",
                       on_click=self.toggle_sheet, size=22, tooltip="Tab"),
                Button(pygame.Rect(x, h - 62, PANEL_W - 24, 40), "Close replay",
                       on_click=self.leave, size=22, tooltip="Esc"),
            ]
        )  # fmt: skip

    def _draw_status(self, surface: pygame.Surface, lay: Layout) -> None:
        """No prompt and nobody thinking: the replay's own line is in the side panel."""

    def _draw_table(self, surface: pygame.Surface, lay: Layout) -> None:
        super()._draw_table(surface, lay)

    def _panel_bottom(self) -> int:
        return 236

    def _draw_panel(self, surface: pygame.Surface) -> None:
        super()._draw_panel(surface)
        w, h = self.app.size
        x = w - PANEL_W + 12
        lines = [
            f"Replay: action {self.step} of {len(self.actions)}",
            f"Hand shown: {self.names[self.viewer]} (keys 1-{self.game.players(self.state)})",
        ]
        y = h - 226
        for line in lines:
            for part in theme.wrap(line, 18, PANEL_W - 24):
                theme.text(surface, part, (x, y), 18, theme.CHALK_BLUE)
                y += 20


__all__ = ["PANEL_W", "CardReplay", "CardTable", "Flight", "Layout"]
