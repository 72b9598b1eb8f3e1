"""Game flow: dealing, secret bids, Greybeard, pirate powers, options, saves and privacy."""

from __future__ import annotations

import json

import pytest

from cards.engine import TERMINAL, IllegalActionError
from cards.skull_king import (
    KrakenLeader,
    Phase,
    RoundPlan,
    Scoring,
    SkullKingOptions,
    SkullKingState,
    new_game,
)


def rigged(
    hands: list[list[str]], undealt: list[str] | None = None, **opts: object
) -> SkullKingState:
    """Round 1 with chosen hands (Greybeard's pile last, top first): a test arrangement, which
    no (options, seed, actions) describes, so it records its events from the start."""
    state = SkullKingState(SkullKingOptions(**opts), seed=0, record=True)  # type: ignore[arg-type]
    state.hands = [list(h) for h in hands]
    state.cards = len(hands[0])
    if undealt is not None:
        state.undealt = list(undealt)
    return state


def play(state: SkullKingState, *actions: str) -> SkullKingState:
    for action in actions:
        state.apply_action(action)
    return state


# ---- dealing, round plans, deal cap ----------------------------------------------------------------


def test_round_plans_standard_blitz_whirlpool_broadside() -> None:
    def plan(p: RoundPlan) -> tuple[int, ...]:
        return SkullKingOptions(round_plan=p).round_cards()

    assert plan(RoundPlan.STANDARD) == tuple(range(1, 11))
    assert plan(RoundPlan.BLITZ) == (5,) * 5
    assert plan(RoundPlan.WHIRLPOOL) == (9, 7, 5, 3, 1)
    assert plan(RoundPlan.BROADSIDE) == (10,) * 10


def test_deal_cap_never_exceeds_deck_size_over_hands() -> None:
    """Design note: 8 players with 70 cards get at most 8 each; 7 players still get 10."""
    assert max(SkullKingOptions(players=8).round_cards()) == 8
    assert max(SkullKingOptions(players=7).round_cards()) == 10
    assert max(SkullKingOptions(players=8, advanced_cards=True).round_cards()) == 9
    state = new_game(SkullKingOptions(players=8, round_plan=RoundPlan.BROADSIDE), seed=3)
    assert all(len(h) == 8 for h in state.hands)


def test_round_n_deals_n_cards_and_the_deal_follows_the_seed() -> None:
    state = new_game(SkullKingOptions(), seed=11)
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]
    assert state.hands == new_game(SkullKingOptions(), seed=11).hands
    assert len(state.undealt) == 70 - 4


def test_advanced_cards_on_makes_74_cards() -> None:
    state = new_game(SkullKingOptions(advanced_cards=True), seed=1)
    assert sum(map(len, state.hands)) + len(state.undealt) == 74


def test_first_trick_led_by_the_player_left_of_the_dealer_and_dealer_rotates() -> None:
    state = new_game(SkullKingOptions(), seed=5)
    assert state.dealer == 3 and state.current_player() == 0
    play(state, "BID:0", "BID:0", "BID:0", "BID:0")
    assert state.current_player() == 0
    while state.round_index == 0:
        state.apply_action(state.legal_actions()[0])
    assert state.dealer == 0 and state.current_player() == 1


# ---- simultaneous bids ------------------------------------------------------------------------------


def test_bids_are_secret_until_all_are_made_then_revealed_together() -> None:
    state = new_game(SkullKingOptions(), seed=2)
    play(state, "BID:1", "BID:0", "BID:1")
    for seat in range(4):
        obs = state.observation(seat)
        assert not obs.bids_revealed
        for other in range(4):
            if other != seat:
                assert obs.bids[other] is None
    assert state.observation(0).bids[0] == 1
    assert state.observation(0).has_bid == (True, True, True, False)
    play(state, "BID:0")
    assert state.observation(3).bids == (1, 0, 1, 0)


def test_bid_range_is_zero_to_cards_dealt() -> None:
    state = new_game(SkullKingOptions(round_plan=RoundPlan.BLITZ), seed=2)
    assert list(state.legal_actions()) == [f"BID:{b}" for b in range(6)]


def test_cannonball_choice_is_secret_then_revealed() -> None:
    state = rigged(
        [["G1"], ["G2"]], players=2, greybeard=False, scoring=Scoring.RASCAL, cannonball=True
    )
    play(state, "BID:0", "BID:1")
    assert state.phase is Phase.MODE
    play(state, "MODE:CANNONBALL")
    assert state.observation(1).modes == (None, None)
    play(state, "MODE:BUCKSHOT")
    assert state.observation(1).modes == ("CANNONBALL", "BUCKSHOT")
    play(state, "G1", "G2")
    assert [line.total for line in state.rounds[0].lines] == [15, 10]


# ---- playing ------------------------------------------------------------------------------------------


def test_tigress_chosen_when_played() -> None:
    state = rigged([["TIGRESS"], ["G2"]], players=2, greybeard=False)
    play(state, "BID:1", "BID:0")
    assert list(state.legal_actions()) == ["TIGRESS:PIRATE", "TIGRESS:ESCAPE"]
    play(state, "TIGRESS:ESCAPE", "G2")
    assert state.rounds[0].lines[1].tricks == 1


def test_must_follow_suit_in_game() -> None:
    state = rigged([["G5", "B3"], ["G2", "Y9"], ["Y1", "Y2"]], players=3)
    play(state, "BID:0", "BID:0", "BID:0", "G5")
    assert list(state.legal_actions()) == ["G2"]
    with pytest.raises(IllegalActionError):
        state.apply_action("Y9")


def test_why_illegal_explains_dimmed_cards() -> None:
    state = rigged([["G5", "B3"], ["G2", "Y9"], ["Y1", "Y2"]], players=3)
    play(state, "BID:0", "BID:0", "BID:0", "G5")
    assert state.why_illegal(1, "Y9") == "you must follow suit (green parrot)"
    assert state.why_illegal(1, "G2") is None
    assert state.why_illegal(2, "Y1") == "not your turn"


def test_winner_leads_next_trick() -> None:
    state = rigged([["G5", "Y1"], ["G9", "Y2"], ["G1", "Y3"]], players=3)
    play(state, "BID:0", "BID:1", "BID:0", "G5", "G9", "G1")
    assert state.current_player() == 1


def test_kraken_leader_option_in_game() -> None:
    hands = [["G9", "Y1"], ["KRAKEN", "Y2"], ["G5", "Y3"]]
    default = play(
        rigged(hands, players=3, advanced_cards=True),
        "BID:0",
        "BID:0",
        "BID:0",
        "G9",
        "KRAKEN",
        "G5",
    )
    assert default.current_player() == 0 and default.tricks_won == [0, 0, 0]
    left = play(
        rigged(hands, players=3, advanced_cards=True, kraken_leader=KrakenLeader.LEFT_OF_KRAKEN),
        "BID:0",
        "BID:0",
        "BID:0",
        "G9",
        "KRAKEN",
        "G5",
    )
    assert left.current_player() == 2


def test_loot_alliance_scored_when_both_bids_exact() -> None:
    state = rigged([["LOOT"], ["G3"], ["ESCAPE"]], players=3, advanced_cards=True)
    play(state, "BID:0", "BID:1", "BID:0", "LOOT", "G3", "ESCAPE")
    assert [line.total for line in state.rounds[0].lines] == [10 + 20, 20 + 20, 10]


def test_capture_bonus_paid_at_round_end_with_exact_bid() -> None:
    state = rigged([["SKULLKING"], ["ROSIE"], ["G14"]], players=3)
    play(state, "BID:1", "BID:0", "BID:0", "SKULLKING", "ROSIE", "G14")
    assert state.rounds[0].lines[0].total == 20 + 30 + 10


# ---- Greybeard (2 players) ---------------------------------------------------------------------------


def test_greybeard_plays_second_flips_top_card_and_never_follows_suit() -> None:
    state = rigged([["G5", "G6"], ["G9", "G1"], ["Y14", "G2"]], players=2)
    assert state.greybeard_seat == 2
    play(state, "BID:0", "BID:1")
    play(state, "G5")  # Greybeard flips Y14 at once: off suit, it cannot win
    assert state.trick == [(0, "G5"), (2, "Y14")]
    assert state.current_player() == 1
    play(state, "G9")
    assert state.tricks[-1].winner == 1


def test_greybeard_tigress_is_always_an_escape() -> None:
    state = rigged([["G1"], ["Y1"], ["TIGRESS"]], players=2)
    play(state, "BID:1", "BID:0", "G1")
    assert state.trick == [(0, "G1"), (2, "TIGRESS:ESCAPE")]
    play(state, "Y1")
    assert state.rounds[0].lines[0].tricks == 1
    assert any(e.seat == 2 and e.detail == "flips TIGRESS:ESCAPE" for e in state.log)


def test_greybeard_leads_after_winning_and_never_bids_or_scores() -> None:
    state = rigged([["G5", "Y1"], ["G1", "Y2"], ["SKULLKING", "G3"]], players=2)
    play(state, "BID:0", "BID:0")
    assert state.current_player() == 0
    play(state, "G5", "G1")
    assert state.tricks[-1].winner == 2
    # Greybeard leads G3 by himself, then the player left of the dealer.
    assert state.trick == [(2, "G3")] and state.current_player() == 0
    play(state, "Y1", "Y2")
    assert len(state.scores) == 2 and state.num_players == 2
    assert [line.total for line in state.rounds[0].lines] == [20, 20]


def test_two_players_without_greybeard_option() -> None:
    state = new_game(SkullKingOptions(players=2, greybeard=False), seed=1)
    assert len(state.hands) == 2 and state.greybeard_seat is None


# ---- pirate powers --------------------------------------------------------------------------------------


POWER_HANDS = [["ROSIE", "G1", "G2"], ["G9", "Y1", "Y2"], ["G8", "Y3", "Y4"]]


def test_pirate_powers_off_by_default() -> None:
    state = rigged(POWER_HANDS, players=3)
    play(state, "BID:1", "BID:0", "BID:0", "ROSIE", "G9", "G8")
    assert state.phase is Phase.PLAY and state.current_player() == 0


def test_rosie_chooses_who_leads_next() -> None:
    state = rigged(POWER_HANDS, players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "ROSIE", "G9", "G8")
    assert state.phase is Phase.ROSIE and state.current_player() == 0
    assert list(state.legal_actions()) == ["LEAD:0", "LEAD:1", "LEAD:2"]
    play(state, "LEAD:2")
    assert state.phase is Phase.PLAY and state.current_player() == 2


def test_power_only_for_the_winner_of_the_trick() -> None:
    state = rigged(
        [["ROSIE", "G1"], ["SKULLKING", "Y1"], ["G8", "Y3"]], players=3, pirate_powers=True
    )
    play(state, "BID:0", "BID:1", "BID:0", "ROSIE", "SKULLKING", "G8")
    assert state.phase is Phase.PLAY and state.current_player() == 1


def test_tigress_has_no_pirate_power() -> None:
    state = rigged([["TIGRESS", "G1"], ["G9", "Y1"], ["G8", "Y3"]], players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "TIGRESS:PIRATE", "G9", "G8")
    assert state.phase is Phase.PLAY


def test_will_draws_two_then_discards_two() -> None:
    hands = [["WILL", "G1"], ["G9", "Y1"], ["G8", "Y3"]]
    state = rigged(hands, undealt=["B14", "MERMAID", "P3"], players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "WILL", "G9", "G8")
    assert state.phase is Phase.WILL and sorted(state.hands[0]) == ["B14", "G1", "MERMAID"]
    assert state.undealt == ["P3"]
    obs_other = state.observation(1)
    assert obs_other.hand_sizes[0] == 3 and "B14" not in repr(obs_other)
    play(state, "DISCARD:G1")
    assert state.phase is Phase.WILL
    play(state, "DISCARD:MERMAID")
    assert state.hands[0] == ["B14"] and state.discards == ["G1", "MERMAID"]
    assert state.observation(0).my_discards == ("G1", "MERMAID")
    assert state.observation(1).discard_count == 2 and state.observation(1).my_discards == ()
    assert state.phase is Phase.PLAY and state.current_player() == 0


def test_rascal_wagers_and_wins_with_exact_bid() -> None:
    state = rigged([["RASCAL"], ["G9"], ["G8"]], players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "RASCAL", "G9", "G8")
    assert state.phase is Phase.WAGER and list(state.legal_actions()) == [
        "WAGER:0",
        "WAGER:10",
        "WAGER:20",
    ]
    play(state, "WAGER:20")
    assert state.rounds[0].lines[0].total == 20 + 20


def test_juanita_looks_at_undealt_cards_only_she_sees_them() -> None:
    hands = [["JUANITA", "G1"], ["G9", "Y1"], ["G8", "Y3"]]
    state = rigged(hands, undealt=["P7", "B2"], players=3, pirate_powers=True)
    play(state, "BID:1", "BID:0", "BID:0", "JUANITA", "G9", "G8")
    assert state.phase is Phase.PLAY
    assert state.observation(0).undealt_seen == ("P7", "B2")
    assert state.observation(1).undealt_seen is None


def test_harry_changes_bid_by_one_at_end_of_round() -> None:
    state = rigged([["HARRY", "G1"], ["G9", "G2"], ["G8", "G3"]], players=3, pirate_powers=True)
    play(state, "BID:2", "BID:0", "BID:0", "HARRY", "G9", "G8", "G1", "G2", "G3")
    assert state.phase is Phase.ADJUST and state.current_player() == 0
    assert list(state.legal_actions()) == ["ADJUST:-1", "ADJUST:0", "ADJUST:+1"]
    play(state, "ADJUST:-1")
    assert state.rounds[0].lines[0].bid == 1 and state.rounds[0].lines[0].total == 20


def test_harry_cannot_go_below_zero() -> None:
    state = rigged([["HARRY"], ["G9"], ["G8"]], players=3, pirate_powers=True)
    play(state, "BID:0", "BID:0", "BID:0", "HARRY", "G9", "G8")
    assert list(state.legal_actions()) == ["ADJUST:0", "ADJUST:+1"]


# ---- interface, saves, errors ----------------------------------------------------------------------------


def test_game_ends_terminal_with_returns_equal_to_scores() -> None:
    state = new_game(SkullKingOptions(players=3, round_plan=RoundPlan.WHIRLPOOL), seed=4)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert state.current_player() == TERMINAL and list(state.legal_actions()) == []
    assert state.returns() == [float(s) for s in state.scores]
    assert len(state.rounds) == 5
    with pytest.raises(IllegalActionError):
        state.apply_action("BID:0")


def test_save_record_round_trips_through_json() -> None:
    state = new_game(SkullKingOptions(players=5, pirate_powers=True, advanced_cards=True), seed=9)
    for _ in range(60):
        state.apply_action(state.legal_actions()[0])
    record = json.loads(json.dumps(state.to_record()))
    again = SkullKingState.from_record(record)
    assert again.history() == state.history()
    assert again.observation(2) == state.observation(2)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("format", "nope", "format"),
        ("version", 99, "version"),
        ("seed", "x", "seed"),
        ("actions", ["BID:99"], "action 0"),
        ("options", {"players": 12}, "players"),
    ],
)
def test_bad_save_refused_naming_the_field(field: str, value: object, message: str) -> None:
    record = new_game().to_record()
    record[field] = value
    with pytest.raises(ValueError, match=message):
        SkullKingState.from_record(record)


def test_options_from_strings_and_errors() -> None:
    opts = SkullKingOptions().with_values(
        {"scoring": "rascal", "cannonball": "on", "round-plan": "blitz", "players": "6"}
    )
    assert opts.scoring is Scoring.RASCAL and opts.cannonball and opts.players == 6
    assert SkullKingOptions.from_dict(opts.to_dict()) == opts
    with pytest.raises(ValueError, match="cannonball"):
        SkullKingOptions(cannonball=True)
    with pytest.raises(ValueError, match="players"):
        SkullKingOptions(players=9)
    with pytest.raises(ValueError, match="unknown option"):
        SkullKingOptions().with_values({"speed": "fast"})


def test_illegal_action_is_refused() -> None:
    state = new_game()
    with pytest.raises(IllegalActionError):
        state.apply_action("BID:5")
    with pytest.raises(IllegalActionError):
        state.apply_action("G5")


def test_reveal_points_mark_new_information() -> None:
    state = new_game(SkullKingOptions(players=2), seed=1)  # Greybeard
    play(state, "BID:0", "BID:1")
    assert state.revealed_at[-1] == 2  # the bids were revealed by the second bid


def test_an_impossible_position_is_refused_naming_the_field():
    """Positions as text (cards/skull_king/position.py): every card of the deck once, each hand
    as many cards as the round dealt, every bid made once the play begins."""
    text = SkullKingState(SkullKingOptions(players=3), 1).position()
    hand = text.split(" hands=")[1].split("/")[0]  # round 1: one card each
    cases = {
        text.replace(f"hands={hand}/", f"hands={hand},{hand}/"): "cards: expected",
        text.replace(f"hands={hand}/", "hands=-/").replace("undealt=", f"undealt={hand},"): (
            "hands: expected 1 card dealt to seat 0"
        ),
        text.replace("phase=bid", "phase=play"): "bids: expected every bid made",
        text.replace("round=0", "round=10"): "round: expected a whole number from 0 to 9",
    }
    for bad, words in cases.items():
        with pytest.raises(ValueError, match=words):
            SkullKingState.from_position(bad)
