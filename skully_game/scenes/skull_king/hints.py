"""Why a Skull King move is a good one, in one line said to the player: read from that seat's
own observation alone (its hand, the bids shown, the trick on the table), never the state."""

from __future__ import annotations

from typing import Any

from cards.skull_king import describe
from cards.skull_king.bidhint import BidHint, PlayHint, likely_winners
from cards.skull_king.cards import KIND, RANK, SUIT, TRUMP, Kind
from cards.skull_king.tricks import legal_plays, trick_winner
from cards.skull_king.words import card_name
from skully_game.scenes.cardtable.words import listing, opening, plural

STRONG_RANK = 12  # a black card from here up, or any 14, is a likely winner in a bid's count


def move_words(action: str) -> str:
    """An action in a player's words: "Bid 2", "Play the Mermaid", "Stake 10"."""
    kind, _, rest = action.partition(":")
    if kind == "BID":
        return f"Bid {rest}"
    if kind == "MODE":
        return f"Choose {rest.capitalize()}"
    if kind == "WAGER":
        return f"Stake {plural(int(rest), 'point')}"
    if kind == "ADJUST":
        return {"-1": "Lower your bid by 1", "+1": "Raise your bid by 1"}.get(rest, "Keep your bid")
    if kind == "LEAD":
        return "Choose who leads"
    if kind == "DISCARD":
        return f"Discard {card_name(rest)}"
    return f"Play {card_name(action)}"


def strong_cards(hand: tuple[str, ...]) -> list[str]:
    """The cards of a hand likely to win a trick, strongest first, in words."""
    codes = [code for code in sorted(hand, key=_strength, reverse=True) if _strong(code)]
    return [
        card_name(code) if codes.count(code) == 1 else plural(codes.count(code), describe(code))
        for code in dict.fromkeys(codes)
    ]


def _strong(code: str) -> bool:
    """A card likely to win a trick: a character but the Mermaid's rivals, a 14, a high black."""
    if _strength(code) >= 100:
        return True
    return KIND[code] is Kind.NUMBER and (
        RANK[code] == 14 or (SUIT[code] == TRUMP and RANK[code] >= STRONG_RANK)
    )


def _strength(code: str) -> int:
    kind = KIND[code]
    if kind is Kind.SKULLKING:
        return 130
    if kind in (Kind.PIRATE, Kind.TIGRESS):
        return 120
    if kind is Kind.MERMAID:
        return 110
    if kind is Kind.NUMBER:
        return RANK[code] + (50 if SUIT[code] == TRUMP else 0)
    return 0


def _yours(code: str) -> str:
    """A card said as the player's own: "your Skull King", "your black Jolly Roger 14"."""
    name = card_name(code)
    return "your " + name[4:] if name.startswith("the ") else name


def _named(codes: list[str]) -> list[str]:
    """Cards in words, a card held twice once ("your 2 Mermaids"), three names at most."""
    kinds = list(dict.fromkeys(codes))
    out = [
        _yours(c) if codes.count(c) == 1 else f"your {plural(codes.count(c), describe(c))}"
        for c in kinds[:3]
    ]
    return out + (["more"] if len(kinds) > 3 else [])


def _bid_words(obs: Any, bid: int) -> str:
    """Why this bid, said truly from the hand: the cards likely to win a trick, and for a
    bid of 0 what missing it costs (a newcomer who bid 0 holding Will the Bandit lost 70)."""
    hand = tuple(obs.hand)
    codes = [code for code in sorted(hand, key=_strength, reverse=True) if _strong(code)]
    risky = [code for code in codes if KIND[code] is not Kind.TIGRESS]  # she may escape
    if bid == 0:
        cost = 10 * len(hand)
        if not codes:
            return "Bid 0: none of your cards is likely to win a trick"
        if not risky:
            return "Bid 0: play the Tigress as an Escape; no other card is likely to win a trick"
        named = listing(_named(risky))
        them = "it under a stronger card" if len(risky) == 1 else "them under stronger cards"
        return f"Bid 0: {named} could win, but you can likely play {them} (a miss costs {cost})"
    strong = strong_cards(hand)
    if not strong:
        return f"Bid {bid}: no card is sure to win, but {plural(bid, 'trick')} is a fair guess"
    named = listing(_named(codes))
    if len(codes) == bid:
        each = " each" if bid > 1 else ""
        return f"Bid {bid}: {named} will likely win a trick{each}"
    if len(codes) > bid:
        return f"Bid {bid}: {named} may win tricks, but likely not all of them"
    more = plural(bid - len(codes), "more trick")
    return f"Bid {bid}: {named} will likely win, and your other cards about {more}"


def bid_hint_words(obs: Any, hint: BidHint) -> str:
    """Why the hinted bid, from the deals it was played out on: the cards held that took a
    trick in most of them, and how often the bid came out exact ("Bid 2: your Skull King and
    your black Jolly Roger 13 each took a trick in most deals tried; made in about 7 of 10
    deals")."""
    bid = int(hint.action[4:])
    if bid == 0:
        return _bid_words(obs, 0)
    made = f"made in {_deals(hint.made)}"
    likely = likely_winners(hint)
    if not likely:
        about = plural(bid, "trick")
        return f"Bid {bid}: no card is sure to win, but about {about} came your way; {made}"
    named = listing(_named(likely))
    if len(likely) == bid:
        each = " each" if bid > 1 else ""
        return f"Bid {bid}: {named}{each} took a trick in most deals tried; {made}"
    if len(likely) > bid:
        return f"Bid {bid}: {named} may win, but rarely all of them; {made}"
    more = plural(bid - len(likely), "more trick")
    return f"Bid {bid}: {named} took a trick in most deals, your other cards about {more}; {made}"


def _met_words(obs: Any, seat: int, need: int, last: bool) -> str:
    """What a losing card does for a bid already met (or passed), said truly: the bid is made
    only when no trick is left to break it (this is the round's last card and the trick's
    last play); before that, the player has their tricks and must lose the rest."""
    if need < 0:
        return "and you have already won more than you bid"
    target = obs.bids[seat] + obs.adjustments[seat]
    if last and len(obs.hand) == 1:
        return "and your bid is made"
    if target == 0:
        return "as your bid of 0 needs: lose every trick"
    return f"and you have your {plural(target, 'trick')}: lose the rest"


def _spare_lead(obs: Any, action: str, need: int, more: str) -> str:
    """A lead unlikely to win while the bid still needs tricks: said as what it is (a player
    who bid 6 of 9 and was told to lead a low card thought the hint had forgot the bid). With
    fewer tricks needed than are left, one can be lost: the low card goes now, the strong
    ones wait for the tricks the bid needs."""
    left = obs.cards - len(obs.tricks)
    lead = f"Lead {card_name(action)}"
    rest = list(obs.hand)
    rest.remove(action)
    kept = [c for c in sorted(rest, key=_strength, reverse=True) if _strong(c)]
    if need < left and kept:
        named = listing(_named(kept))
        return (
            f"{lead}: you need {need} of the {left} tricks left, so this one can be lost; "
            f"{named} {'waits' if len(kept) == 1 else 'wait'} for the tricks you need"
        )
    if need < left:
        return f"{lead}: you need {need} of the {left} tricks left, so this one can be lost"
    return f"{lead}: no card of yours is sure to win; it draws out the others' cards; {more}"


def _play_words(obs: Any, seat: int, action: str) -> str:
    move = move_words(action)
    bid = obs.bids[seat]
    won = obs.tricks_won[seat]
    need = None if bid is None else bid + obs.adjustments[seat] - won
    trick = [code for _, code in obs.trick]
    seats = len(obs.hand_sizes)
    last = len(trick) + 1 >= seats
    wins = trick_winner((*trick, action)) == len(trick)
    so_far = "" if last else " so far"
    if need is None:
        return move
    if action == "KRAKEN":
        still = f"; you still need {plural(need, 'more trick')}" if need > 0 else ""
        return f"{move}: nobody takes this trick{still}"
    if need > 0:
        more = (
            f"you need {plural(need, 'more trick')} for your bid of {bid + obs.adjustments[seat]}"
        )
        if not trick:
            if _strong(action):
                return f"Lead {card_name(action)}: it is likely to win, and {more}"
            return _spare_lead(obs, action, need, more)
        if wins:
            return f"{move}: it takes the trick{so_far}, and {more}"
        losers = [
            p
            for p in legal_plays(tuple(obs.hand), trick)
            if trick_winner((*trick, p)) != len(trick) and p in KIND
        ]
        if action in KIND and any(_strength(p) < _strength(action) for p in losers):
            # not its lowest loser: say what it keeps, not that it "costs least"
            return f"{move}: it cannot win this trick, and your other cards may win later; {more}"
        return f"{move}: it cannot win this trick, so it costs you least; {more}"
    if not trick:
        return f"Lead {card_name(action)}: you want no more tricks"
    if not wins:
        return f"{move}: it loses this trick{so_far}, {_met_words(obs, seat, need, last)}"
    hand = tuple(obs.hand)
    losers = [p for p in legal_plays(hand, trick) if trick_winner((*trick, p)) != len(trick)]
    if not losers:
        return f"{move}: every card you may play would take this trick{so_far}"
    if last:
        return f"{move}: it takes this trick, and keeps your other cards for later"
    return f"{move}: it takes the trick so far, but may still be beaten"


def _deals(chance: float) -> str:
    """A share of the deals tried in plain words: "about 7 of 10 deals"."""
    if chance <= 0:
        return "none of the deals tried"
    if chance >= 1:
        return "every deal tried"
    tenths = round(chance * 10)
    if tenths == 0:
        return "fewer than 1 in 10 deals"
    return "nearly every deal" if tenths == 10 else f"about {tenths} of 10 deals"


def _beats(action: str, trick: list[str]) -> str:
    """How the card takes the trick as it lies: "trumps the purple Treasure Map 14"."""
    best = trick[trick_winner(tuple(trick))]
    colour = KIND[action] is Kind.NUMBER and KIND.get(best) is Kind.NUMBER
    verb = "trumps" if colour and SUIT[action] == TRUMP and SUIT[best] != TRUMP else "beats"
    return f"{verb} {card_name(best)}"


def play_hint_words(obs: Any, seat: int, hint: PlayHint) -> str:
    """Why the hinted card, said from the bid and the deals tried: with every trick left needed,
    the card takes this one ("you need 2 of the 3 tricks left, and it trumps the purple Treasure
    Map 14"); with the bid made, it is the least likely to ("in about 1 of 10 deals"), never said
    "unlikely" when it is not. In between, as `hint_words`."""
    action, need, left = hint.action, hint.need, hint.left
    trick = [code for _, code in obs.trick]
    chance = hint.chance(action)
    spare = 0 < need < left and (not trick or chance < 0.5)
    if obs.bids[seat] is None or action == "KRAKEN" or spare:
        return hint_words(obs, seat, action)
    move = move_words(action) if trick else f"Lead {card_name(action)}"
    last = len(trick) + 1 >= len(obs.hand_sizes)
    if need > 0:
        if need > left:
            head = f"you need {plural(need, 'more trick')}, more than are left: take what you can"
        elif left == 1:
            head = "you need this last trick"
        elif need == left:
            head = f"you need all {left} tricks left"
        else:
            head = f"you need {need} of the {plural(left, 'trick')} left"
        if chance <= 0:
            return f"{move}: {head}, but no card of yours takes this one; this one costs least"
        if trick and trick_winner((*trick, action)) == len(trick):
            sure = "" if last else f"; it won in {_deals(chance)}"
            return f"{move}: {head}, and it {_beats(action, trick)}{sure}"
        most = ", the most of your cards" if len(hint.chances) > 1 else ""
        return f"{move}: {head}, and it takes this trick in {_deals(chance)}{most}"
    want = "you want no more tricks" if need == 0 else "you have already won more than you bid"
    others = [c for c, p in hint.chances if c != action]
    beaten = bool(trick) and trick_winner((*trick, action)) != len(trick)
    if beaten and KIND.get(action) is not Kind.MERMAID:  # (a later King could hand her it)
        return f"{move}: it cannot take this trick, and {want}"
    if chance <= 0:
        if not trick or not last:
            return f"{move}: it lost this trick in {_deals(1.0)}, and {want}"
        return _play_words(obs, seat, action)
    if others and min(p for c, p in hint.chances if c != action) >= 0.5:
        return (
            f"{move}: each card you may play is likely to take this trick; this one least "
            f"often (in {_deals(chance)}), and {want}"
        )
    if last:
        return _play_words(obs, seat, action)
    return f"{move}: it takes this trick in only {_deals(chance)}, and {want}"


def hint_words(obs: Any, seat: int, action: str) -> str:
    """Why the strong player would make `action`, said to `seat`, from `obs` alone."""
    kind, _, rest = action.partition(":")
    if kind == "BID":
        return _bid_words(obs, int(rest))
    if kind == "MODE":
        if rest == "CANNONBALL":
            return "Choose Cannonball: you trust your bid, for 15 points a card if it is exact"
        return "Choose Buckshot: being one trick off still scores half"
    if kind == "WAGER":
        if rest == "0":
            return "Stake 0: your bid is at risk; keep your points safe"
        return f"{move_words(action)}: your bid looks safe, so the stake is likely won"
    if kind == "ADJUST":
        bid = obs.bids[seat] + obs.adjustments[seat] + (int(rest) if rest != "0" else 0)
        won = obs.tricks_won[seat]
        if bid == won:
            return f"{move_words(action)}: it then matches the {plural(won, 'trick')} you won"
        return f"{move_words(action)}: it comes nearest the {plural(won, 'trick')} you won"
    if kind == "LEAD":
        if int(rest) == seat:
            return "Keep the lead: you want to lead the next trick"
        return "Give the lead away: you would rather play after the others"
    if kind == "DISCARD":
        return f"{move_words(action)}: you need it least for your bid"
    if kind == "TIGRESS":
        return _play_words(obs, seat, action)
    if action in KIND:
        return _play_words(obs, seat, action)
    return opening(action)


__all__ = ["bid_hint_words", "hint_words", "move_words", "play_hint_words", "strong_cards"]
