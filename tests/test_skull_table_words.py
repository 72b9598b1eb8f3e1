"""What the Skull table shows and says at a challenge's end: Win Markers that are never taken for a
Skull, sentences a player reads without stumbling, a header that says what the round still waits
for, and Enter turning the one stack there is to turn."""

from __future__ import annotations

import pygame

from cards.skull import Phase, SkullOptions, SkullState
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.carddraw import SKULL_PAPER
from skully_game.scenes.skull.table import SkullTable, TableSeat
from tests.ui_helpers import key, make_app

NAMES = ["You", "Anne", "Calico"]


def _near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(x - y) <= 3 for x, y in zip(a, b, strict=True))


def _round(*actions: str, seed: int = 3) -> SkullState:
    """Three players, one deck; the first round played as given after everyone's first card."""
    state = SkullState(SkullOptions(players=3), seed, record=True)
    for action in actions:
        state.apply_action(action)
    return state


def _skull(state: SkullState, seat: int) -> str:
    return next(c for c in state.hands[seat] if c.startswith("K"))


def _flower(state: SkullState, seat: int) -> str:
    return next(c for c in state.hands[seat] if not c.startswith("K"))


def _own_skull_round() -> SkullState:
    """Seat 0 (round 1's starter) lays its Skull, bids 1 and turns it."""
    state = _round()
    state.apply_action(f"PLACE:{_skull(state, 0)}")
    for seat in (1, 2):
        state.apply_action(f"PLACE:{_flower(state, seat)}")
    for action in ("BID:1", "PASS", "PASS", "FLIP:0"):
        state.apply_action(action)
    assert state.phase is Phase.DISCARD
    return state


def _other_skull_round() -> SkullState:
    """Seat 0 bids 2 on its Flower and turns Anne's Skull."""
    state = _round()
    state.apply_action(f"PLACE:{_flower(state, 0)}")
    state.apply_action(f"PLACE:{_skull(state, 1)}")
    state.apply_action(f"PLACE:{_flower(state, 2)}")
    for action in ("BID:2", "PASS", "PASS", "FLIP:0", "FLIP:1"):
        state.apply_action(action)
    assert state.phase is Phase.DRAW and state.skull_owner == 1
    return state


def test_a_spare_king_dealt_as_a_win_marker_is_not_drawn_as_a_skull() -> None:
    """The seed deals the Win Markers at random from what is left, so with one deck and three
    players the fourth King can be one; face up beside a stack it must not look like a Skull."""
    make_app()
    state = SkullState(SkullOptions(players=3), 16)
    seat, king = next(
        (p, m) for p, pair in enumerate(state.markers) for m in pair if m.startswith("K")
    )
    spot = next(s for s in GAME.spots(state, 0, NAMES) if s.seat == seat)
    mark = next(m for m in spot.marks if m is not None and king in m)
    marker_face = GAME.card_image(mark, 0.5)
    skull_face = GAME.card_image(king, 0.5)
    colours = {tuple(marker_face.get_at((x, y)))[:3] for x in range(20, 30) for y in range(20, 30)}
    assert not any(_near(c, SKULL_PAPER) for c in colours), "a Win Marker on the Skull's paper"
    w, h = marker_face.get_size()
    centre = [tuple(marker_face.get_at((x, h // 2 - 4)))[:3] for x in range(w)]
    skull_centre = [tuple(skull_face.get_at((x, h // 2 - 4)))[:3] for x in range(w)]
    assert centre != skull_centre, "the King marker shows the skull picture"
    assert "Win Marker" in GAME.card_words(mark) and "Skull" not in GAME.card_words(mark)


def test_a_skull_in_a_hand_or_a_stack_keeps_its_skull_picture() -> None:
    make_app()
    colours = {tuple(GAME.card_image("KH", 0.5).get_at((x, 25)))[:3] for x in range(15, 30)}
    assert any(_near(c, SKULL_PAPER) for c in colours)  # smooth-scaled: within a shade


def test_hitting_ones_own_skull_reads_as_a_sentence() -> None:
    state = _own_skull_round()
    mine = GAME.log(state, 0, NAMES)
    assert "A Skull! Your own Skull: you lose a card of your choice" in mine
    theirs = GAME.log(state, 1, ["Al", "Anne", "Calico"])
    assert "A Skull! Al's own Skull: Al loses a card of their choice" in theirs
    banners = [getattr(h, "words", "") for h in GAME.happenings(state, 0, ["Al", "Bea", "Cy"])]
    assert "A Skull! Al's own Skull" in banners


def test_a_name_keeps_its_capitals_in_a_skull_banner() -> None:
    state = _other_skull_round()
    names = ["DeShawn", "McKay", "Calico"]
    assert "A Skull! McKay's Skull stops DeShawn" in GAME.log(state, 2, names)
    summary_state = _own_skull_round()
    summary_state.apply_action(f"DISCARD:{_flower(summary_state, 0)}")
    assert GAME.round_summary(summary_state, 0, names).title == (
        "Round 1: DeShawn's own Skull · DeShawn starts round 2"
    )


def test_the_header_says_what_the_round_still_waits_for() -> None:
    drawing = _other_skull_round()
    assert "is over" not in GAME.header(drawing, 2)
    assert GAME.header(drawing, 1) == (
        "Round 1 · your Skull stopped the Challenger: you draw one of their cards"
    )
    assert (
        GAME.header(drawing, 0)
        == "Round 1 · a Skull stopped you: its owner draws one of your cards"
    )
    assert "its owner draws one of their cards" in GAME.header(drawing, 2)
    choosing = _own_skull_round()
    assert GAME.header(choosing, 0) == "Round 1 · you hit your own Skull and choose a card to lose"
    assert "the Challenger hit their own Skull and chooses a card to lose" in GAME.header(
        choosing, 1
    )
    choosing.apply_action(f"DISCARD:{_flower(choosing, 0)}")
    assert GAME.header(GAME.round_end_view(choosing), 0) == "Round 1 is over"


def test_the_drawn_card_beside_the_log_says_what_it_is() -> None:
    state = _other_skull_round()
    state.apply_action("DRAW:0")
    (view,) = GAME.private_views(state, 1)
    assert view.title == (
        "The card you drew from a beaten Challenger: out of the game, and only you know it"
    )


def test_enter_turns_the_challengers_own_stack_when_it_is_the_only_one_to_turn() -> None:
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    options = SkullOptions(players=3)
    seats = [TableSeat("You", "human"), TableSeat("Anne", "cautious"), TableSeat("Bo", "bold")]
    table = SkullTable(app, Match(GAME, options, 4, seats))
    app.stack.push(table)
    table.act(f"PLACE:{_flower(table.state, 0)}")  # seat 0 starts the first round
    table.run_bots_now()
    table.settle()
    assert table.state.phase is Phase.PLACE and table.state.current_player() == 0
    table.act(f"BID:{table.state.on_table()}")  # every card: the challenge begins at once
    table.settle()
    assert [p.spot.action for p in table.choosable_spots()] == ["FLIP:0"]
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.flipped[0] == 1, "Enter did not turn the outlined stack"


def test_a_challenges_result_lies_on_its_own_panel_in_the_middle(monkeypatch):
    """With no pile of cards to sit under, the result goes in the middle of the table on a
    panel (at 1024x640 it lay over the bottom-left seat's stack)."""
    from skully_game.scenes.cardtable.game import Taken
    from skully_game.shell import theme

    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    seats = [TableSeat("You", "human"), TableSeat("Anne", "cautious"), TableSeat("Bo", "bold")]
    table = SkullTable(app, Match(GAME, SkullOptions(players=3), 4, seats))
    app.stack.push(table)
    words = "A Skull! Anne's Skull stops Bo"
    table.shown = Taken((), None, words)
    drawn: list[tuple[str, tuple[int, int]]] = []
    panels: list[pygame.Rect] = []
    real_text, real_panel = theme.text, theme.panel
    monkeypatch.setattr(
        theme,
        "text",
        lambda s, m, pos, *a, **k: (drawn.append((m, pos)), real_text(s, m, pos, *a, **k))[1],
    )
    monkeypatch.setattr(
        theme, "panel", lambda s, r, *a: (panels.append(r), real_panel(s, r, *a))[1]
    )
    table.draw(app.screen, 1.0)
    (at,) = [pos for text, pos in drawn if text == words]
    (panel,) = [r for r in panels if r.collidepoint(at)]
    assert at == table.lay().pile.center
    for spot in table.spot_layout():  # every stack clear of it
        assert not panel.colliderect(spot.rect)


# ---- every number with its word, and words that agree with what lies on the table -----------


def _table_at(state: SkullState, size: tuple[int, int] = (1280, 800)) -> tuple[object, SkullTable]:
    """A table with one person (seat 0) showing `state` (made with the same seed), settled."""
    app = make_app(size)
    app.stack.push(MenuScene(app))
    seats = [TableSeat(n, "human" if i == 0 else "cautious") for i, n in enumerate(NAMES)]
    table = SkullTable(app, Match(GAME, state.options, state.seed, seats))
    table.match.state = GAME.replay(table.state, state.history())
    table.forget_shown()
    table.relayout()
    app.stack.push(table)
    return app, table


class Texts:
    """Every line of text drawn, with where it went."""

    def __init__(self, monkeypatch) -> None:
        from skully_game.shell import theme

        self.drawn: list[tuple[str, pygame.Rect]] = []
        real = theme.text

        def text(surface, message, *args, **kw):
            rect = real(surface, message, *args, **kw)
            self.drawn.append((message, rect))
            return rect

        monkeypatch.setattr(theme, "text", text)

    def lines(self) -> list[str]:
        return [m for m, _ in self.drawn]


def _finished_with_one_out() -> tuple[SkullState, int]:
    """A whole game of computer players in which one seat lost all its cards and the game went
    on without it (the first such seed)."""
    import random

    from cards.skull import make_bot

    for seed in range(60):
        state = SkullState(SkullOptions(players=3), seed, record=True)
        bots = [make_bot(n, random.Random(seed * 10 + p)) for p, n in
                enumerate(("bold", "bluffer", "random"))]  # fmt: skip
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
        out = [p for p in range(3) if not state.hands[p]]
        if len(out) == 1 and state.won[state.winner] == 2:
            return state, out[0]
    raise AssertionError("no game with one seat out")


def test_game_over_lists_a_player_who_is_out_apart(monkeypatch) -> None:
    """The report: a player out was ranked '2.' with a player still in. Out players get no
    place: they come last, each with the round they went out in."""
    state, out = _finished_with_one_out()
    went = next(
        i for i, e in enumerate(state.events) if getattr(e, "seat", None) == out and
        type(e).__name__ == "PlayerOut"
    )  # fmt: skip
    rounds = sum(1 for e in state.events[:went] if type(e).__name__ in ("ChallengeWon",
                 "SkullFound"))  # fmt: skip
    assert GAME.out_of_game(state, NAMES) == {out: f"lost all cards in round {rounds}"}
    app, table = _table_at(state)
    texts = Texts(monkeypatch)
    table.draw(app.screen, 1.0)
    lines = texts.lines()
    assert f"Out: {NAMES[out]} (lost all cards in round {rounds})" in lines
    ranked = [line for line in lines if line[:1].isdigit() and ". " in line]
    assert len(ranked) == 2 and not any(NAMES[out] in line for line in ranked)
    assert ranked[0] == f"1. {NAMES[state.winner]}" and ranked[1].startswith("2. ")


def test_game_over_ranks_ties_among_the_players_still_in(monkeypatch) -> None:
    from skully_game.scenes.cardtable import panels

    make_app()
    texts = Texts(monkeypatch)
    names = ["Al", "Bea", "Cy", "Di", "Ed"]
    panels.draw_game_over(
        pygame.Surface((900, 600)),
        pygame.Rect(50, 20, 700, 400),
        [0],
        [2, 0, 1, 0, 1],
        names,
        ("Win Marker", "Win Markers"),
        out={4: "lost all cards in round 6", 2: "lost all cards in round 3"},
    )
    ranked = [line for line in texts.lines() if line[:1].isdigit() and ". " in line]
    assert ranked == ["1. Al", "2. Bea", "2. Di"]
    outs = [line for line in texts.lines() if line.startswith("Out: ")]
    assert outs == ["Out: Ed (lost all cards in round 6)", "Out: Cy (lost all cards in round 3)"]


def test_the_win_marker_words_agree_with_the_markers_shown() -> None:
    """The report: 'no Win Marker yet' beside two Win Marker cards lying face up."""
    state = _round()
    for seat in (0, 1, 2):
        state.apply_action(f"PLACE:{_flower(state, seat)}")
    assert GAME.seat_lines(state, 0, 1)[1] == "Markers won: 0 of 2"
    for action in ("BID:2", "PASS", "PASS", "FLIP:0", "FLIP:1"):
        state.apply_action(action)
    assert state.won[0] == 1
    for seat in range(3):
        won = state.won[seat]
        spot = next(s for s in GAME.spots(state, 2, NAMES) if s.seat == seat)
        assert spot.marks.count(None) == won  # turned face down, one per Win Marker won
        assert len(spot.marks) == 2
        assert GAME.seat_lines(state, 2, seat)[1] == f"Markers won: {won} of 2"
    lines = [line for s in range(3) for line in GAME.seat_lines(state, 0, s)]
    assert not any("no Win Marker" in line for line in lines)


def test_seat_lines_label_every_number() -> None:
    """The report: '4 cards' and '3' stood bare. Each number now says what it counts."""
    state = _round()
    for seat in (0, 1, 2):
        state.apply_action(f"PLACE:{_flower(state, seat)}")
    assert GAME.seat_lines(state, 0, 1)[0] == "4 cards · 3 in hand"
    assert GAME.hand_size(state, 0, 1) == 3  # the count in the seat's corner, named here
    assert GAME.choice_tip("BID:3") == "Bid 3: turn 3 cards without a Skull"  # the buttons
    assert GAME.choice_tip("BID:1") == "Bid 1: turn 1 card without a Skull"
    state.apply_action("BID:2")
    state.apply_action("PASS")
    assert GAME.seat_lines(state, 0, 0)[0] == "4 cards · bid 2"
    assert GAME.seat_lines(state, 0, 1)[0] == "4 cards · passed"
    assert GAME.seat_lines(state, 0, 2)[0] == "4 cards · 3 in hand"


def test_a_won_round_is_said_in_good_grammar() -> None:
    state = _round()
    for seat in (0, 1, 2):
        state.apply_action(f"PLACE:{_flower(state, seat)}")
    for action in ("BID:1", "PASS", "PASS", "FLIP:0"):
        state.apply_action(action)
    assert GAME.round_summary(state, 0, NAMES).title == (
        "Round 1: You turn over 1 Flower · You start round 2"
    )
    assert GAME.round_summary(state, 0, ["Bea", "Anne", "Cy"]).title == (
        "Round 1: Bea turns over 1 Flower · Bea starts round 2"
    )
    for seat in (0, 1, 2):  # round 2: Bea starts again, bids 2 and makes it
        state.apply_action(f"PLACE:{_flower(state, seat)}")
    for action in ("BID:2", "PASS", "PASS", "FLIP:0", "FLIP:1"):
        state.apply_action(action)
    assert GAME.round_summary(state, 1, ["Bea", "Anne", "Cy"]).title == (
        "Round 2: Bea turns over 2 Flowers"
    )


def test_each_stack_shows_its_count_and_says_it_in_words() -> None:
    state = _round()
    state.apply_action(f"PLACE:{_flower(state, 0)}")
    state.apply_action(f"PLACE:{_flower(state, 1)}")
    state.apply_action(f"PLACE:{_skull(state, 2)}")
    state.apply_action(f"PLACE:{_flower(state, 0)}")
    state.apply_action(f"PLACE:{_flower(state, 1)}")
    spots = {s.seat: s for s in GAME.spots(state, 0, ["You", "Bea", "Anne"])}
    assert [spots[p].badge for p in range(3)] == ["2", "2", "1"]
    assert spots[1].tip == "Bea's stack: 2 cards face down; turned from the top"
    assert spots[2].tip == "Anne's stack: 1 card face down; turned from the top"
    assert spots[0].tip == "Your stack: 2 cards face down; turned from the top"
    assert spots[1].marks_tip == "Bea's Win Markers: none won yet; a challenge won turns one down"
    state.apply_action(f"PLACE:{_flower(state, 2)}")
    for action in ("BID:4", "PASS", "PASS", "FLIP:0", "FLIP:0"):
        state.apply_action(action)
    seen = {s.seat: s for s in GAME.spots(state, 0, ["You", "Bea", "Anne"])}
    turned = seen[0]
    assert turned.badge == "" and turned.tip == "Your stack: 2 cards turned over"
    assert seen[1].tip == "Bea's stack: 2 cards face down; click to turn its top card"
    state.apply_action("FLIP:1")
    seen_by_anne = {s.seat: s for s in GAME.spots(state, 2, ["Al", "Bea", "Anne"])}
    assert seen_by_anne[1].badge == "1"
    assert (
        seen_by_anne[1].tip == "Bea's stack: 1 card face down, 1 turned over; turned from the top"
    )


def test_pointing_at_a_stack_shows_its_tooltip_clear_of_the_seats(monkeypatch) -> None:
    from skully_game.shell.scripted import ev

    state = _round()
    for seat in (0, 1, 2):
        state.apply_action(f"PLACE:{_flower(state, seat)}")
    state.apply_action(f"PLACE:{_flower(state, 0)}")
    state.apply_action(f"PLACE:{_flower(state, 1)}")
    for size in ((1280, 800), (1024, 640)):
        app, table = _table_at(state, size)
        for seat, words in ((1, "Anne's stack: 2 cards face down; turned from the top"),
                            (0, "Your stack, face down: a Flower on top, then a Flower")):  # fmt: skip
            spot = next(p for p in table.spot_layout() if p.spot.seat == seat)
            at = spot.stack_rect().center
            app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
            box = _tip_box(monkeypatch, app, table, words)
            assert table.lay().table.contains(box)
            assert box.collidelist(list(table.seat_rects().values())) < 0, (size, seat)
            assert not box.colliderect(spot.stack_rect())


def _tip_box(monkeypatch, app, table, words: str) -> pygame.Rect:
    """Where the tooltip with `words` was drawn."""
    from skully_game.shell import theme

    blits: list[pygame.Rect] = []
    made: list[pygame.Surface] = []
    real = theme.rendered

    def rendered(message, *args, **kw):
        img = real(message, *args, **kw)
        if message == words:
            made.append(img)
        return img

    monkeypatch.setattr(theme, "rendered", rendered)
    screen = app.screen
    real_blit = type(screen).blit

    class Watch(pygame.Surface):
        def blit(self, source, dest, *args, **kw):  # type: ignore[override]
            rect = real_blit(self, source, dest, *args, **kw)
            if any(source is img for img in made):
                blits.append(rect)
            return rect

    watched = Watch(screen.get_size())
    table.draw(watched, 1.0)
    monkeypatch.setattr(theme, "rendered", real)
    assert blits, f"no tooltip {words!r}"
    return blits[-1].inflate(12, 8)


def test_the_words_about_a_card_keep_clear_of_ones_own_stack(monkeypatch) -> None:
    """The report: pointing at a card of one's hand while the bid buttons show wrote its words
    across one's own stack. Three cards down (the tallest stack with a card still in hand)."""
    from skully_game.shell.scripted import ev

    state = _round()
    for seat in (0, 1, 2):
        state.apply_action(f"PLACE:{_flower(state, seat)}")
    state.apply_action(f"PLACE:{_flower(state, 0)}")
    state.apply_action(f"PLACE:{_flower(state, 1)}")
    state.apply_action(f"PLACE:{_flower(state, 2)}")
    state.apply_action(f"PLACE:{_flower(state, 0)}")
    state.apply_action("BID:2")  # Anne opens; Calico passes: the person is asked to raise
    state.apply_action("PASS")
    assert state.current_player() == 0 and len(state.stacks[0]) == 3
    for size in ((1280, 800), (1024, 640)):
        app, table = _table_at(state, size)
        assert table.choice_buttons and table.my_turn()
        code, rect, _ = table.hand_layout()[0]
        app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        texts = Texts(monkeypatch)
        table.draw(app.screen, 1.0)
        words = GAME.card_words(code)
        hint = [r for m, r in texts.drawn if m.startswith(words) or "bidding has begun" in m]
        assert hint, "the card's words were not drawn"
        mine = next(p for p in table.spot_layout() if p.spot.seat == 0)
        box = table.seat_rects()[0]
        buttons = [b.rect for b in table.choice_buttons]
        prompt = next(r for m, r in texts.drawn if m.startswith("Raise the bid"))
        for r in hint:
            assert not r.colliderect(mine.rect), size
            assert not r.colliderect(box) and not r.colliderect(prompt), size
            assert r.collidelist(buttons) < 0 and table.lay().table.contains(r), size


def test_the_round_summary_fits_every_cell_at_1024x640(monkeypatch) -> None:
    """Columns as wide as their words: at 1024x640 the summary cut '1 Flower, Skull' short."""
    state = _round()
    state.apply_action(f"PLACE:{_flower(state, 0)}")
    state.apply_action(f"PLACE:{_flower(state, 1)}")
    state.apply_action(f"PLACE:{_skull(state, 2)}")
    state.apply_action(f"PLACE:{_flower(state, 0)}")
    state.apply_action(f"PLACE:{_flower(state, 1)}")
    state.apply_action(f"PLACE:{_flower(state, 2)}")
    for action in ("BID:6", "FLIP:0", "FLIP:0", "FLIP:2", "FLIP:2"):
        state.apply_action(action)
    assert state.phase is Phase.DRAW
    app, table = _table_at(state, (1024, 640))
    table.show_summary(0)
    texts = Texts(monkeypatch)
    table.draw(app.screen, 1.0)
    lines = texts.lines()
    summary = GAME.round_summary(state, 0, NAMES)
    cells = {cell for row in summary.rows for cell in row if cell}
    assert "1 Flower, Skull" in cells
    assert cells <= set(lines), cells - set(lines)  # each whole, none cut short


def test_eight_stacks_round_the_middle_lie_clear_of_each_other_at_1024x640() -> None:
    """Eight seats crowd the stacks onto a ring in the middle: spaced along its rim, no stack
    or name lies on another (equal angles put Anne's stack on Calico's name)."""
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
    seats = [TableSeat(n, "human" if i == 0 else "random") for i, n in enumerate(names)]
    table = SkullTable(app, Match(GAME, SkullOptions(players=8, decks=3), 4, seats))
    app.stack.push(table)
    table.run_bots_now()
    placed = table.spot_layout()
    assert len(placed) == 8 and all(p.spot.note for p in placed)  # the ring (names), not in front
    for k, item in enumerate(placed):
        for other in placed[k + 1 :]:
            assert not item.rect.colliderect(other.rect), (item.spot.seat, other.spot.seat)
        assert item.rect.collidelist(list(table.seat_rects().values())) < 0


def test_a_word_bubble_never_covers_the_prompt_line() -> None:
    """At 1024x640 a "Bid 3" bubble under the bottom seat hid "Bea:" of the prompt."""
    for size in ((1024, 640), (1280, 800)):
        app = make_app(size)
        app.stack.push(MenuScene(app))
        seats = [TableSeat("You", "human"), TableSeat("Anne", "cautious"), TableSeat("Bo", "bold")]
        table = SkullTable(app, Match(GAME, SkullOptions(players=3), 4, seats))
        app.stack.push(table)
        table_rect = table.lay().table
        prompt = pygame.Rect(table_rect.x, table.prompt_y(), table_rect.w, 30)
        for seat in range(3):
            bubble = table.bubble_rect(seat, (60, 26))
            assert bubble is not None and not bubble.colliderect(prompt), (size, seat)
