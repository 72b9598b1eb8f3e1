"""Skull King at the shared card table: the table of `scenes.cardtable` with Skull King's adapter,
and a look back at the last trick (`lasttrick`).

The table only ever draws what the seat it shows may see. With two or more people, a pass screen
hides every hand before each person's turn. Every action is saved at once (options, seed, the
action list), so a game resumes exactly and can be replayed action by action.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from skully_game.scenes.cardtable import match as tables
from skully_game.scenes.cardtable.carddraw import CARD_W
from skully_game.scenes.cardtable.game import Dealt, Happening, RoundEnded, Taken
from skully_game.scenes.cardtable.layout import Layout
from skully_game.scenes.cardtable.match import HUMAN, TableSeat
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.cardtable.table import CardReplay, CardTable
from skully_game.scenes.skull_king import bids, lasttrick, played, seats
from skully_game.scenes.skull_king.bidconfirm import ConfirmedBid
from skully_game.scenes.skull_king.cardwords import CardRules
from skully_game.scenes.skull_king.gathered import GatheredTrick
from skully_game.scenes.skull_king.greyreason import GreyedReason
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.focus import Keys
from skully_game.shell.widgets import Button, WidgetGroup

SUMMARY_BUTTON_ROOM = 70  # the foot of a summary's box, where its button lies (layout.py)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
LAST_TRICK_HOLD = 2.0  # a round's last trick, at a table of computer players: holds of the pace


class SkullKingTable(ConfirmedBid, GreyedReason, GatheredTrick, CardTable):
    """The card table playing Skull King, with the Last trick button and key."""

    def __init__(self, app: App, match: tables.Match) -> None:
        self.peeking = False  # the last trick on show
        self.peek_press: float | None = None  # seconds the button or key has been held
        self.peek_was_open = False  # on show before this press: a tap then closes it
        self.peek_box = pygame.Rect(0, 0, 0, 0)
        self.peek_widgets = WidgetGroup(keys=Keys.TABLE)
        self.bid_reveal: bids.Reveal | None = None  # everyone's bid on show together
        self.round_wait = False  # a round's last trick on show until a person goes on
        self.tricks_open = False  # the round's tricks on show (played.py)
        self.tricks_key_down = False  # T is down: its repeats are no new press
        self.tricks_widgets = WidgetGroup(keys=Keys.TABLE)
        super().__init__(app, match)
        self.know_rules()

    def hint_by_enter(self) -> bool:
        """Enter makes the hinted move (a card, a bid, a stack to turn)."""
        return True

    def table_under_pass(self) -> bool:
        """A pass screen shows the public table under it: the trick, the bids once revealed,
        the stacks and scores (never a hand)."""
        return True

    def drawn_from(self) -> Any:
        """As every table, and at the game's end too: while the last round's last trick and
        summary are on show, the round as it ended, not the final standings (its seats showed
        the final scores and its log "Game over" over the last trick: the summary seemed
        skipped)."""
        if self.over() and (
            self.summary is not None or any(isinstance(p, RoundEnded) for p in self.pending)
        ):
            key = self.game.event_count(self.state)
            if self._drawn_from[0] != key:
                self._drawn_from = (key, self.game.round_end_view(self.state))
                self._moves += 1
            return self._drawn_from[1]
        return super().drawn_from()

    def seat_rects(self) -> dict[int, pygame.Rect]:
        """The shared table's boxes, each seat always in its own place round the table (the
        shared layout follows a trick on show's order of play, which with Greybeard changes
        with the lead: his box and the other player's traded sides)."""
        rects = super().seat_rects()
        order = self.game.table_order(self.drawn_from())
        return seats.in_table_order(rects, self.viewer, order, self.lay().table)

    def trick_slots(self) -> dict[int, pygame.Rect]:
        """The shared table's slots, each in front of the seat that plays to it (a crowded
        top row had two neighbours' cards crossed)."""
        slots = super().trick_slots()
        boxes = self.seat_rects()
        key = (
            self.viewer,
            tuple((s, tuple(r)) for s, r in slots.items()),
            tuple((s, tuple(r)) for s, r in boxes.items()),
        )
        cached = getattr(self, "_front_cache", None)
        if cached is None or cached[0] != key:
            cached = self._front_cache = (key, seats.in_front(slots, boxes, self.viewer))
        return cached[1]

    def replay_scene(self) -> type[SkullKingReplay]:
        return SkullKingReplay

    # --- the last trick -----------------------------------------------------------------

    def peek_ready(self) -> bool:
        """Whether the last trick may be looked at: in play or over a round's summary, with no
        pass screen, score sheet or game over in front of the table."""
        return self.passing is None and not self.sheet and not self.end_on_show()

    def peek_area(self) -> pygame.Rect:
        """Where the last trick shows: the middle of the table, from under the seats across the
        top down to the viewer's seat; as wide as the pile (clear of the seats at the sides),
        or the whole table when a card from every seat would not fit there side by side."""
        if self.summary is not None and not self.sheet:
            # over a round's summary: in the summary's place, all of it covered (its rows
            # showed round the panel at 1024x640), and its button left clear under it
            box = self._summary_box()
            return pygame.Rect(box.x, box.y, box.w, box.h - SUMMARY_BUTTON_ROOM)
        lay = self.lay()
        mine = self.seat_rects().get(self.viewer)
        bottom = mine.top - 6 if mine is not None else lay.pile.bottom
        area = pygame.Rect(lay.pile.x, lay.pile.y - 4, lay.pile.w, bottom - lay.pile.y + 4)
        card_w = CARD_W * lasttrick.scale_for(area, lasttrick.LARGEST)
        if self.game.seat_count(self.state) * (card_w + 12) + 24 > area.w:
            area.x, area.w = lay.table.x + 12, lay.table.w - 24
        return area

    def peek_button(self) -> pygame.Rect:
        return lasttrick.button_rect(self.lay().table)

    def last_trick(self) -> lasttrick.LastTrick | None:
        """The last trick the table has shown (one still waiting to be shown is not yet)."""
        return lasttrick.last_trick(self.state.events, self.told_names(), self._unshown())

    def _unshown(self) -> int:
        """Tricks ended in the game that the table has not shown yet."""
        return sum(1 for p in self.pending if isinstance(p, Taken))

    def trick_shown(self) -> bool:
        """Whether a trick has ended on the table: before that the look back is dimmed, and
        neither its button nor L opens it."""
        return lasttrick.tricks_ended(self.state.events) > self._unshown()

    def set_peeking(self, on: bool) -> None:
        self.peeking = on
        if not on:
            self.peek_press = None

    def _peek_press(self) -> None:
        self.peek_was_open = self.peeking
        self.peeking = True
        self.peek_press = 0.0

    def _peek_release(self) -> None:
        held = self.peek_press or 0.0
        self.peek_press = None
        if held >= lasttrick.HOLD or self.peek_was_open:
            self.peeking = False  # a hold shows it until let go; a second tap closes it

    def _peek_event(self, event: pygame.event.Event) -> bool:
        """The button, the L key and closing the look back; whether the event was theirs."""
        if event.type == pygame.MOUSEMOTION:  # followed even while the button is away, so its
            self.peek_widgets.handle(event)  # tooltip never comes back where the pointer was
            return False
        if not self.peek_ready():
            self.set_peeking(False)
            return False
        if not self.trick_shown():
            return self._nothing_to_look_back_at(event)
        mods = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        if event.type == pygame.KEYDOWN and event.key == lasttrick.KEY and not mods:
            if self.peek_press is None:  # a held key repeating is one press
                self._peek_press()
            return True
        if event.type == pygame.KEYUP and event.key == lasttrick.KEY:
            if self.peek_press is not None:
                self._peek_release()
            return True
        button = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
        if button and self.peek_button().collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._peek_press()
            elif self.peek_press is not None:
                self._peek_release()
            return True
        if self.peeking and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.set_peeking(False)
            return True
        if self.peeking and button and event.type == pygame.MOUSEBUTTONUP:
            self.set_peeking(False)  # a click elsewhere closes it: on the panel, nothing else
            return self.peek_box.collidepoint(event.pos)
        return False

    def _nothing_to_look_back_at(self, event: pygame.event.Event) -> bool:
        """Before the first trick ends: L and the dimmed button are taken, and do nothing."""
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == lasttrick.KEY:
            return not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        button = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
        return button and self.peek_button().collidepoint(event.pos)

    def pause(self) -> None:
        """As the table's own widgets: the buttons keep no tooltip from before a screen."""
        super().pause()
        self.peek_widgets.mouse = (-1, -1)
        self.tricks_widgets.mouse = (-1, -1)

    # --- the round's tricks -------------------------------------------------------------

    def tricks_ready(self) -> bool:
        """Whether the round's tricks may be looked at: in play, over a round's summary and on
        a pass screen too (every card in it was played face up), not over the score sheet or
        the game's end."""
        return not self.sheet and not self.end_on_show()

    def round_tricks(self) -> played.RoundTricks:
        """The tricks of the round the table shows: the one just over while its last trick or
        its summary is on show (the game has dealt the next already)."""
        ended = self.round_end_on_show()
        return played.round_tricks(self.state.events, self.told_names(), self._unshown(), ended)

    def round_end_on_show(self) -> bool:
        """...the round's last trick waiting for a person to go on included."""
        return self.round_wait or super().round_end_on_show()

    def header_room(self, lay: Layout) -> int:
        """The line over the table stops short of the Tricks and Last trick buttons."""
        return self.tricks_button().x - 16 - 12

    def tricks_button(self) -> pygame.Rect:
        return played.button_rect(self.peek_button())

    def tricks_area(self) -> pygame.Rect:
        """The panel: the whole table under the header line's buttons."""
        table = self.lay().table
        top = self.tricks_button().bottom + 6
        return pygame.Rect(table.x + 8, top, table.w - 16, table.bottom - top - 6)

    def _tricks_event(self, event: pygame.event.Event) -> bool:
        """The button, the T key, and the panel while it is open (it takes every key and
        click: nothing under it acts unseen); whether the event was theirs."""
        if event.type == pygame.MOUSEMOTION:
            self.tricks_widgets.handle(event)
            return False
        if not self.tricks_ready():
            self.tricks_open = False
            return False
        if event.type == pygame.KEYUP and event.key == played.KEY:
            was_down, self.tricks_key_down = self.tricks_key_down, False
            return was_down
        if event.type == pygame.KEYDOWN:
            mods = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
            if event.key == played.KEY and not mods:
                repeat = self.tricks_key_down and hasattr(event, "doubt")  # (see passgate.py)
                self.tricks_key_down = True
                if not repeat:
                    self.toggle_tricks()
                return True
            if not self.tricks_open:
                return False
            if event.key == lasttrick.KEY:
                self.tricks_open = False  # L: the last trick instead
                return False
            if event.key == pygame.K_ESCAPE:
                self.tricks_open = False
            return True
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        on_button = event.button == 1 and self.tricks_button().collidepoint(event.pos)
        if on_button:
            if event.type == pygame.MOUSEBUTTONUP:
                self.toggle_tricks()
            return True
        if not self.tricks_open:
            return False
        if event.type == pygame.MOUSEBUTTONUP and not self.tricks_area().collidepoint(event.pos):
            self.tricks_open = False  # a click outside closes it, and does nothing else
        return True

    def toggle_tricks(self) -> None:
        self.tricks_open = not self.tricks_open
        if self.tricks_open:
            self.set_peeking(False)

    def _draw_tricks(self, surface: pygame.Surface) -> None:
        view = self.round_tricks()
        if self.tricks_open:
            played.draw(
                surface,
                self.tricks_area(),
                view,
                self.state.num_players,
                self.told_names(),
                lambda code, scale: self.face(code, EVERYONE, scale),  # played face up: public
                self.tricks_widgets.mouse,
            )
        label = played.CLOSE if self.tricks_open else played.LABEL
        tip = played.TIP if view.tricks else played.TIP_NONE
        if self.tricks_open:
            tip = ""  # (over the panel's title, it said what the panel shows)
        self.tricks_widgets.widgets = [Button(self.tricks_button(), label, size=20, tooltip=tip)]
        self.tricks_widgets.tip_bounds = self.lay().table
        self.tricks_widgets.draw(surface)

    def paint_middle(self, surface: pygame.Surface, lay: Layout) -> None:
        """The trick in play and the bids, unless the last trick lies over them: then nothing
        of them (its "Suit to follow" line peeked out under the panel with many seats)."""
        if self.peeking and self.peek_ready():
            return
        if not self.paint_gathered(surface, lay):
            super().paint_middle(surface, lay)
        self.paint_bids(surface)

    # --- the bids -----------------------------------------------------------------------

    def happening(self, item: Happening) -> bool:
        """The bids revealed: all of them on the table at once, held for a moment. A round's
        last trick stays until a person goes on (Continue, Enter), or a while longer than
        other tricks at a table of computer players."""
        if isinstance(item, Taken) and self.pending and isinstance(self.pending[0], RoundEnded):
            started = super().happening(item)
            if self.humans:
                self.round_wait = True
                self.hold = math.inf
            else:
                self.hold = LAST_TRICK_HOLD * self.match.pace.hold
            self._layout()
            return started
        if isinstance(item, bids.BidsShown):
            length = self.match.pace.hold + bids.SETTLE + 0.4
            self.bid_reveal = bids.Reveal(item.bids, length)
            self.hold = length
            self.app.sound.play("ui", 0.7)
            return True
        return super().happening(item)

    def _hold_over(self) -> None:
        """Once the table's hold is over (its time, Continue, or settled at once), the reveal
        and the wait on a round's last trick are over with it."""
        if self.hold <= 0:
            self.bid_reveal = None
            self.round_wait = False

    def settle(self) -> None:
        super().settle()
        self._hold_over()

    def forget_shown(self) -> None:
        self.bid_reveal = None
        self.round_wait = False
        super().forget_shown()

    def go_on(self) -> None:
        """Continue from a round's last trick to its scores."""
        if self.round_wait and self.hold > 0:
            self.round_wait = False
            self.hold = 1e-6  # the table's next frame gathers the trick and goes on
            self._layout()

    def buttons(self) -> list[Button]:
        """The table's buttons, and Continue while a round's last trick waits."""
        out = super().buttons()
        if self.round_wait and self.passing is None and not self.sheet:
            lay = self.lay()
            rect = pygame.Rect(0, 0, 220, 44)
            rect.midtop = (lay.table.centerx, lay.choices_y)
            out.append(Button(rect, "Continue", on_click=self.go_on, size=24,
                              tooltip="Enter: the round's scores"))  # fmt: skip
        return self.confirm_widgets(out)

    def key_gesture(self, event: pygame.event.Event) -> bool:
        if self.round_wait and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.go_on()
            return True
        if self.confirm_key(event):
            return True
        if event.key in ENTER_KEYS and self._enter_only_focuses():
            return True
        return super().key_gesture(event)

    # --- Enter on the hand: it plays only the card the person chose --------------------------

    # (viewer, place in the hand) of the card the person chose themselves since their hand was
    # shown: by pointing at it, or with a fresh press of an arrow (not one held from before)
    chosen: tuple[int, int] | None = None

    def _enter_only_focuses(self) -> bool:
        """Enter on the hand with no hint on show: it plays the card the keys are on only if
        the person chose that card themselves since the hand was shown (`chosen`); else it
        picks one (the keys' card, or the first playable) and says which, and the next Enter
        plays it. Whether this Enter only picked."""
        if self.card_menu or not self.my_turn():
            return False
        if not self.game.plays_cards_now(self.state, self.viewer):
            return False
        hand = self.hand_layout()
        if not hand or self.chosen == (self.viewer, self.cursor):
            return False
        if 0 <= self.cursor < len(hand):
            self.hover = hand[self.cursor][0]
        else:
            self._pick_first_card()
        self.chosen = (self.viewer, self.cursor)  # seen named: the next fresh Enter plays it
        return True

    def _note_choice(self, event: pygame.event.Event, fresh: bool) -> None:
        """After an event: the card the person points at, or a fresh arrow moved the keys
        to, is theirs; an arrow's repeat or a key held from before names none."""
        if self.cursor < 0:
            self.chosen = None
        elif event.type == pygame.MOUSEMOTION and self.pointed:
            self.chosen = (self.viewer, self.cursor)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.chosen = (self.viewer, self.cursor) if fresh else None

    def person_changed(self) -> None:
        self.chosen = None
        super().person_changed()

    def act(self, action: str) -> None:
        super().act(action)
        if self.cursor < 0:  # the viewer's hand changed: nothing in it is chosen any more
            self.chosen = None

    def bid_rests(self) -> dict[int, pygame.Rect]:
        """Where each player's bid lies for the round: on their seat's box, over the number
        of its "bid 2 · won 1" line (so it is never lost on a crowded table)."""
        out = {}
        drawn = self.drawn_from()
        font = theme.font(17)
        for seat, box in self.seat_rects().items():
            if seat >= self.state.num_players:
                continue
            line = self.game.seat_lines(drawn, self.viewer, seat)[0]
            number = line.split(" ")[1] if line.startswith("bid ") else "0"
            left = font.size("bid ")[0]
            w = font.size(number)[0] + 8
            out[seat] = pygame.Rect(box.x + 8 + left - 4, box.y + 24, max(w, 18), 19)
        return out

    def shown_bids(self) -> dict[int, int]:
        """Each player's bid as the table shows it now (Harry's change counted): none before
        the reveal, nor while a reveal still waits its turn."""
        if self.bid_reveal is not None or any(isinstance(p, bids.BidsShown) for p in self.pending):
            return {}
        obs = self.drawn_from().observation(self.viewer)
        if not obs.bids_revealed:
            return {}
        return {
            seat: bid + obs.adjustments[seat]
            for seat, bid in enumerate(obs.bids)
            if bid is not None
        }

    def paint_bids(self, surface: pygame.Surface) -> None:
        """The bids: at the reveal, large in front of every seat with "Yo-ho-ho!" in the
        middle, then settling beside each seat; after it, beside each seat all round."""
        rests = self.bid_rests()
        reveal = self.bid_reveal
        if reveal is None:
            for seat, bid in self.shown_bids().items():
                if seat in rests:
                    bids.draw_chip(surface, rests[seat], bid, large=False)
            return
        slots = self.trick_slots()
        f = reveal.settling()
        for seat, bid in enumerate(reveal.bids):
            if seat not in slots or seat not in rests:
                continue
            w = min(slots[seat].w + 4, 110)  # as wide as a card in the slot: none overlap
            big = pygame.Rect(0, 0, w, round(w * 0.6))
            big.center = slots[seat].center
            bids.draw_chip(surface, bids.lerp_rect(big, rests[seat], f), bid, large=f < 0.5)
            if f == 0:  # whose bid: named over it, as a card in the slot is
                name = theme.fit(self.names[seat], 15, slots[seat].w + 6)
                at = (big.centerx, big.y - 2)
                theme.text(surface, name, at, 15, theme.TEXT, "midbottom")
        if f < 1:
            box = self.trick_words_box()
            size = 40 if box.h >= 44 else 30
            theme.text(surface, bids.YOHOHO, box.center, size, theme.ACCENT, "center", True)

    def know_rules(self) -> None:
        """The game's cards' words follow this table's options: a pirate's power when it
        plays with them, the Kraken and the White Whale only when they are dealt (the game is
        shared by every Skull King table: the one in front sets them before its words are
        read, as it draws and takes a click)."""
        self.game.rules = CardRules.of(self.match.options)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.know_rules()
        if self._tricks_event(event) or self._peek_event(event):
            return None
        fresh = event.type == pygame.KEYDOWN and event.key not in self.gate.held
        out = super().handle_event(event)
        self._note_choice(event, fresh)
        return out

    def update(self, dt: float) -> None:
        if self.bid_reveal is not None:
            self.bid_reveal.t += dt
        super().update(dt)
        self._hold_over()
        if not self.tricks_ready():
            self.tricks_open = False
        if not self.peek_ready():
            self.set_peeking(False)
        elif self.peek_press is not None:
            self.peek_press += dt

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.know_rules()
        super().draw(surface, alpha)
        if self.peek_ready():
            self._draw_peek(surface)
        if self.tricks_ready():
            self._draw_tricks(surface)

    def _draw_peek(self, surface: pygame.Surface) -> None:
        if self.peeking:
            self.peek_box = lasttrick.draw(
                surface,
                self.peek_area(),
                self.last_trick(),
                lambda code, scale: self.face(code, EVERYONE, scale),  # played face up: public
                lasttrick.LARGEST,
                self.told_names(),
            )
        label = "Close last trick" if self.peeking else lasttrick.LABEL
        shown = self.trick_shown()
        tip = lasttrick.TIP if shown else "No trick has been played yet"
        self.peek_widgets.widgets = [
            Button(self.peek_button(), label, enabled=shown, size=20, tooltip=tip)
        ]
        self.peek_widgets.tip_bounds = self.lay().table  # over the table, clear of the panel
        self.peek_widgets.draw(surface)


class SkullKingReplay(CardReplay, SkullKingTable):
    """A finished Skull King game, action by action, drawn as its table draws it: each seat's
    bid on its box once the bids are revealed, and L to look back at the last trick."""

    def replay_moment(self, item: Happening) -> None:
        """As every card table's replay, but a step that deals the next round shows that deal:
        the round's last trick (taken earlier in the same step) is no longer held up in the
        middle, where it lay over the new round for a step (issue 40). L still shows it."""
        if isinstance(item, Dealt):
            self.shown, self.pile_slots = None, 0
            return
        super().replay_moment(item)


__all__ = [
    "HUMAN",
    "SkullKingReplay",
    "SkullKingTable",
    "TableSeat",
]
