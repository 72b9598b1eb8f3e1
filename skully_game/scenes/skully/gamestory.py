"""What the game says happened: the turn log's lines and colours, the call-outs at the cap, why a
person's shot missed, and a resumed game's story told again from its record.

`GameStory` is a mixin of `SkullyGameScene` (table.py): it keeps the scene's `log`, `banner` and
`callouts`, and reads its `session`, `state` and `app`."""

from __future__ import annotations

import math

from skully_game.shell import theme
from skully_game.skully.game_setup import who_value, who_words
from skully_game.skully.hand import Input
from skully_game.skully.misses import (
    MISSES,
    CapAim,
    Goal,
    Miss,
    cap_aims,
    explain_shot,
    flick_words,
    goals_for,
    miss_words,
    shot_note,
    wobble_note,
)
from skully_game.skully.physics import MAX_SPEED, Contact, Flick
from skully_game.skully.rules import GameState
from skully_game.skully.rules.course import WORDS
from skully_game.skully.rules.events import (
    Advanced,
    BecameKiller,
    Eliminated,
    Event,
    Foul,
    Freed,
    Hit,
    KillerHit,
    KillerMissed,
    Made,
    Pipsies,
    Stuck,
    TurnLost,
    TurnPassed,
    Winner,
)
from skully_game.skully.session import Action, Seat, ShotAction

LOG_LINES = 200
NEWS_KEPT = 3  # the banner's lines of news: the newest, each kept until newer ones push it out
TURN_NEWS = " to shoot"  # the news that a turn begins ("Ace to shoot")
GOOD = (Made, Pipsies, Advanced, BecameKiller)
CALLOUT_SECONDS = 2.2  # a call-out at the cap: long enough to read, gone before the next shot


def seat_tag(seat: Seat) -> str:
    """Who sits there, beside the name: a computer player and its level, or a person's hand,
    in the setup's words ("computer, regular": the list said "Computer, regular")."""
    words = who_words(who_value(seat.kind, seat.hand, seat.input))
    return words[0].lower() + words[1:]


def event_colour(event: Event) -> tuple[int, int, int]:
    """A log line's colour: good news green, bad news red, the winner gold."""
    if isinstance(event, GOOD):
        return theme.OK
    if isinstance(event, Stuck | Eliminated):
        return theme.DANGER
    if isinstance(event, Winner):
        return theme.ACCENT
    return theme.TEXT


def callout(event: Event, names: list[str]) -> tuple[str, int, tuple[int, int, int]] | None:
    """What to say at a cap for an event, at whose cap, in what colour: a box made, pipsies, a
    hit and its award, stuck in the skull, a kill; None for the rest (the log tells them all)."""
    good, bad = theme.OK, theme.DANGER
    if isinstance(event, Made):
        if event.word is not None:
            said = " ".join(WORDS[: event.word])
            return f"“{said}{'!' if event.word == 4 else '…'}”", event.player, good
        return f"In {event.box}!", event.player, good
    if isinstance(event, Pipsies):
        return f"Pipsies +{event.bonus}", event.player, good
    if isinstance(event, Hit):
        award = f"+{event.award}" if event.award else "no award"
        return f"Hit {names[event.victim]}: {award}", event.player, good
    if isinstance(event, KillerHit):
        return (f"Hit {event.count}/3" if event.count else "Hit"), event.victim, theme.ACCENT
    if isinstance(event, KillerMissed):  # the streak on this one is back to nothing
        return "Count back to 0/3", event.victim, theme.TEXT
    if isinstance(event, Stuck):
        return "Stuck in the skull", event.player, bad
    if isinstance(event, Freed):
        if event.deadlock:  # the rules let it shoot from where it lies: it is still in the skull
            return "Everyone is stuck: shoots from the skull", event.player, theme.ACCENT
        return "Out of the skull", event.player, good
    if isinstance(event, Eliminated):
        return f"{names[event.player]} is out", event.player, theme.ACCENT
    if isinstance(event, BecameKiller):
        return "Killer!", event.player, theme.ACCENT
    if isinstance(event, Foul):
        return "Too early to hit: start over", event.player, bad
    return None


def still_stuck(event: Event, before: GameState, after: GameState) -> int | None:
    """The cap a hit left stuck in the skull (in its section or knocked to another), whose
    call-out says "Still stuck" where it lies; None for any other event."""
    if not isinstance(event, Hit):
        return None
    v = event.victim
    if not (0 <= v < len(after.players) and v < len(before.players)):
        return None
    return v if before.players[v].stuck and after.players[v].stuck else None


class GameStory:
    """The log, the banner's news and the call-outs (mixed into SkullyGameScene)."""

    def _retell(self, told: list[tuple[Action, tuple[Event, ...]]] | None = None) -> None:
        """A resumed game's log, told again from its actions (the record keeps no words): the
        events, and why each shot of a person missed (with its hand's wobble), as they were told
        at the table. A long game read in the background comes with its events (`told`): its
        last LOG_LINES lines are read from the end, without the misses (tens of thousands of
        actions)."""
        if told is not None:
            lines: list[tuple[str, tuple[int, int, int]]] = []
            for _action, events in reversed(told):
                lines += [(e.text, event_colour(e)) for e in reversed(events)]
                if len(lines) >= LOG_LINES:
                    break
            self.log = (self.log + lines[::-1])[-LOG_LINES:]
        else:
            fresh = self.session.fresh()
            for k, action in enumerate(self.session.actions):
                before = fresh.state
                self.log += self._taken_back_at(k, before)
                events = fresh.apply(action)
                note = flicked = ""
                # a person's misses told again; a computer's only as they happen (a long game
                # read from its end, in the background, tells none: the two agree)
                if isinstance(action, ShotAction) and self.session.seats[action.player].human:
                    flicked = self._flick_line(
                        action.player, action.flick, action.before, action.rest
                    )
                    report = self._miss_report(
                        before, action.player, action.flick, action.before, action.rest,
                        action.contacts, events,
                    )  # fmt: skip
                    if report is not None:
                        wobble = wobble_note(self.session.meant_flick(k), action.flick)
                        note = shot_note(miss_words(report, self.app.settings.units), wobble)
                self.log += self._story(events, note, before, flicked)
            self.log += self._taken_back_at(len(self.session.actions), fresh.state)
            self.log = self.log[-LOG_LINES:]
        shots = self.state.shots
        said = (
            f"after {shots} shot{'s' if shots != 1 else ''}" if shots else "before the first shot"
        )
        self.log.append((f"Resumed {said}", theme.TEXT_DIM))
        self.banner = [(self.log[-1][0], math.inf)]  # news, kept as the rest is
        self._mark_last_powers()

    def _flick_line(
        self,
        shooter: int,
        flick: Flick,
        start: tuple[tuple[float, float], ...],
        rest: tuple[tuple[float, float], ...],
    ) -> str:
        """A person's shot read back as the warm-up reads it, so the hand learns from every
        shot of a game: "Ace's flick: 1.9 m/s, slid 1.42 m" (how far the cap came to rest from
        where it was shot). None for a computer player: its shots teach the person nothing."""
        if not self.session.seats[shooter].human:
            return ""
        slid = math.dist(start[flick.cap], rest[flick.cap])
        seat = self.session.seats[shooter]
        # a pointer's flick is a flick; a slingshot's pull or the keys' is a shot
        what = "flick" if seat.input is Input.FLICK else "shot"
        return f"{seat.name}'s {what}: {flick_words(flick.speed, slid, self.app.settings.units)}"

    def _last_powers(self) -> dict[int, float]:
        """Each person's last shot's power as they meant it (before a slingshot hand's wobble),
        0-1 of the gauge: the mark on the gauge they adjust their next shot from."""
        session = self.session
        people = {i for i, seat in enumerate(session.seats) if seat.human}
        powers: dict[int, float] = {}
        for k in range(len(session.actions) - 1, -1, -1):
            if len(powers) == len(people):
                break  # (a long game is not read back to its first shot)
            action = session.actions[k]
            if isinstance(action, ShotAction) and action.player in people - powers.keys():
                meant = session.meant_flick(k) or action.flick
                powers[action.player] = min(1.0, meant.speed / MAX_SPEED)
        return powers

    def _mark_last_powers(self) -> None:
        """The gauge's "last" marks, from the game as it stands (after a shot, a take-back or
        a Resume)."""
        self.table.last_powers = self._last_powers()

    def _taken_back_at(self, index: int, before: GameState) -> list[tuple[str, theme.Colour]]:
        """A shot taken back at this place in the actions, told again: the shooter then is
        the one to play in the state the shot was taken back to."""
        name = before.players[before.to_play].name
        count = self.session.taken_back.count(index)
        return [(f"{name} took back the shot", theme.ACCENT)] * count

    def _miss_report(
        self,
        before: GameState,
        shooter: int,
        flick: Flick,
        start: tuple[tuple[float, float], ...],
        rest: tuple[tuple[float, float], ...],
        contacts: tuple[Contact, ...],
        events: tuple[Event, ...],
    ) -> Miss | None:
        """Why a shot missed (positions in the physics' order, as a shot keeps them): a
        computer player's too, told as a person's ("Bobby: 17 cm short of 3"), so a person
        reads how the table plays (a play-test saw its misses go unexplained)."""
        touched = any(flick.cap in (c.a, c.b) for c in contacts)
        return explain_shot(
            self._miss_goals(before, shooter),
            shooter,
            events,
            flick.angle,
            start[flick.cap],
            rest[flick.cap],
            touched,
        )

    def _miss_goals(self, before: GameState, shooter: int) -> tuple[Goal | CapAim, ...]:
        """What a miss is measured against: the shooter's target, or a cap the flick pointed at
        (a lesson may say otherwise)."""
        board = self.session.board
        return (*goals_for(board, before.players[shooter]), *cap_aims(before.players, shooter))

    def _story(
        self, events: tuple[Event, ...], note: str, before: GameState, flicked: str = ""
    ) -> list[tuple[str, tuple[int, int, int]]]:
        """The log's lines for one action: its events, after a miss why, and after a person's
        shot how fast and far it went (`flicked`), before the next turn's news."""
        lines = []
        for event in events:
            if flicked and isinstance(event, TurnLost | TurnPassed):
                lines.append((flicked, theme.TEXT_DIM))
                flicked = ""
            lines.append((event.text, event_colour(event)))
            if note and isinstance(event, MISSES) and event.player == before.to_play:
                lines.append((f"{before.players[event.player].name}: {note}", theme.TEXT_DIM))
        if flicked:
            lines.append((flicked, theme.TEXT_DIM))
        return lines

    def _narrate(self, lines: tuple[str, ...], colour: tuple[int, int, int]) -> None:
        """News in the log and in the banner; the banner's lines stay until newer news pushes
        them out (a lesson's "why it missed" is read while its retry is weighed)."""
        for line in lines:
            self.log.append((line, colour))
            if line.endswith(TURN_NEWS):  # whose turn it was is stale once another's begins
                self.banner = [(t, u) for t, u in self.banner if not t.endswith(TURN_NEWS)]
                if self._prompt():
                    continue  # the prompt above the news says whose turn it is: its line is
                    # better spent on the last shot (why it missed, how fast and far it went)
            self.banner.append((line, math.inf))
        self.log = self.log[-LOG_LINES:]
        self.banner = self.banner[-NEWS_KEPT:]
        self.log_scroll = 0

    def _call_out(self, text: str, at: tuple[float, float], colour: tuple[int, int, int]) -> None:
        self.callouts.append((text, at, colour, self.app.game_time + CALLOUT_SECONDS))
        self.callouts = self.callouts[-8:]
        self.table.notes = self._notes()  # placed with the labels from the next frame on
