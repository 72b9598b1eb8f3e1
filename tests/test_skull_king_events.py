"""Typed events: a table can write every log line and animation from them, and none leaks a hand."""

from __future__ import annotations

import random
from collections import Counter

from cards.engine import pick
from cards.skull_king import KrakenLeader, Scoring, SkullKingOptions, SkullKingState, new_game
from cards.skull_king import events as ev
from tests.test_skull_king_fuzz import options_for
from tests.test_skull_king_game import play, rigged


def after_deal(state: SkullKingState) -> list[ev.Event]:
    """Events since round 1's deal (rigged states replace the dealt hands)."""
    start = 1 + state.num_players
    assert all(isinstance(e, ev.HandDealt) for e in state.events[1:start])
    return state.events[start:]


def of_type(events: list[ev.Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def test_the_deal_is_public_and_each_hand_goes_to_its_seat_only() -> None:
    state = new_game(SkullKingOptions(), seed=11)
    dealt = state.events[0]
    assert dealt == ev.Dealt(0, 10, 1, 3, 0, (1, 1, 1, 1), 66)
    hands = of_type(state.events, ev.HandDealt)
    assert [(h.seat, list(h.cards)) for h in hands] == list(enumerate(state.hands))
    seen = of_type(state.events_for(1), ev.HandDealt)
    assert seen == [ev.HandDealt(1, tuple(state.hands[1]))]
    assert of_type(state.events_for(None), ev.HandDealt) == []


def test_bids_are_secret_to_others_until_revealed_together() -> None:
    state = play(new_game(SkullKingOptions(players=3), seed=2), "BID:1", "BID:0")
    mine = of_type(state.events_for(0), ev.BidMade)
    theirs = of_type(state.events_for(1), ev.BidMade)
    assert mine == [ev.BidMade(0, 1), ev.BidMade(1, None)]
    assert theirs == [ev.BidMade(0, None), ev.BidMade(1, 0)]
    play(state, "BID:1")
    assert state.events[-3:] == [
        ev.BidMade(2, 1),
        ev.BidsRevealed((1, 0, 1)),
        ev.TrickStarted(1, 0, (0, 1, 2)),
    ]


def test_cannonball_choices_hidden_then_revealed() -> None:
    opts = SkullKingOptions(players=2, scoring=Scoring.RASCAL, cannonball=True)
    state = play(new_game(opts, seed=1), "BID:0", "BID:1", "MODE:CANNONBALL")
    assert of_type(state.events_for(1), ev.ModeChosen) == [ev.ModeChosen(0, None)]
    play(state, "MODE:BUCKSHOT")
    assert of_type(state.events, ev.ModesRevealed) == [ev.ModesRevealed(("CANNONBALL", "BUCKSHOT"))]


def test_a_won_trick_names_the_winner_card_and_each_capture() -> None:
    """Seed, section 5: the Skull King capturing a Pirate +30, and a colored 14 +10."""
    state = rigged([["SKULLKING"], ["ROSIE"], ["G14"]], players=3)
    play(state, "BID:1", "BID:0", "BID:0", "SKULLKING", "ROSIE", "G14")
    events = after_deal(state)
    plays = ((0, "SKULLKING"), (1, "ROSIE"), (2, "G14"))
    assert events[3:5] == [ev.BidsRevealed((1, 0, 0)), ev.TrickStarted(1, 0, (0, 1, 2))]
    assert events[5:8] == [ev.CardPlayed(s, c, c) for s, c in plays]
    won = ev.TrickWon(0, "SKULLKING", plays, 40, (("ROSIE", 30), ("G14", 10)), (), False)
    assert events[8] == won and won.next_leader == 0
    scored = of_type(events, ev.RoundScored)[0]
    assert scored.round_index == 0 and scored.cards == 1
    assert [(line.tricks, line.points, line.total) for line in scored.lines] == [
        (1, 60, 60),
        (0, 10, 10),
        (0, 10, 10),
    ]
    assert scored.lines[0].exact and scored.lines[0].bonus == 40
    assert isinstance(events[events.index(scored) + 1], ev.Dealt)  # round 2 follows


def test_mermaid_capturing_the_king_with_a_pirate_in_the_trick() -> None:
    """The Captain's Log: Pirate, Skull King and Mermaid in one trick - the Mermaid wins, +40."""
    state = rigged([["ROSIE"], ["SKULLKING"], ["MERMAID"]], players=3)
    play(state, "BID:0", "BID:0", "BID:1", "ROSIE", "SKULLKING", "MERMAID")
    won = of_type(after_deal(state), ev.TrickWon)[0]
    assert (won.seat, won.card, won.captures) == (2, "MERMAID", (("SKULLKING", 40),))


def test_tigress_played_as_a_pirate_or_escape() -> None:
    state = rigged([["TIGRESS", "G1"], ["G9", "Y1"], ["G8", "Y3"]], players=3)
    play(state, "BID:1", "BID:0", "BID:0", "TIGRESS:PIRATE")
    played = state.events[-1]
    assert played == ev.CardPlayed(0, "TIGRESS", "TIGRESS:PIRATE")
    assert isinstance(played, ev.CardPlayed) and played.tigress_as == "PIRATE"


def test_greybeard_flips_his_tigress_as_an_escape() -> None:
    state = rigged([["G1"], ["Y1"], ["TIGRESS"]], players=2)
    play(state, "BID:1", "BID:0", "G1")
    assert state.events[-1] == ev.CardPlayed(2, "TIGRESS", "TIGRESS:ESCAPE", flipped=True)
    assert of_type(after_deal(state), ev.TrickStarted)[0].order == (0, 2, 1)


def test_kraken_destroys_the_trick_and_names_who_would_have_won() -> None:
    hands = [["G9", "Y1"], ["KRAKEN", "Y2"], ["G5", "Y3"]]
    plays = ((0, "G9"), (1, "KRAKEN"), (2, "G5"))
    state = play(rigged(hands, players=3, advanced_cards=True), "BID:0", "BID:0", "BID:0")
    play(state, "G9", "KRAKEN", "G5")
    assert of_type(state.events, ev.TrickDestroyed) == [ev.TrickDestroyed(1, plays, 0, 0)]
    assert of_type(state.events, ev.TrickWon) == []
    left = rigged(hands, players=3, advanced_cards=True, kraken_leader=KrakenLeader.LEFT_OF_KRAKEN)
    play(left, "BID:0", "BID:0", "BID:0", "G9", "KRAKEN", "G5")
    assert of_type(left.events, ev.TrickDestroyed) == [ev.TrickDestroyed(1, plays, 0, 2)]


def test_white_whale_discards_a_trick_of_specials_or_makes_numbers_win() -> None:
    hands = [["WHALE", "G1"], ["ESCAPE", "G2"], ["SKULLKING", "G3"]]
    state = play(rigged(hands, players=3, advanced_cards=True), "BID:0", "BID:0", "BID:0")
    play(state, "WHALE", "ESCAPE", "SKULLKING")
    discarded = of_type(state.events, ev.TrickDiscarded)
    assert discarded == [ev.TrickDiscarded(0, ((0, "WHALE"), (1, "ESCAPE"), (2, "SKULLKING")))]
    hands = [["WHALE"], ["Y14"], ["B3"]]
    state = play(rigged(hands, players=3, advanced_cards=True), "BID:0", "BID:1", "BID:0")
    play(state, "WHALE", "Y14", "B3")
    won = of_type(state.events, ev.TrickWon)[0]
    assert (won.seat, won.card, won.whale, won.captures) == (1, "Y14", True, (("Y14", 10),))


def test_loot_alliance_is_an_event_and_its_points_appear_in_the_score() -> None:
    state = rigged([["LOOT"], ["G3"], ["ESCAPE"]], players=3, advanced_cards=True)
    play(state, "BID:0", "BID:1", "BID:0", "LOOT", "G3", "ESCAPE")
    events = after_deal(state)
    assert of_type(events, ev.TrickWon)[0].loot == (0,)
    assert of_type(events, ev.LootAlliance) == [ev.LootAlliance(0, 1)]
    lines = of_type(events, ev.RoundScored)[0].lines
    assert [line.loot for line in lines] == [20, 20, 0]


def test_pirate_powers_rosie_rascal_harry() -> None:
    hands = [["ROSIE", "G1", "G2"], ["G9", "Y1", "Y2"], ["G8", "Y3", "Y4"]]
    state = rigged(hands, players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "ROSIE", "G9", "G8", "LEAD:2")
    chosen = state.events[-2]
    assert chosen == ev.LeaderChosen(0, 2) and chosen.pirate == "ROSIE"
    assert state.events[-1] == ev.TrickStarted(2, 2, (2, 0, 1))
    state = rigged([["RASCAL"], ["G9"], ["G8"]], players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "RASCAL", "G9", "G8", "WAGER:20")
    assert of_type(state.events, ev.WagerMade) == [ev.WagerMade(0, 20)]
    assert of_type(state.events, ev.RoundScored)[0].lines[0].wager == 20
    state = rigged([["HARRY", "G1"], ["G9", "G2"], ["G8", "G3"]], players=3, pirate_powers=True)
    play(state, "BID:2", "BID:0", "BID:0", "HARRY", "G9", "G8")
    assert state.events[-2] == ev.BidChangeEarned(0)
    play(state, "G1", "G2", "G3", "ADJUST:-1")
    assert of_type(state.events, ev.BidChanged) == [ev.BidChanged(0, -1, 2, 1)]
    line = of_type(state.events, ev.RoundScored)[0].lines[0]
    assert (line.bid, line.adjustment, line.exact, line.points) == (2, -1, True, 20)


def test_will_and_juanita_show_their_cards_only_to_their_player() -> None:
    hands = [["WILL", "G1"], ["G9", "Y1"], ["G8", "Y3"]]
    state = rigged(hands, undealt=["B14", "MERMAID", "P3"], players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "WILL", "G9", "G8", "DISCARD:G1", "DISCARD:MERMAID")
    assert of_type(state.events_for(0), ev.CardsDrawn) == [ev.CardsDrawn(0, 2, ("B14", "MERMAID"))]
    assert of_type(state.events_for(1), ev.CardsDrawn) == [ev.CardsDrawn(0, 2, None)]
    assert of_type(state.events_for(0), ev.CardDiscarded) == [
        ev.CardDiscarded(0, 1, "G1"),
        ev.CardDiscarded(0, 0, "MERMAID"),
    ]
    assert of_type(state.events_for(2), ev.CardDiscarded) == [
        ev.CardDiscarded(0, 1, None),
        ev.CardDiscarded(0, 0, None),
    ]
    hands = [["JUANITA", "G1"], ["G9", "Y1"], ["G8", "Y3"]]
    state = rigged(hands, undealt=["P7", "B2"], players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "JUANITA", "G9", "G8")
    assert of_type(state.events_for(0), ev.UndealtSeen) == [ev.UndealtSeen(0, 2, ("P7", "B2"))]
    assert of_type(state.events_for(1), ev.UndealtSeen) == [ev.UndealtSeen(0, 2, None)]
    assert of_type(state.events_for(None), ev.UndealtSeen)[0].cards is None


def _random_game(seed: int, steps: int = 100_000) -> SkullKingState:
    state = SkullKingState(options_for(seed), seed)
    rng = random.Random(seed)
    while not state.is_terminal() and steps:
        state.apply_action(pick(state.legal_actions(), rng))
        steps -= 1
    return state


def test_a_table_rebuilds_its_hand_tricks_and_scores_from_its_events_alone() -> None:
    """What a viewer's events say about its hand, tricks and scores agrees with the state."""
    for seed in range(40):
        state = SkullKingState(options_for(seed), seed)
        viewer = seed % state.num_players
        rng = random.Random(seed)
        hand: Counter[str] = Counter()
        seen = 0
        won: Counter[int] = Counter()
        scores = [0] * state.num_players
        while True:
            for event in state.events_for(viewer)[seen:]:
                if isinstance(event, ev.HandDealt):
                    assert event.seat == viewer
                    hand = Counter(event.cards)
                    won.clear()
                elif isinstance(event, ev.CardPlayed) and event.seat == viewer:
                    hand[event.card] -= 1
                elif isinstance(event, ev.CardsDrawn) and event.seat == viewer:
                    hand.update(event.cards or ())
                elif isinstance(event, ev.CardDiscarded) and event.seat == viewer:
                    assert event.card is not None
                    hand[event.card] -= 1
                elif isinstance(event, ev.TrickWon):
                    won[event.seat] += 1
                elif isinstance(event, ev.RoundScored):
                    assert [line.tricks for line in event.lines] == [
                        won[p] for p in range(state.num_players)
                    ]
                    scores = [line.total for line in event.lines]
                elif isinstance(event, ev.GameOver):
                    assert list(event.scores) == state.scores == scores
                    assert list(event.winners) == state.winners()
                if isinstance(event, ev.CardsDrawn | ev.UndealtSeen | ev.CardDiscarded):
                    assert (event.seat == viewer) == (
                        getattr(event, "cards", getattr(event, "card", None)) is not None
                    )
            seen = len(state.events_for(viewer))
            assert +hand == Counter(state.observation(viewer).hand)
            if state.is_terminal():
                break
            state.apply_action(pick(state.legal_actions(), rng))
        assert isinstance(state.events[-1], ev.GameOver)


def test_replay_and_clone_keep_the_same_events() -> None:
    for seed in (3, 17, 40):
        state = _random_game(seed)
        again = SkullKingState.replay(state.options, state.seed, state.history())
        assert again.events == state.events
        half = _random_game(seed, steps=60)
        twin = half.clone()
        before = list(half.events)
        twin.apply_action(twin.legal_actions()[0])
        assert half.events == before and len(twin.events) > len(before)


def test_a_kraken_led_into_escapes_hands_the_lead_to_the_first_escape() -> None:
    """Ruling (table-games.md): `KRAKEN, ESCAPE, ESCAPE` - the first Escape's player leads."""
    hands = [["KRAKEN", "G1"], ["ESCAPE", "G2"], ["ESCAPE", "G3"]]
    state = play(rigged(hands, players=3, advanced_cards=True), "BID:0", "BID:0", "BID:0")
    play(state, "KRAKEN", "ESCAPE", "ESCAPE")
    destroyed = of_type(state.events, ev.TrickDestroyed)[0]
    assert (destroyed.seat, destroyed.would_have_won, destroyed.next_leader) == (0, 1, 1)
    assert state.current_player() == 1 and state.tricks_won == [0, 0, 0]
