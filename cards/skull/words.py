"""Skull in a player's words: its cards, whose they are, and each event as a log line. Written
once here; the table's log, shouts and summaries read them."""

from __future__ import annotations

from collections.abc import Sequence

from cards.skull import events as ev
from cards.skull.cards import describe
from cards.words import YOU, obj, opening, plural, says


def card_name(code: str) -> str:
    """'the 7 of hearts', 'the king of spades'."""
    return f"the {describe(code)}"


def possessive(name: str) -> str:
    return "your" if name in (YOU, obj(YOU)) else f"{name}'s"


def possessive_cap(name: str) -> str:
    """'Your', 'Al's' to open a sentence (a name keeps its own capitals)."""
    return opening(possessive(name))


def their(name: str) -> str:
    return "your" if name in (YOU, obj(YOU)) else "their"


def event_words(e: ev.Event, names: Sequence[str]) -> str:
    """One event as a person would write it ("" for the ones the log leaves out)."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "Someone"

    if isinstance(e, ev.RoundStarted):
        return f"Round {e.round_index + 1}: {says(who(e.starter), 'starts', 'start')}"
    if isinstance(e, ev.CardPlaced):
        name = who(e.seat)
        first = " (the first card, in secret)" if e.first else ""
        if e.card is not None:
            return f"{says(name, 'places', 'place')} {card_name(e.card)} face down{first}"
        return f"{says(name, 'places', 'place')} a card face down{first}"
    if isinstance(e, ev.BidMade):
        name = who(e.seat)
        if e.opening:
            return (
                f"{says(name, 'opens', 'open')} the bidding with {e.bid}: no more cards are placed"
            )
        return f"{says(name, 'raises', 'raise')} the bid to {e.bid}"
    if isinstance(e, ev.Passed):
        return f"{says(who(e.seat), 'passes', 'pass')}"
    if isinstance(e, ev.Held):
        return f"{says(who(e.seat), 'lets', 'let')} the bid stand"
    if isinstance(e, ev.ChallengeBegun):
        name = who(e.challenger)
        return f"{says(name, 'must', 'must')} turn {plural(e.bid, 'card')} without a Skull"
    if isinstance(e, ev.CardTurned):
        name = who(e.challenger)
        whose = "own stack" if e.owner == e.challenger else f"{possessive(who(e.owner))} stack"
        return f"{says(name, 'turns', 'turn')} {card_name(e.card)} ({whose}, {e.turned} of {e.bid})"
    if isinstance(e, ev.ChallengeWon):
        name = who(e.challenger)
        return f"{says(name, 'makes', 'make')} the bid: Win Marker {e.markers} of 2"
    if isinstance(e, ev.SkullFound):
        name = who(e.challenger)
        if e.owner == e.challenger:
            loses = says(obj(name), "loses", "lose")
            choice = f"a card of {their(name)} choice"
            return f"A Skull! {possessive_cap(name)} own Skull: {loses} {choice}"
        return f"A Skull! {possessive_cap(who(e.owner))} Skull stops {obj(name)}"
    if isinstance(e, ev.CardDiscarded):
        name = who(e.seat)
        left = plural(e.left, "card")
        if e.card is not None:
            return f"{says(name, 'loses', 'lose')} {card_name(e.card)} ({left} left)"
        return f"{says(name, 'loses', 'lose')} a card, chosen in secret ({left} left)"
    if isinstance(e, ev.CardDrawn):
        name, beaten = who(e.seat), who(e.challenger)
        left = plural(e.left, "card")
        if e.card is not None:
            return (
                f"{says(name, 'draws', 'draw')} {card_name(e.card)} from "
                f"{obj(beaten)}: it is out of the game ({left} left)"
            )
        return (
            f"{says(name, 'draws', 'draw')} one of {possessive(beaten)} cards at random: "
            f"it is out of the game ({left} left)"
        )
    if isinstance(e, ev.PlayerOut):
        name = who(e.seat)
        return f"{name} {'are' if name == YOU else 'is'} out of the game"
    if isinstance(e, ev.GameOver):
        name = who(e.winner)
        if e.by_markers:
            return f"{says(name, 'wins', 'win')} with two Win Markers!"
        return f"{says(name, 'wins', 'win')}: the last player with cards"
    return ""


__all__ = ["card_name", "event_words", "possessive", "possessive_cap", "their"]
