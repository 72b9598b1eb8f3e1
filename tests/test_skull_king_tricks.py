"""Trick rules from the seed (section 4) and the design note, one rule per test."""

from __future__ import annotations

from itertools import permutations

import pytest

from cards.skull_king import resolve_trick
from cards.skull_king.tricks import illegal_reason, led_suit, legal_plays, resolve


def winner(*codes: str) -> int | None:
    return resolve_trick(list(codes)).winner


# ---- the issue's examples ------------------------------------------------------------------------


def test_issue_example_black_trump_beats_led_colour() -> None:
    result = resolve_trick(["G5", "B1", "G14"])
    assert result.winner == 1 and result.next_leader == 1


def test_issue_example_escape_lead_passes_suit_to_next_card() -> None:
    assert resolve_trick(["ESCAPE", "G3", "G7"]).winner == 2


def test_issue_example_mermaid_takes_king_with_pirate_present() -> None:
    assert resolve_trick(["ROSIE", "SKULLKING", "MERMAID"]).winner == 2


# ---- colours and trump ---------------------------------------------------------------------------


def test_highest_card_of_led_colour_wins() -> None:
    assert winner("G5", "G9", "G2") == 1


def test_other_colour_cannot_win_even_if_higher() -> None:
    assert winner("P3", "Y14", "G14") == 0


def test_black_trump_beats_other_colours_regardless_of_value() -> None:
    assert winner("Y14", "B2", "G14") == 1


def test_highest_trump_wins_among_trumps() -> None:
    assert winner("G10", "B3", "B11", "B7") == 2


def test_trump_led_highest_black_wins() -> None:
    assert winner("B4", "G14", "B9") == 2


# ---- special cards -------------------------------------------------------------------------------


def test_escape_loses_to_everything() -> None:
    assert winner("ESCAPE", "G1") == 1
    assert winner("G1", "ESCAPE") == 0


def test_all_escapes_first_card_played_wins() -> None:
    assert winner("ESCAPE", "ESCAPE", "ESCAPE") == 0


def test_all_escape_like_cards_first_played_wins() -> None:
    """Escape, Tigress as Escape and Loot are all escape-like."""
    assert winner("LOOT", "ESCAPE", "TIGRESS:ESCAPE") == 0
    assert winner("TIGRESS:ESCAPE", "LOOT") == 0


def test_pirate_beats_all_numbered_cards() -> None:
    assert winner("B14", "HARRY", "G14") == 1


def test_several_pirates_first_played_wins() -> None:
    assert winner("G4", "WILL", "ROSIE", "JUANITA") == 1


def test_tigress_as_pirate_is_a_pirate() -> None:
    assert winner("B14", "TIGRESS:PIRATE") == 1
    assert winner("TIGRESS:PIRATE", "RASCAL") == 0
    assert winner("RASCAL", "TIGRESS:PIRATE") == 0


def test_tigress_as_escape_is_an_escape() -> None:
    assert winner("TIGRESS:ESCAPE", "G2") == 1


def test_skull_king_beats_pirates_and_numbered_cards() -> None:
    assert winner("ROSIE", "SKULLKING", "B14") == 1


def test_mermaid_beats_numbered_cards() -> None:
    assert winner("B14", "MERMAID") == 1


def test_pirate_beats_mermaid() -> None:
    assert winner("MERMAID", "HARRY") == 1


def test_several_mermaids_first_played_wins() -> None:
    assert winner("G14", "MERMAID", "MERMAID") == 1


def test_mermaid_captures_skull_king() -> None:
    assert winner("SKULLKING", "MERMAID") == 1


def test_pirate_king_mermaid_mermaid_wins_whatever_the_order() -> None:
    for order in permutations(["ROSIE", "SKULLKING", "MERMAID", "G5"]):
        assert winner(*order) == order.index("MERMAID")


def test_pirate_king_and_two_mermaids_first_mermaid_wins() -> None:
    assert winner("MERMAID", "SKULLKING", "WILL", "MERMAID") == 0


# ---- leading -------------------------------------------------------------------------------------


def test_escape_lead_chain_next_card_sets_suit() -> None:
    assert led_suit(["ESCAPE", "LOOT", "Y3"]) == "Y"
    assert winner("ESCAPE", "ESCAPE", "Y3", "Y9", "G14") == 3


def test_character_lead_means_no_suit_to_follow() -> None:
    for lead in ("ROSIE", "TIGRESS:PIRATE", "SKULLKING", "MERMAID", "KRAKEN", "WHALE"):
        assert led_suit([lead, "G5"]) is None


def test_follow_suit_when_holding_it() -> None:
    hand = ["G3", "G9", "Y4", "B2"]
    assert legal_plays(hand, ["G5"]) == ["G3", "G9"]


def test_special_cards_may_always_be_played() -> None:
    hand = ["G3", "ESCAPE", "TIGRESS", "SKULLKING", "LOOT", "KRAKEN", "WHALE", "MERMAID", "Y2"]
    assert legal_plays(hand, ["G5"]) == [
        "G3",
        "ESCAPE",
        "TIGRESS:PIRATE",
        "TIGRESS:ESCAPE",
        "SKULLKING",
        "LOOT",
        "KRAKEN",
        "WHALE",
        "MERMAID",
    ]


def test_without_the_led_suit_any_card_including_trump() -> None:
    hand = ["Y4", "B2", "ESCAPE"]
    assert legal_plays(hand, ["G5"]) == hand


def test_trump_led_must_follow_black() -> None:
    assert legal_plays(["B2", "G9"], ["B10"]) == ["B2"]


def test_escape_lead_then_colour_must_be_followed() -> None:
    assert legal_plays(["Y1", "G9"], ["ESCAPE", "Y7"]) == ["Y1"]
    assert legal_plays(["Y1", "G9"], ["ESCAPE"]) == ["Y1", "G9"]


def test_after_character_lead_anything_goes() -> None:
    assert legal_plays(["Y1", "G9"], ["ROSIE", "G4"]) == ["Y1", "G9"]


def test_duplicate_cards_give_one_action() -> None:
    assert legal_plays(["ESCAPE", "ESCAPE", "G1"], []) == ["ESCAPE", "G1"]


def test_illegal_reason_names_follow_suit() -> None:
    assert illegal_reason(["G3", "Y4"], ["G5"], "Y4") == "you must follow suit (green parrot)"
    assert illegal_reason(["G3", "Y4"], ["G5"], "G3") is None
    assert illegal_reason(["G3", "ESCAPE"], ["G5"], "ESCAPE") is None


def test_unplayed_tigress_code_is_refused_in_a_trick() -> None:
    with pytest.raises(ValueError):
        resolve(["TIGRESS", "G5"])


# ---- Kraken and White Whale ------------------------------------------------------------------------


def test_kraken_destroys_trick_would_be_winner_leads() -> None:
    result = resolve(["G9", "KRAKEN", "G5"])
    assert result.winner is None and result.destroyed_by == "KRAKEN"
    assert result.next_leader == 0


def test_kraken_leader_option_left_of_kraken_player() -> None:
    assert resolve(["G9", "KRAKEN", "G5"], kraken_left=True).next_leader == 2
    assert resolve(["G9", "G5", "KRAKEN"], kraken_left=True).next_leader == 0


def test_kraken_destroyed_trick_pays_no_bonus() -> None:
    result = resolve(["SKULLKING", "ROSIE", "KRAKEN", "B14"])
    assert result.winner is None and result.bonus == 0 and result.next_leader == 0


def test_kraken_lead_would_be_winner_ignores_the_kraken() -> None:
    assert resolve(["KRAKEN", "G3", "Y9"]).next_leader == 1


def test_kraken_lead_with_only_escape_likes_the_first_escape_leads() -> None:
    """Ruling: never the Kraken's player through its escape-like role."""
    assert resolve(["KRAKEN", "ESCAPE", "ESCAPE"]).next_leader == 1
    assert resolve(["KRAKEN", "LOOT"]).next_leader == 1
    assert resolve(["KRAKEN", "TIGRESS:ESCAPE", "LOOT", "ESCAPE"]).next_leader == 1
    assert resolve(["KRAKEN", "ESCAPE", "ESCAPE"]).would_win == 1


def test_kraken_would_be_winner_is_the_trick_without_the_kraken() -> None:
    assert resolve(["ESCAPE", "KRAKEN", "G3", "G7"]).next_leader == 3
    assert resolve(["ESCAPE", "LOOT", "KRAKEN"]).next_leader == 0
    assert resolve(["MERMAID", "KRAKEN", "ROSIE", "SKULLKING"]).next_leader == 0
    assert resolve(["G3", "KRAKEN", "Y14", "B2"]).next_leader == 3


def test_kraken_after_a_whale_leaves_the_cancelled_whale_out_too() -> None:
    assert resolve(["WHALE", "KRAKEN", "ESCAPE"]).next_leader == 2
    assert resolve(["G2", "WHALE", "KRAKEN", "Y9"]).next_leader == 0
    assert resolve(["WHALE", "KRAKEN"]).next_leader == 0  # two players, nothing else to lead


def test_kraken_left_option_unchanged_by_the_ruling() -> None:
    assert resolve(["KRAKEN", "ESCAPE", "ESCAPE"], kraken_left=True).next_leader == 1
    assert resolve(["ESCAPE", "ESCAPE", "KRAKEN"], kraken_left=True).next_leader == 0


def test_whale_highest_number_wins_regardless_of_suit() -> None:
    assert winner("WHALE", "G5", "B3", "Y9", "SKULLKING") == 3


def test_whale_tie_first_played_wins() -> None:
    assert winner("G9", "WHALE", "Y9") == 0


def test_whale_only_specials_trick_discarded_whale_player_leads() -> None:
    result = resolve(["SKULLKING", "WHALE", "ROSIE"])
    assert result.winner is None and result.destroyed_by == "WHALE" and result.next_leader == 1


def test_whale_specials_lose_power_so_only_fourteens_pay() -> None:
    result = resolve(["WHALE", "G14", "MERMAID", "ROSIE"])
    assert result.winner == 1 and result.bonus == 10


def test_kraken_then_whale_second_one_acts_whale() -> None:
    result = resolve(["KRAKEN", "G5", "WHALE", "Y7"])
    assert result.winner == 3 and result.destroyed_by is None


def test_whale_then_kraken_second_one_acts_kraken() -> None:
    result = resolve(["WHALE", "G5", "KRAKEN", "Y7"])
    assert result.winner is None and result.destroyed_by == "KRAKEN"
    assert result.next_leader == 1  # G5 would have won: the Whale counted as an Escape


# ---- capture bonuses and Loot ----------------------------------------------------------------------


def test_bonus_colour_fourteen_10_black_fourteen_20() -> None:
    assert resolve(["B14", "G14", "Y14", "P14"]).bonus == 50
    assert resolve(["G14", "G2"]).bonus == 10


def test_bonus_pirate_captures_each_mermaid_20() -> None:
    assert resolve(["ROSIE", "MERMAID", "MERMAID"]).bonus == 40
    assert resolve(["MERMAID", "TIGRESS:PIRATE"]).bonus == 20


def test_bonus_skull_king_captures_each_pirate_30_tigress_included() -> None:
    assert resolve(["ROSIE", "SKULLKING", "TIGRESS:PIRATE"]).bonus == 60


def test_bonus_mermaid_captures_skull_king_40() -> None:
    assert resolve(["SKULLKING", "MERMAID"]).bonus == 40


def test_tigress_as_escape_earns_and_gives_nothing() -> None:
    assert resolve(["SKULLKING", "TIGRESS:ESCAPE"]).bonus == 0


def test_loot_allies_its_player_with_the_winner() -> None:
    assert resolve(["LOOT", "G3", "LOOT"]).loot == (0, 2)


def test_loot_won_by_its_own_player_makes_no_alliance() -> None:
    result = resolve(["LOOT", "ESCAPE"])
    assert result.winner == 0 and result.loot == ()
