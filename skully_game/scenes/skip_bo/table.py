"""Skip-Bo at the shared card table: every player's stock and four discard piles face up on the
table (the others' across the top, the viewer's at the bottom left beside their hand), the four
building piles and the draw pile in the middle.

A card is moved by dragging it from the hand, a stock's top or a discard pile's top onto a
building pile (or, from the hand, onto one of one's own discard piles, which ends the turn); a
click picks a card up and a second click puts it down; with the keys, the arrows choose a card,
Enter (or Space) picks it up, the arrows choose where and Enter puts it down (Esc puts it back);
Enter before any arrow chooses the first card that builds. Every key says what it does in
words, the piles numbered as they are shown. While a card is held, the places that take it are
lit. Why a card may not go somewhere is the engine's word (`SkipBoState.refusal`). Computer
players' cards fly one at a time, at the table's pace. Nothing of another hand is ever drawn:
hands show as counts.

The table sits on the shared card table through its public hooks only (cardtable/frame.py):
its areas (`lay`, `seat_rects`, `hand_layout`), its painting (painting.py), its gestures
(`pointer`, `key_gesture`), its card moves (`happening`) and its line (`status_line`).
"""

from __future__ import annotations

import pygame

from cards.skip_bo import SkipBoState
from skully_game.scenes.cardtable import moving, panels
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W
from skully_game.scenes.cardtable.drag import Drag
from skully_game.scenes.cardtable.flight import Flight, fly_time
from skully_game.scenes.cardtable.game import Dealt, Happening, Taken
from skully_game.scenes.cardtable.layout import PANEL_W, Layout
from skully_game.scenes.cardtable.match import HUMAN, TableSeat
from skully_game.scenes.cardtable.moving import Move, Moved, flight_for
from skully_game.scenes.cardtable.seated import SavedUndoer
from skully_game.scenes.cardtable.table import CardReplay, CardTable
from skully_game.scenes.cardtable.words import YOU, as_read_by, possessive
from skully_game.scenes.skip_bo import places
from skully_game.scenes.skip_bo.adapter import GAME, Cleared, Drew, target_of
from skully_game.scenes.skip_bo.doubleplay import only_pile, why_not_played
from skully_game.scenes.skip_bo.ending import SkipBoEnding
from skully_game.scenes.skip_bo.handrow import LIFT, SLIDE, closed_up, hand_scale, matched
from skully_game.scenes.skip_bo.keys import SkipBoKeys
from skully_game.scenes.skip_bo.layout import Geometry, lay_out
from skully_game.scenes.skip_bo.painting import SkipBoPainting
from skully_game.scenes.skip_bo.places import BUILD, DISCARD, STOCK, Place
from skully_game.scenes.skip_bo.replaying import ClosedHand
from skully_game.shell.app import DOUBLE_PRESS_S

TURN_PAUSE = 0.3  # a computer's further plays in one turn wait this share of the pace's pause


class SkipBoTable(SkipBoKeys, SavedUndoer, SkipBoEnding, SkipBoPainting, CardTable):
    """The card table playing Skip-Bo."""

    def __init__(self, app, match) -> None:  # type: ignore[no-untyped-def]
        self.picked: str | None = None  # the place whose card the player holds (click or keys)
        self.picked_at = -1.0  # when a click picked it (the table's clock)
        self.drag: Drag | None = None  # a card carried from its place (drag.place)
        self.key_at = -1  # the keyboard's place among sources, or targets once picked
        self.place_hover: str | None = None
        self._geo: tuple[object, Geometry | None] = ((), None)
        self._shown: tuple[tuple[object, ...], list[float]] = ((), [])  # the hand's xs drawn
        self._slide: tuple[list[float | None], float] | None = None  # from where, how long
        self._left_slot = -1  # the hand's index of the card the viewer played last
        self._left_at: tuple[int, int] | None = None  # ... and where it lay
        self.keys_lead = False  # a key pressed since the pointer last moved (no tooltip then)
        self._pointed_slot = -1  # the hand's index of the card last found under the pointer
        self._held_slot = -1  # ... and of the card pressed on
        self._acted_by: int | None = None  # the seat that made the last move seen here
        super().__init__(app, match)

    def replay_scene(self) -> type[SkipBoReplay]:
        return SkipBoReplay

    def reveal(self) -> None:
        """The next person opens their hand: the last move stands from now, saved so (a
        Resume must not let it be taken back after they have seen their cards)."""
        was = self.undoer
        super().reveal()
        if self.undoer != was:
            self.save()

    def told_names(self) -> list[str]:
        """The names as the person at the screen reads them. A seat is "You" only at a desk of
        one person (the setup allows it nowhere else), who reads "You draw 5 cards" when a
        computer's hand is shown; it is '"You" draws' only for another person's eyes."""
        reader, seats = self.viewer, self.match.seats
        if not (0 <= reader < len(seats) and seats[reader].human):
            people = [i for i, seat in enumerate(seats) if seat.human and seat.name == YOU]
            reader = people[0] if people else reader
        return as_read_by(self.names, reader)

    # --- areas (hooks) --------------------------------------------------------------------

    @property
    def sk(self) -> SkipBoState:
        return self.state  # type: ignore[no-any-return]

    def geometry(self) -> Geometry:
        key = (self.app.size, self.sk.num_players, self.viewer)
        if self._geo[0] == key and self._geo[1] is not None:
            return self._geo[1]
        geo = lay_out(self.app.size, self.sk.num_players, self.viewer)
        self._geo = (key, geo)
        return geo

    def lay(self) -> Layout:
        w, h = self.app.size
        table = pygame.Rect(0, 0, w - PANEL_W, h)
        geo = self.geometry()
        middle = geo.draw.union(geo.builds[-1])
        return Layout(table, geo.hand.y, geo.prompt_y - 46, geo.prompt_y, middle)

    def seat_rects(self) -> dict[int, pygame.Rect]:
        return {seat: mat.strip for seat, mat in self.geometry().mats.items()}

    def hand_layout(self) -> list[tuple[str, pygame.Rect, float]]:
        """The viewer's cards side by side in the hand's room, closed up, as drawn and as hit."""
        return [(c, rect, 0.0) for _, c, rect in self._hand_places()]

    def hand_scale(self) -> float:
        """The hand's cards' size: whole, or smaller where five side by side would overlap."""
        return hand_scale(self.geometry().hand.w)

    def _hand_places(self) -> list[tuple[int, str, pygame.Rect]]:
        """Each card of the viewer's hand with its index and rect, lifted when it builds: the
        cards close up round the hand's middle once one has left, sliding there (`SLIDE`).
        Drawn and hit alike, from the hand itself, so a resumed game lies as it was left."""
        if self.secrets_hidden():
            return []
        hand = self.game.hand(self.drawn_from(), self.viewer)
        if not hand:
            self._shown = ((), [])
            return []
        homes = self._hand_homes(hand)
        xs = self._sliding(tuple(hand), [r.x for r in homes])
        return [
            (k, c, pygame.Rect(round(xs[k]), rect.y, rect.w, rect.h))
            for k, (c, rect) in enumerate(zip(hand, homes, strict=True))
        ]

    def _hand_homes(self, hand: list[str]) -> list[pygame.Rect]:
        """Where the hand's cards lie once closed up, a card that builds lifted. Lifted on the
        person's turn even while their own last card is still flying (a press then lands
        the card at once, and a card that rose under the pointer would be missed)."""
        seat = self.game.to_act(self.state)
        mine = seat == self.viewer and seat in self.humans and self.passing is None
        homes = closed_up(self.geometry().hand, len(hand), self.hand_scale())
        for c, rect in zip(hand, homes, strict=True):
            if mine and any(t[0] == BUILD for t in self.targets(f"H{c}")):
                rect.y -= LIFT
        return homes

    def _sliding(self, hand: tuple[str, ...], homes: list[int]) -> list[float]:
        """Where each card shows now: a hand that lost a card (or got one back) slides from
        where its cards were shown to their new places over `SLIDE` seconds."""
        key = (self.viewer, hand)
        shown_key, shown = self._shown
        if shown_key != key:
            starts = matched(shown_key, shown, key, self._left_slot)
            self._slide = (starts, 0.0) if any(x is not None for x in starts) else None
            self._left_slot = -1
        xs: list[float] = [float(x) for x in homes]
        if self._slide is not None:
            starts, t = self._slide
            f = min(1.0, t / SLIDE)
            if f >= 1.0 or len(starts) != len(homes):
                self._slide = None
            else:
                ease = 1 - (1 - f) ** 3
                xs = [
                    h if a is None else a + (h - a) * ease
                    for a, h in zip(starts, homes, strict=True)
                ]
        self._shown = (key, xs)
        return xs

    def settle(self) -> None:
        """Headless: the hand has closed up too."""
        super().settle()
        self._slide, self._shown = None, ((), [])

    def update(self, dt: float) -> None:
        if self._slide is not None and not self.held_still():
            self._slide = (self._slide[0], self._slide[1] + dt)
        super().update(dt)

    def _keep_slots(self, action: str) -> None:
        """Before the viewer plays `action` from the hand: which card left (the one the pointer
        took, else the first alike), so the others slide from where they were, and where it
        sets off from."""
        source = places.source_of(action)
        if source is None or not source.from_hand or self.game.to_act(self.state) != self.viewer:
            return
        laid = self._hand_places()
        k = self._held_slot
        if not (0 <= k < len(laid) and laid[k][1] == source.card):
            k = next((j for j, c, _ in laid if c == source.card), -1)
        self._left_slot = k
        self._left_at = laid[k][2].center if k >= 0 else None

    def place_rect(self, name: str) -> pygame.Rect | None:
        """Where a place's top card lies now ("H7", "S1", "D1.2", "B0")."""
        geo, place = self.geometry(), Place.of(name)
        if place.kind == BUILD:
            return geo.builds[place.pile]
        if place.from_hand:
            return next((rect for c, rect, _ in self.hand_layout() if c == place.card), None)
        mat = geo.mats.get(place.seat)
        if mat is None:
            return None
        if place.kind == STOCK:
            return mat.stock
        count = len(self.sk.discards[place.seat][place.pile])
        return mat.pile_rects(place.pile, max(1, count))[-1]

    def target_rect(self, target: str) -> pygame.Rect | None:
        """What a drop onto a target hits: a building pile, or a whole discard column."""
        place = Place.of(target)
        if place.kind == BUILD:
            return self.geometry().builds[place.pile]
        mat = self.geometry().mats.get(self.viewer)
        return mat.column(place.pile) if mat else None

    def hint_rects(self) -> list[pygame.Rect]:
        """The hinted move's card where it lies and the pile it goes to, both lit (End turn:
        its button)."""
        hint = self.hinted
        if hint is None or not self.my_turn() or ">" not in hint.action:
            return super().hint_rects()
        source, target = hint.action.split(">", 1)
        out = [self.place_rect(source)]
        if target[0] == BUILD:
            out.append(self.target_rect(target))
        else:
            out.append(self._landing_rect(f"{DISCARD}{self.viewer}.{target[1:]}"))
        return [rect for rect in out if rect is not None]

    # --- what may move ----------------------------------------------------------------

    def sources(self) -> list[str]:
        """The places the viewer may take a card from now, in the order the keys visit them."""
        if not self.my_turn():
            return []
        hand = [f"H{c}" for c, _, _ in self.hand_layout()]
        piles = [a.split(">", 1)[0] for a in self.game.legal(self.state) if ">" in a]
        return [*dict.fromkeys(hand), *dict.fromkeys(p for p in piles if p[0] != places.HAND)]

    def targets(self, source: str) -> list[str]:
        return [target_of(a) for a in GAME.moves_from(self.sk, self.viewer, source)]

    def held(self) -> str | None:
        """The place whose card is held now: dragged, or picked up."""
        return self.drag.place if self.drag else self.picked

    def _source_at(self, pos: tuple[int, int]) -> str | None:
        """The place whose card a press at `pos` takes: a card of the hand where it is drawn
        now, else where it is sliding to (a quick press aimed where it goes), else a pile."""
        laid = self._hand_places()
        coming = self.arriving([(c, rect, 0.0) for _, c, rect in laid])  # not drawn yet
        homes = self._hand_homes([c for _, c, _ in laid])
        for rects in ([rect for _, _, rect in laid], homes):
            for k in range(len(laid) - 1, -1, -1):
                if k not in coming and rects[k].collidepoint(pos):
                    self._pointed_slot = k
                    return f"H{laid[k][1]}"
        for place in self.sources():
            if place.startswith(places.HAND):
                continue
            rect = self.place_rect(place)
            if rect is not None and rect.collidepoint(pos):
                return place
        return None

    def _target_at(self, pos: tuple[int, int], source: str) -> str | None:
        discards = [f"{DISCARD}{k}" for k in range(4)] if source.startswith(places.HAND) else []
        for target in [f"{BUILD}{i}" for i in range(4)] + discards:
            rect = self.target_rect(target)
            if rect is not None and rect.inflate(12, 12).collidepoint(pos):
                return target
        return None

    def _pile_at(self, pos: tuple[int, int]) -> str | None:
        """Any seat's stock or discard pile under `pos` ("S2", "D2.1"), whoever's it is."""
        for seat, mat in self.geometry().mats.items():
            if mat.stock.collidepoint(pos):
                return f"{STOCK}{seat}"
            for k in range(4):
                if mat.column(k).collidepoint(pos):
                    return f"{DISCARD}{seat}.{k}"
        return None

    def _why_not_from(self, name: str) -> str:
        """Why a press on a stock or discard pile picked nothing up, in the player's words."""
        seat = Place.of(name).seat
        if seat not in self.sk.sources[self.viewer]:
            own = "your own and your partner's" if self.sk.options.partners else "your own"
            return f"{possessive(self.names[seat])} piles are not yours: you play from {own}."
        card = places.card_at(self.sk, name)
        if card is None:
            return "That pile is empty."
        return f"{places.card_words(card)} cannot go anywhere now."

    def _why_not_dropped(self, source: str, pos: tuple[int, int]) -> str:
        """Why a card let go over a pile it may not go on went back, for the pile it was let
        go on ("" off every pile: the card just goes back)."""
        if self.geometry().draw.collidepoint(pos):
            return "Cards are drawn from the draw pile, never put on it."
        pile = self._pile_at(pos)
        if pile is None:
            return ""
        if pile.startswith(STOCK):
            return "A stock is only played from, never onto."
        if source.startswith(places.HAND) and Place.of(pile).seat != self.viewer:
            return "You discard onto your own four piles only."
        return self.sk.refusal(f"{source}>{DISCARD}{Place.of(pile).pile}") or ""

    def _drop(self, source: str, target: str) -> None:
        """Put the held card down there, or say why not (the engine's words)."""
        action = f"{source}>{target}"
        reason = self.sk.refusal(action)
        if reason is None:
            self.picked = None
            self.key_at = -1
            self.act(action)
            return
        self.notice = reason

    # --- gestures (hooks) ---------------------------------------------------------------

    def forget_hand(self) -> None:
        self.picked, self.drag, self.key_at, self.place_hover = None, None, -1, None
        self.keys_chose = False

    def act(self, action: str) -> None:
        self._acted_by = self.game.to_act(self.state)
        self._keep_slots(action)
        self.picked, self.drag, self.key_at, self._held_slot = None, None, -1, -1
        self.keys_chose = False
        super().act(action)

    def move_pause(self, seat: int) -> float:
        """A computer's turn at Skip-Bo is many plays (a 10-card game was about 200 moves):
        its first play waits the pace's pause, and each further play of the same turn a
        third of it (each card still flies and stays lit where it lands; only the gap
        between them is shorter)."""
        pause = self.match.pace.move
        return pause * TURN_PAUSE if self._acted_by == seat else pause

    def pointer(self, event: pygame.event.Event) -> bool:
        """Press, drag and let go on the table's places: every press and release is the
        table's own (the shared table's card menu is not Skip-Bo's: a card goes where it is
        put); over the score sheet the shared table has the mouse."""
        mouse = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
        if event.type not in mouse or self.sheet:
            return False
        if self.summary is not None:
            return True
        pos = event.pos
        self.keys_lead = False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(pos)
        elif event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag.pos = pos
            held = self.held()
            self.place_hover = self._target_at(pos, held) if held else self._source_at(pos)
            src = self._source_at(pos)
            self.hover = src[1:] if src and src.startswith(places.HAND) else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(pos)
        return True

    def _press(self, pos: tuple[int, int]) -> None:
        source = self._source_at(pos)
        if source is not None and not source.startswith(places.HAND) and self._lit_at(pos):
            source = None  # a lit pile takes the held card: its own top stays put
        if source is not None and self.my_turn():
            self.drag = Drag(places.code_at(self.sk, source), pos, pos, source)
            self._held_slot = self._pointed_slot if source.startswith(places.HAND) else -1
        elif self.my_turn() and self.picked is None:
            pile = self._pile_at(pos)
            if pile is not None:
                self.notice = self._why_not_from(pile)

    def _lit_at(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is on a place lit for the held card (where a click puts it down)."""
        if self.picked is None:
            return False
        return self._target_at(pos, self.picked) in self.targets(self.picked)

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is not None:
            source = drag.place
            target = self._target_at(pos, source)
            if drag.moved():
                # A drag ends the hint's turn either way: a move made forgets it, and a drag
                # let go where the card goes back (or is refused) clears its outlines too, for
                # the person chose a move of their own (they stayed lit, issue 40).
                self.forget_hint()
                if target is not None:
                    self._drop(source, target)
                else:  # (an earlier notice would tell of another move)
                    self.notice = self._why_not_dropped(source, pos)
                return
            if self.picked is not None and self.picked != source and target is None:
                self.picked = source  # a click on another card takes that one instead
                self.picked_at = self.gate.clock
            elif self.picked == source:
                if self.gate.clock - self.picked_at >= DOUBLE_PRESS_S:
                    self.picked = None  # (a double click is one pick: its second half keeps it)
                else:  # a double click: played where it can only go (doubleplay.py)
                    self._double_click(source, pos)
                    return
            else:
                self.picked = source
                self.picked_at = self.gate.clock
            self.key_at = -1  # the mouse leads now: the keys start afresh
            self._pick_notice()
            return
        if self.picked is not None:
            target = self._target_at(pos, self.picked)
            if target is not None:
                self._drop(self.picked, target)
            else:
                self.notice = self._why_not_dropped(self.picked, pos)
                self.picked = None

    def _double_click(self, source: str, pos: tuple[int, int]) -> None:
        """The second click of a double click on the picked card: played onto its only
        building pile (a third click there makes no other move), else it stays picked up."""
        targets = self.targets(source)
        pile = only_pile(self.sk, targets)
        if pile is None:
            self.notice = why_not_played(self.sk, source, targets)
            return
        self.gate.clicked(pos)
        self._drop(source, pile)

    def _pick_notice(self) -> None:
        if self.picked is not None and not self.targets(self.picked):
            card = places.card_at(self.sk, self.picked)
            self.notice = f"{places.card_words(card)} cannot go anywhere now."
            self.picked = None
        else:
            self.notice = ""

    # --- happenings (hook) --------------------------------------------------------------

    def happening(self, item: Happening) -> bool:
        """Cards flying from place to place, one at a time: the deal to the stocks, the cards
        drawn, each card moved, a building pile of 12 cleared; a finished game's summary."""
        if isinstance(item, Moved):
            end = self._landing_rect(item.target)
            if end is None:
                return False
            start = self._from(item.source, item.target, item.seat)
            computer = item.seat >= 0 and item.seat not in self.humans
            ends_turn = item.target.startswith(DISCARD)
            scale = end.w / CARD_W
            move = flight_for(item, start, end.center, scale, self.match.pace, computer, ends_turn)
            move.completes = any(
                isinstance(p, Cleared) and f"{BUILD}{p.build}" == item.target for p in self.pending
            )
            self.flights.append(move)
            return True
        if isinstance(item, Drew):
            return self._draw_flights(item)
        if isinstance(item, Cleared):
            geo, pace = self.geometry(), self.match.pace
            scale = geo.build_scale
            start, end = geo.builds[item.build].center, geo.draw.center
            self.flights.append(
                Flight("12", start, end, duration=pace.fly, waits=True, scale=scale,
                       end_scale=scale * 0.6)
            )  # fmt: skip
            return True
        if isinstance(item, Dealt):
            return self._deal_flights()
        if isinstance(item, Taken):
            return False
        return super().happening(item)

    def _deal_flights(self) -> bool:
        """A game's deal: cards fly face down from the draw pile to every stock in turn."""
        geo, pace = self.geometry(), self.match.pace
        seats = sorted(geo.mats)
        step, fly = pace.fly / 9, pace.fly * 0.8
        for k in range(4):
            for j, seat in enumerate(seats):
                delay = step * (k * len(seats) + j)
                scale = geo.mats[seat].scale
                self.flights.append(
                    Flight(None, geo.draw.center, geo.mats[seat].stock.center, delay, fly,
                           scale=geo.build_scale, end_scale=scale, waits=k == 3)
                )  # fmt: skip
        return True

    def _draw_flights(self, item: Drew) -> bool:
        """Cards drawn fly from the draw pile one after another: into the viewer's own hand
        face up (theirs alone: the gate shows the others their backs), face down to another
        seat's strip. The hand shows each card once it has landed."""
        geo, pace = self.geometry(), self.match.pace
        mine = item.seat == self.viewer and not self.secrets_hidden()
        step = pace.fly / 6
        fly = fly_time(pace.fly, item.seat in self.humans)
        ends: list[tuple[str | None, tuple[int, int], float]] = []
        if mine:
            slots = list(reversed(self._hand_places()))  # the last alike card arrives
            for c in item.cards:
                k = next((i for i, (_, card, _) in enumerate(slots) if card == c), None)
                if k is None:
                    continue
                _, _, rect = slots.pop(k)
                ends.append((c, rect.center, self.hand_scale()))
        else:
            strip = self.seat_rects().get(item.seat)
            at = strip.center if strip is not None else geo.draw.center
            ends = [(None, at, 0.4)] * min(item.count, 5)
        for k, (c, end, scale) in enumerate(ends):
            self.flights.append(
                Flight(c, geo.draw.center, end, step * k, fly, waits=k == len(ends) - 1,
                       dealt=True, scale=geo.build_scale, end_scale=scale,
                       owner=item.seat)
            )  # fmt: skip
        return bool(ends)

    def _landing_rect(self, target: str) -> pygame.Rect | None:
        """Where a card going to `target` ("B2", "D1.3") lands."""
        place = Place.of(target)
        if place.kind == BUILD:
            return self.place_rect(target)
        mat = self.geometry().mats.get(place.seat)
        count = len(self.sk.discards[place.seat][place.pile])
        return mat.pile_rects(place.pile, max(1, count))[-1] if mat else None

    def _from(self, source: str, target: str, seat: int = -1) -> tuple[float, float]:
        """Where a flying card starts: its place, or the player's strip for another's hand."""
        if source.startswith(places.HAND):
            if seat < 0:
                seat = self.sk.current_player() if not self.sk.is_terminal() else self.viewer
            if target.startswith(DISCARD):
                seat = Place.of(target).seat
            if seat == self.viewer and not self.secrets_hidden():
                if self._left_at is not None:  # where the viewer's card lay
                    at, self._left_at = self._left_at, None
                    return at
                geo = self.geometry()
                return geo.hand.centerx, geo.hand.bottom - CARD_H // 2
            rect = self.seat_rects().get(seat)
            return rect.center if rect else self.lay().pile.center
        rect = self.place_rect(source)
        return rect.center if rect else self.geometry().draw.center

    def told_events(self) -> int | None:
        """How many of the game's events the log tells now: none past a card still on its way
        (or waiting to fly), so a computer's turn is told as it is seen. None: all."""
        return moving.told_upto(self.pending, self.flights)

    def log_rows(self, width: int) -> list[tuple[str, bool]]:
        """The log the viewer may read, wrapped, as far as the table has shown (cached)."""
        drawn, upto = self.drawn_from(), self.told_events()
        key = (GAME.event_count(drawn), upto, self.viewer, width, self.secrets_hidden())
        if self.log_cache[0] != key:
            lines = GAME.log(drawn, self.log_viewer(), self.told_names(), upto)
            self.log_cache = (key, panels.wrap_log(lines, width))
        return self.log_cache[1]

    def showing(self) -> bool:
        """Also a computer's card move, queued or on its way: the next person's pass screen
        waits until it has been seen (it landed behind the pass screen)."""
        computer = [p for p in self.pending if isinstance(p, Moved) and p.seat not in self.humans]
        lingering = [f for f in self.flights if isinstance(f, Move) and f.lingers]
        return super().showing() or bool(computer or lingering)

    def landing(self) -> set[str]:
        return moving.landing(self.flights)


class SkipBoReplay(ClosedHand, CardReplay, SkipBoTable):
    """A finished Skip-Bo game, action by action."""

    def end_keys(self) -> str:
        """A replay's own keys: its Space plays it again (the result's box said Space showed
        the final table, and Space started the replay over)."""
        return "Space: watch it again from the start · Left: a move back · Esc: leave"

    def _end_buttons(self) -> list[tuple[str, object, str]]:
        return []  # the replay's own buttons are in the side panel: no empty room for them


__all__ = ["HUMAN", "Move", "SkipBoReplay", "SkipBoTable", "TableSeat"]
