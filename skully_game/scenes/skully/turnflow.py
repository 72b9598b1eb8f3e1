"""A move made at the table: a shot simulated and judged, a cap put down, a cap kept or put
back, a switch of caps; each goes through the Session (rules and record) and is saved at once.

`TurnFlow` is a mixin of `SkullyGameScene` (table.py): it changes the scene's `session` and
tells what happened through `GameStory`."""

from __future__ import annotations

from skully_game.scenes.skully.gamestory import callout, still_stuck
from skully_game.shell import theme
from skully_game.shell.scene import GameSave
from skully_game.skully.caps import CapType
from skully_game.skully.hand import Input
from skully_game.skully.misses import (
    miss_callout,
    miss_words,
    pulled_the_wrong_way,
    shot_note,
    wobble_note,
)
from skully_game.skully.physics import MAX_SPEED, Flick, ShotResult
from skully_game.skully.rules import (
    Decision,
    DecisionKind,
    GameState,
    RuleError,
)
from skully_game.skully.rules.events import (
    Advanced,
    BecameKiller,
    Eliminated,
    Event,
    Freed,
    Hit,
    HitKiller,
    KillerHit,
    Made,
    Missed,
    Pipsies,
    Stuck,
    Winner,
)

# the rulings a shot's view is held on, once its caps rest (captable.MOMENT_HOLD_S)
HOLD_EVENTS = (
    Pipsies,
    Stuck,
    Freed,
    Hit,
    KillerHit,
    HitKiller,
    Eliminated,
    BecameKiller,
    Winner,
)


def event_caps(event: Event) -> list[int]:
    """The caps a moment happened at: its player's, and a victim's or a killer's."""
    caps: list[int] = []
    for name in ("player", "victim", "killer"):
        who = getattr(event, name, None)
        if isinstance(who, int):
            caps.append(who)
    return caps


class TurnFlow:
    """Every move, through the rules, then saved (mixed into SkullyGameScene)."""

    flicked = ""  # the last shot of a person read back ("Ace's flick: ..."), told with it

    def _flick(self, flick: Flick, flicked: bool = False) -> ShotResult | None:
        """Make the shot: a person's slingshot is spoiled by their hand here, from the game's
        seed, so the record keeps the flick made and a replay never draws again."""
        self.meant = flick  # what the player aimed, before the hand's wobble
        flick = self.session.made_flick(self.state.to_play, flick, flicked)
        try:
            flick, result, caps = self.session.simulate(flick.angle, flick.speed, flick.offset)
        except RuleError as exc:
            self.app.toast(str(exc), theme.DANGER)
            return None
        self.pending_flick = flick
        self.table.play(result, flick.speed / MAX_SPEED, caps)
        return None

    def _shot_done(self, result: ShotResult) -> None:
        flick = self.pending_flick
        self.pending_flick = None
        if flick is None:
            return
        before = self.state
        shooter = before.to_play
        events = self._judge(flick, result)
        self.miss_note = self.miss_short = self.wobble_note = ""
        self.flicked = self._flick_line(shooter, flick, result.start, result.rest)
        report = self._miss_report(
            before, shooter, flick, result.start, result.rest, result.contacts, events
        )
        if report is not None:
            units = self.app.settings.units
            self.miss_note = miss_words(report, units)
            seat = self.session.seats[shooter]
            taught = pulled_the_wrong_way(report) if seat.input is Input.SLINGSHOT else ""
            if taught and seat.human:
                self.miss_note = f"{self.miss_note} ({taught})"
            self.miss_short = miss_callout(report, units)
            if seat.human:  # (a computer's hand is its own business)
                self.wobble_note = wobble_note(self.meant, flick)
        self._after(events, before)

    def _judge(self, flick: Flick, result: ShotResult) -> tuple[Event, ...]:
        """The shot played out, made part of the game: judged here (online, the server's
        shot as it sent it: scenes/online/skully.py)."""
        return self.session.judge(flick, result)

    def _after(self, events: tuple[Event, ...], before: GameState | None = None) -> None:
        names = [p.name for p in self.state.players]
        # why a person's shot missed and what the hand's wobble did, told with that shot: never
        # as news after the story, where it read as the next player's
        note = shot_note(self.miss_note, self.wobble_note) if before is not None else ""
        flicked = self.flicked if before is not None else ""
        self.flicked = ""  # told once, with its own shot
        for text, colour in self._story(events, note, before or self.state, flicked):
            self._narrate((text,), colour)
        for event in events:
            said = callout(event, names)
            if said is not None:
                text, who, colour = said
                self._call_out(text, self.table.positions[who], colour)
            stuck = None if before is None else still_stuck(event, before, self.state)
            if stuck is not None:  # the hit left it in the skull: said at that cap
                self._call_out("Still stuck", self.table.positions[stuck], theme.DANGER)
            if note and isinstance(event, Missed):
                self._call_out(self.miss_short, self.table.positions[event.player], theme.TEXT)
        self._hold_on(events, before)
        self._cheer(events)
        if any(isinstance(e, Eliminated | BecameKiller | Winner) for e in events):
            self.app.sound.play("award", 1.0)
        elif any(isinstance(e, Made | Pipsies | Advanced) for e in events):
            self.app.sound.play("award", 0.7)
        if any(isinstance(e, Stuck) for e in events):
            self.app.sound.play("stuck", 0.8)
        self._mark_last_powers()
        self._sync()
        self.save()

    def _hold_on(self, events: tuple[Event, ...], before: GameState | None) -> None:
        """A shot's big moment (pipsies, the skull, a hit, a kill, a new killer, the win) held
        in view with its call-outs before the next turn's glide, as a near miss is."""
        if before is None:
            return  # (a placement, a take-back: no shot's moment)
        table = self.table
        caps: list[tuple[float, float]] = []
        for event in events:
            if isinstance(event, HOLD_EVENTS):
                caps += [table.positions[who] for who in event_caps(event)]
        if caps:
            table.hold_moment(caps)

    def _cheer(self, events: tuple[Event, ...]) -> None:
        """The big moments of a move, celebrated at their caps (cheers.py): an elimination (in
        the eliminator's colour), a new killer, a cap into the skull (the killer diller's
        trapezoids too) and, larger, the winning shot."""
        table, looks = self.table, self.looks
        for event in events:
            who: int | None = None
            colour_of: int | None = None
            if isinstance(event, Eliminated):
                who, colour_of = event.player, event.by
            elif (
                isinstance(event, BecameKiller | Stuck)
                or (isinstance(event, Made) and event.word is not None)
                or isinstance(event, Winner)
            ):
                who = event.player
            if who is None or not 0 <= who < len(table.positions):
                continue
            colour = looks[colour_of if colour_of is not None else who].colour
            table.cheers.cheer(
                table.positions[who], table.radius(who), colour, isinstance(event, Winner)
            )

    def place(self, point: tuple[float, float]) -> None:
        decision = self._placement()
        if decision is None:
            return
        try:
            events = self.session.place(decision.player, self._settled(decision, point))
        except RuleError as exc:
            self.app.toast(str(exc), theme.DANGER)
            return
        self.placing = None
        self._after(events)

    def keep(self, keep: bool) -> None:
        d = self.state.decision
        if d is None or d.kind is not DecisionKind.KEEP_OR_RESTORE:
            return
        self._after(self.session.keep(d.player, keep))

    def switch(self, cap: CapType) -> None:
        try:
            events = self.session.switch(self.state.to_play, cap)
        except RuleError as exc:
            self.app.toast(str(exc), theme.DANGER)
            self._layout()
            return
        self._after(events)

    def can_take_back(self) -> bool:
        """Whether Ctrl+Z takes a shot back now: the session allows it, and no shot is under
        way on the table (a computer thinking or aiming stops)."""
        return not self.table.busy and self.pending_flick is None and self.session.can_take_back()

    def no_take_back(self) -> str:
        """Why Ctrl+Z takes nothing back now, in a player's words ("" while a shot runs: the
        key then waits for nothing to say)."""
        session = self.session
        if not session.take_backs:
            return "Taking a shot back is off in this game."
        if session.people() != 1:
            return "Only one person playing computer players may take a shot back."
        if session.state.over:
            return "The game is over: there is no shot to take back."
        if self.table.busy or self.pending_flick is not None:
            return ""
        last = session.last_shooter()
        if last is not None and not session.seats[last].human:
            name = session.state.players[last].name
            return f"Too late: {name} has shot since. Only your last shot may be taken back."
        if session.taken_back:
            return "That shot was taken again: it stands (a shot is taken back once)."
        return "Nothing to take back yet: no shot of yours to take back."

    def take_back(self) -> None:
        """Ctrl+Z: every cap back where the person's last shot found them, and the shot is
        taken again; said in the log. The record drops that shot (and keeps where a shot was
        taken back), so the saved game and its replay stay exact."""
        if not self.can_take_back():
            why = self.no_take_back()
            if why:
                self.app.toast(why, theme.TEXT, 3.0)
            return
        self.stop_computers()
        who = self.session.take_back()
        self.miss_note = self.miss_short = self.wobble_note = ""
        self.callouts = []
        self.placing = None
        self.banner = []  # the news of the shot taken back is no longer true
        self._narrate((f"{self.state.players[who].name} took back the shot",), theme.ACCENT)
        self._mark_last_powers()
        self._sync()
        self.save()

    def take_offer(self, offer: Decision) -> None:
        self.placing = offer
        self.ghost = self._default_spot(offer)
        self._frame()
        self._layout()

    def _cancel_offer(self) -> None:
        self.placing = None
        self._sync()

    def save(self) -> None:
        """Keep the game on disk after every action; a failure is said once (not at every
        shot), and play goes on unsaved."""
        self.save_problem = self.app.keep_saved(
            lambda: self.session.save(self.path), self.path.parent, self.save_problem
        )

    def game_save(self) -> GameSave | None:
        return GameSave(self.path, self.save_problem, self.session.state.over)
