"""Behind `skully replay FILE --check`: re-simulate every shot of a record in a fresh space and compare
the rest positions bit for bit with the recorded ones (habit 5: report a divergence, never hide it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skully_game.core.errors import DataError
from skully_game.core.fileio import read_json
from skully_game.skully.records import (
    SHOT_FORMAT,
    ShotRecord,
    check_shot,
    shot_from_dict,
)
from skully_game.skully.session import RECORD_FORMAT, Session, resimulate, session_from_dict


@dataclass(frozen=True)
class ShotCheck:
    shot: int  # 1-based number of the shot in the file
    action: int | None  # index in a game record's actions
    matches: bool
    worst_mm: float

    def line(self) -> str:
        where = f"shot {self.shot}" + ("" if self.action is None else f" (action {self.action})")
        verdict = "ok" if self.matches else f"DIVERGES by up to {self.worst_mm:.3f} mm"
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
    return [
        ShotCheck(n, index, same, worst * 1000)
        for n, (index, same, worst) in enumerate(resimulate(record), start=1)
    ]
