"""Where Skully games are saved, which can be resumed, and what the lists say of each. No pygame.

Lists read records lightly (players, winner, length, board), never rebuild a game: opening one
validates it whole and says what is wrong with it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from skully_game.core import saves_index
from skully_game.core.errors import DataError, Said
from skully_game.core.names import check_name
from skully_game.core.saves import (
    BadFile,
    Glance,
    Listing,
    Summary,
    glance_saves,
    list_saves,
    saves_folder,
    shown,
)
from skully_game.skully.board import board_label, spec_from_dict
from skully_game.skully.board_files import board_listing
from skully_game.skully.tally import PlayerTally, leader_words, read_tally, tally

GAME_FORMAT = "skully-game-record"  # session.RECORD_FORMAT, without importing the rules here
SHOT_FORMAT = "skully-shot"  # records.SHOT_FORMAT
MAX_NAME = 40  # a player's name, as session_from_dict allows it
MAX_SHOT_NAME = 80  # a shot's name, as shot_from_dict allows it


def games_dir() -> Path:
    return saves_folder("games")


def shots_dir() -> Path:
    return saves_folder("shots")


def local_when(created: str) -> str:
    """A record's ISO start time as the lists and the replay say it: '25 Nov 2026 20:30' in
    local time (a hand-made date that does not parse: its first 16 characters, as typed)."""
    try:
        return datetime.fromisoformat(created).astimezone().strftime("%d %b %Y %H:%M")
    except ValueError:
        return created[:16].replace("T", " ")


class GameGist(NamedTuple):
    """What a list of unfinished games says of a Skully game beside its date: who plays, how
    far it got and on which board; and what the statistics count of it (per player, in order
    of play), all kept in the saves index so that neither replays a game."""

    names: tuple[str, ...]
    shots: int
    board: str = ""  # "classic board", "sidewalk board"; "" when the board could not be read
    to_play: str = ""  # who shoots next ("" in a save written before it was kept)
    # who leads, in words ("Bobby going for 8 forwards"; "" when the tally could not be had)
    leader: str = ""
    people: tuple[bool, ...] = ()  # per player: a person at this desk (not a computer)
    winner: int = -1  # the winner's place in order of play (-1: none yet)
    steps: tuple[int, ...] = ()  # per player, as PlayerTally (empty: no tally)
    shots_by: tuple[int, ...] = ()
    hits: tuple[int, ...] = ()
    kills: tuple[int, ...] = ()
    # an older save read on a quick look, its tally not worked out yet: its index line is
    # read again by the background (which replays its rules once)
    partial: bool = False

    def line(self) -> str:
        shots = f"{self.shots} shot{'s' if self.shots != 1 else ''}"
        board = f", {self.board}" if self.board else ""
        who = "Your turn" if self.to_play == "You" else f"{shown(self.to_play, 20)} to shoot"
        turn = f"{who} · " if self.to_play else ""
        return f"{turn}{shots}{board} · {', '.join(shown(n, 32) for n in self.names)}"

    def standing(self) -> str:
        """Where an unfinished game stands, for the Resume list: "Shot 23 · Bobby going for 8
        forwards · Ace to shoot · classic board · Ace, Bobby (computer)"."""
        parts = [f"Shot {self.shots}" if self.shots else "No shot yet"]
        if self.leader:
            parts.append(self.leader)
        if self.to_play:
            who = "Your turn" if self.to_play == "You" else f"{shown(self.to_play, 20)} to shoot"
            parts.append(who)
        if self.board:
            parts.append(self.board)
        parts.append(", ".join(shown(n, 32) for n in self.names))
        return " · ".join(parts)

    @property
    def tallied(self) -> bool:
        """Whether the per-player figures are known (a tally saved or worked out)."""
        return len(self.steps) == len(self.names) > 0


def summarize_game(data: dict[str, Any], source: str) -> Summary:
    """Date and players, who won (or not finished), how many shots, and the board: every game
    names its board the same way, the classic one too."""
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 6:
        raise DataError(source, "players", "2 to 6 players", _kind(players))
    names, shown_names = [], []
    for i, player in enumerate(players):
        name = player.get("name") if isinstance(player, dict) else None
        names.append(check_name(name, source, f"players[{i}].name", MAX_NAME))
        kind = player.get("kind", "human") if isinstance(player, dict) else "human"
        # a computer seat said so: two games of the same names are told apart in the lists
        shown_names.append(shown(names[-1], 20) + ("" if kind == "human" else " (computer)"))
    winner = data.get("winner")
    if winner is not None:
        winner = check_name(winner, source, "winner", MAX_NAME)
    shots = data.get("shots", 0)
    if isinstance(shots, bool) or not isinstance(shots, int) or shots < 0:
        raise DataError(source, "shots", "a whole number of shots", shots)
    created = data.get("created", "")
    when = local_when(_text(created, source, "created", 40, "a date", allow_empty=True))
    result = f"{shown(winner, 20)} won" if winner else "not finished"
    detail = f"{result}, {shots} shot{'s' if shots != 1 else ''}"
    board = _board_of(data, source)
    if board:
        detail += f", {board}"
    title = f"{when}  {', '.join(shown_names)}".strip()
    to_play = data.get("to_play")
    to_play = "" if winner is not None or to_play not in names else to_play
    people = tuple(
        (p.get("kind", "human") if isinstance(p, dict) else "human") == "human" for p in players
    )
    won = names.index(winner) if winner in names else -1
    counted = read_tally(data.get("tally"), len(names))
    partial = False
    if counted is None:
        if saves_index.quick():  # an older save on a quick look: the background replays it
            partial = True
        else:
            counted = tally_of_record(data, source)
    figures: tuple[tuple[int, ...], ...] = ((), (), (), ())
    leader = ""
    if counted is not None:
        figures = tuple(tuple(getattr(p, k) for p in counted) for k in _FIGURES)  # type: ignore[assignment]
        leader = leader_words([shown(n, 20) for n in names], counted)
    gist = GameGist(
        tuple(shown_names), shots, board, to_play, leader, people, won, *figures, partial
    )
    return Summary(title, detail, winner is not None, gist)


_FIGURES = ("step", "shots", "hits", "kills")  # PlayerTally's fields a GameGist keeps


def tally_of_record(data: dict[str, Any], source: str) -> tuple[PlayerTally, ...] | None:
    """The tally of a saved game that kept none (an older save): its rules replayed from the
    record (never its physics). None when the record does not replay (opening it says why)."""
    from skully_game.skully.session import session_from_dict

    try:
        session = session_from_dict(data, source)
    except (DataError, ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None
    return read_tally(tally(session.state), len(session.state.players))


def summarize_shot(data: dict[str, Any], source: str) -> Summary:
    """The shot's name and how many caps it moves."""
    name = check_name(data.get("name", ""), source, "name", MAX_SHOT_NAME, empty=True)
    caps = data.get("caps")
    if not isinstance(caps, list) or not 1 <= len(caps) <= 8:
        raise DataError(source, "caps", "1 to 8 caps", _kind(caps))
    return Summary(name, f"{len(caps)} cap{'s' if len(caps) != 1 else ''}")


def game_listing() -> Listing:
    """Every saved game, newest first, and every game file that could not be read."""
    return list_saves(games_dir(), GAME_FORMAT, summarize_game)


def game_glance() -> Glance:
    """game_listing() counted, with only the newest unfinished game made (the menu's look)."""
    return glance_saves(games_dir(), GAME_FORMAT, summarize_game)


def shot_listing() -> Listing:
    """The shot library, newest first, and every shot file that could not be read."""
    return list_saves(shots_dir(), SHOT_FORMAT, summarize_shot)


def unfinished_games() -> list[Path]:
    """Saved games not yet won, newest first (the menu's Resume)."""
    return [entry.path for entry in game_listing().unfinished()]


def unreadable_files() -> list[BadFile]:
    """Every saved game, shot and board file that could not be read (the menu names them)."""
    return [*game_listing().bad, *shot_listing().bad, *board_listing().bad]


def _board_of(data: dict[str, Any], source: str) -> str:
    """The board a saved game was played on, as the lists name it: "classic board",
    "sidewalk board", "bronx (tuned) board" ("" when it cannot be read)."""
    try:
        label = board_label(spec_from_dict(data.get("board"), source)) or "classic"
    except DataError:
        return ""  # opening the game says what is wrong with it
    label = shown(label, 40)
    return label if label.lower().endswith("board") else f"{label} board"  # not "... board board"


def _text(
    value: object, source: str, field: str, limit: int, what: str, *, allow_empty: bool = False
) -> str:
    if not isinstance(value, str) or len(value) > limit or not (value or allow_empty):
        size = f"at most {limit}" if allow_empty else f"1 to {limit}"
        raise DataError(source, field, f"{what} of {size} characters", _kind(value))
    return value


def _kind(value: object) -> object:
    """A value to quote in a refusal: short ones as they are, the rest described in words."""
    if isinstance(value, str):
        return Said(f"{len(value):,} characters") if len(value) > 60 else value
    if isinstance(value, list):
        return Said(f"a list of {len(value)}")
    if isinstance(value, dict):
        return Said("a table of fields")
    if value is None:
        return Said("nothing")
    return value
