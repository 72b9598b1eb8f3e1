"""The Resume list says whose turn it is, read from the save without replaying it: "Anne to
play" at a table game, "Bo to shoot" in Skully; a save written before it was kept lists as it
did, and a table save with a seat out of range is refused like any bad field."""

from __future__ import annotations

import json

import pytest

from cards.skirrid import SkirridOptions
from skully_game.core.errors import DataError
from skully_game.core.saves import list_saves
from skully_game.scenes.cardtable.match import Match, TableSeat, list_tables, read_table
from skully_game.scenes.resume import unfinished_games
from skully_game.scenes.skirrid.adapter import GAME


def _skirrid(names=("Bea", "Anne")) -> Match:
    match = Match(GAME, SkirridOptions(players=2), 5, [TableSeat(n) for n in names])
    GAME.apply(match.state, GAME.legal(match.state)[0])
    match.save()
    return match


def test_a_table_game_lists_who_is_to_play():
    match = _skirrid()
    assert json.loads(match.path.read_text())["to_play"] == 1
    entry = next(e for e in list_tables(GAME).entries if e.path == match.path)
    assert entry.detail.startswith("Anne to play · ")
    found, _ = unfinished_games()
    row = next(u for u in found if u.path == match.path)
    # where it stands, with every seat's score, then whose turn (issue 40's Resume rows)
    assert row.detail.startswith("Turn 2 · Bea 5, Anne 0 · Anne to play · ")


def test_you_read_your_turn():
    match = Match(GAME, SkirridOptions(players=2), 5, [TableSeat("You"), TableSeat("Anne")])
    match.save()
    entry = next(e for e in list_tables(GAME).entries if e.path == match.path)
    assert entry.detail.startswith("Your turn · ")


def test_an_older_table_save_lists_as_before_and_a_bad_seat_is_refused(tmp_path):
    match = _skirrid()
    data = json.loads(match.path.read_text())
    del data["to_play"]
    match.path.write_text(json.dumps(data))
    entry = next(e for e in list_tables(GAME).entries if e.path == match.path)
    assert "to play" not in entry.detail and entry.detail.endswith("1 move")
    data["to_play"] = 5
    with pytest.raises(DataError, match="to_play"):
        read_table(GAME, data, "bad.json")


def _skully(tmp_path):
    from skully_game.skully.board import preset
    from skully_game.skully.caps import CapType
    from skully_game.skully.rules import RuleOptions
    from skully_game.skully.session import Seat, Session

    seats = (Seat("Ace", CapType.CROWN, 0), Seat("Bo", CapType.CROWN, 1))
    session = Session(preset("classic"), RuleOptions(), seats, seed=1)
    session.save(tmp_path / "game.json")
    return session


def test_skully_lists_who_is_to_shoot_and_its_save_loads_back(tmp_path):
    from skully_game.skully.saves import summarize_game
    from skully_game.skully.session import RECORD_FORMAT, load_session

    session = _skully(tmp_path)
    data = json.loads((tmp_path / "game.json").read_text())
    name = session.state.players[session.state.to_play].name
    assert data["to_play"] == name
    [entry] = list_saves(tmp_path, RECORD_FORMAT, summarize_game).entries
    assert entry.value.line().startswith(f"{name} to shoot · 0 shots")
    assert load_session(tmp_path / "game.json").seats == session.seats


def test_an_older_skully_save_lists_as_before(tmp_path):
    from skully_game.skully.saves import summarize_game
    from skully_game.skully.session import RECORD_FORMAT

    _skully(tmp_path)
    data = json.loads((tmp_path / "game.json").read_text())
    del data["to_play"]
    (tmp_path / "game.json").write_text(json.dumps(data))
    [entry] = list_saves(tmp_path, RECORD_FORMAT, summarize_game).entries
    assert entry.value.line().startswith("0 shots")


def test_a_computer_to_act_is_not_named_the_game_waits_for_a_person():
    """A game saved while a computer player is next (on a round's summary a person must close,
    say) read "Calico to play": a Resume waits for a person, so no computer is named."""
    match = Match(
        GAME, SkirridOptions(players=2), 5, [TableSeat("Bea"), TableSeat("Cal", "strong")]
    )
    GAME.apply(match.state, GAME.legal(match.state)[0])
    match.save()
    assert GAME.to_act(match.state) == 1
    assert "to_play" not in json.loads(match.path.read_text())
    entry = next(e for e in list_tables(GAME).entries if e.path == match.path)
    assert "to play" not in entry.detail
