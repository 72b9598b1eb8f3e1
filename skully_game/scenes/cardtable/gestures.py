"""The card table's input (a mixin of `CardTable`, table.py): the pass screen's door first, then
the buttons, then the game's own gestures (`pointer`, `key_gesture`), then the table's: a card
of the hand clicked or chosen with the arrows and Enter, a spot chosen, the choice numbers.

Keys belong to the table, not to its buttons: the buttons answer only the mouse and never hold
keyboard focus, so Enter, Space, Tab and the arrows always do what the table says, and no key
leaves the game without asking."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable.drag import Drag
from skully_game.scenes.cardtable.match import Pace
from skully_game.scenes.cardtable.passgate import Verdict
from skully_game.scenes.cardtable.prefs import remember_choice, remember_pace


def word_key(label: str, labels: list[str]) -> str:
    """Beside number choices (whose keys are their digits), a word ('Pass', 'Let it stand') is
    given by its first letter when no other word there starts with it: that letter, else ""."""
    if label.isdigit() or not any(t.isdigit() for t in labels):
        return ""
    first = label[:1].upper()
    words = [t[:1].upper() for t in labels if not t.isdigit()]
    return first if first.isalpha() and words.count(first) == 1 else ""


# the pointer's events the score sheet keeps from the table under it (the side panel's
# buttons, which it does not cover, have had them first)
SHEET_SWALLOWS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class CardGestures:
    """The mouse and the keys at the card table; its attributes are set by `CardTable`."""

    pointed = False  # the hand's card for the keys was named by the pointer (see CardTable)
    hand_drag: Drag | None = None  # a card of the hand carried under the pointer

    # --- input ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        verdict = self.gate.take(event, self.pass_button())  # sees every event: keys held
        if verdict is Verdict.OPEN:
            self.gate.let_in()
            self.reveal()
            return None
        if verdict is Verdict.SWALLOW:
            return None
        if self._second_of_double(event):
            return None  # the move the first half made is still on show: nothing more
        if self.own_input(event) and self.hurriable():
            self.hurry()  # the person's turn: cards still moving land at once, and it acts
        if self._carry(event):
            return None  # a carried card let go: put down, or back, and nothing else
        if self.routed(event):
            return None
        if self.passing is not None:
            return None  # all else the pass screen swallows
        if self.sheet and event.type in SHEET_SWALLOWS:
            self.hover, self.spot_hover = None, None  # nothing under the sheet is lit, and a
            return None  # click there plays nothing (it placed a Skull card face down)
        if self.pointer(event):
            return None  # the game's own gesture on its own areas
        if event.type == pygame.MOUSEMOTION:
            at = self._hand_card_at(event.pos)
            self.hover = at[1] if at is not None else None
            if at is not None:
                self.cursor = at[0]  # the keys' card follows the pointer: Enter plays the one named
                self.pointed = True
            elif self.pointed:  # the pointer left the hand: it names no card any more,
                self.cursor, self.pointed = -1, False  # so a key press first chooses one again
            spot = self._spot_at(event.pos) if self.hover is None else None
            self.spot_hover = spot.spot.action if spot is not None else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            code = self._card_at(event.pos)
            spot = self._spot_at(event.pos) if code is None else None
            if code is not None:
                self.gate.clicked(event.pos)
                self.click_card(code)
            elif spot is not None and spot.spot.action is not None:
                self.gate.clicked(event.pos)
                self.act(spot.spot.action)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_log(event.y)
        return None

    def _second_of_double(self, event: pygame.event.Event) -> bool:
        """A press on the card or stack whose click has just made a move, while that move is
        still on show: a double click's second half, which would otherwise finish the show and
        act again (a double click on another's Skull stack turned two of its cards)."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self.busy():
            return False
        if not self.gate.second_of_double(event.pos):
            return False
        self.gate.drop_press()
        return True

    def let_go(self) -> None:
        """A card of the hand being carried goes back to the hand, and whatever the game's
        own gestures held (`forget_hand`: Skip-Bo's card dragged from any place, Esc in
        mid-drag then Stay left it stuck to the pointer with no button held)."""
        self.hand_drag = None
        self.forget_hand()
        super().let_go()  # type: ignore[misc]

    def put_back(self) -> None:
        """The card of the hand being carried goes back to the hand; the button still held
        then lets go of nothing (no click on what lies under it)."""
        self.hand_drag = None
        if self.gate.button_down:
            self.gate.drop_press()

    def drop_rect(self) -> pygame.Rect | None:
        """Where a card of the hand carried there and let go is played, as a click on it plays
        it (a hook; None: the game's hand cards are only clicked, never carried)."""
        return None

    def _carry(self, event: pygame.event.Event) -> bool:
        """A card of the hand pressed on, carried and let go (drag.py). Let go on
        `drop_rect` it is played as a click on it would be; anywhere else it goes back and
        nothing happens (not even a button under it). True: the event was a carry's end."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            code = self._card_at(event.pos) if self._may_carry() else None
            self.hand_drag = Drag(code, event.pos, event.pos) if code is not None else None
            return False
        drag = self.hand_drag
        if drag is None or event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return False
        drag.pos = event.pos
        if event.type == pygame.MOUSEMOTION or event.button != 1:
            return False
        carried, self.hand_drag = self.carried(), None
        if not drag.moved():
            return False  # a click: the table's own
        drop = self.drop_rect()
        if carried is not None and drop is not None and drop.collidepoint(event.pos):
            self.click_card(carried.code, at=event.pos)
        return True

    def _may_carry(self) -> bool:
        """A hand card may be carried: the game takes drops, and the table is in front."""
        return (
            self.drop_rect() is not None
            and self.passing is None
            and not self.sheet
            and self.summary is None
            and self.glance is None
        )

    def carried(self) -> Drag | None:
        """The card of the viewer's hand under the pointer now, if one is carried (not a
        click): drawn there, and missing from the hand."""
        drag = self.hand_drag
        if drag is None or not drag.moved() or not self._may_carry():
            return None
        return drag if any(c == drag.code for c, _, _ in self.hand_layout()) else None

    OWN_KEYS = (
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
        pygame.K_KP_ENTER, pygame.K_SPACE, *range(pygame.K_0, pygame.K_9 + 1),
    )  # fmt: skip

    def own_input(self, event: pygame.event.Event) -> bool:
        """A click on the table or a key that plays (arrows, Enter, Space, a number): what a
        person gives on their turn. The side panel, the log and Tab are not."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return bool(event.button == 1 and self.lay().table.collidepoint(event.pos))
        if event.type == pygame.KEYDOWN:
            return bool(event.key in self.OWN_KEYS and not self.sheet)
        return False

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
        """Every key at the table; none leaves the game without asking. The game's own keys
        (`key_gesture`) come first while its table is in front: no sheet, pass screen,
        summary or peek over it."""
        k = event.key
        if self.passing is None and not self.sheet and self.end_key(event):
            return  # the game's end: Enter plays again, R watches it back
        in_front = self.passing is None and self.summary is None and self.glance is None
        if in_front and not self.sheet and self.hinted is not None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.card_menu:
                if self.my_turn() and self.take_hinted():
                    return  # a hint on show: Enter makes its move
            elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                self.hint_chosen = True  # the keys choose for themselves now: Enter follows them
        if in_front and not self.sheet and self.key_gesture(event):
            return
        if k == pygame.K_TAB:
            self.toggle_sheet()
        elif k == pygame.K_ESCAPE:
            if self.sheet:
                self.sheet = False
            elif self.card_menu:
                self.card_menu = []
                self._layout()
            elif self.carried() is not None:
                self.put_back()  # a card carried goes back, and that is all Esc does
            else:
                self.ask_leave()
        elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(5 if k == pygame.K_PAGEUP else -5)
        elif self.sheet:
            return
        elif self.passing is not None:
            return  # only the gate opens a pass screen (see handle_event)
        elif self.glance is not None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.done_looking()
        elif self.summary is not None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.go_past_summary()
        elif pygame.K_0 <= k <= pygame.K_9:
            self._number(k - pygame.K_0)
        elif pygame.K_a <= k <= pygame.K_z and self._word_choice(chr(k).upper()):
            return  # (a choice's word comes first: Skull's Pass is P)
        elif k == pygame.K_h:
            self.ask_hint()
        elif k == pygame.K_p:
            self.next_pace()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.choosable_spots():
            self._kept_spot()
            step = 1 if k == pygame.K_RIGHT else -1
            count = len(self.choosable_spots())
            self.spot_cursor = (self.spot_cursor + step) % count if self.spot_cursor >= 0 else 0
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and (
            self._kept_spot() or len(self.choosable_spots()) == 1
        ):  # the spot the arrows chose, or the only one there is (Skull: one's own stack)
            choosable = self.choosable_spots()
            at = max(self.spot_cursor, 0)
            if at < len(choosable) and choosable[at].spot.action:
                self.spot_kept = choosable[at].spot.action  # the keys stay on it after
                self.act(choosable[at].spot.action)  # type: ignore[arg-type]
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self._spots_only():
            self.spot_cursor = 0  # stacks to choose and no card to play (a reveal): the
            # keys choose the first stack, and the next Enter turns it (never the hand)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            hand = self.hand_layout()
            step = 1 if k == pygame.K_RIGHT else -1
            if 0 <= self.cursor < len(hand):
                self.cursor, self.pointed = (self.cursor + step) % len(hand), False
                self.hover = hand[self.cursor][0]
            else:
                self._pick_first_card(backwards=step < 0)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            hand = self.hand_layout()
            if 0 <= self.cursor < len(hand):
                self.click_card(hand[self.cursor][0])
            else:  # nothing chosen yet (the pointer left the hand): choose, and say which
                self._pick_first_card()

    spot_kept: str | None = None  # the spot the keys chose last: they stay on it after it acts

    def _kept_spot(self) -> bool:
        """The keys' spot: the one they chose, else the one they acted on last, if it may still
        be chosen (a reveal's stack with more to turn). Whether the keys are on a spot."""
        if self.spot_cursor < 0 and self.spot_kept is not None:
            actions = [p.spot.action for p in self.choosable_spots()]
            if self.spot_kept in actions:
                self.spot_cursor = actions.index(self.spot_kept)
        return self.spot_cursor >= 0

    def _spots_only(self) -> bool:
        """The viewer chooses among spots now and has no card of the hand to play."""
        if not self.choosable_spots():
            return False
        return not any(self.playable(code) for code, _, _ in self.hand_layout())

    def next_pace(self) -> None:
        """P: the computer players' pace goes on to the next (slow, normal, fast), kept with
        the game, and the table says which it is now."""
        paces = list(Pace)
        self.match.pace = paces[(paces.index(self.match.pace) + 1) % len(paces)]
        self.save()
        if self.played_here():  # the next game's setup starts at it too (and Play again)
            try:
                remember_choice(self.game.key, "pace", self.match.pace.value)
                remember_pace(self.match.pace.value)
            except OSError as exc:
                self.app.toast(f"Could not keep the pace for the next game: {exc.strerror}")
        self.app.toasts = [t for t in self.app.toasts if not t.message.startswith("Computer pace")]
        self.app.toast(f"Computer pace: {self.match.pace.value} (P changes it)")

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
        self.pointed = False
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

    def _word_choice(self, letter: str) -> bool:
        """The choice whose key is `letter` (see `word_key`), given; True if there was one."""
        if self.card_menu:
            return False
        labels = [b.label for b in self.choice_buttons]
        button = next((b for b in self.choice_buttons if word_key(b.label, labels) == letter), None)
        if button is None:
            return False
        button.on_click()
        return True

    def reveal(self) -> None:
        """The person the pass screen waited for is at the screen."""
        if self.passing is not None:
            if self.passing != self.undoer:
                self.undoer = None  # another person has their hand: the last move stands
            self._set_viewer(self.passing)
            self.alone = self.passing  # they alone have the screen, until something else shows
            self.widgets.forget_pointer()  # nothing lit where the last person left the pointer
            self.passing = None
            self.public = False
            self.glanced = 0.0
            self._layout()

    def click_card(self, code: str, at: tuple[int, int] | None = None) -> None:
        """Play `code` of the hand, or say why not; it leaves from `at` (where a carried card
        was let go), else from its place in the hand."""
        place = next((r.center for c, r, _ in self.hand_layout() if c == code), None)
        self.thrown = at or place
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


__all__ = ["CardGestures"]
