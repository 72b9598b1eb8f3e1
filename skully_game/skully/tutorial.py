"""The tutorial without the screen: lessons read from data, one attempt judged by the rules'
events, the learner's progress kept in the data folder, and a lesson walked by the computer
player's planner (the proof that every lesson can be passed). No pygame here.

A lesson is a scenario (docs/judge-format.md) plus one goal: the events the rules must report
("made 3", "Ace hit Bobby"). An attempt allows the lesson's shots (one, unless it says more)
and the learner's placements around them; it is passed the moment every wanted event has
happened, and failed once the learner can no longer reach the goal.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from pathlib import Path

from skully_game.core.errors import DataError, kind_of
from skully_game.core.fileio import read_json, write_atomic
from skully_game.core.paths import data_dir
from skully_game.skully.game_setup import SEAT_CHOICES
from skully_game.skully.game_setup import Seat as SetupSeat
from skully_game.skully.lessons import LESSONS
from skully_game.skully.physics import World
from skully_game.skully.rules import KIND, Event, GameState, apply_shot, shot_facts, shot_setup
from skully_game.skully.rules.scenario import Scenario, play, scenario_from_dict
from skully_game.skully.rules.state import PLACEMENTS, killer_streak
from skully_game.skully.session import Seat, Session
from skully_game.skully.skill import Level

PROGRESS_FORMAT = "skully-tutorial-progress"
PROGRESS_VERSION = 1
# how a learner shoots: a person's choices at a game's seats (slingshot hands and the flick)
HANDS = tuple(value for value, _, _ in SEAT_CHOICES if ":" in value or value == "flick")
DEFAULT_HAND = "slingshot:steady"  # an assist, and labelled so: the shot made is the shot meant
_LESSON_KEYS = frozenset({"key", "title", "words", "goal", "passed", "wants", "shots", "scenario"})
_KINDS = {name: cls for cls, name in KIND.items()}
_NAMED = frozenset({"player", "victim", "killer", "by"})  # event fields that hold a player


@dataclass(frozen=True)
class Want:
    """One event the goal needs: its kind, and the fields it must have (players as indexes)."""

    kind: str
    fields: tuple[tuple[str, object], ...]

    def matches(self, event: Event) -> bool:
        if KIND[type(event)] != self.kind:
            return False
        return all(getattr(event, name) == value for name, value in self.fields)


@dataclass(frozen=True)
class Lesson:
    """One lesson: where the caps are, what to do, and what we say about it."""

    key: str
    title: str
    words: str  # what to know, in our own words
    goal: str  # the one thing to do
    passed: str  # said when it is done
    wants: tuple[Want, ...]
    shots: int  # shots the attempt allows
    scenario: Scenario

    @property
    def learner(self) -> int:
        return self.scenario.state.to_play

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.scenario.state.players)

    def passed_words(self, state: GameState) -> str:
        """What to say once it is done, true to how it went: a stuck cap hit out of the skull
        is free to play again, one hit into another section of it is still stuck (rules
        3.3.1.2 and 3.3.1.3)."""
        for want in self.wants:
            fields = dict(want.fields)
            victim = fields.get("victim")
            if want.kind == "hit" and "skull_number" in fields and isinstance(victim, int):
                them = state.players[victim]
                if them.stuck:
                    return (
                        f"{self.passed} {them.name}'s cap only moved to another section of the "
                        f"skull, so {them.name} is still stuck there."
                    )
                return (
                    f"{self.passed} {them.name}'s cap is out of the skull, so {them.name} is "
                    "free to play again."
                )
        return self.passed

    def session(self, who: str = DEFAULT_HAND, seed: int = 0) -> tuple[Session, tuple[Event, ...]]:
        """A game at the lesson's position (after the scenario's own actions, if any), with the
        learner shooting as `who` says; and the events of those actions (the story so far)."""
        hand = SetupSeat("", 0)
        hand.choose(who if who in HANDS else DEFAULT_HAND)
        scenario = self.scenario
        seats = tuple(
            Seat(p.name, p.cap, i, "human", hand.hand, hand.input)
            for i, p in enumerate(scenario.state.players)
        )
        session = Session(scenario.board.spec, scenario.options, seats, seed)
        state, events = play(scenario)
        session.state = state
        return session, events


def lessons() -> tuple[Lesson, ...]:
    """Every lesson, checked: a bad one is one DataError naming the lesson and the field."""
    out: list[Lesson] = []
    keys: set[str] = set()
    for i, raw in enumerate(LESSONS):
        lesson = lesson_from_dict(raw, f"lessons[{i}]")
        if lesson.key in keys:
            raise DataError("lessons", f"lessons[{i}].key", "a key no other lesson has", lesson.key)
        keys.add(lesson.key)
        out.append(lesson)
    return tuple(out)


def lesson_from_dict(raw: object, where: str) -> Lesson:
    """One lesson from its table (skully/lessons.py), or a DataError naming the field."""
    source = "lessons"
    if not isinstance(raw, dict):
        raise DataError(source, where, "a table of fields", kind_of(raw))
    unknown = sorted(set(raw) - _LESSON_KEYS)
    if unknown:
        raise DataError(source, f"{where}.{unknown[0]}", "a known key (unknown key)")
    key = raw.get("key")
    if not isinstance(key, str) or not key or not all(c.islower() or c == "-" for c in key):
        raise DataError(source, f"{where}.key", "a short name in lower case letters", key)
    texts = {}
    for name in ("title", "words", "goal", "passed"):
        value = raw.get(name)
        if not isinstance(value, str) or not value.strip() or len(value) > 320:
            raise DataError(source, f"{where}.{name}", "a line of text (1-320 characters)", value)
        texts[name] = value
    shots = raw.get("shots", 1)
    if isinstance(shots, bool) or not isinstance(shots, int) or not 1 <= shots <= 5:
        raise DataError(source, f"{where}.shots", "a whole number from 1 to 5", shots)
    data = raw.get("scenario")
    if isinstance(data, dict) and "expect" in data:
        raise DataError(source, f"{where}.scenario.expect", "no expect (the goal says it)")
    scenario = scenario_from_dict(data, f"{source}: {where}.scenario")
    names = [p.name for p in scenario.state.players]
    wants_raw = raw.get("wants")
    if not isinstance(wants_raw, list) or not wants_raw:
        raise DataError(source, f"{where}.wants", "a list of the events the goal needs", wants_raw)
    wants = tuple(_want(item, f"{where}.wants[{k}]", names) for k, item in enumerate(wants_raw))
    return Lesson(key, **texts, wants=wants, shots=shots, scenario=scenario)


def _want(raw: object, where: str, names: list[str]) -> Want:
    source = "lessons"
    if not isinstance(raw, dict):
        raise DataError(source, where, "a table: kind and the event's fields", kind_of(raw))
    kind = raw.get("kind")
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise DataError(source, f"{where}.kind", "an event kind (docs/judge-format.md)", kind)
    known = {f.name for f in fields(cls)} - {"text"}
    pairs: list[tuple[str, object]] = []
    for name, value in raw.items():
        if name == "kind":
            continue
        if name not in known:
            raise DataError(source, f"{where}.{name}", f"a field of a {kind} event", value)
        if name in _NAMED:
            if value not in names:
                raise DataError(source, f"{where}.{name}", f"a player ({', '.join(names)})", value)
            value = names.index(value)
        pairs.append((name, value))
    return Want(kind, tuple(pairs))


# --- an attempt -------------------------------------------------------------------------


def attempt_seed(lesson: str, series: int, attempt: int) -> int:
    """The seed of one attempt at a lesson: each try draws its own hand's wobble, so a retry
    never repeats the last one's (a wobble that came back every time could be aimed against),
    and the same lesson, series and attempt number give the same seed again (a test, a replay
    of the attempt's record)."""
    return random.Random(f"skully-lesson:{lesson}:{series}:{attempt}").getrandbits(62)


class Outcome(Enum):
    GOING = "going"
    PASSED = "passed"
    FAILED = "failed"


@dataclass
class Attempt:
    """One try at a lesson: the events since it began, judged after every action."""

    lesson: Lesson
    start_shots: int
    events: list[Event] = field(default_factory=list)
    outcome: Outcome = Outcome.GOING

    @classmethod
    def begin(cls, lesson: Lesson, state: GameState) -> Attempt:
        return cls(lesson, state.players[lesson.learner].stats.shots)

    def met(self, want: Want) -> bool:
        return any(want.matches(e) for e in self.events)

    @property
    def goal_met(self) -> bool:
        return all(self.met(w) for w in self.lesson.wants)

    def shots(self, state: GameState) -> int:
        return state.players[self.lesson.learner].stats.shots - self.start_shots

    def add(self, state: GameState, events: Sequence[Event]) -> Outcome:
        """The events of one action and the state after it: passed, failed, or going on."""
        if self.outcome is not Outcome.GOING:
            return self.outcome
        self.events.extend(events)
        if self.goal_met:
            self.outcome = Outcome.PASSED
        elif not self.learner_acts(state) or self._spent(state):
            self.outcome = Outcome.FAILED
        return self.outcome

    def learner_acts(self, state: GameState) -> bool:
        """Whether the next action is the learner's: a decision of theirs, or their shot."""
        me = self.lesson.learner
        if state.over:
            return False
        d = state.decision
        if d is not None:
            return d.player == me
        return state.to_play == me and not state.players[me].stuck

    def _spent(self, state: GameState) -> bool:
        """The shots are used up, and nothing the goal still needs can come without one."""
        if self.shots(state) < self.lesson.shots:
            return False
        d = state.decision
        placing = d is not None and d.player == self.lesson.learner and d.kind in PLACEMENTS
        wants_place = any(w.kind == "placed" and not self.met(w) for w in self.lesson.wants)
        return not (placing and wants_place)

    def last_word(self) -> Event | None:
        """The rules' last word on a failed attempt (Ace missed 3, is stuck, fouled...)."""
        for event in reversed(self.events):
            if KIND[type(event)] in ("missed", "stuck", "foul", "diller_missed", "eliminated"):
                return event
        return self.events[-1] if self.events else None

    def reason(self) -> str:
        """The last word as the retry line says it ("Ace missed 3")."""
        event = self.last_word()
        return "" if event is None else event.text


# --- progress -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    """The lessons done (by key) and how the learner shoots; kept between runs."""

    done: frozenset[str] = frozenset()
    hand: str = DEFAULT_HAND


def progress_path() -> Path:
    return data_dir() / "tutorial.json"


def load_progress(path: Path | None = None) -> tuple[Progress, str | None]:
    """The progress kept, and a one-line warning when the file could not be used (then a fresh
    start: nothing is changed until the next lesson is passed, and the bad file is kept aside)."""
    path = path or progress_path()
    if not os.path.lexists(path):
        return Progress(), None
    fresh = "The lessons start afresh, the ticks could not be read:"
    try:
        data = read_json(path)
    except DataError as exc:
        return Progress(), f"{fresh} {exc}"
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        return Progress(), f"{fresh} {path}: field 'format': expected '{PROGRESS_FORMAT}'"
    if data.get("version") != PROGRESS_VERSION:
        return Progress(), f"{fresh} {path}: field 'version': expected {PROGRESS_VERSION}"
    done = data.get("done")
    if not isinstance(done, list) or not all(isinstance(k, str) for k in done):
        return Progress(), f"{fresh} {path}: field 'done': expected a list of lesson names"
    hand = data.get("hand")
    return Progress(frozenset(done), hand if hand in HANDS else DEFAULT_HAND), None


def save_progress(progress: Progress, path: Path | None = None) -> None:
    """Write atomically; a file that could not be read is first kept aside as tutorial.json.bad
    (or .bad-2, ...), so nothing the learner had is lost by starting afresh."""
    path = path or progress_path()
    if os.path.lexists(path) and load_progress(path)[1] is not None:
        for n in range(1, 100):
            aside = path.with_name(path.name + (".bad" if n == 1 else f".bad-{n}"))
            if not os.path.lexists(aside):
                path.replace(aside)
                break
    data = {
        "format": PROGRESS_FORMAT,
        "version": PROGRESS_VERSION,
        "done": sorted(progress.done),
        "hand": progress.hand,
    }
    write_atomic(path, json.dumps(data, indent=1))


def done_note(all_lessons: Sequence[Lesson] | None = None) -> str:
    """The menu's " (3/12 done)": how far the learner is; nothing before the first lesson."""
    keys = {lesson.key for lesson in all_lessons or lessons()}
    progress, problem = load_progress()
    done = len(progress.done & keys)
    if problem or not done:
        return ""
    return " (all done)" if done == len(keys) else f" ({done}/{len(keys)} done)"


# --- the proof: the computer player's planner takes every lesson ----------------------------


def _shot_value(attempt: Attempt, state: GameState, after: GameState, events) -> float:
    """How good a planned shot is for the lesson: the goal (its placements may come after),
    else a streak grown or the turn kept, else the planner's own measure of steps gained."""
    trial = Attempt(attempt.lesson, attempt.start_shots, [*attempt.events, *events])
    wants = [w for w in attempt.lesson.wants if w.kind != "placed"]
    if all(trial.met(w) for w in wants):
        return 100.0
    me = attempt.lesson.learner
    score = float(after.players[me].step - state.players[me].step)
    if state.players[me].killer and killer_streak(after) > killer_streak(state):
        score += 10.0
    return score + (1.0 if trial.learner_acts(after) else -5.0)


def planned_flick(
    attempt: Attempt, session: Session, level: Level, rng: random.Random, samples: int = 4
):
    """The planner's candidates (skully/ai.py), each tried in the real physics under the real
    rules with this level's wobble, scored by the lesson's goal; the best one, as the flick a
    hand of this level makes when it means it."""
    from skully_game.skully.ai import Planner

    planner = Planner(level, rng)
    state, options, board = session.state, session.options, session.board
    setup = shot_setup(state, options)
    world = World(session.board_spec, setup.caps, setup.positions, setup.pinned)
    skill = level.skill
    tries = 1 if skill.aim_deg == 0 and skill.speed_rel == 0 else samples
    best, best_value = None, -math.inf
    for cand in planner.candidates(state, session):
        total = 0.0
        for _ in range(tries):
            angle, speed = skill.perturb(cand.angle, cand.speed, rng)
            result = world.shoot(setup.flick(angle, speed))
            after, events = apply_shot(state, options, board, shot_facts(state, setup, result))
            total += _shot_value(attempt, state, after, events)
        if total / tries > best_value:
            best, best_value = cand, total / tries
    if best is None:
        return None
    return skill.perturb(best.angle, best.speed, rng)


def walk_lesson(lesson: Lesson, level: Level, seed: int = 0, tries: int = 5) -> int | None:
    """Take the lesson as a computer player of `level` would, retrying up to `tries` times:
    the number of the attempt that passed it, or None."""
    from skully_game.skully.ai import Planner

    rng = random.Random(f"tutorial:{lesson.key}:{seed}")
    for attempt_no in range(1, tries + 1):
        session, _ = lesson.session(seed=attempt_seed(lesson.key, seed, attempt_no))
        attempt = Attempt.begin(lesson, session.state)
        for _ in range(20):  # actions: a lesson needs a handful
            state = session.state
            events = Planner(level, rng).decide(session) if state.pending or state.offers else None
            if events is None:  # no decision due, and no offer worth taking: shoot
                made = planned_flick(attempt, session, level, rng)
                if made is None:
                    break
                flick, result, _ = session.simulate(*made)
                events = session.judge(flick, result)
            if attempt.add(session.state, events) is not Outcome.GOING:
                break
        if attempt.outcome is Outcome.PASSED:
            return attempt_no
    return None
