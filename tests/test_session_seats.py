"""A game record keeps who sits where: a computer player is still a computer player after Resume,
and a person's hand level and input come back too (record version 2, upgraded from version 1)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.hand import HandLevel, Input
from skully_game.skully.physics import Flick
from skully_game.skully.rules import RuleOptions
from skully_game.skully.session import (
    RECORD_VERSION,
    Seat,
    Session,
    load_session,
    session_from_dict,
)

DATA = Path(__file__).parent / "data"


def seats() -> tuple[Seat, ...]:
    return (
        Seat("Ace", CapType.CROWN, 0, "human", HandLevel.SKILLED, Input.SLINGSHOT),
        Seat("Bobby", CapType.LEAD, 1, "regular"),
        Seat("Carmen", CapType.GLIDE, 2, "human", HandLevel.STEADY, Input.FLICK),
    )


def test_seat_kinds_hand_levels_and_inputs_survive_a_save(tmp_path: Path) -> None:
    session = Session(preset("classic"), RuleOptions(), seats(), seed=11)
    path = tmp_path / "game.json"
    session.save(path)
    data = json.loads(path.read_text())
    assert data["version"] == RECORD_VERSION == 9
    assert [p["kind"] for p in data["players"]] == ["human", "regular", "human"]
    back = load_session(path)
    assert back.seats == session.seats
    assert back.seats[1].kind == "regular" and not back.seats[1].human


def test_a_version_1_record_upgrades_to_people_with_an_exact_slingshot() -> None:
    raw = json.loads((DATA / "game-four-players-unfinished.json").read_text())
    assert raw["version"] == 1 and "kind" not in raw["players"][0]
    session = session_from_dict(raw, "old.json")
    assert all(s.kind == "human" for s in session.seats)
    assert all(s.hand is HandLevel.STEADY and s.input is Input.SLINGSHOT for s in session.seats)
    assert session.to_dict()["version"] == RECORD_VERSION


def test_a_slingshot_is_spoiled_by_the_hand_and_the_same_after_resume(tmp_path: Path) -> None:
    session = Session(preset("classic"), RuleOptions(), seats(), seed=11)
    meant = Flick(0, math.radians(80), 3.0)
    made = session.made_flick(0, meant)
    assert made != meant and made.cap == 0
    assert session.made_flick(0, meant) == made  # drawn from the game's seed and the shot's place
    path = tmp_path / "g.json"
    session.save(path)
    assert load_session(path).made_flick(0, meant) == made
    # a computer player's flick and a flicked gesture are already the shot made
    assert session.made_flick(1, meant) == meant
    assert session.made_flick(2, meant) == meant


def test_a_resumed_game_can_tell_its_story_again() -> None:
    session = session_from_dict(
        json.loads((DATA / "game-two-players-finished.json").read_text()), "g.json"
    )
    story = session.replay_events()
    assert len(story) == len(session.actions) > 0
    assert [a for a, _ in story] == session.actions
    assert any(events for _, events in story)
