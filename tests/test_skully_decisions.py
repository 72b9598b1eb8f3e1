"""The computer players of Skully choose as they did before their thinking was made quicker:
the same seeds give the same flicks, the same expected values and the same games. The figures
below were made by the code of commit efb888a (before the speed-up) with `choices` as written
here; a digest covers ten decisions each, the last one the game's state after them."""

from __future__ import annotations

import hashlib
import random

import pytest

from skully_game.skully.ai import Planner
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.physics import simulate
from skully_game.skully.rules import RuleOptions, shot_setup
from skully_game.skully.session import Seat, Session
from skully_game.skully.skill import Level

# seed -> the digests of its decisions, ten at a time, then of the state they left. The last
# (the state's repr) was re-pinned when each non-killer took its own count of a killer's hits
# (killer_hits) for the killer's shared streak and victims: the same state in the new fields
# (seed 8 ends with P1's streak 2 on P0, now P0's killer_hits 2); every decision is unchanged.
# Re-pinned again for the swept step (game version 6: caps no longer pass into each other in
# flight, so a try that strikes caps can end elsewhere), and for the guarded step (game version
# 7: the same at about half the steps), and for the plain tap on a stuck cap (record version 8:
# a hit that leaves it in its section pays 1, not its number): made with every try stepped in chipmunk
# (World.lone_slides False), which the quick planner's summed tries give too.
BEFORE = {
    5: [
        "355b561354ccfe60",
        "391ac5a5413b18f5",
        "bc57b658d48cdebc",
        "3abc3b269a054eb8",
        "be7228878802c8b5",
        "98a41e86c7889f17",
        "054ad3d5bfa6cb80",
        "7fcd7a65146dc0cf",
        "74f3b3c32c5ca119",
    ],
    8: [
        "eed91e9566f5d703",
        "17350981e0b78dea",
        "4164ea2102acfe58",
        "f3deb39934db2063",
        "96c17c454cf33b97",
        "717739ab8f72a97d",
        "682b8cf5a0b80006",
        "49c56a4054b3fdd6",
        "7bdd1fab97666730",
    ],
}
KINDS = {5: [CapType.CROWN] * 4, 8: list(CapType)[:3]}


def choices(seed: int, kinds: list[CapType], shots: int = 80, full_every: int = 20) -> list[str]:
    """Street-legend flicks of a seeded game: quick planners (one try of four candidates) for
    most shots, so the game gets far (killers and all), and the whole planner every
    `full_every`-th; each flick and its plan's value exactly, in hex, then the state."""
    options = RuleOptions()
    seats = tuple(Seat(f"P{i}", k) for i, k in enumerate(kinds))
    session = Session(preset("classic"), options, seats, seed)
    quick = [
        Planner(Level.STREET_LEGEND, random.Random(seed * 10 + i), samples=1, budget=4)
        for i in range(len(seats))
    ]
    full = [Planner(Level.STREET_LEGEND, random.Random(seed * 20 + i)) for i in range(len(seats))]
    out: list[str] = []
    while len(out) < shots and not session.state.over:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and quick[who].decide(session) is not None:
            continue
        planner = full[who] if len(out) % full_every == full_every - 1 else quick[who]
        flick, plan = planner.flick(session)
        out.append(f"{flick.cap} {flick.angle.hex()} {flick.speed.hex()} {plan.value.hex()}")
        setup = shot_setup(state, options)
        result = simulate(session.board_spec, setup.caps, setup.positions, flick, trace=False)
        session.judge(flick, result)
    return [*out, repr(session.state)]


def digests(lines: list[str], chunk: int = 10) -> list[str]:
    return [
        hashlib.sha256("\n".join(lines[i : i + chunk]).encode()).hexdigest()[:16]
        for i in range(0, len(lines), chunk)
    ]


def test_the_same_seeds_give_the_same_choices_as_before() -> None:
    for seed, before in BEFORE.items():
        assert digests(choices(seed, KINDS[seed])) == before, f"seed {seed}"


# The whole street-legend planner for every flick, as tools/bench_planner.py times it: seed ->
# the digest of its first 30 flicks, made by commit 829c213, when every try was still stepped in
# chipmunk (before lone slides, slide.py, which must choose the same).
# Re-pinned for the swept step, then the guarded one, with every try stepped (World.lone_slides
# False), as 829c213 did.
FULL = {3: "45d6277bd9c72d62", 4: "05fceaa41933e643", 11: "daa66ebe06e60593"}


def planned_flicks(
    seed: int, kinds: list[CapType], level: Level, decisions: int, values: bool
) -> str:
    """The digest of a seeded game's first `decisions` flicks, each by the whole planner (and,
    with `values`, its plan's value), as tools/bench_planner.py plays them."""
    options = RuleOptions()
    seats = tuple(Seat(f"P{i}", k) for i, k in enumerate(kinds))
    session = Session(preset("classic"), options, seats, seed)
    planners = [Planner(level, random.Random(seed * 10 + i)) for i in range(len(kinds))]
    digest = hashlib.sha256()
    made = 0
    while made < decisions and not session.state.over:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        flick, plan = planners[who].flick(session)
        made += 1
        value = f":{plan.value.hex()}" if values else ""
        digest.update(f"{flick.angle.hex()}:{flick.speed.hex()}{value};".encode())
        setup = shot_setup(state, options)
        result = simulate(session.board_spec, setup.caps, setup.positions, flick, trace=False)
        session.judge(flick, result)
    return digest.hexdigest()[:16]


@pytest.mark.slow
def test_the_whole_planner_chooses_as_it_did_when_every_try_was_stepped() -> None:
    for seed, before in FULL.items():
        got = planned_flicks(seed, [CapType.CROWN] * 4, Level.STREET_LEGEND, 30, values=False)
        assert got == before, f"seed {seed}"


# Mixed tables (2-6 seats, any caps, any level; seed -> the digest of 40 flicks and their plans'
# values), made by commit 829c213: 107 and 108 are games in which a try's friction joint kept an
# impulse that chipmunk warm-started the next try with, which summed tries must keep too.
# Re-pinned for the swept step, then the guarded one, with every try stepped (World.lone_slides
# False).
MIXED = {101: "9c68c9854e68fab2", 107: "4580ad171d2b6eda", 108: "ce542d9b7c08b8b1"}


def mixed_table_flicks(seed: int) -> str:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    caps = [rng.choice(list(CapType)) for _ in range(n)]
    rng.choice(["classic"])  # (the board, drawn when these were made)
    return planned_flicks(seed, caps, rng.choice(list(Level)), 40, values=True)


@pytest.mark.slow
def test_mixed_tables_choose_as_they_did_when_every_try_was_stepped() -> None:
    for seed, before in MIXED.items():
        assert mixed_table_flicks(seed) == before, f"seed {seed}"
