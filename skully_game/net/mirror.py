"""A client's copy of a Skully game played on a server: rebuilt from the setup the server sends
(the game's record with no moves and no seed) and every action since, each applied through the
same rules; each shot is simulated again from its flick and must come to rest exactly where the
server's did (same program, same pymunk: checked at join)."""

from __future__ import annotations

from typing import Any

from skully_game.skully.rules import shot_setup
from skully_game.skully.session import Session, ShotAction, session_from_dict


class ReplayMismatch(RuntimeError):
    """A shot simulated here did not end where the server's did."""


class SkullyMirror:
    """The game as the server's messages tell it; `session` is the rules' state after them."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.skeleton = dict(setup["record"])
        self.actions: list[dict[str, Any]] = []
        self.session: Session = session_from_dict({**self.skeleton, "actions": []}, "the server")
        self.replayed = 0  # shots simulated here that ended exactly on the server's rest

    def add(self, actions: list[dict[str, Any]], check: bool = True) -> None:
        """The actions the server sent since the last call, applied in order; with `check`,
        every new shot is simulated again here (ReplayMismatch if it ends elsewhere)."""
        if not actions:
            return
        before = len(self.actions)
        self.actions += actions
        self.session = session_from_dict({**self.skeleton, "actions": self.actions}, "the server")
        if check:
            self._check_shots(before)

    def _check_shots(self, start: int) -> None:
        fresh = self.session.fresh()
        for i, action in enumerate(self.session.actions):
            if i >= start and isinstance(action, ShotAction):
                setup = shot_setup(fresh.state, fresh.options)
                record = action.record(fresh.board_spec, setup.caps, setup.pinned)
                result = record.simulate(trace=False)
                if result.rest != action.rest:
                    raise ReplayMismatch(f"shot {i} came to rest elsewhere than on the server")
                self.replayed += 1
            fresh.apply(action)

    def copy(self) -> Session:
        """A session to think on (a planner applies its decision to it), the mirror untouched."""
        return session_from_dict({**self.skeleton, "actions": self.actions}, "the server")
