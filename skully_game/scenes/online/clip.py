"""The address and room code passed between friends by the clipboard: the host's lobby copies
`host:port/CODE` in one click, and the Join page reads that paste back (or `host:port` alone, or
a bare code), so nobody retypes a ten-letter code."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from skully_game.scenes.online.link import Address, check_code, parse_address

NO_COPY = "Copy not available here"
EXPECTED = "Expected host:port/CODE, like 192.168.1.20:8765/K7PMQ-X4R2T"
AN_ADDRESS = "Expected an address with its port, like 192.168.1.20:8765"
A_CODE = "Expected a room code of 10 letters and digits, like K7PMQ-X4R2T"


@dataclass(frozen=True)
class Pasted:
    """What a paste held: the address (as shown, 'host:port'), the code, or both."""

    address: str | None = None
    code: str | None = None


def invite(address: Address, code: str) -> str:
    """The one line a host gives friends: what `read_paste` reads back."""
    return f"{address}/{code}"


def read_paste(text: str) -> Pasted:
    """`host:port/CODE`, `host:port` or a bare CODE, read from a paste; ValueError in one line
    naming what was expected for anything else."""
    text = " ".join(text.split())  # a paste may bring a newline or two
    body = text.removeprefix("ws://").removeprefix("wss://").rstrip("/")
    if not body:
        raise ValueError(f"{EXPECTED}: the clipboard is empty")
    if "/" in body:
        where, _, code = body.rpartition("/")
        return Pasted(str(_address(where)), _code(code))
    if ":" in body:
        return Pasted(str(_address(body)))
    if all(ch.isalnum() or ch in "- " for ch in body):
        return Pasted(code=_code(body))
    raise ValueError(f"{EXPECTED}, not '{_short(text)}'")


def _address(text: str) -> Address:
    if ":" not in text:
        raise ValueError(f"{AN_ADDRESS}, not '{_short(text)}'")
    try:
        return parse_address(text)
    except ValueError:
        raise ValueError(f"{AN_ADDRESS}, not '{_short(text)}'") from None


def _code(text: str) -> str:
    try:
        code = check_code(text)
    except ValueError:
        raise ValueError(f"{A_CODE}, not '{_short(text)}'") from None
    return f"{code[:5]}-{code[5:]}"


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:21] + "…"


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard; False when this system offers none (never raised)."""
    try:
        if not pygame.display.get_init():
            return False
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


def paste_text() -> str | None:
    """The clipboard's text, or None when this system offers none (never raised)."""
    try:
        if not pygame.display.get_init() or not pygame.scrap.has_text():
            return None
        return pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return None
