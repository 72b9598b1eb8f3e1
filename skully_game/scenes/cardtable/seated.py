"""What every table scene shares, cards or board: the match and who sits where, the computer
players thinking on a worker thread at the match's pace, the save after each action, leaving
only after asking (the game is kept), and at a shared desk the pass screen's door and the one
gate (`Sight`) every card face and private word is drawn through."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from skully_game.core.errors import DataError
from skully_game.scenes.cardtable.carddraw import card_back
from skully_game.scenes.cardtable.game import Hint
from skully_game.scenes.cardtable.match import HUMAN, Match, TableSeat
from skully_game.scenes.cardtable.passgate import PassGate
from skully_game.scenes.cardtable.secrecy import EVERYONE, Sight
from skully_game.shell import theme
from skully_game.shell.app import DOUBLE_PRESS_S, App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.focus import PANEL_KEY
from skully_game.shell.scene import GameSave, Scene
from skully_game.shell.widgets import Button, WidgetGroup


class SeatedScene(Scene):
    """A match at a table: `act` applies an action; `think` runs the computer players."""

    widgets: WidgetGroup  # the table's buttons, made by each table's layout

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.bots = {
            i: self.game.thinker(s.kind, random.Random(match.seed * 31 + i))
            for i, s in enumerate(match.seats)
            if not s.human
        }
        self.humans = [i for i, s in enumerate(match.seats) if s.human]
        self.pool = ThreadPoolExecutor(max_workers=1)
        self.thinking: Future[str] | None = None
        self.wait = 0.0
        self.notice = ""  # one line for the person: what just happened or why not
        self.save_problem = ""  # why the last save failed, in words ("" once one works)
        self.gate = PassGate()  # the pass screen's door: `passing` is whom it waits for
        self.sight = Sight(
            self.seeing, getattr(self.game, "card_back", card_back)
        )  # every face and private word is drawn through it
        self.hinted: Hint | None = None  # the hint on show for the person to act
        self.hint_chosen = False  # a card was chosen with the arrows since the hint came
        self.end_since: float | None = None  # when the game's end came on show (gate clock)
        self._hinting: tuple[tuple[int, int], Future[Hint]] | None = None  # one being found
        # a game begun here (nothing played yet): its save goes if left before any person's
        # move (a replay's or a game's resumed with moves is never dropped)
        self.begun_here = not self.game.history(self.state)

    @property
    def passing(self) -> int | None:
        """The person the pass screen waits for (None: no pass screen)."""
        return self.gate.seat

    @passing.setter
    def passing(self, seat: int | None) -> None:
        if seat is not None and seat != self.gate.seat:
            self.widgets.forget_pointer()  # no tooltip of the last turn stays over the screen
        self.gate.open(seat)

    def seeing(self) -> int | None:
        """Whose secrets the screen may show now: a seat, or nobody's (EVERYONE) on a public
        screen. A table of open information shows nobody's secrets: it has none."""
        return EVERYONE

    @property
    def state(self) -> Any:
        """The game's own state object: the scene only hands it back to the adapter."""
        return self.match.state

    def exit(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.drop_if_unplayed()

    def person_moved(self) -> bool:
        """Whether any move of the game was a person's at this desk: the game is walked once
        from its deal, asking at each move whose turn it was (a game left early is short)."""
        actions = self.game.history(self.state)
        if not actions:
            return False
        walk = self.game.replay(self.state, [])
        for action in actions:
            if self.game.to_act(walk) in self.humans:
                return True
            self.game.apply(walk, action)
        return False

    def unplayed(self) -> bool:
        """A game begun here, played at this desk, unfinished, in which no person has moved
        yet: leaving it keeps nothing (there is nothing to keep)."""
        kept = self.game_save()
        return not (
            kept is None
            or kept.over
            or not self.begun_here
            or not self.humans
            or not self.played_here()
            or self.person_moved()
        )

    def drop_if_unplayed(self) -> bool:
        """A game begun here and left before any person made a move is not kept as a save:
        nothing is lost (there was nothing), and the Resume list is not filled with deals
        nobody played. Only a game played at this desk, unfinished, with a save of its own.
        Whether its save was removed."""
        kept = self.game_save()
        if kept is None or not self.unplayed():
            return False
        try:
            kept.path.unlink(missing_ok=True)
        except OSError:
            return False  # a folder that cannot be written: the save stays, as it was
        return True

    def act(self, action: str) -> None:
        raise NotImplementedError

    def save(self) -> None:
        """Keep the match on disk; a failure is said once (not at every move), and play goes
        on unsaved: the person is told, and leaving says the game ends with it."""
        self.save_problem = self.app.keep_saved(
            self.match.save, self.match.path.parent, self.save_problem
        )

    def game_save(self) -> GameSave | None:
        return GameSave(self.match.path, self.save_problem, self.game.is_over(self.state))

    def stop_thinking(self) -> None:
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None

    def think(self, dt: float, ready: bool = True) -> None:
        """A computer player to act thinks on the worker thread; its move is made once it is
        found, the pace's pause has passed and the scene is `ready` to show it."""
        seat = self.game.to_act(self.state)
        if seat is None or seat in self.humans or seat not in self.bots:
            return
        if self.thinking is None:
            self.thinking = self.pool.submit(self.bots[seat](self.state, seat))
            self.wait = 0.0
            return
        self.wait += dt
        if self.thinking.done() and self.wait >= self.move_pause(seat) and ready:
            future, self.thinking = self.thinking, None
            action = future.result()
            if self.game.to_act(self.state) == seat and action in self.game.legal(self.state):
                self.act(action)

    def covered(self) -> bool:
        """A view of the table's own lies over it now (a card table's score sheet): a hook,
        nothing by default. A dialog or screen pushed over the table needs none: only the
        top screen's clock runs."""
        return False

    def held_still(self) -> bool:
        """The game waits while the person reads something over the table (issue 40: the
        computer players moved behind the score sheet): no computer moves, no card flies, no
        clock of this desk runs, until it is closed. A game played across desks goes on (its
        server's clocks run for everyone), so only a game played here waits."""
        return self.covered() and self.played_here()

    def move_pause(self, seat: int) -> float:
        """How long a computer player's move waits before it is made, once the last one is
        no longer on show: the match's pace (a game may shorten it within one turn)."""
        return self.match.pace.move

    # --- hints: the strong computer player's choice for the person to act --------------

    HINTS_OFF = "Hints are off at this table."
    NO_HINT = "A hint is for the person to act, on their turn."

    def hints_allowed(self) -> bool:
        """Whether this table gives hints (online, the host decides; at one desk, always)."""
        return self.match.hints

    def may_hint(self) -> bool:
        """The person at the screen is to act now, their own view on show: a hint is theirs."""
        seat = self.game.to_act(self.state)
        return seat is not None and seat in self.humans and seat == getattr(self, "viewer", seat)

    def _hint_key(self) -> tuple[int, int]:
        """The position a hint is for: the actions so far and the seat to act."""
        seat = self.game.to_act(self.state)
        return len(self.game.history(self.state)), -1 if seat is None else seat

    def ask_hint(self) -> None:
        """The Hint button or H: find the strong player's choice for the person to act (on the
        worker thread), then show it, lit, with one line why. Nothing moves by itself."""
        if not self.hints_allowed():
            self.notice = self.HINTS_OFF
            return
        if not self.may_hint():
            self.notice = self.NO_HINT
            return
        key = self._hint_key()
        if self.hinted is not None or (self._hinting is not None and self._hinting[0] == key):
            return  # on show, or on its way
        seat = key[1]
        # seeded by the game and the position: the same hint every time it is asked for
        rng = random.Random(f"hint:{self.match.seed}:{key[0]}:{seat}")
        work = self.game.hinter(rng)(self.state, seat)
        self._hinting = (key, self.pool.submit(work))
        self.notice = "Looking for a good move..."
        self.relayout()

    def take_hint(self) -> None:
        """A hint found: shown if the position is still the one it was asked for."""
        job = self._hinting
        if job is None or not job[1].done():
            return
        self._hinting = None
        if job[0] != self._hint_key() or not self.may_hint():
            return
        self.hinted = job[1].result()
        self.hint_chosen = False
        enter = " · Enter takes it" if self.hint_by_enter() else ""
        self.notice = f"Hint: {self.hinted.words}{enter}"
        self.relayout()

    def hint_by_enter(self) -> bool:
        """Whether Enter makes the move a hint on show names (a hook: a table whose Enter
        means nothing else while a hint shows says so; the hint line then tells it)."""
        return False

    def take_hinted(self) -> bool:
        """Enter with a hint on show: the hinted move is made, unless the person has chosen
        something else with the keys since it came. Whether it was made."""
        hint = self.hinted
        if hint is None or self.hint_chosen or not self.hint_by_enter() or not self.may_hint():
            return False
        if hint.action not in self.game.legal(self.state):
            return False
        self.act(hint.action)
        return True

    def person_changed(self) -> None:
        """Another person is at the screen: nothing lit, focused, tipped or hinted for the last
        one carries over (every table calls this when its viewer changes)."""
        self.widgets.forget_pointer()
        self.forget_hint()

    def tick_seated(self, dt: float) -> None:
        """What every table's clock does first: the pass gate's time, a hint found."""
        self.gate.tick(dt)
        self.take_hint()
        if self.end_on_show():
            if self.end_since is None:
                self.end_since = self.gate.clock
                self.relayout()  # its buttons come
        else:
            self.end_since = None

    def forget_hint(self) -> None:
        """A move was made, or another person is at the screen: the hint is gone."""
        if self._hinting is not None:
            self._hinting[1].cancel()
        self.hinted, self._hinting = None, None
        self.hint_chosen = False

    # --- the game's end: play again, or watch it back --------------------------------------

    PLAY_AGAIN = "Play again"
    WATCH_REPLAY = "Watch the replay"
    PLAY_AGAIN_TIP = "A: the same seats and rules, a new deal"
    WATCH_REPLAY_TIP = "R: the whole game again, action by action"

    def end_on_show(self) -> bool:
        """The game's end is what the table shows now (a card table: once nothing of the
        last move is still on show)."""
        return bool(self.game.is_over(self.state))

    def played_here(self) -> bool:
        """Every person of the game sits at this desk (a game across desks has people who
        play elsewhere, and its server deals): it can be dealt again with the same seats,
        and its pace is this desk's own."""
        return all(seat.human == (seat.kind == HUMAN) for seat in self.match.seats)

    def deals_again(self) -> bool:
        """Play again is offered: the game was played here, and its moves are known here (a
        game across desks knows none of them: its server has them, even with one person)."""
        return self.played_here() and bool(self.game.history(self.state))

    def end_buttons(self, row: pygame.Rect) -> list[Button]:
        """Play again and Watch the replay, side by side in `row`, under the game's end (a
        game played elsewhere has only its replay)."""
        if not self.end_on_show():
            return []
        again = self.deals_again()
        half = (row.w - 12) // 2 if again else row.w
        watch = pygame.Rect(row.right - half, row.y, half, row.h)
        buttons = [Button(watch, self.WATCH_REPLAY, on_click=self.replay, size=22,
                          tooltip=self.WATCH_REPLAY_TIP)]  # fmt: skip
        if again:
            buttons.insert(0, Button(pygame.Rect(row.x, row.y, half, row.h), self.PLAY_AGAIN,
                                     on_click=self.play_again, size=22,
                                     tooltip=self.PLAY_AGAIN_TIP))  # fmt: skip
        return buttons

    def end_key(self, event: pygame.event.Event) -> bool:
        """A (Play again) or R (Watch the replay) on the game's end: only once it has been on
        show for a moment. Never Enter: a player pressing Enter through the last summaries (or
        out of the game, through rounds the others play) was dealt a new game and played into
        it unawares. Whether the key was one of them."""
        if not self.end_on_show() or event.type != pygame.KEYDOWN:
            return False
        k = event.key
        again = k == pygame.K_a and self.deals_again()
        if not again and k != pygame.K_r:
            return False
        if self.end_since is None or self.gate.clock - self.end_since < DOUBLE_PRESS_S:
            return True  # too soon after it came up: taken, and nothing done
        if again:
            self.play_again()
        else:
            self.replay()
        return True

    def play_again(self) -> None:
        """A new game at a new table in this one's place: the same game, seats, rules and
        computer pace, a new seed (drawn as the setup draws one)."""
        if not self.deals_again():
            return
        old = self.match
        seats = [TableSeat(s.name, s.kind) for s in old.seats]
        seed = random.SystemRandom().randrange(1 << 31)
        match = Match(old.game, old.options, seed, seats, old.pace)
        match.hints = old.hints
        table = type(self)(self.app, match)
        table.save()  # a folder that cannot be written is said; the game is played unsaved
        self.app.stack.replace(table)

    # --- input ------------------------------------------------------------------------

    def routed(self, event: pygame.event.Event) -> bool:
        """Whether `event` was dealt with before the table's own handling: a key goes to the
        widgets only when the player handed it to them (F6, shell/focus.py) or it is the panel
        key, else to the table's `_key`; text and key-ups are dropped; the mouse goes to the
        widgets first."""
        if event.type == pygame.KEYDOWN:
            if (event.key == PANEL_KEY or self.widgets.has_keys) and self.widgets.handle(event):
                return True
            self._key(event)
            return True
        if event.type in (pygame.TEXTINPUT, pygame.KEYUP):
            return True
        return bool(self.widgets.handle(event))

    def _key(self, event: pygame.event.Event) -> None:
        """A key the widgets did not take."""

    # --- undo: a person takes back their last action, until something new is shown ---------

    NOTHING_TO_UNDO = "Nothing to undo."
    SHARED_TABLE = "No undo with two or more people at the table: every move stands."
    SHARED_UNDO = "Ctrl+Z: take back your last move (once the screen is passed on, it stands)"
    SHARED_NOTHING = "Nothing to undo: the screen was passed on, or cards were shown."

    # at a shared desk, the person whose last move may still be taken back: set when a person
    # moves, gone once another person is let in (their pass screen opened) or moves
    undoer: int | None = None

    def shared_undo(self) -> bool:
        """A shared desk takes moves back (a card table; a board of open information keeps
        the old rule: every move stands)."""
        return False

    def undo_target(self) -> int | None:
        """How many actions to keep to take back the person's last action, or None."""
        if self.game.is_over(self.state):
            return None
        if len(self.humans) == 1:
            return self.game.undo_point(self.state, self.humans[0])
        if not self.shared_undo() or self.undoer is None:
            return None
        if getattr(self, "passing", None) is not None:
            # a pass screen is up: whoever sits there may not be the mover, so nothing is taken
            # back from it. From another's screen an undo brought the mover's hand back behind
            # a pass screen that person could open (two play-tests: Anne took back Bob's
            # discard and saw his hand); from the mover's own screen after a Resume, anyone at
            # the desk took back the absent mover's card (a play-test). The mover opens their
            # hand, then takes it back
            return None
        if self.game.to_act(self.state) in set(self.humans) - {self.undoer}:
            # the turn passed on to another person with no pass screen between (Skull's
            # Challenger turning her own stack, in public): the move stands (a play-tester's
            # Challenger took back Bob's pass from her own turn)
            return None
        return self.game.undo_point(self.state, self.undoer)

    def undo_tip(self, own: str) -> str:
        """The Undo button's tooltip: the table's own words, or why there is no undo."""
        if len(self.humans) > 1:
            if not self.shared_undo():
                return self.SHARED_TABLE
            # greyed out: why now (the rule alone read as an offer it could not keep)
            if self.undo_target() is None:
                return self.SHARED_NOTHING
            # whose move it takes back, by name: on another person's pass screen "your" read
            # as an offer to whoever sat there
            who = self.match.seats[self.undoer].name if self.undoer is not None else ""
            return (
                self.SHARED_UNDO.replace("your last move", f"{who}'s last move")
                if who
                else self.SHARED_UNDO
            )
        return own

    def undo(self) -> None:
        k = self.undo_target()
        if k is None:
            shared = len(self.humans) > 1 and self.shared_undo()
            self.notice = self.SHARED_NOTHING if shared else self.undo_tip(self.NOTHING_TO_UNDO)
            return
        seat = self.undoer
        self.stop_thinking()
        self.match.state = self.game.replay(self.state, self.game.history(self.state)[:k])
        self.forget_shown()
        self.save()
        if seat is not None and len(self.humans) > 1:
            self.undone_by(seat)
        self.notice = "Undone."
        self.relayout()

    def undone_by(self, seat: int) -> None:
        """At a shared desk, `seat` took their move back: their turn again (a hook)."""

    def pause(self) -> None:
        """A scene goes over the table (a replay, the rules, Esc's question): the pointer will
        be elsewhere when it comes back, so no widget keeps a tooltip from before, and a card
        being carried goes back to its place (its button is let go over the other scene)."""
        self.widgets.forget_pointer()
        self.let_go()

    def let_go(self) -> None:
        """Whatever the pointer carries goes back where it came from (a hook)."""

    def resume(self) -> None:
        """Back on top: the keys still down are those the app saw go down and not up (a key
        held through a dialog's closing repeats here, and a repeat is no move)."""
        self.gate.forget_keys()
        self.gate.held = set(self.app.keys_down)
        self.wait = 0.0  # a computer's move comes a whole pause after, not the moment it closes

    def forget_shown(self) -> None:
        """After an undo: drop what the table was showing of the position taken back."""

    def relayout(self) -> None:
        """Place everything again for the current position."""

    def replay_scene(self) -> Callable[[App, Match], Scene]:
        """The scene that plays this game back."""
        raise NotImplementedError

    def replay(self) -> None:
        """The game again, action by action, from its save."""
        try:
            match = Match.load(self.game, self.match.path)
        except DataError as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        self.app.stack.push(self.replay_scene()(self.app, match))

    def leave(self) -> None:
        """Leave for the menu; the game was saved after its last action."""
        self.app.stack.pop()

    def ask_leave(self) -> None:
        """Leaving an unfinished game always asks first; staying is the default answer."""
        if self.game.is_over(self.state):
            self.leave()
            return
        saved = not self.save_problem
        if self.unplayed():  # nothing to keep: it is not kept, and the words say so
            detail, yes = "Nobody has made a move yet, so nothing is kept.", "Leave"
        elif saved:
            detail = "The game is saved: Resume game in the menu brings it back."
            yes = "Save and leave"
        else:
            detail = f"This game could not be saved ({self.save_problem}): leaving ends it."
            yes = "Leave"
        dialog = ConfirmDialog(self.app, "Leave the game?", self.leave, detail=detail, yes=yes,
                               no="Stay")  # fmt: skip
        self.app.stack.push(dialog)


__all__ = ["SeatedScene"]


class SavedUndoer:
    """A shared desk's right to take back a move, kept in the match and so saved with it: a
    resumed desk may still take back the last move until the next person has taken the desk
    (a mixin before the table's scene class, whose plain `undoer` it replaces)."""

    match: Match

    @property
    def undoer(self) -> int | None:
        """Who may still take their last move back (None: nobody)."""
        return self.match.undoer

    @undoer.setter
    def undoer(self, seat: int | None) -> None:
        self.match.undoer = seat
