"""A slimmer game contract (issue 42, section 2): what means nothing for a game has a default,
so a new game writes only what it has (a single deal: no round summary, no score sheet of
rounds, no trick pile), and self-play reports the figures a game declares (no bid accuracy for
a game without bids)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from cards.registry import game
from cards.selfplay import BotSpec, Match, run_match, summarize
from skully_game.cli.selfplay import table
from skully_game.scenes.cardtable.game import TableGame
from tests.shedding import registered


def test_a_single_deal_game_need_not_write_a_pile_a_round_summary_a_sheet_or_scores() -> None:
    assert not {"pile", "round_summary", "sheet", "scores"} & TableGame.__abstractmethods__
    with registered():
        from tests.shedding.engine.state import ShedOptions, ShedState
        from tests.shedding.scenes.adapter import GAME, ShedGame

        for name in ("pile", "round_summary", "sheet", "scores"):
            assert name not in vars(ShedGame), f"Shed still writes its own {name}"
        state = ShedState(ShedOptions(players=3), 4)
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        won = state.winners()
        assert GAME.pile(state) == []
        assert GAME.scores(state) == [1 if p in won else 0 for p in range(3)]
        sheet = GAME.sheet(state)
        assert sheet.players == (0, 1, 2) and sheet.rounds == () and sheet.step == "game"
        assert sheet.totals == tuple(GAME.scores(state)) and sheet.unit == "wins"
        summary = GAME.round_summary(state, 0, ["Ann", "Bob", "Cy"])
        assert summary.headings == ("Player", "Wins") and summary.rows[0][0] == "Ann"


def _summary(key: str, players: int, bot: str) -> dict:
    entry = game(key).entry()
    match = Match(key, entry.make_options(players, {}), 2, (BotSpec(bot, bot, {}),) * players)
    return summarize(match, run_match(match, players), 1.0)


def test_self_play_shows_bid_accuracy_only_for_a_game_with_bids() -> None:
    skull_king = _summary("skull-king", 3, "heuristic")
    assert skull_king["rates"] == ["bid_accuracy"]
    assert 0 <= skull_king["results"][0]["bid_accuracy"] <= 1
    assert "bid accuracy" in table(skull_king)
    skip_bo = _summary("skip-bo", 2, "build-first")
    assert "bid_accuracy" not in skip_bo["results"][0]
    assert "bid acc" not in table(skip_bo) and "cards per turn" in table(skip_bo)


def test_every_engine_starts_through_the_one_shared_constructor() -> None:
    """Options, seed, recorder and the replayable flag are set in cards/ once (RecordedGame);
    a game writes only its own start (`_begin`)."""
    from cards.engine import RecordedGame
    from cards.registry import GAMES

    with registered():
        for info in GAMES:
            kind = info.entry().state
            own = [k for k in kind.__mro__ if "__init__" in vars(k) and k is not RecordedGame]
            assert own[0] is not kind and "_begin" in vars(kind), f"{info.key} has its own __init__"
            state = kind(None, 3, record=True)
            assert state.options == kind.OPTIONS() and state.seed == 3 and state.recording
            assert state._replayable and state.history() == [] and state._moves == 0
            quiet = kind(kind.OPTIONS(), 3)
            assert not quiet.recording and quiet.legal_actions() == state.legal_actions()


def test_a_setup_takes_its_rows_from_the_options_fields() -> None:
    """Shed's setup names no row: the Hand row, its choices and its tooltip are its options'
    field's (cards.options.rule), and the pace's row follows."""
    from tests.ui_helpers import make_app

    with registered():
        from skully_game.scenes.menu import MenuScene
        from tests.shedding.scenes.setup import ShedSetup

        assert "option_rows" not in vars(ShedSetup) and "option_tips" not in vars(ShedSetup)
        app = make_app()
        app.stack.push(MenuScene(app))
        setup = ShedSetup(app)
        app.stack.push(setup)
        rows = setup.option_rows()
        assert [(label, name) for label, _, _, name in rows] == [
            ("Hand", "hand"),
            ("Computer pace", "pace"),
        ]
        assert rows[0][1] == [(3, "3 cards"), (4, "4 cards"), (5, "5 cards")]
        hand = next(w for w in setup.widgets.widgets if w.label == "Hand")
        assert hand.tooltip == "The cards dealt to each player"
        setup._option("hand", 3)
        add = next(w for w in setup.widgets.widgets if w.label == "Add seat")
        add.on_click()  # the person's choice stands while the seats can have it
        assert len(setup.seats) == 4 and setup.final_options().hand == 3
        assert setup.final_options().players == 4 and setup.message == ""


def test_the_seats_defaults_stand_only_where_a_choice_cannot() -> None:
    """GameEntry.fit_options, the one rule of the desk's setup and the Host page: the defaults
    for this many seats, then each choice asked for that the seats can have."""
    skull = game("skull").entry()
    options, dropped = skull.fit_options(5, {"decks": 1, "bold": True})
    assert (options.players, options.decks, options.bold, dropped) == (5, 3, True, ["decks"])
    options, dropped = skull.fit_options(4, {"decks": 1, "bold": True})
    assert (options.decks, dropped) == (1, [])
    skull_king = game("skull-king").entry()
    from cards.skull_king import Scoring

    options, dropped = skull_king.fit_options(3, {"cannonball": True, "scoring": Scoring.RASCAL})
    assert options.cannonball and options.scoring is Scoring.RASCAL and dropped == []
