"""The shared card table with Skull King at it: hidden information never leaks between people at
one desk, every unfinished game can be resumed, keys never leave without asking, and the
defects found by playing the Skull King table stay fixed."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace

import pygame
import pytest

from cards.skull_king import RoundPlan, Scoring, SkullKingOptions, SkullKingState, describe
from cards.skull_king import events as ev
from cards.skull_king.cards import FULL_DECK
from cards.skull_king.words import event_words
from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.cardtable.prefs import prefs_path
from skully_game.scenes.cardtable.table import CardReplay, CardTable
from skully_game.scenes.cardtable.words import plural, winners_line
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.resume import ResumeScene, unfinished_games
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.setup import CANNONBALL_NOTE, SkullKingSetup
from skully_game.scenes.skull_king.table import SkullKingReplay, SkullKingTable, TableSeat
from skully_game.shell import theme
from skully_game.shell.dialogs import ConfirmDialog
from tests.ui_helpers import click, key, make_app, take_pass_screen
from tests.ui_helpers import ev as event

UNIQUE = {code for code, n in Counter(FULL_DECK).items() if n == 1}


class Spy:
    """Every line of text and every card face the table draws."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        self.cards: list[str] = []
        real_rendered = theme.rendered
        real_card = GAME.card_image

        def rendered(message: str, *args, **kw):
            self.texts.append(message)
            return real_rendered(message, *args, **kw)

        def card_image(code: str, *args, **kw):
            self.cards.append(code)
            return real_card(code, *args, **kw)

        monkeypatch.setattr(theme, "rendered", rendered)
        monkeypatch.setattr(GAME, "card_image", card_image)

    def clear(self) -> None:
        self.texts.clear()
        self.cards.clear()


def new_table(app, kinds, seed=3, **options) -> SkullKingTable:
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    match = Match(
        GAME,
        SkullKingOptions(players=len(kinds), **options),
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    return table


def secrets_of_others(table: CardTable, viewer: int) -> set[str]:
    """The unique cards in every other hand now: nothing of them may be drawn for `viewer`."""
    state = table.state
    out = set()
    for seat in range(state.num_players):
        if seat != viewer:
            out |= set(state.hands[seat]) & UNIQUE
    return out


def test_hot_seat_spy_nothing_of_a_hand_survives_a_change_of_viewer(monkeypatch):
    """Three people at one desk play tricks, hovering and clicking cards; between the pass screen
    to one person and the next pass screen, no card or word of another hand is drawn."""
    app = make_app()
    app.stack.push(MenuScene(app))
    table = new_table(app, ["human", "human", "human"], seed=11, pirate_powers=True)
    spy = Spy(monkeypatch)
    rng = random.Random(5)
    passes = 0
    for _ in range(120):
        if table.state.round_index >= 3 or table.over():
            break
        table.settle()
        if table.passing is not None:
            spy.clear()
            app.run_frames(2)
            trick = {code for _, code in table.state.trick}  # the public table under it
            assert set(spy.cards) <= trick, "a pass screen shows only the trick on the table"
            assert not set(spy.cards) & set().union(*map(set, table.state.hands))
            take_pass_screen(app, table)
            passes += 1
            continue
        viewer = table.viewer
        hidden = secrets_of_others(table, viewer)
        words = {describe(c) for c in hidden}
        spy.clear()
        app.run_frames(1)  # the first look, before the pointer moves
        for code, rect, _ in table.hand_layout():  # hover every card, click the unplayable
            app.dispatch(event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0,) * 3))
            app.run_frames(1)
            if not table.playable(code):
                click(app, rect.center)
                app.run_frames(1)
        legal = table.state.legal_actions()
        app.run_frames(1)
        # the public log names cards played in earlier rounds: each round deals a new shuffle
        public = " | ".join(table.game.log(table.state, None, table.names))
        leaked = (set(spy.cards) & hidden) | {
            t
            for t in spy.texts
            for w in words
            if re.search(rf"\b{w}\b", t, re.IGNORECASE) and t.strip() not in public
        }
        assert not leaked, f"drawn for {table.names[viewer]}: {leaked}"
        table.act(rng.choice(legal))
    assert passes >= 10


def test_with_one_person_hover_text_never_names_a_card_no_longer_held(monkeypatch):
    app = make_app()
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=4)
    spy = Spy(monkeypatch)
    for _ in range(40):
        table.run_bots_now()
        if table.state.phase.value == "play" and table.state.current_player() == 0:
            break
        table.act(table.state.legal_actions()[0])
    code, rect, _ = next((c, r, a) for c, r, a in table.hand_layout() if table.playable(c))
    app.dispatch(
        event(pygame.MOUSEMOTION, pos=rect.move(0, -18).center, rel=(0, 0), buttons=(0,) * 3)
    )
    assert table.hover == code
    click(app, rect.move(0, -18).center)
    spy.clear()
    app.run_frames(3)
    assert not [t for t in spy.texts if "not in your hand" in t]
    assert not [
        t for t in spy.texts if t.startswith(describe(code)[:1].upper() + describe(code)[1:])
    ]


@pytest.mark.parametrize("pace", list(Pace))
def test_each_computer_move_stays_on_show_for_the_chosen_pace(pace):
    """A person can follow the computer players: no two of their moves come closer together
    (in the table's own time) than the pace chosen at setup."""
    app = make_app()
    table = new_table(app, ["human", "random", "random"], seed=5)
    table.match.pace = pace
    table.act(table.state.legal_actions()[0])  # the person bids; the computers follow
    moves, last, waits = len(table.state.history()), app.game_time, []
    for _ in range(3000):
        app.run_frames(1)
        if len(table.state.history()) != moves:
            waits.append(app.game_time - last)
            moves, last = len(table.state.history()), app.game_time
        if table.state.current_player() == 0 and table.my_turn():
            break
    assert len(waits) >= 2 and min(waits) >= pace.move


def test_a_card_clicked_while_bidding_says_to_bid_first():
    app = make_app()
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=4)
    table.run_bots_now()
    assert table.my_turn() and table.state.phase.value == "bid"
    code, rect, _ = table.hand_layout()[0]
    click(app, rect.center)
    assert table.notice == f"{GAME.card_words(code)}: cards are played once everyone has bid"


def test_at_one_desk_the_trick_and_the_summary_show_before_the_next_pass_screen(monkeypatch):
    """The person who ends a trick sees it taken (and the round's summary) before the screen
    is passed to the next person."""
    app = make_app()
    table = new_table(app, ["human", "human"], seed=3, greybeard=False)
    spy = Spy(monkeypatch)
    for _ in range(200):
        table.settle()
        table.reveal()
        state = table.state
        seat, tricks = state.current_player(), len(state.tricks)
        table.act(state.legal_actions()[0])
        ended = len(table.state.tricks) != tricks or table.state.round_index != state.round_index
        if ended and table.state.current_player() not in (seat, None):
            break
    assert table.passing is None, "no pass screen over the trick just taken"
    spy.clear()
    for _ in range(600):
        app.run_frames(1)
        if table.passing is not None:
            break
    assert any(t.startswith("Trick to") for t in spy.texts)
    assert table.passing is not None and table.summary is None


def test_two_people_get_a_pass_screen_at_the_start_and_after_resume():
    app = make_app()
    table = new_table(app, ["human", "heuristic", "human"])
    assert table.passing is not None
    table.match.save()
    again = SkullKingTable(app, Match.load(GAME, table.match.path))
    assert again.passing is not None and again.hand_layout() == []


def test_every_unfinished_game_is_listed_and_each_opens(tmp_path):
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat

    app = make_app()
    app.stack.push(MenuScene(app))
    tables = [
        new_table(app, kinds) for kinds in (["human", "random"], ["human"] * 3, ["human"] * 4)
    ]
    for table in tables:
        table.run_bots_now()
        table.act(table.game.legal(table.state)[0])  # a person's move: a game worth keeping
        table.match.save()
    app.stack.clear()
    skully = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=2))
    skully.save()
    app.stack.clear()
    app.stack.push(MenuScene(app))
    found, _ = unfinished_games()
    paths = {u.path for u in found}
    assert {t.match.path for t in tables} <= paths and skully.path in paths
    menu = app.stack.top
    resume = next(w for w in menu.widgets.widgets if w.label == "Resume game")
    click(app, resume.rect.center)
    listing = app.stack.top
    assert isinstance(listing, ResumeScene)
    rows = [w for w in listing.widgets.widgets if ":" in w.label]
    assert len(rows) == len(found) >= 4
    opened = []
    for k in range(len(rows)):
        if k:  # the game opened took the list's place: leaving it is back at the menu
            click(
                app, next(w for w in menu.widgets.widgets if w.label == "Resume game").rect.center
            )
            listing = app.stack.top
        row = [w for w in listing.widgets.widgets if ":" in w.label][k]
        click(app, row.rect.center)
        top = app.stack.top
        opened.append(type(top).__name__)
        if isinstance(top, CardTable):
            assert top.match.path == listing.games[k].path
        assert listing not in app.stack.scenes
        app.stack.pop()
        assert app.stack.top is menu
    assert opened.count("SkullKingTable") == 3 and opened.count("SkullyGameScene") == 1


def test_a_resume_row_keeps_its_date_and_moves_when_the_names_are_long():
    app = make_app((1024, 640))
    seats = [TableSeat(f"Bartholomew{i}", "human" if i == 0 else "random") for i in range(8)]
    match = Match(GAME, SkullKingOptions(players=8), 4, seats)
    match.save()
    listing = ResumeScene(app)
    row = next(w for w in listing.widgets.widgets if w.label.startswith("Skull King"))
    assert re.match(
        r"Skull King, saved \d\d \w+ \d\d:\d\d: Round 1 of 10, bidding · no points yet · "
        r"Bartholomew0 to bid · 0 moves · Barth",
        row.label,
    )


def test_the_resume_lists_arrows_go_from_game_to_game_and_across_to_delete():
    app = make_app()
    for seed in (4, 5, 6):
        seats = [TableSeat("Me"), TableSeat("Anne", "random")]
        Match(GAME, SkullKingOptions(players=2), seed, seats).save()
    listing = ResumeScene(app)
    app.stack.push(listing)

    def focused() -> tuple[int, str]:
        widgets = listing.widgets.widgets
        at = listing.widgets.focus
        return at // 2, widgets[at].label

    assert focused()[0] == 0 and focused()[1].startswith("Skull King")
    app.dispatch(key(pygame.K_DOWN))  # the next game, not this game's Delete
    assert focused()[0] == 1 and focused()[1].startswith("Skull King")
    app.dispatch(key(pygame.K_RIGHT))
    assert focused() == (1, "Delete")
    app.dispatch(key(pygame.K_DOWN))
    assert focused() == (2, "Delete")
    app.dispatch(key(pygame.K_LEFT))
    app.dispatch(key(pygame.K_UP))
    assert focused()[0] == 1 and focused()[1].startswith("Skull King")
    app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_DOWN))  # past the last game: the buttons under the list
    assert listing.widgets.widgets[listing.widgets.focus].label == "Back"
    app.dispatch(key(pygame.K_UP))  # back up: the last game, not its Delete
    assert focused()[0] == 2 and focused()[1].startswith("Skull King")
    assert not any(isinstance(s, ConfirmDialog) for s in app.stack.scenes)


def test_the_resume_lists_pages_say_newer_and_older():
    app = make_app((1024, 640))
    for seed in range(12):
        Match(
            GAME, SkullKingOptions(players=2), seed, [TableSeat("Me"), TableSeat("Anne", "random")]
        ).save()
    listing = ResumeScene(app)
    pages = {w.label: w.enabled for w in listing.widgets.widgets if w.label in ("Newer", "Older")}
    assert pages == {"Newer": False, "Older": True}  # the newest come first


def test_two_games_left_in_the_same_minute_read_apart_in_the_resume_list():
    import os

    app = make_app()
    paths = []
    for seed in (4, 5):
        match = Match(GAME, SkullKingOptions(players=2), seed, [TableSeat("Me"), TableSeat("Anne")])
        match.save()
        paths.append(match.path)
    os.utime(paths[0], (1_800_000_000, 1_800_000_000))  # the same minute, 10 s apart
    os.utime(paths[1], (1_800_000_010, 1_800_000_010))
    listing = ResumeScene(app)
    rows = [w.label for w in listing.widgets.widgets if ":" in w.label]
    assert len(rows) == 2 and rows[0] != rows[1], rows


KEYS = (
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_ESCAPE,
)


@pytest.mark.parametrize("start", ["after a click on a button", "after a computer's move"])
def test_no_key_sequence_leaves_the_table_without_a_yes(start):
    rng = random.Random(7)
    for _ in range(60):
        app = make_app()
        app.stack.push(MenuScene(app))
        table = new_table(app, ["human", "heuristic", "heuristic"], seed=2)
        table.run_bots_now()
        if start.startswith("after a click"):
            sheet = next(w for w in table.widgets.widgets if w.label == "Score sheet")
            click(app, sheet.rect.center)
            click(app, sheet.rect.center)
            assert table.widgets.focus == -1, "a click leaves no focus behind"
        for k in [rng.choice(KEYS) for _ in range(rng.randint(1, 5))]:
            app.dispatch(key(k))
            app.run_frames(1)
        assert table in app.stack.scenes, "no key leaves without a Yes"


def test_tab_opens_and_closes_the_score_sheet_even_at_game_over():
    app = make_app()
    table = new_table(app, ["human", "random"], round_plan=RoundPlan.WHIRLPOOL)
    for _ in range(500):
        table.run_bots_now()
        if table.over():
            break
        table.act(table.state.legal_actions()[0])
    table.settle()
    assert not table.sheet, "the winner's banner is not covered at game over"
    app.dispatch(key(pygame.K_TAB))
    assert table.sheet
    app.dispatch(key(pygame.K_TAB))
    assert not table.sheet


def test_game_over_offers_the_replay_of_that_game():
    app = make_app()
    table = new_table(app, ["human", "random"], round_plan=RoundPlan.WHIRLPOOL)
    for _ in range(500):
        table.run_bots_now()
        if table.over():
            break
        table.act(table.state.legal_actions()[0])
    table.settle()
    button = next(w for w in table.widgets.widgets if w.label == "Watch the replay")
    click(app, button.rect.center)
    replay = app.stack.top
    assert isinstance(replay, CardReplay) and replay.step == 0
    assert replay.actions == table.state.history()
    app.dispatch(key(pygame.K_END))
    assert replay.state.scores == table.state.scores
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is table and table.over()


def test_game_over_names_the_winner_in_words(monkeypatch):
    app = make_app()
    table = new_table(app, ["human", "random", "random"], round_plan=RoundPlan.WHIRLPOOL)
    for _ in range(500):
        table.run_bots_now()
        if table.over():
            break
        table.act(table.state.legal_actions()[0])
    table.settle()
    spy = Spy(monkeypatch)
    app.run_frames(1)
    banner = winners_line([table.names[s] for s in table.state.winners()])
    assert banner in spy.texts
    assert winners_line(["Calico"]) == "Calico wins!" and winners_line(["You"]) == "You win!"


def test_the_log_wraps_long_lines_and_cuts_none():
    make_app()  # the fonts
    long = "Round 4 scores: Anne +10, Calico +10, Mary -40, Edward +60, Grace -20, Henry +30"
    rows = panels.wrap_log([long], 200)
    assert len(rows) > 1
    assert " ".join(r.strip() for r, _ in rows) == long


@pytest.mark.parametrize(
    "line",
    [
        "Mary takes the trick with the black Jolly Roger 8",
        "Bea draws the 8 of spades from Anne, and nobody else learns it",
        "Round 5 of 10: Mary deals 5 cards each, and Anne leads the first trick",
        "Bea turns the 9 of diamonds (own stack, 1 of 3)",
    ],
)
def test_a_wrapped_log_line_never_leaves_a_number_alone_on_a_row(line):
    """A number stays with the word before it ("Jolly Roger 8", "the 8") at every width."""
    make_app()  # the fonts
    for width in range(120, 420, 3):
        texts = [row.strip() for row, _ in panels.wrap_log([line], width)]
        assert " ".join(texts) == line  # every word, in order, with plain spaces
        for text in texts[1:]:
            assert not re.match(r"[+-]?\d", text), (width, texts)
            assert not re.match(r"of [+-]?\d", text), (width, texts)  # "1 of 3)" stays whole


def log_of(seed: int, kinds, **options) -> tuple[list[str], SkullKingState]:
    names = ["You", "Anne", "Calico", "Mary"]
    state = SkullKingState(SkullKingOptions(players=len(kinds), **options), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return GAME.log(state, 0, names), state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_log_is_written_as_a_person_would(seed):
    lines, _ = log_of(seed, [0, 1, 2], pirate_powers=True, advanced_cards=True)
    text = "\n".join(lines)
    for wrong in ("You has", "You plays", "You chooses", "You takes", "TIGRESS:", "1 cards",
                  "led: ", "You deals", "You wagers", "You looks", "as many", "; You",
                  "you leads"):  # fmt: skip
        assert wrong not in text
    assert plural(1, "card") == "1 card" and plural(2, "card") == "2 cards"
    kraken = ev.TrickDestroyed(1, ((1, "KRAKEN"), (0, "ESCAPE")), 0, 0)
    assert (
        event_words(kraken, ["You", "Anne"], None)
        == "The Kraken destroyed the trick; you lead next"
    )


def test_every_prompt_reads_after_a_name_and_every_badge_fits_a_seat():
    """'Anne: Harry lets you change your bid by one' - one colon, after the name; seat badges
    (stakes, Harry, Loot) fit in two lines of a seat box beside its 'to play'."""
    pygame.font.init()  # measured with the game's font, even when this test runs first
    phases = set()
    for seed in range(12):
        state = SkullKingState(
            SkullKingOptions(players=3, pirate_powers=True, advanced_cards=True), seed
        )
        rng = random.Random(seed)
        while not state.is_terminal():
            ask = GAME.prompt(state, state.current_player())
            assert ask and ":" not in ask, ask
            phases.add(state.phase.value)
            for seat in range(3):
                badges = " · ".join(GAME.seat_badges(state, 0, seat, ["You", "Anne", "Calico"]))
                lines = theme.wrap(badges, 15, 184 - 16 - 60)  # as a seat draws them
                assert len(lines) <= 2 and max(theme.font(15).size(t)[0] for t in lines) <= 108
            state.apply_action(rng.choice(state.legal_actions()))
    assert {"bid", "play", "rosie", "will", "wager", "adjust"} <= phases


def test_greybeard_takes_no_bonus_in_the_log_and_sits_second_in_order():
    for seed in range(1, 12):
        lines, _ = log_of(seed, [0, 1], greybeard=True)
        assert not [ln for ln in lines if ln.startswith("Greybeard") and "bonus" in ln]
    app = make_app()
    table = new_table(app, ["human", "heuristic"])
    assert table.game.table_order(table.state) == [0, 2, 1]
    rects = table.seat_rects()
    assert rects[2].x < rects[1].x, "clockwise after you: Greybeard first, then the other"


def clockwise(table: CardTable) -> list[int]:
    """The seats as they sit round the table, clockwise from the viewer (bottom left, then up
    the left side, across the top, down the right side)."""
    rects = table.seat_rects()
    me = rects[table.viewer]
    left = sorted((s for s, r in rects.items() if r.x == me.x and s != table.viewer),
                  key=lambda s: -rects[s].y)  # fmt: skip
    top = sorted((s for s, r in rects.items() if r.y == 40 and s not in left),
                 key=lambda s: rects[s].x)  # fmt: skip
    right = sorted((s for s in rects if s not in left + top + [table.viewer]),
                   key=lambda s: rects[s].y)  # fmt: skip
    return [table.viewer, *left, *top, *right]


def test_greybeard_keeps_his_seat_between_the_two_whoever_leads():
    """The seats keep their places all game (issue 40): each trick still goes from its leader,
    Greybeard second, but clockwise or anticlockwise as the lead falls."""
    app = make_app()
    table = new_table(app, ["human", "heuristic"], seed=9)
    seats = clockwise(table)
    leads = set()
    for _ in range(300):
        table.run_bots_now()
        state = table.state
        if state.round_index >= 4 or table.over():
            break
        if state.phase.value == "play" and state.current_player() == 0:
            assert clockwise(table) == seats == [0, 2, 1], "the seats never move"
            assert state.order[1] == 2 or state.order[0] == 2, "Greybeard plays second"
            leads.add(state.order[0])
        table.act(state.legal_actions()[0])
    assert {0, 1} <= leads, "both people led a trick"


def test_eight_seats_sit_clockwise_in_the_order_of_play():
    app = make_app((1024, 640))
    table = new_table(app, ["human"] + ["heuristic"] * 7)
    assert clockwise(table) == list(range(8))
    assert len({r.x for r in table.seat_rects().values()}) >= 5, "three sides of the table"


@pytest.mark.parametrize(
    ("size", "kinds"),
    [((1024, 640), ["human"] + ["heuristic", "random"] * 3 + ["heuristic"]),
     ((1280, 800), ["human", "heuristic"])],
    ids=["eight seats, small window", "Greybeard"],
)  # fmt: skip
def test_seat_names_levels_bids_and_scores_are_never_cut(monkeypatch, size, kinds):
    app = make_app(size)
    table = new_table(app, kinds, seed=8)
    spy = Spy(monkeypatch)
    for _ in range(60):
        table.run_bots_now()
        if table.state.round_index >= 3:
            break
        spy.clear()
        app.run_frames(1)
        cut = [t for t in spy.texts if t.endswith("...") and "thinking" not in t]
        assert not cut, f"cut short: {cut}"
        assert [t for t in spy.texts if t.endswith("points") or t.endswith("point")]
        table.act(table.state.legal_actions()[-1])


def test_a_rounds_last_trick_shows_that_round_until_the_next_deal(monkeypatch):
    """The last trick on show names the round it ended: no new hand, header, bids or prompt,
    no seat asked to play, no next round in the log, until the summary and the deal."""
    app = make_app()
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=6)
    for _ in range(200):
        table.run_bots_now()
        state = table.state
        here = (state.round_index, state.phase.value, len(state.tricks))
        if here == (1, "play", 1) and state.current_player() == 0:
            break
        table.act(state.legal_actions()[0])
    table.act(table.state.legal_actions()[0])  # the round's last card
    spy = Spy(monkeypatch)
    for _ in range(600):
        app.run_frames(1)
        if table.shown is not None:
            break
    assert table.shown is not None and table.state.round_index == 2
    spy.clear()
    app.run_frames(1)
    assert any(t.startswith("Round 2 of") for t in spy.texts)
    assert not [t for t in spy.texts if t.startswith(("Round 3", "Round 2 scores", "to play"))]
    assert not [t for t in spy.texts if "no bid yet" in t or "how many" in t]
    assert table.hand_layout() == [] and spy.cards == [c for _, c in table.shown.plays]
    won = sum(int(re.search(r"won (\d+)", t).group(1)) for t in spy.texts if "· won" in t)
    assert won == 2, "every trick of round 2 is counted on the seats"
    app.run_frames(120)  # the round's last trick waits for the person to go on
    assert table.summary is None and table.round_wait
    assert any(b.label == "Continue" for b in table.widgets.widgets)
    app.dispatch(key(pygame.K_RETURN))
    for _ in range(2000):
        app.run_frames(1)
        if table.summary is not None:
            break
    assert table.summary is not None and table.summary.title.startswith("Round 2 of")
    table.close_summary()
    for _ in range(600):
        app.run_frames(1)
        if not table.flights:
            break
    assert len(table.hand_layout()) == 3, "round 3's hand once its deal has flown"


@pytest.mark.parametrize("players", [2, 4])
def test_the_round_end_view_counts_every_trick_of_the_round_it_ended(players):
    """Whatever ends a round (a card, Will's discard, Harry's change, a Kraken, Greybeard's
    win), the view drawn until the next deal has that round's tricks and empty hands."""
    for seed in range(6):
        options = SkullKingOptions(players=players, pirate_powers=True, advanced_cards=True)
        state = SkullKingState(options, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            before = state.round_index
            state.apply_action(rng.choice(state.legal_actions()))
            if state.round_index == before or state.is_terminal():
                continue
            view = GAME.round_end_view(state)
            obs = view.observation(0)
            scored = [e for e in view.events if isinstance(e, ev.RoundScored)]
            assert obs.round_index == before and not GAME.hand(view, 0) and not view.trick
            deal = max(i for i, e in enumerate(view.events) if isinstance(e, ev.Dealt))
            this_round = view.events[deal:]
            lost = sum(isinstance(e, ev.TrickDestroyed | ev.TrickDiscarded) for e in this_round)
            assert sum(obs.tricks_won) + lost == obs.cards
            assert len(scored) == before, "the log stops before the round's scores"
            assert GAME.header(view, 0).startswith(f"Round {before + 1} of")


def powers_game(want) -> SkullKingState:
    """A random game with pirate powers, stopped when `want(event)` has happened."""
    for seed in range(200):
        state = SkullKingState(
            SkullKingOptions(players=3, pirate_powers=True, advanced_cards=True), seed
        )
        rng = random.Random(seed)
        while not state.is_terminal():
            seen = len(state.events)
            state.apply_action(rng.choice(state.legal_actions()))
            for e in state.events[seen:]:
                if want(e, state):
                    return state
    raise AssertionError("no game showed that power")


def test_juanita_shows_the_undealt_cards_to_her_player_only():
    state = powers_game(lambda e, s: isinstance(e, ev.UndealtSeen) and e.seat == 0)
    mine = GAME.private_views(state, 0)
    seen = next(e for e in state.events if isinstance(e, ev.UndealtSeen) and e.seat == 0)
    assert mine and mine[0].cards == seen.cards
    assert GAME.private_views(state, 1) == [] and GAME.private_views(state, 2) == []
    count = 0  # every card is counted in the lines: a number under its suit, or by name
    for line in mine[0].lines:
        head, items = line.split(": ")
        if head == "Specials":
            count += sum(int(i.split()[0]) if i[0].isdigit() else 1 for i in items.split(", "))
        else:
            count += len(items.split())
    assert count == len(seen.cards)


def test_juanitas_cards_are_drawn_for_her_player_and_for_nobody_else(monkeypatch):
    state = powers_game(lambda e, s: isinstance(e, ev.UndealtSeen) and e.seat == 0)
    app = make_app()
    seats = [TableSeat(n, "human") for n in ("Ann", "Bo", "Cy")]
    match = Match(GAME, state.options, state.seed, seats)
    match.state = state
    table = SkullKingTable(app, match)
    app.stack.push(table)
    spy = Spy(monkeypatch)
    assert table.passing is not None
    app.run_frames(1)
    assert not [t for t in spy.texts if "undealt" in t and "shows you" in t]
    for seat, shown in ((0, True), (1, False), (2, False)):
        table.passing = seat
        table.reveal()
        spy.clear()
        app.run_frames(1)
        drawn = [t for t in spy.texts if t.startswith("Juanita Jade shows you")]
        assert bool(drawn) == shown, table.names[seat]


def test_wagers_and_loot_alliances_show_on_the_seats():
    names = ["You", "Anne", "Calico"]
    state = powers_game(lambda e, s: isinstance(e, ev.WagerMade) and e.wager > 0)
    seat = next(e.seat for e in state.events if isinstance(e, ev.WagerMade) and e.wager > 0)
    assert any(b.startswith("stake") for b in GAME.seat_badges(state, 0, seat, names))
    state = powers_game(lambda e, s: isinstance(e, ev.LootAlliance))
    giver = next(e.giver for e in state.events if isinstance(e, ev.LootAlliance))
    assert any(b.startswith("Loot with") for b in GAME.seat_badges(state, 0, giver, names))
    winner = next(e.winner for e in state.events if isinstance(e, ev.LootAlliance))
    if 0 in (giver, winner) and giver != winner:
        other = winner if giver == 0 else giver
        assert "Loot with you" in GAME.seat_badges(state, 0, other, names)


def test_harrys_bid_change_shows_on_his_seat_until_the_round_is_scored():
    names = ["You", "Anne", "Calico"]
    state = powers_game(lambda e, s: isinstance(e, ev.BidChangeEarned))
    seat = next(e.seat for e in state.events if isinstance(e, ev.BidChangeEarned))
    assert any(b.startswith("Harry") for b in GAME.seat_badges(state, 0, seat, names))
    state = powers_game(lambda e, s: isinstance(e, ev.BidChanged) and e.change != 0)
    changed = next(e for e in reversed(state.events) if isinstance(e, ev.BidChanged))
    view = GAME.round_end_view(state)  # what the table draws until the next deal
    badges = GAME.seat_badges(view, 0, changed.seat, names)
    assert f"Harry: bid {changed.change:+d}" in badges
    assert f"bid {changed.new_bid}" in GAME.seat_lines(view, 0, changed.seat)[0]


def test_no_bid_prompt_while_the_last_trick_is_on_show(monkeypatch):
    app = make_app()
    table = new_table(app, ["human", "heuristic", "heuristic"])
    for _ in range(100):
        table.run_bots_now()
        if table.state.phase.value == "play" and table.state.current_player() == 0:
            break
        table.act(table.state.legal_actions()[0])
    # round 1 has one trick: after the person plays, the trick is shown before round 2's bids
    table.act(next(a for a in table.state.legal_actions()))
    spy = Spy(monkeypatch)
    for _ in range(400):
        app.run_frames(1)
        if table.shown is not None:
            break
    assert table.shown is not None
    spy.clear()
    app.run_frames(1)
    assert any(t.startswith("Trick to") or "destroyed" in t for t in spy.texts)
    assert not [t for t in spy.texts if "how many tricks" in t]
    assert table.choice_buttons == []


def test_a_replay_says_nobody_is_thinking(monkeypatch):
    app = make_app()
    table = new_table(app, ["human", "heuristic"], round_plan=RoundPlan.WHIRLPOOL)
    for _ in range(500):
        table.run_bots_now()
        if table.over():
            break
        table.act(table.state.legal_actions()[0])
    replay = SkullKingReplay(app, Match.load(GAME, table.match.path))
    app.stack.push(replay)
    spy = Spy(monkeypatch)
    for _ in range(30):
        app.dispatch(key(pygame.K_RIGHT))
        app.run_frames(1)
    assert not [t for t in spy.texts if "thinking" in t]


def test_setup_remembers_the_last_choices_and_refuses_a_bad_file():
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    setup.seats[1].kind = "strong"
    setup.options = replace(setup.options, pirate_powers=True)
    start = next(w for w in setup.widgets.widgets if w.label == "Start game")
    click(app, start.rect.center)
    again = SkullKingSetup(app)
    assert again.seats[1].kind == "strong" and again.options.pirate_powers
    prefs_path(GAME.key).write_text("{not json", encoding="utf-8")
    bad = SkullKingSetup(app)
    assert str(prefs_path(GAME.key)) in bad.message and bad.options == SkullKingOptions()


def test_cannonball_turns_on_rascal_scoring_in_words():
    app = make_app()
    setup = SkullKingSetup(app)
    setup._option("cannonball", True)
    assert setup.options.scoring is Scoring.RASCAL and setup.options.cannonball
    assert setup.message == CANNONBALL_NOTE and "=" not in setup.message
    with pytest.raises(ValueError) as refused:
        SkullKingOptions(cannonball=True)
    assert str(refused.value) == "cannonball: only with Rascal scoring"


def test_leaving_asks_and_stay_keeps_the_game():
    app = make_app()
    app.stack.push(MenuScene(app))
    table = new_table(app, ["human", "heuristic"])
    leave = next(w for w in table.widgets.widgets if w.label == "Save and leave")
    click(app, leave.rect.center)
    assert isinstance(app.stack.top, ConfirmDialog)
    app.dispatch(key(pygame.K_RETURN))
    assert app.stack.top is table


def test_the_result_box_shares_places_on_a_tie_and_cuts_a_long_name_before_its_score(monkeypatch):
    from skully_game.scenes.cardtable import panels

    make_app()
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.text

    def text(surface, message, *args, **kw):
        rect = real(surface, message, *args, **kw)
        drawn.append((message, rect))
        return rect

    monkeypatch.setattr(theme, "text", text)
    surface = pygame.Surface((600, 400))
    names = ["Ann", "Bartholomew Montgomery-Wainwright the Third", "Cy", "Di"]
    panels.draw_game_over(surface, pygame.Rect(50, 20, 440, 300), [0], [90, 93, 90, 93], names)
    lines = [m for m, _ in drawn if m[:1].isdigit() and ". " in m]
    assert [m.split(".")[0] for m in lines] == ["1", "1", "3", "3"]  # 93, 93, 90, 90
    long_line = next(r for m, r in drawn if m.startswith("1. Bartholomew"))
    score = next(r for m, r in drawn if m == "93 points")
    assert long_line.right < score.left
