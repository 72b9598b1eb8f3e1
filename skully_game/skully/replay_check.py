"""Behind `skully replay FILE --check`: re-simulate every shot of a record in a fresh space and compare
the rest positions bit for bit with the recorded ones (habit 5: report a divergence, never hide it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from skully_game.core.errors import DataError
from skully_game.core.fileio import read_json
from skully_game.skully.physics import ease_apart
from skully_game.skully.records import (
    SHOT_FORMAT,
    ShotRecord,
    check_shot,
    shot_from_dict,
)
from skully_game.skully.rules import shot_setup
from skully_game.skully.session import RECORD_FORMAT, Session, ShotAction, session_from_dict

# The game record version whose rest rule eases apart caps left pressed into each other
# (physics.ease_apart): a shot an earlier version played ends a few millimetres apart now.
REST_RULE_VERSION = 4


@dataclass(frozen=True)
class ShotCheck:
    shot: int  # 1-based number of the shot in the file
    action: int | None  # index in a game record's actions
    matches: bool
    worst_mm: float
    eased_by: int | None = None  # differs only as this version's rest rule eases caps apart

    @property
    def known(self) -> bool:
        """Bit for bit the same, or apart only by a known, later change of the rules."""
        return self.matches or self.eased_by is not None

    def line(self) -> str:
        where = f"shot {self.shot}" + ("" if self.action is None else f" (action {self.action})")
        if self.matches:
            verdict = "ok"
        elif self.eased_by is not None:
            verdict = (
                f"eased apart by version {self.eased_by}'s rest rule ({self.worst_mm:.3f} mm; "
                "an earlier version left these caps pressed into each other)"
            )
        else:
            verdict = f"DIVERGES by up to {self.worst_mm:.3f} mm"
        return f"{where}: {verdict}"


def load_record(path: str | Path) -> ShotRecord | Session:
    """A shot record or a game record, told apart by its format field."""
    data = read_json(path)
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == SHOT_FORMAT:
        return shot_from_dict(data, str(path))
    if fmt == RECORD_FORMAT:
        return session_from_dict(data, str(path))
    raise DataError(str(path), "format", f"'{SHOT_FORMAT}' or '{RECORD_FORMAT}'", fmt)


def check_record(record: ShotRecord | Session) -> list[ShotCheck]:
    if isinstance(record, ShotRecord):
        c = check_shot(record)
        return [ShotCheck(1, None, c.matches, c.worst * 1000)]
    return _check_game(record)


def _check_game(session: Session) -> list[ShotCheck]:
    """Every shot of a game re-run in a fresh space. A shot played before the rest rule
    (session.legacy) that differs exactly by that rule (its recorded rest, eased apart, is
    where the caps rest now) is told apart from a true divergence."""
    fresh = session.fresh()
    out = []
    for i, action in enumerate(session.actions):
        if isinstance(action, ShotAction):
            setup = shot_setup(fresh.state, fresh.options)
            record = action.record(fresh.board_spec, setup.caps, setup.pinned)
            rest = record.simulate(trace=False).rest
            worst = max(
                (math.dist(a, b) for a, b in zip(rest, action.rest, strict=True)), default=0.0
            )
            same = rest == action.rest
            by_rule = not same and i < session.legacy  # played before the rest rule, and...
            by_rule = by_rule and ease_apart(setup.caps, action.rest, setup.pinned) == rest
            eased = REST_RULE_VERSION if by_rule else None
            out.append(ShotCheck(len(out) + 1, i, same, worst * 1000, eased))
        fresh.apply(action)
    return out
