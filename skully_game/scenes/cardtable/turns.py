"""The card table's turns (a mixin of `CardTable`, table.py): who is to act and who looks, the
pass screens and public screens of a shared desk, actions, what the events show one after
another (flights, a pile on show, a summary, a peek), the clock and the headless helpers.

Hidden information: with two or more people a pass screen comes before each person's private
view (their turn, at the start and after Resume, after any public screen, and a Peek at a card
only they may see); it opens only to a deliberate act of that person (cardtable/passgate.py).
Public screens (a round's summary, a reveal all watch, the computer players' turns between two
people, the game's end) show nobody's secrets, and everything the table showed from a hand
(hover text, notices, a card menu) is dropped when the viewer changes (`forget_hand` too).

Motion: every flight, turn and word on show takes its time from the match's pace, so a person
sees each computer move where it happens; a person's own input on their turn never waits for
it (`hurriable`, `hurry`: what is still moving lands at once), but never skips a pass screen,
a summary or a peek. A replay steps without any of it (replay.py).
"""

from __future__ import annotations

from typing import Any

from skully_game.scenes.cardtable.carddraw import CARD_H
from skully_game.scenes.cardtable.flight import Flight, fly_time
from skully_game.scenes.cardtable.game import (
    Dealt,
    Happening,
    Peek,
    PlacedDown,
    Played,
    RoundEnded,
    Said,
    Shout,
    Taken,
    Turned,
)
from skully_game.scenes.cardtable.layout import SEAT_BACK
from skully_game.scenes.cardtable.match import Pace
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.cardtable.words import as_read_by
from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.freshpress import ARM_SECONDS


class CardTurns:
    """Turns, viewers and what the events show; its attributes are set by `CardTable`."""

    thrown: tuple[int, int] | None = None  # where the viewer's card left the hand, if they played
    # the person who has had the screen alone since they were let in: nobody else was let in,
    # no computer player moved and nothing for everyone (a summary, a reveal, a deal) was on
    # show since. Their own move shown to the table (a trick their card ended) keeps it, and
    # when they act again next their hand comes back with no pass screen
    alone: int | None = None
    summary_on_resume = True  # a saved game opened on a round's end shows its summary again

    def drawn_from(self) -> Any:
        """The state the table draws seats, header and hand from: while a finished round is
        on show and the next deal has not flown, the round as it ended; else the state."""
        if not any(isinstance(p, Dealt) for p in self.pending):
            return self.state
        key = self.game.event_count(self.state)
        if self._drawn_from[0] != key:
            self._drawn_from = (key, self.game.round_end_view(self.state))
            self._moves += 1
        return self._drawn_from[1]

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

    def end_on_show(self) -> bool:
        """The game's end is on the table: nothing of its last move is still to be shown."""
        return self.over() and not self.busy()

    def busy(self) -> bool:
        """Something is on show that the next move must wait for."""
        return bool(
            self.pending
            or self.hold > 0
            or self.summary is not None
            or self.glance is not None
            or self._landing()
        )

    def _moving(self) -> bool:
        """Something of the last move is still to be shown, or on its way."""
        return bool(self.pending) or any(not f.done for f in self.flights)

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

    def hurriable(self) -> bool:
        """The viewer is a person whose turn it is, kept from it only by cards still moving
        (a computer's last card, a trick on show, a deal): their own input may finish them at
        once. Never past a pass screen, a summary or a peek, nor one still to come."""
        seat = self._to_act()
        if seat is None or seat != self.viewer or seat not in self.humans:
            return False
        if self.secrets_hidden() or self.summary is not None or self.glance is not None:
            return False
        if any(isinstance(p, RoundEnded | Peek) for p in self.pending):
            return False
        return self.busy()

    def hurry(self) -> None:
        """Finish every card still moving and every pile on show at once, as if their time
        had passed: the person's own input comes before any animation."""
        for _ in range(1000):
            self.flights.clear()
            if self.hold > 0:
                self.hold = 0.0
                self._end_hold()
            if not self.pending or self.summary is not None or self.glance is not None:
                break
            self._next_happening()
        self.flights.clear()
        self._start_pass()
        self._layout()

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
        self.pointed = False
        self.spot_cursor = -1
        self.spot_kept = None
        self.spot_hover = None
        self.hand_drag = None
        self.log_cache = ((), [])
        self.person_changed()  # hover, focus and a hint start afresh for the next person
        self.forget_hand()

    def forget_hand(self) -> None:
        """What the game kept of the viewer's hand (a hook: a card picked up, say) goes."""

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
            # a trick taken or a round's end is on show: the pass screen waits for it, but all
            # at the desk watch it (its winner too), so the last person's hand goes now, as
            # after any other play (a peek is the peeker's alone and keeps the view)
            if self.glance is None and not any(isinstance(p, Peek) for p in self.pending):
                self._go_public()
            return
        seat = self._to_act()
        if not first and self.shared() and seat != self.viewer and self._moving():
            # the move just made is still on its way (the person's own card flying from their
            # hand): all at the desk watch it land, and the next pass screen comes after it
            self._go_public()
            return
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
            if not first and seat == self.viewer == self.alone and self.passing is None:
                self.public = False  # the same person, still alone at the screen: no pass screen
            else:
                self.alone = None
                self.passing = seat
        self._set_viewer(seat)

    def act(self, action: str) -> None:
        """Apply an action for the seat to act (a person's click or a computer player's)."""
        mover = self._to_act()
        if mover in self.humans:
            self.undoer = mover  # theirs to take back, until the next person is let in
            self.log_scroll = 0  # a person who plays follows the game's newest lines again
        if mover != self.alone or mover != self.viewer or self.secrets_hidden():
            self.alone = None  # another seat moved: whoever is at the screen is not known
        if mover == self.viewer:
            self.cursor = -1  # the viewer's hand changes: the keys choose afresh
        self.game.apply(self.state, action)
        self._drawn_from = (-1, None)
        self._moves += 1
        self.app.sound.play("ui", 0.5)
        self.card_menu = []
        self.choice_page = 0
        self.hover = None
        self.spot_hover = None
        self.spot_cursor = -1
        self.notice = ""
        self.forget_hint()
        self._absorb()
        self.save()
        self._start_pass()
        self._layout()

    def _show_unseen_round_end(self) -> None:
        """A game saved by the move that ended a round (the last card of a trick, a draw, a
        discard, the last Flower turned, a Skip-Bo game of a match won) comes back to that
        round's end, as it was left: what the move showed (a pass screen for a card drawn) and
        the round's summary for everyone, then the next deal (a Resume skipped them)."""
        if not self.summary_on_resume or self.pending or self.game.is_over(self.state):
            return  # a new game deals out; a finished one has its own screen
        before = self.game.before_last(self.state)
        if before is None:
            return
        start = self.game.event_count(before)
        ends = self.game.happenings(self.state, start, self.told_names())
        end = next((k for k, item in enumerate(ends) if isinstance(item, RoundEnded)), None)
        if end is None:
            return
        # the round's end itself (and a card drawn, which only its drawer sees), not the move's
        # cards again: a trick redrawn from the saved position lacked its earlier cards
        self.pending.extend(
            item for k, item in enumerate(ends) if k >= end or isinstance(item, Peek)
        )
        self.cursor_events = self.game.event_count(self.state)
        self.passing = None
        self._next_happening()
        if self.glance is None and self.summary is None:
            self._start_pass(first=True)
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
            if not isinstance(item, Played | Taken | Said | PlacedDown):
                self.alone = None  # something for everyone (a deal, a reveal, a summary)
            if self.happening(item):
                return

    def happening(self, item: Happening) -> bool:
        """Start showing one happening (a hook: a game shows its own kinds of move, and hands
        the rest on to this); True: the next one waits for it."""
        lay = self.lay()
        pace = self.match.pace
        if isinstance(item, Played):
            own = item.seat in self.humans
            start, scale = self._seat_centre(item.seat), self.pile_scale()
            if own and item.seat == self.viewer and self.thrown is not None:
                start, scale = self.thrown, 1.0  # from where it lay in the viewer's hand
            self.thrown = None
            self.flights.append(
                Flight(
                    item.code,
                    start,
                    self._slot_centre(item.seat, lay),  # in front of the seat that played it
                    duration=fly_time(pace.fly, own),
                    slot=self.pile_slots,
                    scale=scale,
                    end_scale=self.pile_scale(),
                )
            )
            self.pile_slots += 1
            return True
        if isinstance(item, Taken):
            self.shown = item
            self.hold = self.match.pace.hold
            return True
        if isinstance(item, Dealt):
            centre = lay.pile.center
            seats = self.game.table_order(self.state)
            step, fly = pace.fly / 9, pace.fly * 0.8  # one after another, round the table
            for k in range(min(item.cards, 6)):
                for j, seat in enumerate(seats):
                    delay = step * (k * len(seats) + j)
                    if seat == self.viewer:
                        end = (lay.table.centerx, lay.hand_top + CARD_H // 2)
                        flight = Flight(None, centre, end, delay, fly, dealt=True)
                    else:
                        flight = self._to_seat_stack(seat, centre, delay, fly, dealt=True)
                    self.flights.append(flight)
            return False
        if isinstance(item, PlacedDown):
            end = self._spot_rect(item.seat)
            if end is None:
                return False
            start = self._seat_centre(item.seat)
            if item.seat == self.viewer and item.seat in self.humans and self.thrown is not None:
                start = self.thrown  # from where it left the viewer's hand (or was let go)
            self.thrown = None
            fly = fly_time(pace.fly, item.seat in self.humans)
            self.flights.append(
                Flight(None, start, end.center, duration=fly, waits=True, onto=item.seat)
            )
            return True
        if isinstance(item, Turned):  # over where it lies, at the pace: one card at a time
            at = self._seat_centre(item.seat)
            self.flights.append(
                Flight(item.code, at, at, duration=pace.turn, waits=True, turning=item.seat)
            )
            return True
        if isinstance(item, Shout):
            self.shout = (item.text, pace.hold + 0.2)
            return False
        if isinstance(item, Said):
            self.bubbles[item.seat] = (item.text, pace.hold + 0.2)
            return False
        if isinstance(item, RoundEnded):
            self.show_summary(item.index)
            return True
        if isinstance(item, Peek):
            self.peek(item.seat)
            return self.glance is not None
        return False

    def replay_moment(self, item: Happening) -> None:
        """A replay stepped onto `item` (a hook): what the table showed for it stays on show,
        still, until the next step. A pile just taken stays with its words."""
        if isinstance(item, Taken):
            self.shown = item
            self.pile_slots = len(item.plays)

    def show_summary(self, index: int) -> None:
        """A round (or a game of a match) ends on its summary: until a person goes on, or for
        a few moments at a table of computer players, watched by everyone at the desk."""
        self.summary = self.game.round_summary(self.state, index, self.names)
        # nobody left to press Continue (no person at the table, or every one is out of the
        # game and watches the others play on): it goes on by itself after a few moments
        out = self.game.out_of_game(self.state, self.names)
        still_in = [seat for seat in self.humans if seat not in out]
        self.summary_left = 0.0 if still_in else 3 * self.match.pace.hold
        if self.humans and not still_in and self.match.pace is not Pace.FAST:
            # every person here is out and can only watch: the rest goes by quickly (a
            # play-tester sat through three rounds of computers with nothing to press)
            self.match.pace = Pace.FAST
            self.app.toast(
                "Out of the game: the others play on at the fast pace (P changes it; Esc leaves)",
                seconds=6.0,
            )
        self.summary_at = self.gate.clock
        self._go_public()
        self._layout()

    summary_at = -1.0  # when the summary on show came up (the table's clock)

    def go_past_summary(self) -> None:
        """A person closes the summary (its button, Enter): not with the second press of a
        double press that began before it came up (a double Enter on Continue skipped it)."""
        if self.gate.clock - self.summary_at >= DOUBLE_PRESS_S:
            self.close_summary()

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
        """The trick on show is gathered: its cards slide face up together in front of its
        winner, then go face down to the winner's seat (a destroyed trick gathers in the middle
        and is gone)."""
        shown, self.shown = self.shown, None
        self.pile_slots = 0
        if shown is None or not shown.plays:
            return
        lay = self.lay()
        fly, scale = self.match.pace.fly, self.pile_scale()
        gather = max(0.12, fly * 0.6)
        if shown.winner is not None:
            meet = self._slot_centre(shown.winner, lay)
        else:
            meet = self.trick_words_box().center
        order = sorted(shown.plays, key=lambda play: play[0] == shown.winner)  # its card on top
        for seat, code in order:
            start = self._slot_centre(seat, lay)
            self.flights.append(
                Flight(code, start, meet, duration=gather, waits=True, scale=scale, end_scale=scale)
            )
        if shown.winner is None:
            return
        for k in range(len(shown.plays)):
            flight = self._to_seat_stack(shown.winner, meet, gather + 0.03 * k, fly)
            flight.scale = scale  # from the trick's size down to the seat's small back
            flight.waits = True  # the trick reaches its winner before anything else
            self.flights.append(flight)

    def _to_seat_stack(
        self, seat: int, start: tuple[int, int], delay: float, duration: float, dealt: bool = False
    ) -> Flight:
        """A face-down card going to a seat: it shrinks onto the small card back in the seat's
        corner, so it never lands on the seat's name, bid, tricks won or points."""
        rect = self.seat_rects().get(seat)
        if rect is None:
            return Flight(None, start, self.lay().pile.center, delay, duration, dealt=dealt)
        back = self.game.card_back(SEAT_BACK)
        end = (rect.right - 8 - back.get_width() // 2, rect.y + 6 + back.get_height() // 2)
        return Flight(None, start, end, delay, duration, dealt=dealt, end_scale=SEAT_BACK)

    def close_summary(self) -> None:
        self.summary = None
        self._next_happening()
        self._start_pass()
        self._layout()

    NOTHING_TO_UNDO = "Nothing to undo: something new has been shown since (a card or the bids)."

    def shared_undo(self) -> bool:
        return True

    def round_end_on_show(self) -> bool:
        """A round's end still on show (its summary, or its end waiting its turn to be shown):
        the game has dealt the next round already."""
        return self.summary is not None or any(isinstance(p, RoundEnded) for p in self.pending)

    def may_hint(self) -> bool:
        """Not while a round's end is on show: H there hinted a bid for the next hand, not yet
        dealt on screen (a play-tester)."""
        return not self.round_end_on_show() and super().may_hint()  # type: ignore[misc, no-any-return]

    def ask_hint(self) -> None:
        """H (or Hint) while a round's end is on show does nothing and says nothing: the
        refusal "A hint is for the person to act, on their turn." was untrue there (it is
        their turn, the new hand is just not dealt on screen yet) and lay behind Skull King's
        Continue button."""
        if self.round_end_on_show():
            return
        super().ask_hint()  # type: ignore[misc]

    def undone_by(self, seat: int) -> None:
        """At a shared desk `seat` took back their move: their turn again. Their hand comes
        back at once if it was still on show, else behind their own pass screen (whoever sits
        at the screen now sees nothing of it until they open it)."""
        on_show = self.passing is None and not self.public and self.viewer == seat
        self.public = False
        self._set_viewer(seat)
        self.passing = None if on_show else seat
        self._layout()

    def forget_shown(self) -> None:
        self._drawn_from = (-1, None)
        self._moves += 1
        self.pending.clear()
        self.flights.clear()
        self.bubbles.clear()
        self.hold, self.shown, self.summary = 0.0, None, None
        self.pile_slots = len(self.game.pile(self.state))
        self.cursor_events = self.game.event_count(self.state)
        self.card_menu = []

    # --- time -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.held_still():  # the score sheet is open: the game waits for the reader
            self.gate.tick(dt)  # (only the keys' clock: a held key is still no move after)
            self.wait = 0.0
            return
        self.tick_seated(dt)
        if self.glance is not None and self.passing is None:
            self.glanced += dt
        text, left = self.shout
        self.shout = (text, max(0.0, left - dt))
        self.bubbles = {
            seat: (words, left - dt) for seat, (words, left) in self.bubbles.items() if left > dt
        }
        for flight in self.flights:
            flight.t += dt
        self.flights = [f for f in self.flights if not f.done]
        if self.hold > 0:
            self.hold -= dt
            if self.hold <= 0:
                self._end_hold()
                if not self._landing():  # else once the trick has reached its winner
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
        seen = (self.passing, self.viewer, self.public)
        self._start_pass()  # the next person, once nothing is on show any more
        if (self.passing, self.viewer, self.public) != seen or (
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
        self.bubbles.clear()
        self._start_pass()
        self._layout()


__all__ = ["CardTurns"]
