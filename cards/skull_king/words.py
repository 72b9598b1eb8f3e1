"""Skull King in a player's words: its cards with their articles, each event as a log line, and
why a move is refused. Written once here; the table's log, hover text and reasons read them."""

from __future__ import annotations

from collections.abc import Sequence

from cards.skull_king import events as ev
from cards.skull_king.cards import describe
from cards.words import YOU, listing, obj, plural, says, winners_line

# What the seat to act must do first, while a card cannot be played (the hover's reason).
# Said after the card's name ("Tigress: cards are played once everyone has bid"), so it names
# who must act: the card itself does nothing first.
FIRST_DO = {
    "bid": "cards are played once everyone has bid",
    "mode": "you choose Buckshot or Cannonball first",
    "rosie": "you choose who leads first",
    "wager": "you choose your stake first",
    "adjust": "you choose your bid change first",
}


def card_name(code: str) -> str:
    """A card in words, with its article where a person would say one."""
    words = describe(code)
    if code == "TIGRESS:PIRATE":
        return "the Tigress as a Pirate"
    if code == "TIGRESS:ESCAPE":
        return "the Tigress as an Escape"
    if code in ("ESCAPE", "LOOT"):
        return f"an {words}" if code == "ESCAPE" else "a Loot"
    if code in ("ROSIE", "WILL", "RASCAL", "JUANITA", "HARRY"):
        return words
    return f"the {words}"


def event_words(e: ev.Event, names: Sequence[str], greybeard: int | None) -> str:
    """One event as a person would write it ("" for the ones the log leaves out)."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "Someone"

    if isinstance(e, ev.Dealt):
        dealer = who(e.dealer)
        return (
            f"Round {e.round_index + 1} of {e.rounds_total}: "
            f"{says(dealer, 'deals', 'deal')} {plural(e.cards, 'card')} each"
        )
    if isinstance(e, ev.BidMade):
        if e.bid is None:
            return f"{says(who(e.seat), 'has', 'have')} bid"
        return f"{says(who(e.seat), 'bids', 'bid')} {e.bid} (hidden until everyone has bid)"
    if isinstance(e, ev.BidsRevealed):
        return "Yo-ho-ho! Bids: " + ", ".join(f"{who(s)} {b}" for s, b in enumerate(e.bids))
    if isinstance(e, ev.ModeChosen):
        if e.mode is None:
            return f"{says(who(e.seat), 'has', 'have')} chosen Buckshot or Cannonball"
        return f"{says(who(e.seat), 'chooses', 'choose')} {e.mode.capitalize()} (hidden)"
    if isinstance(e, ev.ModesRevealed):
        return "Buckshot or Cannonball: " + ", ".join(
            f"{who(s)} {m.capitalize()}" for s, m in enumerate(e.modes)
        )
    if isinstance(e, ev.CardPlayed):
        verb = ("flips", "flip") if e.flipped else ("plays", "play")
        return f"{says(who(e.seat), *verb)} {card_name(e.played)}"
    if isinstance(e, ev.TrickWon):
        name = who(e.seat)
        line = f"{says(name, 'takes', 'take')} the trick with {card_name(e.card)}"
        if e.bonus and e.seat != greybeard:
            mine = "you make your" if name == "You" else f"{name} makes the"
            taken = [card_name(code) for code, _ in e.captures]
            what = " and ".join(taken) if taken else "the captures"
            line += f" (+{e.bonus} bonus for {what} if {mine} bid)"
        return line
    if isinstance(e, ev.TrickDestroyed):
        leads = says(obj(who(e.next_leader)), "leads", "lead")  # mid-sentence: "you lead"
        return f"The Kraken destroyed the trick; {leads} next"
    if isinstance(e, ev.TrickDiscarded):
        return (
            "The White Whale met no numbered card: the trick is discarded; "
            f"{says(obj(who(e.seat)), 'leads', 'lead')} next"
        )
    if isinstance(e, ev.LootAlliance):
        pair = listing([who(e.giver), obj(who(e.winner))])
        return f"Loot: {pair} are allied (+20 each if both make their bids)"
    if isinstance(e, ev.LeaderChosen):
        name = who(e.seat)
        if e.leader == e.seat:
            return f"Rosie: {says(name, 'keeps', 'keep')} the lead"
        return f"Rosie: {says(name, 'gives', 'give')} the lead to {obj(who(e.leader))}"
    if isinstance(e, ev.CardsDrawn):
        name = who(e.seat)
        drawn = plural(e.count, "card")
        if e.cards:
            drawn = listing([card_name(c) for c in e.cards])
        then = f"{'discard' if name == YOU else 'discards'} {plural(e.count, 'card')}"
        return f"Will the Bandit: {says(name, 'draws', 'draw')} {drawn}, then {then}"
    if isinstance(e, ev.CardDiscarded):
        what = card_name(e.card) if e.card else "a card"
        return f"{says(who(e.seat), 'discards', 'discard')} {what} face down"
    if isinstance(e, ev.WagerMade):
        return f"Rascal: {says(who(e.seat), 'stakes', 'stake')} {plural(e.wager, 'point')}"
    if isinstance(e, ev.UndealtSeen):
        name = who(e.seat)
        if e.cards is not None:
            return (
                f"Juanita Jade: {says(name, 'sees', 'see')} the {plural(e.count, 'undealt card')}"
            )
        return f"Juanita Jade: {says(name, 'looks', 'look')} at the undealt cards"
    if isinstance(e, ev.BidChangeEarned):
        name = who(e.seat)
        return (
            f"Harry the Giant: {says(name, 'may', 'may')} change the bid by one at the round's end"
        )
    if isinstance(e, ev.BidChanged):
        name = who(e.seat)
        if e.change == 0:
            return f"Harry: {says(name, 'keeps', 'keep')} the bid of {e.bid}"
        mine = "your" if name == "You" else "the"
        return f"Harry: {says(name, 'changes', 'change')} {mine} bid from {e.bid} to {e.new_bid}"
    if isinstance(e, ev.RoundScored):
        parts = ", ".join(f"{who(line.seat)} {line.points:+d}" for line in e.lines)
        return f"Round {e.round_index + 1} scores: {parts}"
    if isinstance(e, ev.GameOver):
        return "Game over: " + winners_line([who(s) for s in e.winners])
    return ""


__all__ = ["FIRST_DO", "card_name", "event_words"]
